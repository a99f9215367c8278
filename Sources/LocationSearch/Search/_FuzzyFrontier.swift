/// The typo-tolerant walk, best first: trie nodes (ranges of sorted keys sharing a path)
/// are expanded in order of the best score any key below them could still get, so the
/// walk stops as soon as the top results are settled instead of visiting every node
/// within the edit budget.
///
/// A node's bound is the best static score in its range, plus the list's match quality,
/// minus `_Ranking.weights.typo` for each edit its path already needs (the minimum of its
/// edit-distance row, which deeper nodes can only keep or raise). When the whole query is
/// within budget of a node's path, the node is a match: its range is handed to the key
/// walk with the exact number of edits.
///
/// The query's budget comes from its tokens (`budget(for:)`: one edit for each
/// token of 4–7 bytes, two from 8, at most two), and at most one edit may fall in the
/// first half of the query, as Lucene's fuzzy suggesters keep a prefix nearly exact. That
/// keeps the walk small and never loses a single typo.
///
/// Near the root, where most expansions happen and nodes have dozens of children, a
/// node's children and their best scores are read from the list's `_ShallowTrie`; deeper,
/// they are found in the sorted keys by galloping. The search passes its current cutoff
/// to `expand`, and a child that could not beat it is dropped before its row is computed.
///
/// A child whose edits are used up is never walked: below it, a key matches only by
/// spelling the rest of the query exactly, so its few possible continuations are looked
/// up directly, and their keys enter the heap as matches with exact bounds. With one
/// edit allowed, that is every node off the query's own path, so the walk expands about
/// one node per query byte and looks up the rest; such a child's row is known from its
/// parent's (the query's own prefix), so it is not computed (see
/// `addForcedMatches(offPathChild:of:depth:range:trieNode:cutoff:)`).
///
/// - Complexity: O(*e* (*m* + log *n*) log *h*) for *e* expanded nodes, *m* the query
///   length, *n* keys and *h* the heap size; *e* is bounded by `maxExpansions`.
struct _FuzzyFrontier {
    struct Match {
        var range: Range<Int>
        var edits: Int
        var depth: Int
    }

    /// Which of the index's key lists the walk is over.
    let list: _PrefixIndex.List
    /// The list's and its trie's columns as buffers. The walk holds no reference to them
    /// (a copy of a list or trie retains each of its columns, and a walk is made and
    /// moved for every typo query): they stay valid while the index does, which its
    /// creator holds for longer (a search holds its completer).
    let keys: _KeyOffsets.Buffers
    let entries: _KeyNameScores.Buffers, tree: UnsafeBufferPointer<_KeyNameScores.Best>
    let leafCount: Int
    let trie: _ShallowTrie.Buffers
    /// The keys' text. (Held, not passed to each call: as an argument, its four words
    /// took registers the near-root loop of `expand` then reloaded from the stack.)
    let text: _KeyText.Buffers
    /// The match quality of the list (`namePrefix` or `wordPrefix`).
    let quality: Float
    let query: [UInt8]
    let m: Int, budget: Int32
    /// Every node's edit-distance row, `m + 1` values each, and room for one more: a
    /// child's row is computed in place after the last node's, and kept by appending the
    /// node (most children are not kept). Grown by doubling, never shrunk.
    var rows: [Int32] = []
    var nodes: [Node] = []
    /// Nodes to expand, best bound first. Equal bounds go by the node's first key: nodes
    /// in the heap never overlap, so the order is total, and the walk does not depend on
    /// which other nodes were kept.
    let heap = _Heap(Order(), capacity: 256)

    struct Entry {
        var bound: Float
        var lower: Int32
        var node: Int32

    }

