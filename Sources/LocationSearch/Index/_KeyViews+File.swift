extension _KeyViews {
    /// Appends the views as sections `<prefix>.pos.first`, `.pos.at` and `.pos.bits` (the
    /// positions, `_RisingNumbers+File`), `.start` (where each group's positions start),
    /// `.tree` and `.treeat`: their columns, as they are.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        positions.numbers.write(to: &writer, prefix: "\(prefix).pos")
        writer.append(prefix, ["start": positions.runStart, "tree": trees, "treeat": treeStart])
    }

    /// The views `write(to:prefix:)` wrote, their group tables checked for as many groups
    /// as they list (at least the kind groups; that they are one per label as well, the
    /// index checks against its gazetteer: `_PrefixIndex.mismatch(labels:)`).
    /// Positions are clamped when read; see the type.
    ///
    /// - Complexity: O(*g* + *b*) for *g* groups and *b* blocks of positions.
    init(reading reader: _IndexFile.Reader, prefix: String) throws {
        let column = reader.columns(prefix)
        let positions = _ViewPositions(numbers: try _RisingNumbers(reading: reader, prefix: "\(prefix).pos"),
                                       runStart: try column("start"))
        self.init(positions: positions, trees: try column("tree"), treeStart: try column("treeat"))
        guard groupStart.count > Self.kindGroups, isConsistent(groups: groupCount) else {
            throw reader.invalid("the \(prefix) key views are damaged")
        }
    }
}
