extension _QualifierPrefixes {
    /// Appends the filter's bits as section `<prefix>.bits`.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, ["bits": bits])
    }

    /// The filter `write(to:prefix:)` wrote, checked to be `wordCount` words.
    init(reading reader: _IndexFile.Reader, prefix: String) throws {
        self.init(bits: try reader.columns(prefix)("bits"))
        guard bits.count == Self.wordCount else { throw reader.invalid("the qualifier prefixes are damaged") }
    }
}
