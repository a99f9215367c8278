/// The key views' positions (`_KeyViews`), in about 2.1 bytes each where 32-bit numbers
/// took four: a base per block of 64 (the lowest position in it) and 16 bits per
/// position above it.
///
/// A group's positions rise, and most groups are large enough that 64 of their keys
/// span fewer than 65,536 keys of the list. A block that spans more (a small country's
/// keys, or a block across two groups) keeps its positions whole, in `wide`: its base,
/// with the top bit set, says where. For the bundled data, about 5% of the
/// whole-name views' positions are in wide blocks.
///
/// - Complexity: a position in O(1): its block's base (a small, cache-friendly column),
///   then 16 bits, or for a wide block 32.
struct _ViewPositions: Sendable {
    /// Per block of 64, the lowest position in it, or `wideFlag` and where its positions
    /// start in `wide`.
    let base: _Column<UInt32>
    /// Per position, the position less its block's base (0 in a wide block).
    let low: _Column<UInt16>
    /// The wide blocks' positions, block after block.
    let wide: _Column<UInt32>

    static let shift = 6
    static let wideFlag: UInt32 = 1 << 31

    init(base: _Column<UInt32>, low: _Column<UInt16>, wide: _Column<UInt32>) {
        self.base = base
        self.low = low
        self.wide = wide
    }

    /// `positions`, stored in blocks.
    init(_ positions: [UInt32]) {
        let size = 1 << Self.shift
        var base: [UInt32] = [], low = [UInt16](repeating: 0, count: positions.count), wide: [UInt32] = []
        base.reserveCapacity((positions.count + size - 1) / size)
        for start in stride(from: 0, to: positions.count, by: size) {
            let block = positions[start..<min(start + size, positions.count)]
            let lowest = block.min() ?? 0, highest = block.max() ?? 0
            if highest - lowest <= UInt32(UInt16.max) && lowest < Self.wideFlag {
                base.append(lowest)
                for i in block.indices { low[i] = UInt16(block[i] - lowest) }
            } else {
                precondition(wide.count < Int(Self.wideFlag), "too many wide view positions")
                base.append(Self.wideFlag | UInt32(wide.count))
                wide += block
            }
        }
        self.init(base: _Column(base), low: _Column(low), wide: _Column(wide))
    }

    var count: Int { low.count }

    /// Whether there is a base per block and every wide block's positions are in `wide`
    /// (the positions themselves are clamped when read: see `_KeyViews`).
    ///
    /// - Complexity: O(*b*) for *b* blocks.
    func isConsistent() -> Bool {
        let size = 1 << Self.shift
        guard base.count == (count + size - 1) >> Self.shift else { return false }
        for (block, value) in base.buffer.enumerated() where value & Self.wideFlag != 0 {
            let length = min(size, count - block * size)
            guard Int(value & ~Self.wideFlag) + length <= wide.count else { return false }
        }
        return true
    }

    /// The positions `range`, as a view reads them.
    func slice(_ range: Range<Int>) -> Slice {
        Slice(base: base.pointer, low: low.pointer, wide: wide.buffer.baseAddress, start: range.lowerBound,
              count: range.count)
    }

    /// Some of the positions, read through the columns' memory (valid while the views are
    /// alive: their columns are immutable and keep their memory). Five words: the walk
    /// copies it with each of its sources.
    struct Slice: RandomAccessCollection {
        let base: UnsafePointer<UInt32>?
        let low: UnsafePointer<UInt16>?
        let wide: UnsafePointer<UInt32>?
        /// Where the slice starts among all the positions.
        let start: Int
        let count: Int

        static var empty: Slice { Slice(base: nil, low: nil, wide: nil, start: 0, count: 0) }

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        /// The first index from `lowerBound` whose position is `value` or more, where the
        /// positions rise: a binary search over the blocks by the position each starts
        /// with (for a 16-bit block wholly inside the slice, its base: one read of the
        /// small column), then over one block's 64, by their 16 bits where it has them.
        /// (Probing positions one by one read two columns per probe, each a cache miss
        /// in a large view.)
        ///
        /// - Complexity: O(log *n*) for *n* positions.
        @inline(__always)
        func firstIndex(notBelow value: UInt32, from lowerBound: Int) -> Int {
            guard lowerBound < count, let base, let low else { return count }
            let shift = _ViewPositions.shift, flag = _ViewPositions.wideFlag
            // Blocks after the one `lowerBound` is in, up to the slice's last: each starts
            // at slice index `(b << shift) - start`.
            let first = (start + lowerBound) >> shift, last = (start + count - 1) >> shift
            let block = _PrefixIndex.partition((first + 1)..<(last + 1)) { b in
                let stored = base[b]
                return (stored & flag == 0 && b < last ? stored : self[(b << shift) - start]) < value
            }
            // The answer is in block `block - 1`, from the later of `lowerBound` and the
            // block's start, up to the start of `block`.
            let from = Swift.max(lowerBound, ((block - 1) << shift) - start)
            let to = Swift.min(count, (block << shift) - start)
            let stored = base[block - 1]
            guard stored & flag == 0 else { return _PrefixIndex.partition(from..<to) { self[$0] < value } }
            // Every position of the block is its base or more.
            guard value > stored else { return from }
            guard value - stored <= UInt32(UInt16.max) else { return to }
            let target = UInt16(value - stored), lows = low + start
            return _PrefixIndex.partition(from..<to) { lows[$0] < target }
        }

        /// Position `i` of the slice.
        @inline(__always)
        subscript(i: Int) -> UInt32 {
            let at = start &+ i
            let b = base.unsafelyUnwrapped[at &>> _ViewPositions.shift]
            if b & _ViewPositions.wideFlag == 0 { return b &+ UInt32(low.unsafelyUnwrapped[at]) }
            return wide.unsafelyUnwrapped[Int(b & ~_ViewPositions.wideFlag) &+ (at & ((1 << _ViewPositions.shift) - 1))]
        }
    }
}
