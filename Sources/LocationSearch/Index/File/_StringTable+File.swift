extension _StringTable {
    /// Appends the table as sections `<prefix>.bytes` (the strings' UTF-8, one after
    /// another) and `<prefix>.offsets` (where each starts, then the end: `count + 1`
    /// `UInt32`s).
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append("\(prefix).bytes", bytes)
        writer.append("\(prefix).offsets", offsets)
    }

    /// The table `write(to:prefix:)` wrote, its offsets checked to rise from 0 to the end
    /// of its bytes.
    ///
    /// - Complexity: O(*n*) for *n* strings.
    init(reading reader: _IndexFile.Reader, prefix: String) throws {
        self.init(bytes: try reader.column("\(prefix).bytes", as: UInt8.self),
                  offsets: try reader.column("\(prefix).offsets", as: UInt32.self))
        guard isConsistent() else { throw reader.invalid("the \(prefix) string table is damaged") }
    }
}
