extension _KeyViews {
    /// Appends the views as sections `<prefix>.pos`, `.start`, `.tree` and `.treeat`:
    /// their columns, as they are.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, ["pos": positions, "start": groupStart, "tree": trees, "treeat": treeStart])
    }

    /// The views `write(to:prefix:)` wrote, their group tables checked for `groups`
    /// groups (positions are clamped when read; see the type).
    ///
    /// - Complexity: O(*g*) for *g* groups.
    init(reading reader: _IndexFile.Reader, prefix: String, groups: Int) throws {
        let column = reader.columns(prefix)
        self.init(positions: try column("pos"), groupStart: try column("start"), trees: try column("tree"),
                  treeStart: try column("treeat"))
        guard isConsistent(groups: groups) else { throw reader.invalid("the \(prefix) key views are damaged") }
    }
}
