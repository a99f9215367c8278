/// A column of numbers that mostly rise, in about a quarter of the bytes of 32-bit ones:
/// a base per block of 64 (the lowest in it) and a byte per number (the number less its
/// block's base). The index keeps each indexed name's place and display name this way:
/// names are indexed place by place, so both rise, and a block of 64 names spans few
/// places and few names (1.3 MB each for the bundled data, where a 32-bit column took
/// 4.8 MB). A column whose blocks span more than 255 (thousands of places in a row
/// without a searchable name, a place with thousands of names that fold alike) uses blocks
/// of one number.
///
/// - Complexity: a number in O(1): two reads, the block's from a small, cache-friendly
///   column.
struct _RisingColumn: Sendable {
    /// The lowest number of each block of `1 << shift`.
    let base: _Column<UInt32>
    /// Each number less its block's base.
    let delta: _Column<UInt8>
    /// Numbers per block, as a power of two: 6, or 0 when a block spans too much.
    let shift: Int

    /// The block sizes a column may use (`shift`), the compact one first.
    static let shifts = [6, 0]

    init(base: _Column<UInt32>, delta: _Column<UInt8>, shift: Int) {
        self.base = base
        self.delta = delta
        self.shift = shift
    }

    /// `values`, stored in blocks.
    init(_ values: [UInt32]) {
        for shift in Self.shifts {
            let blockSize = 1 << shift
            var base: [UInt32] = [], delta: [UInt8] = []
            base.reserveCapacity((values.count + blockSize - 1) / blockSize)
            delta.reserveCapacity(values.count)
            var fits = true
            for start in stride(from: 0, to: values.count, by: blockSize) where fits {
                let block = values[start..<min(start + blockSize, values.count)]
                let lowest = block.min() ?? 0
                base.append(lowest)
                for value in block {
                    guard value - lowest <= UInt32(UInt8.max) else { fits = false; break }
                    delta.append(UInt8(value - lowest))
                }
            }
            if fits {
                self.init(base: _Column(base), delta: _Column(delta), shift: shift)
                return
            }
        }
        preconditionFailure("blocks of one number always fit")
    }

    var count: Int { delta.count }

    subscript(i: Int) -> UInt32 { base[i >> shift] &+ UInt32(delta[i]) }

    /// The columns as buffers, for a loop that holds them (see `_Column.buffer`).
    var buffers: Buffers { Buffers(base: base.buffer, delta: delta.buffer, shift: shift) }

    struct Buffers {
        let base: UnsafeBufferPointer<UInt32>
        let delta: UnsafeBufferPointer<UInt8>
        let shift: Int

        @inline(__always)
        subscript(i: Int) -> UInt32 { base[i &>> shift] &+ UInt32(delta[i]) }
    }

    /// Whether the blocks fit the numbers and every number is below `limit`: what a loaded
    /// index must satisfy before a search reads through it.
    ///
    /// - Complexity: O(*n*) for *n* numbers.
    func isConsistent(below limit: Int) -> Bool {
        guard Self.shifts.contains(shift), base.count == (count + (1 << shift) - 1) >> shift else { return false }
        // Block by block, the block's largest byte (a branch-free maximum, which the
        // compiler vectorises) on its base: a load checks 2.4 million numbers.
        let base = base.buffer, delta = delta.buffer
        let blockSize = 1 << shift
        var largest: UInt64 = 0
        for block in base.indices {
            let start = block << shift
            var top: UInt8 = 0
            for byte in UnsafeBufferPointer(rebasing: delta[start..<min(start + blockSize, delta.count)]) {
                top = Swift.max(top, byte)
            }
            largest = Swift.max(largest, UInt64(base[block]) + UInt64(top))
        }
        return count == 0 || largest < UInt64(clamping: limit)
    }
}
