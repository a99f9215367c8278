import Dispatch

/// The answers to the heaviest queries, worked out when the index is built.
///
/// A short prefix like "s", "san " or "saint" starts hundreds of thousands of keys, and
/// most of the best ones belong to a few big places under many names, so even a best-first
/// walk visits many keys to fill ten rows. Those prefixes are few (a trie node holds many
/// keys only near the root) and are what everybody types first, so their answers are
/// computed once, by the same search, and stored: every ASCII query key (folded, as typed,
/// trailing space included) under which at least `minimumKeys` keys start, with its first
/// `depth` results.
///
/// They answer only the default options (no `near`, no filters, a limit up to `depth`,
/// no comma), with typo tolerance on or off: anything else runs the search. The stored
/// results are the search's own with typo tolerance, so they are exactly what the search
/// returns for the default limit; each key also stores how many of them are exact
/// (non-typo) matches, which come first, and are all of what the search finds without
/// typo tolerance. For a smaller limit, their first results (the search would find the
/// same, but for how it breaks exact ties).
///
/// Storage: the keys sorted, as one byte buffer with offsets and a table of where each
/// first two bytes start, and `depth` results per key, each a word of the bits its fields
/// need (`Entries`). The stored answers are the
/// search's: a change to what the search finds bumps `_IndexFile.version`.
///
/// - Complexity: O(*m* log *b*) to look up a query of *m* bytes, *b* the number of stored
///   keys sharing its first two bytes (at most *c*, the number of stored keys).
struct _PrecomputedAnswers: Sendable {
    /// One stored result: what its completion shows (`_CompletionRow` without qualifier
    /// words, which stored answers never have). Not its score: the stored order is the
    /// search's, and nothing reads it; not its place, which is its name's
    /// (`_PrefixIndex.namePlace`). Stored packed (`Entries`): 7 bytes for the bundled data.
    struct Entry: Equatable {
        var name: UInt32
        var keyOffset: UInt32
        var matchedLength: UInt32
    }

    let keys: _StringTable
    /// `depth` entries per key, in the keys' order.
    let entries: Entries
    /// Per key, how many of its entries are exact matches (the rest are typo matches):
    /// without typo tolerance, the answer is those first entries.
    let exactCounts: _Column<UInt8>
    /// Where each first two bytes start among the keys (`_BucketTable`): a lookup
    /// binary-searches only its bucket, a few keys, where a search of all of them cost 16
    /// probes, each a cache miss when cold.
    let buckets: _BucketTable
    /// How many results each key stores (the default limit).
    static let depth = CompletionOptions().limit
    /// A query key is stored when at least this many keys (whole names and word starts)
    /// start with it. For the bundled data (7-byte entries): 100 stores 6,746 keys in
    /// 0.55 MB, 60 and 40 store more in 1.0 and 1.5 MB, and 20 would store 38,376 in 3.1 MB
    /// (docs/decisions/0010). Below 100 keys the search costs a few microseconds
    /// anyway, and what the stored answers kept off the tail was already kept at 100: by
    /// callgrind over the 7,805 check queries the p99 keystroke costs the same with 100, 60
    /// or 40 as with 20 (1,284 k instructions with typo tolerance; 142.9 k without, against
    /// 141.0 k), and only the median rises (70.0 k → 71.6 k, and 19.5 k → 24.6 k without
    /// typo tolerance). So 100: 2.55 MB less to read at every start and to hold, and a
    /// first build with 6,746 searches to run, not 38,376.
    static let minimumKeys = 100

    init(keys: _StringTable, entries: Entries, exactCounts: _Column<UInt8>, buckets: _BucketTable) {
        self.keys = keys
        self.entries = entries
        self.exactCounts = exactCounts
        self.buckets = buckets
    }

    /// Stored answers for `keys` (sorted), with their bucket table.
    init(keys: _StringTable, entries: Entries, exactCounts: _Column<UInt8>) {
        let buckets = _BucketTable(count: keys.count) { i in keys.withBytes(i) { _BucketTable.bucket(of: $0) } }
        self.init(keys: keys, entries: entries, exactCounts: exactCounts, buckets: buckets)
    }

    static let empty = _PrecomputedAnswers(
        keys: _StringTable(_StringTable.Builder()), entries: Entries([])!, exactCounts: _Column([]))

