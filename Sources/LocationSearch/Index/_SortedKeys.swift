/// One sorted key list with its static scores and the block-maximum tree over them.
struct _SortedKeys: Sendable {
    struct Entry {
        var key: UInt32
        var name: UInt32
        var score: Float
    }

    /// `entries`' keys. (Index loops, not `map(\.key)`: see `_PrefixIndex.FoldedNames.firstIndex`.)
    static func keys(of entries: [Entry]) -> [UInt32] {
        var keys = [UInt32](repeating: 0, count: entries.count)
        for i in entries.indices { keys[i] = entries[i].key }
        return keys
    }

    /// `entries`' names.
    static func names(of entries: [Entry]) -> [UInt32] {
        var names = [UInt32](repeating: 0, count: entries.count)
        for i in entries.indices { names[i] = entries[i].name }
        return names
    }

    /// `entries`' scores.
    static func scores(of entries: [Entry]) -> [Float] {
        var scores = [Float](repeating: 0, count: entries.count)
        for i in entries.indices { scores[i] = entries[i].score }
        return scores
    }

    /// The keys' references into the keys' text (`_KeyText`), in key order.
    let key: _KeyOffsets
    /// The indexed name each key belongs to, and its static score (place importance and
    /// name adjustment), in one word (`_KeyNameScores`).
    let entries: _KeyNameScores
    /// `tree[leafCount + b]` is the best score in block `b` (keys `b * blockSize ..<`),
    /// as its rank plus one (`_KeyNameScores.Best`); `tree[i]` is the best of `tree[2i]`
    /// and `tree[2i + 1]`.
    let tree: _Column<_KeyNameScores.Best>
    /// Where each first two bytes start among the keys (`_BucketTable`).
    let buckets: _BucketTable
    let leafCount: Int
    static let blockSize = 16

    var count: Int { entries.count }

    /// The indexed name of key `i` (bounds-checked).
    func name(_ i: Int) -> UInt32 { entries.name(i) }
    /// The static score of key `i` (bounds-checked).
    func score(_ i: Int) -> Float { entries.score(i) }

    init(key: _KeyOffsets, entries: _KeyNameScores, tree: _Column<_KeyNameScores.Best>, buckets: _BucketTable,
         leafCount: Int) {
        self.key = key
        self.entries = entries
        self.tree = tree
        self.buckets = buckets
        self.leafCount = leafCount
    }

    /// The list of `entries`, already `sorted(_:folded:)`, whose keys are offsets in `text`
    /// (`key` holds their references, or with nil, the offsets themselves) and names
    /// below `nameCount`; their names and scores' `ranks` in `scores` (a table that holds
    /// every entry's score) in words of the fewest bytes that hold them, at least
    /// `minimumWidth` (`_KeyNameScores`).
    init(sorted entries: [Entry], ranks: ArraySlice<UInt32>, scores table: _Column<Float>,
         text: UnsafeBufferPointer<UInt8>, key: _KeyOffsets? = nil, nameCount: Int, minimumWidth: Int = 1) {
        let (tree, buckets, leaves) = Self.treeAndBuckets(entries, ranks: ranks, text: text)
        self.init(
            key: key ?? _KeyOffsets(references: Self.keys(of: entries)),
            entries: _KeyNameScores(names: Self.names(of: entries), ranks: ranks, scores: table, nameCount: nameCount,
                                    minimumWidth: minimumWidth),
            tree: tree, buckets: buckets, leafCount: leaves)
    }

    /// The columns of the word keys `entries`, already `sorted(_:folded:)`, whose keys are
    /// offsets in `text`: each key as its name's whole-name key (`references.key`, one of
    /// `wholeCount`) and the word's start in that key's text (`references.start`), in words
    /// of the fewest bytes that hold them, at least `minimumWidth` (`_KeyOffsets`). A word
    /// key's name and score are its whole-name key's (`_KeyNameScores`), so its word holds
    /// no rank; its tree is made of the `ranks` of their scores (their whole-name keys').
    /// Joined to the built whole-name list by `init(words:offsets:whole:)`; built beside it.
    ///
    /// - Complexity: O(*n*) for *n* keys.
    static func wordColumns(
        _ entries: [Entry], references: (key: [UInt32], start: [UInt32]), wholeCount: Int,
        ranks: ArraySlice<UInt32>, text: UnsafeBufferPointer<UInt8>, minimumWidth: Int = 1
    ) -> WordColumns {
        precondition(entries.count == references.key.count && entries.count == references.start.count
                        && entries.count == ranks.count, "a reference and a rank per key")
        let (tree, buckets, leaves) = Self.treeAndBuckets(entries, ranks: ranks, text: text)
        let refBits = _PackedWords.bits(toHold: max(wholeCount, 1) - 1)
        let startBits = _PackedWords.bits(toHold: Int(references.start.max() ?? 0))
        let width = max(minimumWidth, _PackedWords.width(forBits: refBits + startBits))
        var words = [UInt64](repeating: 0, count: entries.count)
        for i in words.indices {
            words[i] = UInt64(references.start[i]) << UInt64(refBits) | UInt64(references.key[i])
        }
        return WordColumns(
            references: WordReferences(refs: _PackedWords(words, width: width), refBits: refBits, startBits: startBits),
            tree: tree, buckets: buckets, leafCount: leaves)
    }