    struct Order: _HeapOrder {
        @inline(__always)
        func before(_ a: Entry, _ b: Entry) -> Bool {
            a.bound > b.bound || (a.bound == b.bound && a.lower < b.lower)
        }
    }
    var expansions = 0
    /// `covered(_:count:query:)` of the continuations of an off-path child (see
    /// `addForcedMatches(offPathChild:...)`) below the path node at `depth`, without and
    /// with the two a transposition allows.
    var offPathCoverage: (depth: Int, two: UInt8, four: UInt8) = (-1, 0, 0)
    /// Bounds the work on pathological queries.
    static let maxExpansions = 4_000
    /// The effort when exact matches exist, for a query of `length` bytes: 800
    /// expansions up to 5 bytes, then half as many for each byte more, down to 10.
    /// (A node whose edits are used up counts as one expansion when it is resolved:
    /// see `addForcedMatches(of:cutoff:)`.)
    ///
    /// Each byte more that still spells the start of a real name makes a typo in it
    /// less likely: "chiriaco" is Chiriaco, not Chivilcoy. The walk is best first, so a
    /// smaller effort drops the least plausible readings, and keeps the ones a big place
    /// makes plausible. (On the development set and the peer benchmark's 1,000 misspelt
    /// cities, recall is unchanged; the typing log's slowest keystrokes, with typos on,
    /// were these walks beside a long exact match.)
    static func expansionsBesideExact(queryLength length: Int) -> Int {
        max(10, 800 >> min(max(0, length - 5), 16))
    }
    /// This walk's bound on expansions.
    var expansionLimit = maxExpansions

    struct Node {
        var lower: Int32, upper: Int32
        var depth: Int32
        var parent: Int32
        var byte: UInt8
        var distance: Int32
        /// The least value in its row: the fewest edits any key below needs.
        var minimum: Int32
        /// Its node in the list's `_ShallowTrie`, or -1 below it.
        var trie: Int32
    }

    /// Starts a walk for `query` within `budget` edits over the keys of `index`'s `list`
    /// starting with its first byte. The walk reads `index` through pointers: the caller
    /// keeps it alive while the walk is used.
    init(query: [UInt8], budget: Int, list: _PrefixIndex.List, of index: _PrefixIndex, quality: Float) {
        let keyList = list == .whole ? index.whole : index.words
        let text = index.keyText.buffers
        self.list = list
        self.keys = keyList.key.buffers
        self.entries = keyList.entries.buffers
        self.tree = keyList.tree.buffer
        self.leafCount = keyList.leafCount
        self.trie = (list == .whole ? index.tries.whole : index.tries.words).buffers
        self.text = text
        self.quality = quality
        self.query = query
        self.m = query.count
        self.budget = Int32(budget)
        guard let first = query.first, budget > 0, query.count > budget else { return }
        guard let start = self.trie.children(of: 0).first(where: { self.trie.byte[$0] == first }) else { return }
        rows = (0...Int32(m)).map { min($0, Int32(budget) + 1) }  // the root: the empty path, capped
        rows.reserveCapacity(64 * (m + 1))
        nodes.reserveCapacity(256)
        nodes.append(Node(lower: 0, upper: 0, depth: 0, parent: -1, byte: 0, distance: Int32(m), minimum: 0, trie: 0))
        addChild(parent: 0, byte: first, range: nil, best: entries.bound(self.trie.best[start]),
                 trie: Int32(start), cutoff: -.infinity, parentMinimum: 0)
    }

    /// The best score any match still to come could have.
    var bestBound: Float? { heap.top?.bound }

    /// How many edits a query may have: 1 for each token of 4–7 bytes, 2 for one of 8 or
    /// more, in total at most 2.
    static func budget(for key: [UInt8]) -> Int {
        var total = 0
        for token in key.split(separator: 0x20) {
            total += token.count >= 8 ? 2 : token.count >= 4 ? 1 : 0
        }
        return min(total, 2)
    }

    /// The typo policy as one text, worked out from `budget(for:)`, `maxExpansions` and
    /// `expansionsBesideExact(queryLength:)` themselves (for words and queries up to 32
    /// bytes): the stored answers hold typo matches, so a change to any of them changes
    /// the bundled cache's key (`LocationCompleter.libraryKey`).
    static var policyFingerprint: String {
        let lengths = 0...32
        let budgets = lengths.map { budget(for: [UInt8](repeating: 0x61, count: $0)) }
        let pairs = lengths.map { budget(for: [0x61, 0x61, 0x61, 0x61, 0x20] + [UInt8](repeating: 0x61, count: $0)) }
        let efforts = lengths.map { expansionsBesideExact(queryLength: $0) }
        return "\(maxExpansions) \(budgets) \(pairs) \(efforts)"
    }
}
