/// Where each key of a sorted list starts in the folded text: a base per block of
/// `1 << shift` keys (the lowest offset in it) and, per key, its offset less its block's
/// base in `bits` bits, packed one after another.
///
/// The folded text holds the names in whole-key order, each distinct text once
/// (`_PrefixIndex.init(_:progress:)`), so the whole-name keys' offsets rise: a block of
/// 32 spans about 390 bytes of text, and its keys' deltas take 11 bits each (1.8 MB for
/// the bundled data's 1.19 M whole-name keys, where 16-bit deltas in blocks of 64 took 2.5
/// and 32-bit offsets 4.8). Word keys start inside names, in no order the text follows:
/// their list is one block (`shift` `plainShift`), each key's offset in the bits the text's
/// length needs (24 for a text below 16 MiB: 2.0 MB for 666 K word keys, where 32-bit
/// offsets took 2.7). The block size is chosen when the list is built, the one that takes
/// the fewest bytes (`init(_:)`), so nothing depends on the data having short names.
///
/// A class, like `_ShallowTries`: a key list is copied into every search and walk, and
/// two columns held by value would be copied and retained at each copy.
///
///     let offsets = _KeyOffsets([0, 4, 9, 9, 15])
///     offsets[2]              // 9
///
/// - Complexity: an offset in O(1): two reads, the block's base from a small,
///   cache-friendly column, and the key's bits in one unaligned 8-byte read.
final class _KeyOffsets: Sendable {
    /// The lowest offset of each block of `1 << shift` keys.
    let base: _Column<UInt32>
    /// Each key's offset less its block's base, `bits` bits each from bit 0 of byte 0
    /// (little-endian), then `padding` bytes, so that an 8-byte read from any key's first
    /// byte stays inside.
    let delta: _Column<UInt8>
    /// The bits of a key's delta (0...32).
    let bits: Int
    /// Keys per block, as a power of two (0...`plainShift`).
    let shift: Int
    /// The number of keys.
    let count: Int

    /// The shift of a list stored as one block: its offsets as they are, less the lowest.
    static let plainShift = 32
    /// The block sizes `init(_:)` tries for a list in blocks, as shifts.
    static let blockShifts = 4...7
    /// Bytes after the packed deltas.
    static let padding = 8

    init(base: _Column<UInt32>, delta: _Column<UInt8>, bits: Int, shift: Int, count: Int) {
        self.base = base
        self.delta = delta
        self.bits = bits
        self.shift = shift
        self.count = count
    }

    /// `offsets` in the layout of the fewest bytes: in blocks of 16 to 128 keys (where
    /// they rise), or as one block (where they do not).
    convenience init(_ offsets: [UInt32]) {
        var best = (shift: Self.plainShift, bits: Self.bitsNeeded(offsets, shift: Self.plainShift))
        func bytes(_ layout: (shift: Int, bits: Int)) -> Int {
            Self.blockCount(offsets.count, shift: layout.shift) * 4 + Self.deltaBytes(offsets.count, bits: layout.bits)
        }
        // (Larger blocks first: a tie goes to the fewer bases.)
        for shift in Self.blockShifts.reversed() {
            let candidate = (shift: shift, bits: Self.bitsNeeded(offsets, shift: shift))
            if bytes(candidate) < bytes(best) { best = candidate }
        }
        let size = best.shift >= Self.plainShift ? max(1, offsets.count) : 1 << best.shift
        var base: [UInt32] = [], delta = [UInt8](repeating: 0, count: Self.deltaBytes(offsets.count, bits: best.bits))
        base.reserveCapacity(Self.blockCount(offsets.count, shift: best.shift))
        for start in stride(from: 0, to: offsets.count, by: size) {
            let block = offsets[start..<min(start + size, offsets.count)]
            let lowest = block.min() ?? 0
            base.append(lowest)
            for i in block.indices { Self.store(UInt64(offsets[i] - lowest), at: i, bits: best.bits, in: &delta) }
        }
        self.init(base: _Column(base), delta: _Column(delta), bits: best.bits, shift: best.shift,
                  count: offsets.count)
    }

    /// The bits that hold every offset of `offsets` less its block's lowest, in blocks of
    /// `1 << shift`.
    private static func bitsNeeded(_ offsets: [UInt32], shift: Int) -> Int {
        let size = shift >= plainShift ? max(1, offsets.count) : 1 << shift
        var widest: UInt32 = 0
        for start in stride(from: 0, to: offsets.count, by: size) {
            let block = offsets[start..<min(start + size, offsets.count)]
            widest = max(widest, (block.max() ?? 0) - (block.min() ?? 0))
        }
        return _PackedWords.bits(toHold: Int(widest))
    }

    /// The blocks of `count` keys in blocks of `1 << shift`.
    static func blockCount(_ count: Int, shift: Int) -> Int {
        shift >= plainShift ? (count == 0 ? 0 : 1) : (count + (1 << shift) - 1) >> shift
    }

    /// The bytes of `count` deltas of `bits` bits and the padding.
    static func deltaBytes(_ count: Int, bits: Int) -> Int { (count * bits + 7) / 8 + padding }

    /// Writes `value` (below `1 << bits`) as delta `i`.
    private static func store(_ value: UInt64, at i: Int, bits: Int, in bytes: inout [UInt8]) {
        for b in 0..<bits where value >> UInt64(b) & 1 != 0 {
            let bit = i * bits + b
            bytes[bit >> 3] |= 1 << UInt8(bit & 7)
        }
    }

    /// The offset of key `i` (bounds-checked).
    subscript(i: Int) -> Int {
        precondition(i >= 0 && i < count, "key index out of range")
        return buffers[i]
    }

    /// The columns as plain values, for a hot loop (see `_Column.buffer`).
    var buffers: Buffers {
        Buffers(base: base.buffer, delta: UnsafeRawPointer(delta.pointer), bits: bits,
                mask: (1 << UInt64(bits)) - 1, shift: shift, count: count)
    }

    /// The columns as plain values: no reference counting, no bounds checks.
    struct Buffers {
        let base: UnsafeBufferPointer<UInt32>
        let delta: UnsafeRawPointer
        let bits: Int
        let mask: UInt64
        let shift: Int
        let count: Int

        /// The offset of key `i`: its block's base, and its delta from an 8-byte read at
        /// its first byte (`bits` + 7 <= 39 bits, inside the read).
        @inline(__always)
        subscript(i: Int) -> Int {
            let bit = i &* bits
            let word = UInt64(littleEndian: delta.loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self))
            return Int(base[i &>> shift]) &+ Int(truncatingIfNeeded: word &>> UInt64(bit & 7) & mask)
        }
    }

    /// Whether the columns fit each other and every offset is below `limit`: what a
    /// loaded index must satisfy before a search reads through it.
    ///
    /// - Complexity: O(*n*) for *n* keys.
    func isConsistent(below limit: Int) -> Bool {
        guard bits >= 0, bits <= 32, shift >= 0, shift <= Self.plainShift,
              base.count == Self.blockCount(count, shift: shift),
              delta.count == Self.deltaBytes(count, bits: bits)
        else { return false }
        let keys = buffers, size = shift >= Self.plainShift ? max(1, count) : 1 << shift
        for block in 0..<base.count {
            var largest = 0
            for i in (block * size)..<min(count, (block + 1) * size) { largest = max(largest, keys[i]) }
            if largest >= limit { return false }
        }
        return true
    }
}