    /// The block-maximum tree over `entries`' scores, made of their `ranks`, their bucket
    /// table (their keys are offsets in `text`) and the tree's leaf count.
    ///
    /// - Complexity: O(*n*) for *n* keys.
    private static func treeAndBuckets(
        _ entries: [Entry], ranks: ArraySlice<UInt32>, text: UnsafeBufferPointer<UInt8>
    ) -> (tree: _Column<_KeyNameScores.Best>, buckets: _BucketTable, leaves: Int) {
        let leaves = Self.leafCount(keys: entries.count)
        var tree = [_KeyNameScores.Best](repeating: 0, count: 2 * leaves)
        for i in entries.indices {
            let leaf = leaves + i / Self.blockSize
            tree[leaf] = max(tree[leaf], _KeyNameScores.best(rank: Int(ranks[ranks.startIndex + i])))
        }
        for node in stride(from: leaves - 1, to: 0, by: -1) {
            tree[node] = max(tree[2 * node], tree[2 * node + 1])
        }
        let buckets = _BucketTable(count: entries.count) {
            let start = Int(entries[$0].key), first = text[start]
            return Int(first) << 8 | (first == 0 ? 0 : Int(text[start + 1]))
        }
        return (_Column(tree), buckets, leaves)
    }

    /// The leaves of the block-maximum tree over `keys` keys: one per block (at least one).
    ///
    /// The tree is the bottom-up kind (leaf `b` is node `leafCount + b`, node `i`'s
    /// children are `2i` and `2i + 1`), which needs no power-of-two leaf count: the walk
    /// and `maxScore(in:)` only read nodes the range loop reaches, and every leaf below
    /// such a node (at `level`, leaves `node << level ..< (node + 1) << level`) is one of
    /// the list's blocks, every node on the way one `level` lower. Nodes that would mix
    /// levels (those covering `leafCount` itself) are never reached. Rounding the leaves up
    /// to a power of two would take 1.6 MB of trees against 0.9, the walk unchanged, and a
    /// 16-bit rank a node, not a 32-bit score, halves that to 0.46 (docs/decisions/0038).
    static func leafCount(keys: Int) -> Int {
        max(1, (keys + blockSize - 1) / blockSize)
    }

    /// Whether the bucket table has its size, rises, and ends at `count`: what a loaded
    /// index must satisfy before `range(of:in:)` trusts it.
    func bucketsAreConsistent() -> Bool {
        buckets.isConsistent(count: count)
    }

    func _checkInvariants() {
        precondition(tree.count == 2 * leafCount && leafCount * Self.blockSize >= count)
        precondition(bucketsAreConsistent(), "the bucket table is not a rising table of size 65,537")
        for b in 0..<leafCount {
            let block = min(count, b * Self.blockSize)..<min(count, (b + 1) * Self.blockSize)
            let best = block.map { entries.buffers.rank($0) }.max() ?? -1
            precondition(tree[leafCount + b] == _KeyNameScores.best(rank: best), "block \(b) maximum is stale")
        }
        for node in 1..<leafCount {
            precondition(tree[node] == max(tree[2 * node], tree[2 * node + 1]), "node \(node) maximum is stale")
        }
    }
}

extension _SortedKeys {
    /// The best static score of the keys in `range` (-infinity if empty).
    ///
    /// - Complexity: O(*b* + log *n*) for block size *b*.
    func maxScore(in range: Range<Int>) -> Float {
        Self.maxScore(in: range, entries: entries.buffers, tree: tree.buffer, leafCount: leafCount)
    }

    /// `maxScore(in:)` over the list's columns as buffers, for a caller that holds them
    /// (calling it on a list stored in a mutating caller's `self` copies the list).
    /// The keys of partial blocks and the tree's nodes are compared by their scores'
    /// ranks, and only the best one's score is looked up.
    @inline(__always)
    static func maxScore(
        in range: Range<Int>, entries: _KeyNameScores.Buffers, tree nodes: UnsafeBufferPointer<_KeyNameScores.Best>,
        leafCount: Int
    ) -> Float {
        let size = blockSize
        let firstFull = (range.lowerBound + size - 1) / size
        let endFull = range.upperBound / size
        var rank = -1
        if firstFull >= endFull {
            for i in range { rank = max(rank, entries.rank(i)) }
            return entries.bounds[rank &+ 1]
        }
        for i in range.lowerBound..<(firstFull * size) { rank = max(rank, entries.rank(i)) }
        for i in (endFull * size)..<range.upperBound { rank = max(rank, entries.rank(i)) }
        var best = _KeyNameScores.best(rank: rank)
        var l = firstFull + leafCount, r = endFull + leafCount
        while l < r {
            if l & 1 == 1 { best = max(best, nodes[l]); l += 1 }
            if r & 1 == 1 { r -= 1; best = max(best, nodes[r]) }
            l >>= 1
            r >>= 1
        }
        return entries.bound(best)
    }
}
