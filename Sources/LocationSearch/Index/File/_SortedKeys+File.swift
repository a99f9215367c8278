extension _SortedKeys {
    /// Appends the list as sections `<prefix>.key.base`, `.key.delta` and `.key.shift`
    /// (its keys' references into the key text: see `_KeyOffsets`), `.entry` (its names and scores' ranks, a word
    /// of `.entry.width` bytes a key, the name in its low `.entry.bits` bits: see
    /// `_KeyNameScores`), `.tree`, `.buckets` (its columns, as they are) and `.leaves` (its
    /// tree's leaf count). The distinct scores the ranks refer to are the index's, shared
    /// by both lists (`scores`: `_PrefixIndex+File`).
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append("\(prefix).key", ["base": key.base, "delta": key.delta])
        writer.append("\(prefix).key.shift", value: UInt64(key.shift))
        writer.append(prefix, [
            "entry": entries.words.bytes, "tree": tree, "buckets": buckets,
        ])
        writer.append("\(prefix).entry.width", value: UInt64(entries.width))
        writer.append("\(prefix).entry.bits", value: UInt64(entries.nameBits))
        writer.append("\(prefix).leaves", value: UInt64(leafCount))
    }

    /// The list `write(to:prefix:)` wrote, checked against itself (column lengths, the
    /// leaf count against the keys and the tree, the words' layout, the bucket table) and
    /// against what it refers to: keys referring to texts of `text`, names below
    /// `nameCount`, ranks below the count of `scores` (checked by the caller:
    /// `_KeyNameScores.scoresAreConsistent(_:)`).
    ///
    /// - Complexity: O(*n*) for *n* keys.
    init(reading reader: _IndexFile.Reader, prefix: String, text: _KeyText, nameCount: Int,
         scores: _Column<Float>) throws {
        let column = reader.columns(prefix), keyColumn = reader.columns("\(prefix).key")
        guard let shift = Int(exactly: try reader.value("\(prefix).key.shift")),
              let width = Int(exactly: try reader.value("\(prefix).entry.width")),
              let nameBits = Int(exactly: try reader.value("\(prefix).entry.bits")),
              let words = _PackedWords(bytes: try column("entry"), width: width),
              let entries = _KeyNameScores(words: words, nameBits: nameBits, scores: scores)
        else { throw reader.invalid("the \(prefix) key list is damaged") }
        let key = _KeyOffsets(
            base: try keyColumn("base"), delta: try keyColumn("delta"), shift: shift, refShift: text.shift)
        let tree: _Column<Float> = try column("tree")
        let leaves = try reader.value("\(prefix).leaves")
        let expected = Self.leafCount(keys: entries.count)
        guard leaves == UInt64(expected), tree.count == 2 * expected else {
            throw reader.invalid(
                "the \(prefix) key list's leaf count (\(leaves)) does not fit its \(entries.count) keys")
        }
        self.init(key: key, entries: entries, tree: tree, buckets: try column("buckets"), leafCount: expected)
        guard key.count == entries.count, key.isConsistent(textCount: text.count, refShift: text.shift),
              entries.wordsAreConsistent(nameCount: nameCount), bucketsAreConsistent()
        else { throw reader.invalid("the \(prefix) key list is damaged") }
    }
}
