extension _PrecomputedAnswers {
    /// Appends the stored answers as sections `<prefix>.keys.*` (a `_StringTable`),
    /// `<prefix>.entries` (the packed words, `Entries`), `<prefix>.entry.width` (a word's
    /// bytes), `<prefix>.entry.name` and `<prefix>.entry.offset` (its fields' bits),
    /// `<prefix>.exact`: their columns, as they are; `<prefix>.buckets.*` (`_BucketTable`).
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        keys.write(to: &writer, prefix: "\(prefix).keys")
        writer.append(prefix, ["entries": entries.words.bytes, "exact": exactCounts])
        buckets.write(to: &writer, prefix: "\(prefix).buckets")
        writer.append("\(prefix).entry.width", value: UInt64(entries.words.width))
        writer.append("\(prefix).entry.name", value: UInt64(entries.nameBits))
        writer.append("\(prefix).entry.offset", value: UInt64(entries.offsetBits))
    }

    /// The answers `write(to:prefix:)` wrote, checked against each other and against
    /// the index's `head` (`isConsistent(names:text:longestName:)`).
    ///
    /// - Complexity: O(*c* log *c* + *e*) for *c* stored keys and *e* entries.
    init(reading reader: _IndexFile.Reader, prefix: String, head: _PrefixIndex.Head) throws {
        let column = reader.columns(prefix)
        guard let width = Int(exactly: try reader.value("\(prefix).entry.width")),
              let nameBits = Int(exactly: try reader.value("\(prefix).entry.name")),
              let offsetBits = Int(exactly: try reader.value("\(prefix).entry.offset")),
              let words = _PackedWords(bytes: try column("entries"), width: width),
              let entries = Entries(words: words, nameBits: nameBits, offsetBits: offsetBits)
        else { throw reader.invalid("the precomputed answers' entries are damaged") }
        self.init(keys: try _StringTable(reading: reader, prefix: "\(prefix).keys"), entries: entries,
                  exactCounts: try column("exact"),
                  buckets: try _BucketTable(reading: reader, prefix: "\(prefix).buckets"))
        guard isConsistent(names: head.namePlace.count, text: head.keyText, longestName: head.longestName)
        else { throw reader.invalid("the precomputed answers are damaged") }
    }
}
