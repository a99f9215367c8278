extension _StringTable {
    /// Appends the table as sections `<prefix>.bytes` (the strings' UTF-8, one after
    /// another) and `<prefix>.offsets` (where each starts, then the end: `count + 1`
    /// `UInt32`s).
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, ["bytes": bytes, "offsets": offsets])
    }

    /// The table `write(to:prefix:)` wrote, its offsets checked to rise from 0 to the end
    /// of its bytes.
    ///
    /// - Complexity: O(*n*) for *n* strings.
    init(reading reader: _IndexFile.Reader, prefix: String) throws {
        let column = reader.columns(prefix)
        self.init(bytes: try column("bytes"), offsets: try column("offsets"))
        guard isConsistent() else { throw reader.invalid("the \(prefix) string table is damaged") }
    }
}
