extension _SymbolTable.Encoder {
    /// An encoder whose symbols code `sample` (strings: ranges of `bytes`) in few codes,
    /// learnt as FSST learns them: five rounds that code the sample with the current
    /// symbols, count each code and each pair of consecutive codes (a byte's own code
    /// counting as the symbol of that byte), and keep the 3,808 candidates of two bytes or
    /// more (the symbols and the pairs joined, up to 8 bytes) that would save the most
    /// bytes (count times length). Early rounds code a fraction of the sample (8, 38, 68,
    /// 98 of 128 strings), the last codes all of it; the symbols that coded the sample in
    /// the fewest codes win.
    ///
    /// Deterministic: the same sample gives the same symbols in the same order (candidates
    /// are ranked by saving, then by their bytes), so the same data gives the same file.
    ///
    /// - Complexity: O(*n* + *p* + *d* log *p*) for *n* bytes of sample, *p* distinct pairs
    ///   of codes in it (the candidates, heaped) and *d* candidates drawn (the table's
    ///   3,808 and those it refuses), about 26 ms for a sample of 256 KB on the reference
    ///   machine.
    init(training sample: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>) {
        var encoder = Self()
        var best = encoder, bestGain = Int.min
        var count1 = [UInt32](repeating: 0, count: _SymbolTable.entries)
        let pairs = _PairCounts()
        for fraction in stride(from: 8, through: 128, by: 30) {
            for i in count1.indices { count1[i] = 0 }
            pairs.removeAll()
            let gain = encoder.count(sample, of: bytes, fraction: fraction, count1: &count1, pairs: pairs)
            if gain >= bestGain { (best, bestGain) = (encoder, gain) }
            if fraction >= 128 { break }
            var candidates = encoder.candidates(fraction: fraction, count1: count1, pairs: pairs)
            encoder = Self(candidates: &candidates)
        }
        self = best
    }

    /// The symbol that code `code` stands for (not a copy code).
    private func symbol(_ code: Int) -> _Symbol {
        code < 256 ? _Symbol(value: UInt64(code), length: 1) : symbols[code - _SymbolTable.firstSymbol]
    }

    /// Codes the strings of `sample` picked for `fraction` (of 128), counting codes in
    /// `count1` and consecutive pairs in `pairs` (not in the last round, which makes no
    /// new symbols); returns the bytes less the codes.
    private func count(
        _ sample: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>, fraction: Int,
        count1: inout [UInt32], pairs: _PairCounts
    ) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var gain = 0
        let countsPairs = fraction < 128
        withLookup { lookup in
            for (n, range) in sample.enumerated() where !range.isEmpty {
                // A fixed pseudo-random choice of strings per round.
                guard fraction >= 128 || Int((UInt64(n) &* 0x9E37_79B9_7F4A_7C15) >> 57) < fraction else { continue }
                var start = range.lowerBound
                func next(_ at: Int) -> (code: Int, length: Int) {
                    let remaining = range.upperBound - at
                    let (code, length) = lookup.match(Self.word(base + at, remaining: remaining), remaining: remaining)
                    gain += length - 1
                    return (Int(code), length)
                }
                var (code1, length1) = next(start)
                var at = start + length1
                while true {
                    count1[code1] &+= 1
                    // The first byte alone is the alternative to a longer symbol.
                    if length1 != 1 { count1[Int(base[start])] &+= 1 }
                    if at == range.upperBound { break }
                    start = at
                    let (code2, length2) = next(at)
                    at += length2
                    if countsPairs {
                        pairs.add(code1 << 12 | code2)
                        if length2 != 1 { pairs.add(code1 << 12 | Int(base[start])) }
                    }
                    (code1, length1) = (code2, length2)
                }
            }
        }
        return gain
    }

    /// The candidate symbols after a round: each counted symbol of two bytes or more and
    /// each counted pair joined, with the bytes it would save (summed over the ways it was
    /// found), to be drawn best first.
    private func candidates(fraction: Int, count1: [UInt32], pairs: _PairCounts) -> _Candidates {
        let least = 5 * fraction / 128  // rarer candidates only add noise
        var found = _Candidates(capacity: count1.count + pairs.count)
        for code in count1.indices where Int(count1[code]) >= max(least, 1) {
            let symbol = symbol(code)
            if symbol.length >= 2 { found.add(symbol, gain: Int(count1[code]) * symbol.length) }
        }
        pairs.forEach { pair, count in
            guard count >= least else { return }
            let first = symbol(pair >> 12)
            guard first.length < 8 else { return }
            let joined = first.followed(by: symbol(pair & 0xFFF))
            found.add(joined, gain: count * joined.length)
        }
        return found
    }

    /// An encoder with the best of `candidates` it takes, drawn until it is full (3,808).
    private init(candidates: inout _Candidates) {
        self.init()
        while !isFull, let symbol = candidates.removeBest() { insert(symbol) }
    }
}

