/// The prefix index: every folded name, and every later word start inside it, as a key in
/// one sorted list, so that the keys starting with a query are one contiguous range.
///
/// This is a trie laid out flat: a trie node is the range of keys sharing its path, and
/// walking down a byte narrows the range (`range(of:in:)` does it with a table for the
/// first two bytes, or down an explicit trie of the first levels, then by binary search).
/// Over the sorted keys sits a tree of block maxima, so the best keys of any range come
/// out best-first in O(*k* log *n*) (`_BestFirst`), however many keys the range holds.
/// (For the prefixes with the most keys, whole answers are precomputed: see
/// `_PrecomputedAnswers`.)
///
/// Storage is a handful of flat arrays (no per-node objects), immutable once built.
struct _PrefixIndex: Sendable {
    /// Folded names, each followed by a 0 byte (folding never produces 0), in whole-key
    /// order and each distinct text once (`layOut`), front-coded (`_KeyText`): names that
    /// fold alike share their text, and the whole-name keys' text numbers rise
    /// (`_KeyOffsets`).
    let keyText: _KeyText
    /// Per indexed (place, folded name): the name's index in the gazetteer's name table,
    /// and the place's index. (Its text is its whole-name key's, or, from any of its keys,
    /// the text of the key's reference: not stored.)
    let nameDisplay: _StepColumn
    let namePlace: _StepColumn
    /// Keys at the start of a name, and canonical names written without their spaces.
    let whole: _SortedKeys
    /// Keys at later word starts ("francisco" in "san francisco").
    let words: _SortedKeys
    /// The longest folded name, in bytes.
    let longestName: Int
    /// The first levels of both lists' tries, for the typo walk.
    let tries: _ShallowTries
    /// Each list's keys by country and of the places that are not cities, for filters.
    let wholeViews: _KeyViews
    let wordViews: _KeyViews

    init(
        keyText: _KeyText, nameDisplay: _StepColumn,
        namePlace: _StepColumn, whole: _SortedKeys, words: _SortedKeys, longestName: Int, tries: _ShallowTries,
        wholeViews: _KeyViews, wordViews: _KeyViews
    ) {
        self.wholeViews = wholeViews
        self.wordViews = wordViews
        self.keyText = keyText
        self.nameDisplay = nameDisplay
        self.namePlace = namePlace
        self.whole = whole
        self.words = words
        self.longestName = longestName
        self.tries = tries
    }

    /// The two key lists, for `range(of:in:)`.
    enum List {
        case whole, words
    }

    /// The range of `list`'s keys that start with `query`, and within it how many keys
    /// equal `query` exactly (they sort first).
    ///
    /// A one- or two-byte query's range is one lookup in the list's bucket table. A longer
    /// one is `narrow` from the root: down the list's shallow trie for its first
    /// `_ShallowTrie.depth` bytes, then by the keys' packed next bytes, then by binary
    /// search over the keys' text for the rest.
    ///
    /// - Complexity: O(*d* log *a* + *m* log *r*), *m* the query's length, *d* the trie's
    ///   depth, *a* the alphabet and *r* the size of the range of the query's first *d*
    ///   bytes (at most *n*, the number of keys).
    @inline(__always)
    func range(of query: [UInt8], in list: List) -> (range: Range<Int>, exact: Int) {
        switch list {
        case .whole: range(of: query, in: whole, trie: tries.whole)
        case .words: range(of: query, in: words, trie: tries.words)
        }
    }

    private func range(of query: [UInt8], in keys: _SortedKeys, trie: _ShallowTrie) -> (range: Range<Int>, exact: Int) {
        let k = keys.key.buffers
        if let words = k.words { return range(of: query, in: keys, references: words, trie: trie) }
        return range(of: query, in: keys, references: k.blocks, trie: trie)
    }

    /// `range(of:in:trie:)` with the list's references read through `k` (compiled once per
    /// kind of list: the whole-name keys' reads take no branch for the word keys').
    @inline(__always)
    private func range(
        of query: [UInt8], in keys: _SortedKeys, references k: some _KeyOffsetReading, trie: _ShallowTrie
    ) -> (range: Range<Int>, exact: Int) {
        let text = keyText.buffers
        guard let first = query.first else { return (0..<keys.count, 0) }
        let buckets = keys.buckets.buffers
        if query.count <= 2 {
            let bucket = Int(first) << 8 | (query.count == 2 ? Int(query[1]) : 0)
            let end = query.count == 2 ? bucket + 1 : (Int(first) + 1) << 8
            let all = buckets[bucket]..<buckets[end]
            let exact = query.count == 1
                ? buckets[bucket | 1] - all.lowerBound
                : _PrefixIndex.gallop(all) { text[k[$0] + 2] == 0 } - all.lowerBound
            return (all, exact)
        }
        return query.withUnsafeBufferPointer { q in
            let (within, node) = Self.narrow(
                0..<keys.count, depth: 0, trieNode: 0, by: q, keys: k, text: text, trie: trie.buffers)
            if node >= 0, q.count < _ShallowTrie.depth {
                // The keys equal to the query end here and sort before its children.
                let t = trie.buffers, children = t.children(of: node)
                return (within, children.isEmpty ? within.count : Int(t.lower[children.lowerBound]) - within.lowerBound)
            }
            // The exact matches sort first and are few: gallop from the start.
            let exactEnd = _PrefixIndex.gallop(within) { text[k[$0] + q.count] == 0 }
            return (within, exactEnd - within.lowerBound)
        }
    }
}
