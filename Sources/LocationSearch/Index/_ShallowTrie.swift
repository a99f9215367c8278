/// The first levels of a sorted key list's trie, as explicit nodes: for every distinct key
/// prefix of up to `depth` bytes, its range of keys, its last byte, the best static score
/// in its range, and where its children are.
///
/// `_PrefixIndex.range(of:in:)` goes down it for a query's first bytes, and the typo
/// walk (`_FuzzyFrontier`) spends most of its expansions near the root, where a
/// node has dozens of children: listing them from the sorted keys costs a binary search
/// each over cold key text, and their bounds a query of the block-maximum tree. Here a
/// node's children are consecutive entries, read in order. Below `depth` the walk goes
/// back to the sorted keys, where nodes have few children.
///
/// Below its levels, `next` holds each key's following byte, so that a lookup that leaves
/// the trie narrows its range by comparing bytes read in key order (`_PrefixIndex.narrow`),
/// not by a binary search over the keys' text, where every probe is a cache miss at a
/// random place and a branch no predictor can learn. (Four bytes a key would take 7.4 MB
/// for the bundled data, two 3.7 MB, one 1.86 MB: docs/decisions/0061. With one, the
/// typo walk reads a key's byte past it from the text, and over the check queries the
/// 99th percentile of a keystroke with typo tolerance costs 4% more instructions than with
/// two, without typo tolerance the same: the price of an index under 40 MB. With none,
/// the misses rose by a third: docs/decisions/0013-packed-next-bytes-below-the-tries.md.)
///
/// Nodes are stored level by level (the root, then every one-byte prefix, ...), each
/// level in key order, so the children of consecutive nodes are consecutive, and node
/// `i`'s children are `firstChild[i] ..< firstChild[i + 1]`, and its range ends where the
/// next node's starts or a few keys before (`_TrieUppers`). Along a level, starts and
/// first children rise, so each is a base per block of nodes and a byte a node
/// (`_BlockedNumbers`). Flat columns, no per-node objects, immutable once built; about 6.5
/// bytes a node (a byte each for the label and the end, 2 for the best score's rank plus
/// one, about 1.3 each for the start and the first child), and 1 a key.
struct _ShallowTrie: Sendable {
    /// The deepest level with explicit nodes (the root is level 0).
    static let depth = 5

    /// Each node's range of keys in the list: `lower[i] ..< upper[i]`.
    let lower: _BlockedNumbers
    let upper: _TrieUppers
    /// Where each node's children start, and (last) the node count.
    let firstChild: _BlockedNumbers
    /// The byte that leads to each node from its parent (0 for the root).
    let byte: _Column<UInt8>
    /// The best static score in each node's range, as its rank plus one
    /// (`_KeyNameScores.Best`: the list's `Buffers.bound(_:)` is its score).
    let best: _Column<_KeyNameScores.Best>
    /// Where each level's nodes start, then the node count (`depth + 2` entries): a file
    /// written with another `depth` is told by its length.
    let levelStart: _Column<UInt32>
    /// Per key of the list, its bytes `depth ..< depth + nextBytes` packed big-endian,
    /// 0 past its end: within a node of the deepest level, these values rise in key order.
    let next: _Column<Packed>
    /// A key's next bytes, packed.
    typealias Packed = UInt8
    /// How many bytes `next` holds per key.
    static let nextBytes = MemoryLayout<Packed>.size

    /// The number of nodes.
    var count: Int { lower.count }

    init(
        lower: _BlockedNumbers, upper: _TrieUppers, firstChild: _BlockedNumbers, byte: _Column<UInt8>,
        best: _Column<_KeyNameScores.Best>, levelStart: _Column<UInt32>, next: _Column<Packed>
    ) {
        self.lower = lower
        self.upper = upper
        self.firstChild = firstChild
        self.byte = byte
        self.best = best
        self.levelStart = levelStart
        self.next = next
    }

