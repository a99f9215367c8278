/// Where each key of a sorted list starts in the folded text: for whole-name keys, a base
/// per block of 64 keys and two bytes per key; for word keys, four bytes per key.
///
/// The folded text holds the names in whole-key order, each distinct text once
/// (`_PrefixIndex.init(_:progress:)`), so the whole-name keys' offsets rise: a block of 64
/// spans about 900 bytes of text, and its offsets are its first one plus a 16-bit delta
/// (2.4 MB for the bundled data's 1.19 M whole-name keys, where 32-bit offsets took 4.8).
/// Word keys start inside names, in no order the text follows, so their offsets are
/// stored as they are (`shift` 0, no deltas); so is any list whose blocks span more than
/// 65,535 bytes (names of thousands of bytes).
///
/// A class, like `_ShallowTries`: a key list is copied into every search and walk, and
/// two columns held by value would be copied and retained at each copy.
///
/// - Complexity: an offset in O(1): one read for a plain list; two, one of them from a
///   small, cache-friendly column, in blocks.
final class _KeyOffsets: Sendable {
    /// The lowest offset of each block of `1 << shift` keys (with `shift` 0: every offset).
    let base: _Column<UInt32>
    /// Each key's offset less its block's base (empty with `shift` 0).
    let delta: _Column<UInt16>
    /// Keys per block, as a power of two: `blockShift`, or 0 for plain offsets.
    let shift: Int

    /// The block size of a list in blocks (`shift`).
    static let blockShift = 6

    init(base: _Column<UInt32>, delta: _Column<UInt16>, shift: Int) {
        self.base = base
        self.delta = delta
        self.shift = shift
    }

    /// `offsets`, in blocks when every block's offsets lie within 65,535 bytes of each
    /// other, else as they are.
    convenience init(_ offsets: [UInt32]) {
        if let (base, delta) = Self.blocks(offsets) {
            self.init(base: _Column(base), delta: _Column(delta), shift: Self.blockShift)
        } else {
            self.init(base: _Column(offsets), delta: _Column([]), shift: 0)
        }
    }

    /// `offsets` in blocks of `1 << blockShift`, or nil when a block spans more than
    /// 65,535 bytes.
    private static func blocks(_ offsets: [UInt32]) -> (base: [UInt32], delta: [UInt16])? {
        let size = 1 << blockShift
        var base: [UInt32] = [], delta: [UInt16] = []
        base.reserveCapacity((offsets.count + size - 1) / size)
        delta.reserveCapacity(offsets.count)
        for start in stride(from: 0, to: offsets.count, by: size) {
            let block = offsets[start..<min(start + size, offsets.count)]
            let lowest = block.min() ?? 0
            guard let highest = block.max(), highest - lowest <= UInt32(UInt16.max) else { return nil }
            base.append(lowest)
            for offset in block { delta.append(UInt16(offset - lowest)) }
        }
        return (base, delta)
    }

    var count: Int { shift == 0 ? base.count : delta.count }

    /// The offset of key `i` (bounds-checked).
    subscript(i: Int) -> Int {
        shift == 0 ? Int(base[i]) : Int(base[i >> shift]) + Int(delta[i])
    }

    /// The columns as buffers, for a hot loop (see `_Column.buffer`).
    var buffers: Buffers { Buffers(base: base.buffer, delta: delta.buffer, shift: shift) }

    struct Buffers {
        let base: UnsafeBufferPointer<UInt32>
        let delta: UnsafeBufferPointer<UInt16>
        let shift: Int

        var count: Int { shift == 0 ? base.count : delta.count }

        /// The offset of key `i`. (A branch every lookup of one list takes the same way.)
        @inline(__always)
        subscript(i: Int) -> Int {
            shift == 0 ? Int(base[i]) : Int(base[i &>> shift]) &+ Int(delta[i])
        }
    }

    /// Whether the columns fit each other and every offset is below `limit`: what a
    /// loaded index must satisfy before a search reads through it.
    ///
    /// - Complexity: O(*n*) for *n* keys.
    func isConsistent(below limit: Int) -> Bool {
        switch shift {
        case 0:
            return delta.isEmpty && base.allBelow(limit)
        case Self.blockShift:
            guard base.count == (delta.count + (1 << shift) - 1) >> shift else { return false }
            let base = base.buffer, delta = delta.buffer
            // (Branch-free maxima per block, which the compiler vectorises.)
            for block in base.indices {
                var largest: UInt16 = 0
                for i in (block << shift)..<min(delta.count, (block + 1) << shift) { largest = max(largest, delta[i]) }
                if Int(base[block]) + Int(largest) >= limit { return false }
            }
            return true
        default:
            return false
        }
    }
}
