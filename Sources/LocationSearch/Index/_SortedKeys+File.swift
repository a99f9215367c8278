extension _SortedKeys {
    /// Appends the list as sections `<prefix>.key.base`, `.key.groups` and `.key.shift`
    /// (its keys' references into the key text: see `_KeyOffsets`), `.entry` (its names
    /// and scores' ranks, a word of `.entry.width` bytes a key, the name in its low
    /// `.entry.bits` bits: see `_KeyNameScores`), `.tree` (its column, as it is: ranks plus
    /// one, `_KeyNameScores.Best`),
    /// `.buckets.bits`, `.ranks`, `.starts` (its bucket table's columns: `_BucketTable`)
    /// and `.leaves` (its tree's leaf count). The distinct scores the ranks refer to are
    /// the index's, shared by both lists (`scores`: `_PrefixIndex+File`).
    ///
    /// A word list (`_KeyOffsets.refs`) has no references of its own: its `.entry` words hold
    /// each key's whole-name key (the low `.entry.bits`) and its start in that key's text
    /// (the `.entry.start` bits above; the rest is 0). Its name and rank are its whole-name
    /// key's.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        if key.refs == nil {
            writer.append("\(prefix).key", ["base": key.base, "groups": key.groups])
            writer.append("\(prefix).key.shift", value: UInt64(key.shift))
        }
        writer.append(prefix, [
            "entry": entries.words.bytes, "tree": tree,
        ])
        buckets.write(to: &writer, prefix: "\(prefix).buckets")
        writer.append("\(prefix).entry.width", value: UInt64(entries.width))
        writer.append("\(prefix).entry.bits", value: UInt64(entries.nameBits))
        if key.refs != nil { writer.append("\(prefix).entry.start", value: UInt64(key.startBits)) }
        writer.append("\(prefix).leaves", value: UInt64(leafCount))
    }

    /// The list `write(to:prefix:)` wrote, checked against itself (column lengths, the
    /// leaf count against the keys and the tree, the words' layout, the bucket table) and
    /// against what it refers to: keys referring to texts of `text`, names below
    /// `nameCount`, ranks below the count of `scores` (checked by the caller:
    /// `_KeyNameScores.scoresAreConsistent(_:)`). (Its tree's bests are checked against the
    /// scores with the other lists', `_PrefixIndex.bestsFit()`.)
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
            base: try keyColumn("base"), groups: try keyColumn("groups"), shift: shift, refShift: text.shift,
            count: entries.count)
        let tree: _Column<_KeyNameScores.Best> = try column("tree")
        let leaves = try reader.value("\(prefix).leaves")
        let expected = Self.leafCount(keys: entries.count)
        guard leaves == UInt64(expected), tree.count == 2 * expected else {
            throw reader.invalid(
                "the \(prefix) key list's leaf count (\(leaves)) does not fit its \(entries.count) keys")
        }
        let buckets = try _BucketTable(reading: reader, prefix: "\(prefix).buckets")
        self.init(key: key, entries: entries, tree: tree, buckets: buckets, leafCount: expected)
        guard key.count == entries.count, key.isConsistent(textCount: text.count, refShift: text.shift),
              entries.wordsAreConsistent(nameCount: nameCount), bucketsAreConsistent()
        else { throw reader.invalid("the \(prefix) key list is damaged") }
    }
}

extension _SortedKeys {
    /// A word list's references to the whole-name keys (`_KeyOffsets`): its `.entry` words
    /// and their fields' bits, as `write(to:prefix:)` wrote them, checked for their layout
    /// only. A loader finds their largest whole-name key and what lies above their fields
    /// in one pass (`largest()`), and checks them against the whole-name list
    /// (`offsets(whole:)`, then the offsets' `isConsistent`) and with the rest of the word
    /// list (`WordColumns`).
    struct WordReferences: Sendable {
        let refs: _PackedWords
        let refBits: Int
        let startBits: Int

        var count: Int { refs.count }

        init(refs: _PackedWords, refBits: Int, startBits: Int) {
            self.refs = refs
            self.refBits = refBits
            self.startBits = startBits
        }