/// Candidate symbols while a table is learnt, each with the bytes it would save: `add`
/// sums a symbol's savings (an open-addressed table finds it), `removeBest` draws them
/// best first (most saved, then the lower value, then the shorter), from a heap made on
/// the first draw. A round draws a few thousand of a hundred thousand or more: sorting
/// them all, after sorting them by symbol to sum them, took half of the learning.
struct _Candidates {
    private var values: [UInt64] = [], lengths: [Int] = [], gains: [Int] = []
    /// Slots of a candidate's index + 1 (0 for an empty one), probed linearly; at most
    /// half full.
    private var slots: [Int32]
    /// The candidates not yet drawn, as a heap of their indices (`heap[0]` the best),
    /// once drawing began.
    private var heap: [Int32] = []
    private var drawing = false

    /// Room for `capacity` distinct candidates (more are still added, after a resize).
    init(capacity: Int) {
        var size = 1_024
        while size < 2 * capacity { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        values.reserveCapacity(capacity)
        lengths.reserveCapacity(capacity)
        gains.reserveCapacity(capacity)
    }

    /// Adds `gain` to `symbol`'s savings (before the first draw).
    mutating func add(_ symbol: _Symbol, gain: Int) {
        precondition(!drawing, "a candidate added after drawing began")
        if 2 * (values.count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var slot = Self.slot(symbol, mask: mask)
        while slots[slot] != 0 {
            let c = Int(slots[slot]) - 1
            if values[c] == symbol.value && lengths[c] == symbol.length {
                gains[c] += gain
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(values.count + 1)
        values.append(symbol.value)
        lengths.append(symbol.length)
        gains.append(gain)
    }

    /// The best candidate not yet drawn, removed; `nil` when none is left.
    mutating func removeBest() -> _Symbol? {
        if !drawing {
            drawing = true
            heap = [Int32](repeating: 0, count: values.count)
            for i in heap.indices { heap[i] = Int32(i) }
            var i = heap.count / 2
            while i > 0 {
                i -= 1
                siftDown(i)
            }
        }
        guard let best = heap.first else { return nil }
        heap[0] = heap[heap.count - 1]
        heap.removeLast()
        if !heap.isEmpty { siftDown(0) }
        return _Symbol(value: values[Int(best)], length: lengths[Int(best)])
    }

    /// Whether candidate `a` is drawn before candidate `b`: it saves more, or as much with
    /// a lower value, or the same value in fewer bytes. (No two candidates are the same.)
    private func isBetter(_ a: Int32, than b: Int32) -> Bool {
        let a = Int(a), b = Int(b)
        if gains[a] != gains[b] { return gains[a] > gains[b] }
        if values[a] != values[b] { return values[a] < values[b] }
        return lengths[a] < lengths[b]
    }

    /// Moves the candidate at `start` of the heap down until neither child is better.
    private mutating func siftDown(_ start: Int) {
        var i = start
        while true {
            let left = 2 * i + 1, right = left + 1
            var best = i
            if left < heap.count && isBetter(heap[left], than: heap[best]) { best = left }
            if right < heap.count && isBetter(heap[right], than: heap[best]) { best = right }
            if best == i { return }
            heap.swapAt(i, best)
            i = best
        }
    }

    /// Doubles the slots and places every candidate again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: 2 * slots.count)
        let mask = slots.count - 1
        for c in values.indices {
            var slot = Self.slot(_Symbol(value: values[c], length: lengths[c]), mask: mask)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(c + 1)
        }
    }

    private static func slot(_ symbol: _Symbol, mask: Int) -> Int {
        let key = (symbol.value ^ UInt64(symbol.length) &<< 60) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: key >> 32) & mask
    }
}

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
