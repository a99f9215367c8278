/// Each key of a sorted list as a reference into the keys' text (`_KeyText`: its text's
/// number shifted left by `refShift`, plus where the key starts in the text): for
/// whole-name keys, a text number per key as a base per block of 64 keys and a byte per
/// key; for word keys, the references themselves, four bytes a key.
///
/// The text holds the names in whole-key order, each distinct text once
/// (`_PrefixIndex.layOut`), so the whole-name keys' text numbers rise by at most one from
/// a key to the next: a block of 64 spans at most 63 texts, and its numbers are its first
/// one plus a byte (1.26 MB for the bundled data's 1.19 M whole-name keys, where 16-bit
/// byte offsets took 2.46). Word keys start inside names, in no order the text follows,
/// so their references are stored as they are (`shift` 0, no deltas).
///
/// A class, like `_ShallowTries`: a key list is copied into every search and walk, and
/// two columns held by value would be copied and retained at each copy.
///
/// - Complexity: a reference in O(1): one read for a plain list; two, one of them from a
///   small, cache-friendly column, in blocks.
final class _KeyOffsets: Sendable {
    /// With `shift` 0, every key's reference; else the lowest text number of each block
    /// of `1 << shift` keys.
    let base: _Column<UInt32>
    /// Each key's text number less its block's base (empty with `shift` 0).
    let delta: _Column<UInt8>
    /// Keys per block, as a power of two: `blockShift`, or 0 for plain references.
    let shift: Int
    /// The bits of a reference below its text's number (`_KeyText.shift`): a block's
    /// text numbers are shifted by them.
    let refShift: Int

    /// The block size of a list in blocks (`shift`).
    static let blockShift = 6

    init(base: _Column<UInt32>, delta: _Column<UInt8>, shift: Int, refShift: Int) {
        self.base = base
        self.delta = delta
        self.shift = shift
        self.refShift = refShift
    }

    /// Plain references of `refShift` bits below their text numbers (or byte offsets,
    /// with `refShift` 0).
    convenience init(references: [UInt32], refShift: Int = 0) {
        self.init(base: _Column(references), delta: _Column([]), shift: 0, refShift: refShift)
    }

    /// Whole-name keys' `textNumbers` (each below `1 << (32 - refShift)`), in blocks when
    /// every block's numbers lie within 255 of each other, else as plain references.
    convenience init(textNumbers: [UInt32], refShift: Int) {
        if let (base, delta) = Self.blocks(textNumbers) {
            self.init(base: _Column(base), delta: _Column(delta), shift: Self.blockShift, refShift: refShift)
        } else {
            self.init(base: _Column(textNumbers.map { $0 << UInt32(refShift) }), delta: _Column([]), shift: 0,
                      refShift: refShift)
        }
    }

    /// `numbers` in blocks of `1 << blockShift`, or nil when a block spans more than 255.
    private static func blocks(_ numbers: [UInt32]) -> (base: [UInt32], delta: [UInt8])? {
        let size = 1 << blockShift
        var base: [UInt32] = [], delta: [UInt8] = []
        base.reserveCapacity((numbers.count + size - 1) / size)
        delta.reserveCapacity(numbers.count)
        for start in stride(from: 0, to: numbers.count, by: size) {
            let block = numbers[start..<min(start + size, numbers.count)]
            let lowest = block.min() ?? 0
            guard let highest = block.max(), highest - lowest <= UInt32(UInt8.max) else { return nil }
            base.append(lowest)
            for number in block { delta.append(UInt8(number - lowest)) }
        }
        return (base, delta)
    }

    var count: Int { shift == 0 ? base.count : delta.count }

    /// The reference of key `i` (bounds-checked).
    subscript(i: Int) -> Int {
        shift == 0 ? Int(base[i]) : (Int(base[i >> shift]) + Int(delta[i])) << refShift
    }

    /// The columns as buffers, for a hot loop (see `_Column.buffer`).
    var buffers: Buffers { Buffers(base: base.buffer, delta: delta.buffer, shift: shift, refShift: refShift) }

    struct Buffers {
        let base: UnsafeBufferPointer<UInt32>
        let delta: UnsafeBufferPointer<UInt8>
        let shift: Int
        let refShift: Int

        var count: Int { shift == 0 ? base.count : delta.count }

        /// The reference of key `i`. (A branch every lookup of one list takes the same way.)
        @inline(__always)
        subscript(i: Int) -> Int {
            shift == 0 ? Int(base[i]) : (Int(base[i &>> shift]) &+ Int(delta[i])) &<< refShift
        }
    }

    /// Whether the columns fit each other and every reference's text is below
    /// `textCount`, its shift being `refShift`: what a loaded index must satisfy before a
    /// search reads through it.
    ///
    /// - Complexity: O(*n*) for *n* keys.
    func isConsistent(textCount: Int, refShift expected: Int) -> Bool {
        guard refShift == expected, (1...32).contains(refShift) else { return false }
        switch shift {
        case 0:
            return delta.isEmpty && base.allBelow(textCount << refShift)
        case Self.blockShift:
            guard base.count == (delta.count + (1 << shift) - 1) >> shift else { return false }
            let base = base.buffer, delta = delta.buffer
            // (Branch-free maxima per block, which the compiler vectorises.)
            for block in base.indices {
                var largest: UInt8 = 0
                for i in (block << shift)..<min(delta.count, (block + 1) << shift) { largest = max(largest, delta[i]) }
                if Int(base[block]) + Int(largest) >= textCount { return false }
            }
            return true
        default:
            return false
        }
    }
}
