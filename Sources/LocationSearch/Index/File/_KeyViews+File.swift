extension _KeyViews {
    /// Appends the views as sections `<prefix>.pos.base`, `.pos.low` and `.pos.wide` (the
    /// positions, `_ViewPositions`), `.start`, `.tree` and `.treeat`: their columns, as
    /// they are.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, ["pos.base": positions.base, "pos.low": positions.low, "pos.wide": positions.wide,
                               "start": groupStart, "tree": trees, "treeat": treeStart])
    }

    /// The views `write(to:prefix:)` wrote, their group tables checked for `groups`
    /// groups (positions are clamped when read; see the type).
    ///
    /// - Complexity: O(*g* + *b*) for *g* groups and *b* blocks of positions.
    init(reading reader: _IndexFile.Reader, prefix: String, groups: Int) throws {
        let column = reader.columns(prefix)
        let positions = _ViewPositions(base: try column("pos.base"), low: try column("pos.low"),
                                       wide: try column("pos.wide"))
        self.init(positions: positions, groupStart: try column("start"), trees: try column("tree"),
                  treeStart: try column("treeat"))
        guard isConsistent(groups: groups) else { throw reader.invalid("the \(prefix) key views are damaged") }
    }
}
