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