    /// The trie over `keys` (sorted, offsets of 0-terminated keys in `text`) with their
    /// scores' `ranks` (ranks compare as the scores do).
    ///
    /// - Complexity: O(*n* *d*) for *n* keys and `depth` *d*.
    init(keys: _KeyOffsets.Buffers, ranks: UnsafeBufferPointer<UInt32>, text: UnsafeBufferPointer<UInt8>) {
        let depth = Self.depth, keyCount = keys.count
        // Each key's first `depth + nextBytes` bytes, packed big-endian and 0 past its end:
        // its text is read once (a word key's is a cache miss at a random place), and its
        // nodes and `next` are told from these. A key opens a node at each level past the
        // bytes it shares with the key before it (keys are sorted), up to its length.
        let packed = (0..<keyCount).map { Self.packedBytes(ofKeyAt: keys[$0], in: text) }
        let next = packed.map { Packed(truncatingIfNeeded: $0) }
        // How many levels key `i` shares with the key before it, and how many it reaches.
        @inline(__always) func levels(_ i: Int) -> (shared: Int, reached: Int) {
            let key = packed[i] >> (8 * Self.nextBytes)
            let reached = key == 0 ? 0 : depth - (key.trailingZeroBitCount >> 3)
            guard i > 0 else { return (0, reached) }
            let differ = (key ^ (packed[i - 1] >> (8 * Self.nextBytes))) << (64 - 8 * depth)
            return (min(differ.leadingZeroBitCount >> 3, reached), reached)
        }
        // The nodes per level, then where each level starts (level by level, in key order).
        var levelCount = [Int](repeating: 0, count: depth + 1)
        levelCount[0] = 1
        for i in 0..<keyCount {
            let (shared, reached) = levels(i)
            if shared < reached { for level in (shared + 1)...reached { levelCount[level] += 1 } }
        }
        var starts = [UInt32](repeating: 0, count: depth + 2)
        for level in 0...depth { starts[level + 1] = starts[level] + UInt32(levelCount[level]) }
        let total = Int(starts[depth + 1])
        var lower = [UInt32](repeating: 0, count: total), upper = [UInt32](repeating: 0, count: total)
        var byte = [UInt8](repeating: 0, count: total)
        var best = [_KeyNameScores.Best](repeating: 0, count: total)
        var firstChild = [UInt32](repeating: UInt32(total), count: total + 1)
        upper[0] = UInt32(keyCount)
        firstChild[0] = starts[1]
        // The next free node of each level.
        var opened = starts.map { Int($0) }
        lower.withUnsafeMutableBufferPointer { lower in
            upper.withUnsafeMutableBufferPointer { upper in
                byte.withUnsafeMutableBufferPointer { byte in
                    best.withUnsafeMutableBufferPointer { best in
                        firstChild.withUnsafeMutableBufferPointer { firstChild in
                            for i in 0..<keyCount {
                                let score = _KeyNameScores.best(rank: Int(ranks[i]))
                                best[0] = max(best[0], score)
                                let (shared, reached) = levels(i)
                                var level = 1
                                // The nodes it shares: their ranges reach it.
                                while level <= shared {
                                    let node = opened[level] - 1
                                    upper[node] = UInt32(i + 1)
                                    best[node] = max(best[node], score)
                                    level += 1
                                }
                                // The nodes it opens: a node's children are the next level's
                                // nodes opened from here on.
                                while level <= reached {
                                    let node = opened[level]
                                    lower[node] = UInt32(i)
                                    upper[node] = UInt32(i + 1)
                                    byte[node] = UInt8(
                                        truncatingIfNeeded: packed[i] >> (8 * (depth + Self.nextBytes - level)))
                                    best[node] = score
                                    if level < depth { firstChild[node] = UInt32(opened[level + 1]) }
                                    opened[level] = node + 1
                                    level += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        let lowerNumbers = _BlockedNumbers(lower)
        self.init(
            lower: lowerNumbers, upper: _TrieUppers(upper, lower: lower, numbers: lowerNumbers, keyCount: keys.count),
            firstChild: _BlockedNumbers(firstChild), byte: _Column(byte),
            best: _Column(best), levelStart: _Column(starts), next: _Column(next))
    }

    /// The key's first `depth + nextBytes` bytes packed big-endian: its bytes up to its 0
    /// terminator, then zeros.
    static func packedBytes(ofKeyAt start: Int, in text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var packed: UInt64 = 0, ended = false
        for i in 0..<(depth + nextBytes) {
            ended = ended || text[start + i] == 0
            packed = packed << 8 | (ended ? 0 : UInt64(text[start + i]))
        }
        return packed
    }

    /// The key's bytes `depth ..< depth + nextBytes` packed big-endian: its bytes up to its
    /// 0 terminator, then zeros.
    static func nextBytes(ofKeyAt start: Int, in text: UnsafeBufferPointer<UInt8>) -> Packed {
        var packed: Packed = 0, ended = false
        for i in 0..<(depth + nextBytes) {
            ended = ended || text[start + i] == 0
            if i >= depth { packed = packed << 8 | (ended ? 0 : Packed(text[start + i])) }
        }
        return packed
    }

    /// The columns as buffers, for a hot loop: valid while this trie (or the key list
    /// holding it) is alive, since its columns are immutable and keep their memory.
    struct Buffers {
        let lower: _BlockedNumbers.Buffers
        let upper: _TrieUppers.Buffers
        let firstChild: _BlockedNumbers.Buffers
        let byte: UnsafeBufferPointer<UInt8>
        let best: UnsafeBufferPointer<_KeyNameScores.Best>
        let next: UnsafeBufferPointer<Packed>

        @inline(__always)
        func children(of node: Int) -> Range<Int> {
            Int(firstChild[node])..<Int(firstChild[node + 1])
        }

        @inline(__always)
        func range(of node: Int) -> Range<Int> {
            Int(lower[node])..<Int(upper[node])
        }
    }

    var buffers: Buffers {
        Buffers(
            lower: lower.buffers, upper: upper.buffers, firstChild: firstChild.buffers, byte: byte.buffer,
            best: best.buffer, next: next.buffer)
    }
}

/// The whole-name and word-start lists' tries, behind one reference: a completer (and
/// each search, which holds one) is copied often, and each column held by value would
/// be retained and released at every copy.
final class _ShallowTries: Sendable {
    let whole: _ShallowTrie
    let words: _ShallowTrie

    init(whole: _ShallowTrie, words: _ShallowTrie) {
        self.whole = whole
        self.words = words
    }
}
