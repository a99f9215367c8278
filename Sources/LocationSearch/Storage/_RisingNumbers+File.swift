extension _RisingNumbers {
    /// Appends the numbers as sections `<prefix>.first`, `.at` and `.bits`: their columns,
    /// as they are.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, ["first": first, "at": at, "bits": bits])
    }

    /// The numbers `write(to:prefix:)` wrote, their blocks checked (`isConsistent()`):
    /// every read of a slice within the blocks stays inside the columns.
    ///
    /// - Throws: `invalid` for a missing section, or blocks that do not fit together.
    /// - Complexity: O(*b*) for *b* blocks.
    init(reading reader: _IndexFile.Reader, prefix: String) throws {
        let column = reader.columns(prefix)
        self.init(first: try column("first"), at: try column("at"), bits: try column("bits"))
        guard isConsistent() else { throw reader.invalid("the \(prefix) numbers are damaged") }
    }
}
