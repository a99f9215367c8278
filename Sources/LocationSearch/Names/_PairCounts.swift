/// Counts of pairs of 12-bit codes (`first << 12 | second`) while a table is learnt: an
/// open-addressed hash table, at most half full (it doubles when it would be more), which
/// a round clears and refills without allocating. A class over raw memory, so that
/// counting (about a million adds while a table is learnt) neither checks bounds nor
/// uniqueness. The slots in use are listed, so that clearing and reading the counts touch
/// those only. (Sized for the most pairs a sample can have, two a byte, the table took
/// 10 MB for the 70,000 pairs a round counts, and missed the cache on most adds.)
final class _PairCounts {
    /// Slots of `pair + 1` (0 for an empty one), probed linearly from the pair's hash.
    private var keys: UnsafeMutableBufferPointer<UInt32>
    private var counts: UnsafeMutableBufferPointer<UInt32>
    /// The slots in use, in the order their pairs were first counted (room for half the
    /// slots).
    private var used: UnsafeMutableBufferPointer<Int32>
    private var mask: Int
    /// The number of distinct pairs counted.
    private(set) var count = 0

    /// An empty table with room for `pairs` distinct pairs before it grows.
    init(pairs: Int = 1 << 15) {
        var slots = 1_024
        while slots < 2 * pairs { slots *= 2 }
        (keys, counts, used) = Self.allocate(slots: slots)
        mask = slots - 1
    }

    deinit {
        keys.deallocate()
        counts.deallocate()
        used.deallocate()
    }

    private static func allocate(slots: Int) -> (
        UnsafeMutableBufferPointer<UInt32>, UnsafeMutableBufferPointer<UInt32>, UnsafeMutableBufferPointer<Int32>
    ) {
        let keys = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: slots)
        let counts = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: slots)
        let used = UnsafeMutableBufferPointer<Int32>.allocate(capacity: slots / 2)
        keys.initialize(repeating: 0)
        counts.initialize(repeating: 0)
        used.initialize(repeating: 0)
        return (keys, counts, used)
    }

    func removeAll() {
        for i in 0..<count { keys[Int(used[i])] = 0 }
        count = 0
    }

    /// Counts `pair` once more.
    @inline(__always)
    func add(_ pair: Int) {
        let key = UInt32(truncatingIfNeeded: pair) &+ 1
        var slot = Self.slot(key, mask)
        while keys[slot] != 0 && keys[slot] != key { slot = (slot &+ 1) & mask }
        if keys[slot] == 0 {
            if count == used.count {
                grow()
                slot = Self.slot(key, mask)
                while keys[slot] != 0 { slot = (slot &+ 1) & mask }
            }
            keys[slot] = key
            counts[slot] = 0
            used[count] = Int32(truncatingIfNeeded: slot)
            count &+= 1
        }
        counts[slot] &+= 1
    }

    /// Doubles the slots, the counted pairs placed again in the order they were counted.
    private func grow() {
        let (oldKeys, oldCounts, oldUsed) = (keys, counts, used)
        (keys, counts, used) = Self.allocate(slots: 2 * keys.count)
        mask = keys.count - 1
        for i in 0..<count {
            let key = oldKeys[Int(oldUsed[i])]
            var slot = Self.slot(key, mask)
            while keys[slot] != 0 { slot = (slot &+ 1) & mask }
            keys[slot] = key
            counts[slot] = oldCounts[Int(oldUsed[i])]
            used[i] = Int32(truncatingIfNeeded: slot)
        }
        oldKeys.deallocate()
        oldCounts.deallocate()
        oldUsed.deallocate()
    }

    /// `key`'s first slot: a multiplicative hash, below `mask + 1`, the table's size.
    @inline(__always)
    private static func slot(_ key: UInt32, _ mask: Int) -> Int { Int((key &* 0x9E37_79B1) >> 8) & mask }

    /// Calls `body` with each counted pair and its count.
    func forEach(_ body: (_ pair: Int, _ count: Int) -> Void) {
        for i in 0..<count {
            let slot = Int(used[i])
            body(Int(keys[slot] - 1), Int(counts[slot]))
        }
    }
}