    /// Whether the stored parts agree with each other and with `index` (see
    /// `isConsistent(names:text:longestName:)`).
    func isConsistent(with index: _PrefixIndex) -> Bool {
        isConsistent(names: index.namePlace.count, text: index.keyText, longestName: index.longestName)
    }

    /// Whether the stored parts agree with each other and with an index of `names`
    /// indexed names, the key text `text` and a longest name of `longestName` bytes:
    /// `depth` entries per key, keys sorted, each entry one of the names and a reference
    /// to one of the texts, a matched length no longer than the longest name, and an exact
    /// count up to `depth`.
    func isConsistent(names: Int, text: _KeyText, longestName: Int) -> Bool {
        guard keys.isConsistent(), entries.count / Self.depth == keys.count, entries.count % Self.depth == 0,
              exactCounts.count == keys.count, exactCounts.buffer.allSatisfy({ Int($0) <= Self.depth }),
              buckets.isConsistent(count: keys.count)
        else { return false }
        for i in 0..<max(0, keys.count - 1) where compare(i, i + 1) >= 0 { return false }
        // A match's length is at most a query's, which `matches(for:options:)` bounds by
        // the longest name and a space, plus one for a run-together query read as two words
        // (stored answers have no qualifier).
        guard let largest = entries.largest() else { return false }
        return entries.count == 0 || (Int(largest.name) < names && Int(largest.keyOffset) >> text.shift < text.count
            && largest.matchedLength <= UInt32(clamping: longestName + 2))
    }

    private func compare(_ a: Int, _ b: Int) -> Int {
        keys.withBytes(a) { x in keys.withBytes(b) { y in Self.compare(x, y) } }
    }

