extension _ShallowTrie {
    /// Appends the trie as sections `<prefix>.lower`, `.upper`, `.child`, `.byte`,
    /// `.best`, `.level` and `.next`: its columns, as they are.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append("\(prefix).lower", lower)
        writer.append("\(prefix).upper", upper)
        writer.append("\(prefix).child", firstChild)
        writer.append("\(prefix).byte", byte)
        writer.append("\(prefix).best", best)
        writer.append("\(prefix).level", levelStart)
        writer.append("\(prefix).next", next)
    }

    /// The trie `write(to:prefix:)` wrote, checked (`isConsistent(keyCount:)`) over a list
    /// of `keyCount` keys.
    ///
    /// - Complexity: O(*t* + *n*) for *t* nodes and *n* keys.
    init(reading reader: _IndexFile.Reader, prefix: String, keyCount: Int) throws {
        self.init(
            lower: try reader.column("\(prefix).lower", as: UInt32.self),
            upper: try reader.column("\(prefix).upper", as: UInt32.self),
            firstChild: try reader.column("\(prefix).child", as: UInt32.self),
            byte: try reader.column("\(prefix).byte", as: UInt8.self),
            best: try reader.column("\(prefix).best", as: Float.self),
            levelStart: try reader.column("\(prefix).level", as: UInt32.self),
            next: try reader.column("\(prefix).next", as: UInt32.self))
        guard isConsistent(keyCount: keyCount) else { throw reader.invalid("the \(prefix) trie is damaged") }
    }
}
