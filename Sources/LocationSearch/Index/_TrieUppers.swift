/// A shallow trie's node range ends, a byte a node where 32-bit numbers took four.
///
/// Nodes are stored level by level in key order, and siblings' ranges touch, so a node's
/// range ends where the next node's starts, or a few keys before it: the keys equal to
/// the next node's parent's prefix, which sort before its children. Each node keeps that
/// gap; the few whose gap is over 254 keys, or negative (a level's last node, followed by
/// the next level's first), are listed apart (`far`) and found by a binary search. For
/// the bundled data, 5 of the whole-name trie's 347,192 nodes and 232 of the word trie's
/// 128,617 are far.
///
/// - Complexity: an end in O(1): a node's gap and the next node's start (beside its own
///   in the trie's `lower`, most often on the same cache line); a far node's in
///   O(log *f*) for *f* far nodes.
struct _TrieUppers: Sendable {
    /// Per node, the next node's start (the key count after the last node) less its end,
    /// or `farMark` for a node listed in `far`.
    let gap: _Column<UInt8>
    /// The far nodes' ends, as pairs (node, end) by node.
    let far: _Column<UInt32>
    /// The nodes' starts (the trie's `lower`).
    let lower: _BlockedNumbers
    /// The keys in the list: the end after the last node.
    let keyCount: UInt32

    static let farMark: UInt8 = 255

    init(gap: _Column<UInt8>, far: _Column<UInt32>, lower: _BlockedNumbers, keyCount: UInt32) {
        self.gap = gap
        self.far = far
        self.lower = lower
        self.keyCount = keyCount
    }

    /// The ends `upper` of nodes that start at `lower` (stored as `numbers`), in a list of
    /// `keyCount` keys.
    init(_ upper: [UInt32], lower: [UInt32], numbers: _BlockedNumbers, keyCount: Int) {
        precondition(upper.count == lower.count && keyCount < Int(UInt32.max - UInt32(Self.farMark)))
        var gap = [UInt8](repeating: 0, count: upper.count), far: [UInt32] = []
        for i in upper.indices {
            let end = upper[i]
            let next = i + 1 < lower.count ? Int(lower[i + 1]) : keyCount
            if next >= Int(end) && next - Int(end) < Int(Self.farMark) {
                gap[i] = UInt8(next - Int(end))
            } else {
                gap[i] = Self.farMark
                far += [UInt32(i), end]
            }
        }
        self.init(gap: _Column(gap), far: _Column(far), lower: numbers, keyCount: UInt32(keyCount))
    }

    var count: Int { gap.count }

    /// Node `i`'s end (bounds-checked).
    subscript(i: Int) -> UInt32 {
        precondition(i >= 0 && i < count, "_TrieUppers index out of range")
        return buffers[i]
    }

    var buffers: Buffers {
        Buffers(gap: gap.buffer, far: far.buffer, lower: lower.buffers, keyCount: keyCount)
    }

    /// The columns as buffers, for a hot loop (see `_ShallowTrie.Buffers`).
    struct Buffers {
        let gap: UnsafeBufferPointer<UInt8>
        let far: UnsafeBufferPointer<UInt32>
        let lower: _BlockedNumbers.Buffers
        let keyCount: UInt32

        @inline(__always)
        subscript(i: Int) -> UInt32 {
            let g = gap[i]
            guard g != _TrieUppers.farMark else { return farEnd(i) }
            return (i + 1 < lower.count ? lower[i + 1] : keyCount) &- UInt32(g)
        }

        /// A far node's end: a binary search of the pairs (checked at load: every marked
        /// node is listed).
        @inline(never)
        func farEnd(_ i: Int) -> UInt32 {
            var low = 0, high = far.count / 2
            while low < high {
                let mid = (low + high) / 2
                if Int(far[2 * mid]) < i { low = mid + 1 } else { high = mid }
            }
            return low < far.count / 2 && Int(far[2 * low]) == i ? far[2 * low + 1] : keyCount
        }
    }

    /// Every node's end, given every node's start (`lower.decoded()`): for a load check
    /// that reads them all in one pass. Call only after `isConsistent()`.
    ///
    /// - Complexity: O(*t*) for *t* nodes.
    func decoded(lower starts: [UInt32]) -> [UInt32] {
        let gap = gap.buffer, far = far.buffer, count = gap.count, keyCount = keyCount
        precondition(starts.count == count)
        return [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
            starts.withUnsafeBufferPointer { starts in
                for i in 0..<count {
                    out[i] = (i &+ 1 < count ? starts[i &+ 1] : keyCount) &- UInt32(gap[i])
                }
            }
            // The far nodes, listed in node order (checked by `isConsistent()`).
            for pair in 0..<(far.count / 2) { out[Int(far[2 &* pair])] = far[2 &* pair &+ 1] }
            initialized = count
        }
    }

    /// Whether a gap is stored for each node and the far nodes are listed once each, in
    /// order, exactly those marked. (That each end lies within the list and after its
    /// start, `_ShallowTrie.isConsistent` checks: a gap larger than the next node's start
    /// wraps below zero to an end above any list's `keyCount`, which is below
    /// `UInt32.max - 255`.)
    ///
    /// - Complexity: O(*t*) for *t* nodes.
    func isConsistent() -> Bool {
        let gap = gap.buffer, far = far.buffer
        guard gap.count == lower.count, far.count % 2 == 0, keyCount < UInt32.max - UInt32(Self.farMark) else {
            return false
        }
        // (A count the compiler vectorises: a load checks every node.)
        var marked = 0
        for g in gap { marked &+= g == Self.farMark ? 1 : 0 }
        guard marked == far.count / 2 else { return false }
        var previous = -1
        for pair in 0..<(far.count / 2) {
            let node = Int(far[2 * pair])
            guard node > previous, node < gap.count, gap[node] == Self.farMark else { return false }
            previous = node
        }
        return true
    }
}