    private static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        for (a, b) in zip(x, y) where a != b { return a < b ? -1 : 1 }
        return x.count - y.count
    }

    /// The stored results for `key` under the options' typo tolerance (without it, only
    /// the exact matches), or `nil` if it has none.
    func entries(for key: [UInt8], typoTolerance: Bool) -> Entries.Run? {
        guard let (entries, exact) = answer(for: key) else { return nil }
        return typoTolerance ? entries : entries.prefix(exact)
    }

    /// The stored results for `key` (with typo tolerance), or `nil` if it has none.
    func entries(for key: [UInt8]) -> Entries.Run? { answer(for: key)?.entries }

    /// The stored results for `key` and how many of them are exact matches, or `nil`.
    func answer(for key: [UInt8]) -> (entries: Entries.Run, exactCount: Int)? {
        guard keys.count > 0, !key.isEmpty else { return nil }
        return key.withUnsafeBufferPointer { query in
            let bucket = _BucketTable.bucket(of: query), buckets = self.buckets.buffers
            var low = buckets[bucket], high = buckets[bucket + 1]
            while low < high {
                let mid = (low + high) / 2
                let order = keys.withBytes(mid) { Self.compare($0, query) }
                if order == 0 {
                    return (entries.run(from: mid * Self.depth, count: Self.depth), Int(exactCounts[mid]))
                }
                if order < 0 { low = mid + 1 } else { high = mid }
            }
            return nil
        }
    }

    /// Finds the heavy query keys of `source`'s index and stores their answers, as the
    /// search over `source` (which must have no precomputed answers) gives them.
    ///
    /// - Complexity: O(*h* (*s* + *a* log *n*)) for *h* heavy keys, *a* the alphabet and
    ///   *s* the cost of a search; *h* is at most the number of keys over `minimumKeys`
    ///   times the longest name.
    static func build(for source: _CompletionSource) -> _PrecomputedAnswers {
        let index = source.index
        // The heavy keys: a trie walk over the folded ASCII alphabet, down only from heavy
        // nodes (a node holds no more keys than its parent); the walks under each first
        // byte split between the cores.
        let alphabet = Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + Array(UInt8(ascii: "0")...UInt8(ascii: "9"))
        let walks = _ResultSlots<[[UInt8]]>(count: alphabet.count)
        DispatchQueue.concurrentPerform(iterations: alphabet.count) { first in
            walks[first] = heavyKeys(of: index, startingWith: alphabet[first], alphabet: alphabet)
        }
        var heavy = walks.values.flatMap { $0 ?? [] }
        heavy.sort { $0.lexicographicallyPrecedes($1) }
        let queries = heavy

        // Each answer is an independent search over the immutable index: split them
        // between the cores.
        let answers = _ResultSlots<(entries: [Entry], exactCount: Int)>(count: heavy.count)
        DispatchQueue.concurrentPerform(iterations: heavy.count) { i in
            let plan = _QueryPlan(key: queries[i], tokensBeforeComma: nil)
            let found = _Search.matches(for: plan, options: CompletionOptions(limit: depth), in: source)
            let matches = found.matches
            // Only full, unqualified answers: a qualified one needs its qualifier words.
            guard matches.count == depth, matches.allSatisfy({ $0.shown.qualifier.isEmpty }) else { return }
            answers[i] = (matches.map {
                Entry(name: $0.shown.name, keyOffset: $0.shown.keyOffset,
                      matchedLength: UInt32($0.shown.matchedLength))
            }, found.exactCount)
        }
        var keys = _StringTable.Builder()
        var entries: [Entry] = []
        var exactCounts: [UInt8] = []
        for (key, answer) in zip(queries, answers.values) {
            guard let answer else { continue }
            keys.append(key)
            entries += answer.entries
            exactCounts.append(UInt8(answer.exactCount))
        }
        // Entries too wide for a word (names and key offsets near 2³², which no gazetteer
        // an index file can hold has) leave the answers to the search.
        guard let packed = Entries(entries) else { return .empty }
        return _PrecomputedAnswers(keys: _StringTable(keys), entries: packed, exactCounts: _Column(exactCounts))
    }

    /// The heavy query keys of `index` that start with `first` (at least `minimumKeys`
    /// keys of both lists start with each), in the order of a depth-first walk down
    /// `alphabet` (then a space, after a key not ending in one).
    ///
    /// A key's range in each list is its parent's narrowed by its last byte
    /// (`_PrefixIndex.narrow` from the parent's range and trie node), not looked up from
    /// the root: the walk tries every byte of the alphabet below each heavy key, about
    /// 1.4 M candidates for the bundled data, and a lookup from the root took half of the
    /// stored answers' build.
    ///
    /// - Complexity: O(*h* *a* (log *a* + log *r*)) for *h* heavy keys, the alphabet *a* and
    ///   *r* the largest range narrowed below the trie's levels.
    static func heavyKeys(of index: _PrefixIndex, startingWith first: UInt8, alphabet: [UInt8]) -> [[UInt8]] {
        let text = index.keyText.buffers
        let wholeKeys = index.whole.key.buffers, wordKeys = index.words.key.buffers
        let wholeTrie = index.tries.whole.buffers, wordTrie = index.tries.words.buffers
        /// A key's keys in one list: their range and their trie node (-1 below the trie).
        typealias Place = (range: Range<Int>, trieNode: Int)
        func narrow(_ place: Place, depth: Int, by byte: UInt8, keys: _KeyOffsets.Buffers,
                    trie: _ShallowTrie.Buffers) -> Place {
            withUnsafePointer(to: byte) { byte in
                _PrefixIndex.narrow(place.range, depth: depth, trieNode: place.trieNode,
                                    by: UnsafeBufferPointer(start: byte, count: 1), keys: keys, text: text, trie: trie)
            }
        }
        // A candidate is a heavy key (its index in `heavy`, -1 for the empty one) and a byte:
        // only a heavy key's bytes are copied (a few percent of the candidates).
        var heavy: [[UInt8]] = [], places: [(whole: Place, words: Place)] = []
        let root: (whole: Place, words: Place) = ((0..<wholeKeys.count, 0), (0..<wordKeys.count, 0))
        var pending: [(parent: Int, byte: UInt8)] = [(-1, first)]
        while let (parent, byte) = pending.popLast() {
            let depth = parent < 0 ? 0 : heavy[parent].count
            let within = parent < 0 ? root : places[parent]
            let whole = narrow(within.whole, depth: depth, by: byte, keys: wholeKeys, trie: wholeTrie)
            let words = narrow(within.words, depth: depth, by: byte, keys: wordKeys, trie: wordTrie)
            guard whole.range.count + words.range.count >= minimumKeys else { continue }
            heavy.append(parent < 0 ? [byte] : heavy[parent] + [byte])
            places.append((whole, words))
            for next in alphabet { pending.append((heavy.count - 1, next)) }
            if byte != 0x20 { pending.append((heavy.count - 1, 0x20)) }
        }
        return heavy
    }
}
