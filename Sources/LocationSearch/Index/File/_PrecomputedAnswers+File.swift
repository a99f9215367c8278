extension _PrecomputedAnswers {
    /// Appends the stored answers as sections `<prefix>.keys.*` (a `_StringTable`),
    /// `<prefix>.entries`, `<prefix>.exact` and `<prefix>.buckets`: their columns, as they
    /// are.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        keys.write(to: &writer, prefix: "\(prefix).keys")
        writer.append(prefix, ["entries": entries, "exact": exactCounts, "buckets": buckets])
    }

    /// The answers `write(to:prefix:)` wrote, checked against each other and against
    /// `index` (`isConsistent(with:)`).
    ///
    /// - Complexity: O(*c* log *c* + *e*) for *c* stored keys and *e* entries.
    init(reading reader: _IndexFile.Reader, prefix: String, index: _PrefixIndex) throws {
        let column = reader.columns(prefix)
        self.init(keys: try _StringTable(reading: reader, prefix: "\(prefix).keys"), entries: try column("entries"),
                  exactCounts: try column("exact"), buckets: try column("buckets"))
        guard isConsistent(with: index) else { throw reader.invalid("the precomputed answers are damaged") }
    }
}
