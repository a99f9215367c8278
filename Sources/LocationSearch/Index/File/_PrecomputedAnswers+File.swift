extension _PrecomputedAnswers {
    /// Appends the stored answers as sections `<prefix>.keys.*` (a `_StringTable`),
    /// `<prefix>.entries` (`_PackedWords` of `.entries.width` bytes, a key's position in
    /// `.entries.bits` of them), `<prefix>.exact` and `<prefix>.buckets`: their columns, as
    /// they are.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        keys.write(to: &writer, prefix: "\(prefix).keys")
        writer.append(prefix, ["entries": entries.bytes, "exact": exactCounts, "buckets": buckets])
        writer.append("\(prefix).entries.width", value: UInt64(entries.width))
        writer.append("\(prefix).entries.bits", value: UInt64(positionBits))
    }

    /// The answers `write(to:prefix:)` wrote, checked against each other and against
    /// `index` (`isConsistent(with:)`).
    ///
    /// - Complexity: O(*c* log *c* + *e*) for *c* stored keys and *e* entries.
    init(reading reader: _IndexFile.Reader, prefix: String, index: _PrefixIndex) throws {
        let column = reader.columns(prefix)
        guard let width = Int(exactly: try reader.value("\(prefix).entries.width")),
              let positionBits = Int(exactly: try reader.value("\(prefix).entries.bits")),
              let entries = _PackedWords(bytes: try column("entries"), width: width)
        else { throw reader.invalid("the precomputed answers are damaged") }
        self.init(keys: try _StringTable(reading: reader, prefix: "\(prefix).keys"), entries: entries,
                  positionBits: positionBits, exactCounts: try column("exact"), buckets: try column("buckets"))
        guard isConsistent(with: index) else { throw reader.invalid("the precomputed answers are damaged") }
    }
}
