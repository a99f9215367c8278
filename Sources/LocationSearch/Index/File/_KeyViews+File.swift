extension _KeyViews {
    /// Appends the views as sections `<prefix>.pos`, `.start`, `.tree` and `.treeat`:
    /// their columns, as they are.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append("\(prefix).pos", positions)
        writer.append("\(prefix).start", groupStart)
        writer.append("\(prefix).tree", trees)
        writer.append("\(prefix).treeat", treeStart)
    }

    /// The views `write(to:prefix:)` wrote, their group tables checked for `groups`
    /// groups (positions are clamped when read; see the type).
    ///
    /// - Complexity: O(*g*) for *g* groups.
    init(reading reader: _IndexFile.Reader, prefix: String, groups: Int) throws {
        self.init(
            positions: try reader.column("\(prefix).pos", as: UInt32.self),
            groupStart: try reader.column("\(prefix).start", as: UInt32.self),
            trees: try reader.column("\(prefix).tree", as: Float.self),
            treeStart: try reader.column("\(prefix).treeat", as: UInt32.self))
        guard isConsistent(groups: groups) else { throw reader.invalid("the \(prefix) key views are damaged") }
    }
}
