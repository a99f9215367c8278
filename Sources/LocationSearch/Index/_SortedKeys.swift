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

    /// `entries` in key order: by their keys' text (0-terminated at their offsets in
    /// `folded`, the names' folds before they are laid out), then best score first, then by
    /// name.
    ///
    /// No two entries are equal in that order (a name has one whole-name key, and its word
    /// keys' texts differ), so any sort gives this one: the entries are sorted by their
    /// texts' first 8 bytes with a radix sort, then each run sharing them by comparisons
    /// (most runs are short; the standard library's merge sort of all of them by comparisons
    /// took 1.48 G of a build's 18.5 G instructions, this about 0.9 G).
    ///
    /// - Complexity: O(*n*) passes for *n* entries, then O(*r* log *r*) comparisons for each
    ///   run of *r* entries whose texts share their first 8 bytes.
    static func sorted(_ entries: [Entry], folded: [UInt8]) -> [Entry] {
        [Entry](unsafeUninitializedCapacity: entries.count) { buffer, count in
            count = sort(entries, folded: folded, firstBytes: 0..<256, count: entries.count, into: buffer,
                         scratch: SortScratch(count: entries.count))
        }
    }

    /// The memory a sort of up to `count` entries works in, made by the thread that will
    /// free it for a sort on another core, as the build makes its other large lists: what
    /// a core makes and frees can stay in its thread's malloc arena, resident after the
    /// build (`docs/decisions/0058-the-first-runs-memory.md`). `@unchecked Sendable`: one sort at a time
    /// uses it, on the core it is handed to, until the `_Concurrently.run` that runs that
    /// sort returns.
    final class SortScratch: @unchecked Sendable {
        fileprivate let keyed: UnsafeMutableBufferPointer<Keyed>, other: UnsafeMutableBufferPointer<Keyed>

        init(count: Int) {
            keyed = .allocate(capacity: max(count, 1))
            other = .allocate(capacity: max(count, 1))
        }

        deinit {
            keyed.deallocate()
            other.deallocate()
        }
    }

    /// How many of `entries` have texts (in `folded`, as `sorted(_:folded:)` reads them)
    /// of each first byte.
    static func firstByteCounts(of entries: [Entry], folded: [UInt8]) -> [Int] {
        var counts = [Int](repeating: 0, count: 256)
        folded.withUnsafeBufferPointer { text in
            for i in entries.indices { counts[Int(text[Int(entries[i].key)])] += 1 }
        }
        return counts
    }

    /// The `count` entries of `entries` whose texts' first bytes are in `firstBytes`, in
    /// the order of `sorted(_:folded:)`, written into `target` (uninitialized, at least
    /// `count` long); returns `count`. The entries of the first bytes below those come
    /// before them in `sorted(_:folded:)`, and those above after them: two ranges of first
    /// bytes sort apart, on two cores.
    static func sort(
        _ entries: [Entry], folded: [UInt8], firstBytes: Range<Int>, count: Int,
        into target: UnsafeMutableBufferPointer<Entry>, scratch: SortScratch
    ) -> Int {
        // (Each entry as its prefix and its index, 16 bytes, not with the entry's 12: the
        // radix sort's second buffer is this size, and both lists sort at once.)
        precondition(scratch.keyed.count >= count && target.count >= count, "room for the sorted entries")
        var n = 0
        folded.withUnsafeBufferPointer { text in
            let keyed = scratch.keyed
            for i in entries.indices {
                let prefix = prefix8(text, at: Int(entries[i].key))
                guard firstBytes.contains(Int(truncatingIfNeeded: prefix &>> 56)) else { continue }
                precondition(n < count, "more entries of those first bytes than counted")
                keyed.initializeElement(at: n, to: Keyed(prefix: prefix, index: UInt32(i)))
                n += 1
            }
        }
        precondition(n == count, "fewer entries of those first bytes than counted")
        let sorted = radixSort(scratch.keyed.baseAddress!, scratch.other.baseAddress!, count: count)
        folded.withUnsafeBufferPointer { text in
            entries.withUnsafeBufferPointer { entries in
                let keyed = UnsafeMutableBufferPointer(start: sorted, count: count)
                var start = 0
                while start < keyed.count {
                    let prefix = keyed[start].prefix
                    var end = start + 1
                    while end < keyed.count && keyed[end].prefix == prefix { end += 1 }
                    defer { start = end }
                    guard end - start > 1 else { continue }
                    // Texts longer than the prefix go on; shorter ones are the same text.
                    let longer = prefix & 0xFF != 0
                    var run = UnsafeMutableBufferPointer(rebasing: keyed[start..<end])
                    run.sort { x, y in
                        let a = entries[Int(x.index)], b = entries[Int(y.index)]
                        if longer {
                            var i = Int(a.key) + 8, j = Int(b.key) + 8
                            while true {
                                let x = text[i], y = text[j]
                                if x != y { return x < y }
                                if x == 0 { break }
                                i += 1
                                j += 1
                            }
                        }
                        if a.score != b.score { return a.score > b.score }
                        return a.name < b.name
                    }
                }
            }
        }
        for i in 0..<count { target.initializeElement(at: i, to: entries[Int(sorted[i].index)]) }
        return count
    }

    /// An entry's first 8 bytes of text (big-endian, so they compare as the text does) and
    /// its index, as the radix sort moves it.
    fileprivate struct Keyed {
        var prefix: UInt64
        var index: UInt32
    }

    /// The first 8 bytes of the 0-terminated text at `offset` in `text`, big-endian, 0
    /// from its terminator on: read as one word where 8 bytes are left (the terminator is
    /// the lowest 0 byte of the little-endian word, found by the borrow trick, which is
    /// exact for the lowest), else a byte at a time.
    @inline(__always)
    private static func prefix8(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        guard let base = text.baseAddress, offset &+ 8 <= text.count else {
            var value: UInt64 = 0, i = offset, ended = false
            for _ in 0..<8 {
                let byte: UInt8 = ended ? 0 : text[i]
                if byte == 0 { ended = true } else { i += 1 }
                value = value << 8 | UInt64(byte)
            }
            return value
        }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
        let kept: UInt64 = zeros == 0 ? ~0 : ((zeros & (0 &- zeros)) &>> 7) &- 1
        return (word & kept).byteSwapped
    }

    /// Sorts `keyed` by `prefix`: a least-significant-byte-first radix sort, skipping the
    /// bytes all prefixes share.
    ///
    /// - Complexity: O(*n*) for *n* entries (at most 8 passes).
    private static func radixSort(
        _ keyed: UnsafeMutablePointer<Keyed>, _ other: UnsafeMutablePointer<Keyed>, count n: Int
    ) -> UnsafeMutablePointer<Keyed> {
        guard n > 1 else { return keyed }
        var counts = [Int](repeating: 0, count: 8 << 8)
        counts.withUnsafeMutableBufferPointer { counts in
            for i in 0..<n {
                let prefix = keyed[i].prefix
                for digit in 0..<8 { counts[digit << 8 | Int(prefix >> (8 * digit) & 0xFF)] += 1 }
            }
        }
        var (source, target) = (keyed, other)
        var next = [Int](repeating: 0, count: 256)
        for digit in 0..<8 {
            let shift = UInt64(8 * digit), base = digit << 8
            guard counts[base + Int(source[0].prefix >> shift & 0xFF)] < n else { continue }
            var total = 0
            for byte in 0..<256 {
                next[byte] = total
                total += counts[base + byte]
            }
            next.withUnsafeMutableBufferPointer { next in
                for i in 0..<n {
                    let element = source[i]
                    let byte = Int(element.prefix >> shift & 0xFF)
                    target[next[byte]] = element
                    next[byte] += 1
                }
            }
            swap(&source, &target)
        }
        return source
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