        /// The references under `prefix`.
        ///
        /// - Complexity: O(1).
        init(reading reader: _IndexFile.Reader, prefix: String) throws {
            guard let width = Int(exactly: try reader.value("\(prefix).entry.width")),
                  let refBits = Int(exactly: try reader.value("\(prefix).entry.bits")),
                  let startBits = Int(exactly: try reader.value("\(prefix).entry.start")),
                  let refs = _PackedWords(bytes: try reader.column("\(prefix).entry", as: UInt8.self), width: width),
                  refBits <= 32, startBits <= 31, refBits + startBits <= 8 * width
            else { throw reader.invalid("the \(prefix) key list is damaged") }
            self.refs = refs
            self.refBits = refBits
            self.startBits = startBits
        }

        /// The largest whole-name key of the word keys, and the largest of their bits above
        /// their starts, which must be 0 (a word key's rank is its whole-name key's;
        /// `_KeyNameScores`) (both 0 when there are none): what both of their checks need,
        /// in one pass.
        ///
        /// - Complexity: O(*n*) for *n* word keys, read in order.
        func largest() -> (ref: UInt64, above: UInt64) {
            let (low, high) = refs.maxima(splitAt: refBits)
            return (low, high >> UInt64(startBits))
        }

        /// The word keys' references through `whole`'s, when their fields fit `whole`'s
        /// layout; `nil` when not. That every key's whole-name key is one of `whole`'s and
        /// its start fits a reference into the key text is a loader's check:
        /// `_KeyOffsets.isConsistent(textCount:refShift:largestRef:)` with `largest().ref`
        /// (`whole`'s own keys being checked against the text).
        ///
        /// - Complexity: O(1).
        func offsets(whole: _SortedKeys) -> _KeyOffsets? {
            _KeyOffsets(refs: refs, refBits: refBits, startBits: startBits, whole: whole.key)
        }
    }

    /// A word list's columns besides its references' whole-name keys and starts, checked
    /// within themselves (the words' padding and unused bits, the leaf count, the bucket
    /// table; the tree's bests are `_PrefixIndex.bestsFit()`'s).
    struct WordColumns: Sendable {
        let references: WordReferences
        let tree: _Column<_KeyNameScores.Best>
        let buckets: _BucketTable
        let leafCount: Int

        var count: Int { references.count }

        init(references: WordReferences, tree: _Column<_KeyNameScores.Best>, buckets: _BucketTable,
             leafCount: Int) {
            self.references = references
            self.tree = tree
            self.buckets = buckets
            self.leafCount = leafCount
        }

        /// The columns under `prefix` beside `references`, the largest of whose bits above
        /// their fields is `above` (`references.largest().above`), which must be 0.
        ///
        /// - Complexity: O(*b*) for *b* buckets.
        init(reading reader: _IndexFile.Reader, prefix: String, references: WordReferences, above: UInt64) throws {
            let column = reader.columns(prefix), refs = references.refs
            tree = try column("tree")
            let leaves = try reader.value("\(prefix).leaves")
            let expected = _SortedKeys.leafCount(keys: refs.count)
            guard leaves == UInt64(expected), tree.count == 2 * expected else {
                throw reader.invalid(
                    "the \(prefix) key list's leaf count (\(leaves)) does not fit its \(refs.count) keys")
            }
            buckets = try _BucketTable(reading: reader, prefix: "\(prefix).buckets")
            guard refs.count == 0 || (refs.paddingIsZero && above == 0),
                  buckets.isConsistent(count: refs.count)
            else { throw reader.invalid("the \(prefix) key list is damaged") }
            self.references = references
            leafCount = expected
        }
    }

    /// The word list of `columns`, whose keys' `offsets` (`WordReferences.offsets(whole:text:)`)
    /// and names refer to `whole`'s.
    ///
    /// - Complexity: O(1).
    init?(words columns: WordColumns, offsets: _KeyOffsets, whole: _SortedKeys) {
        let r = columns.references
        guard let entries = _KeyNameScores(refs: r.refs, refBits: r.refBits, startBits: r.startBits,
                                           whole: whole.entries)
        else { return nil }
        self.init(key: offsets, entries: entries, tree: columns.tree, buckets: columns.buckets,
                  leafCount: columns.leafCount)
    }
}
