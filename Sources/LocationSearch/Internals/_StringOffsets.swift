/// Where each of a run of strings starts in one buffer, in about 1.3 bytes a string
/// rather than the 4 of a `UInt32` each: the offsets rise (string `i` is
/// `offset(i) ..< offset(i + 1)`), so a block of 16 takes one 32-bit base and a byte per
/// offset above it. A block that spans more than 255 bytes (long names, or a place with
/// many) takes 32 bits an offset instead, in `wide`: its base has the top bit set and
/// holds where in `wide` its offsets are. For the gazetteer's coded names (1,242,910
/// offsets, about 4.9 codes apart: `_CompressedStrings` counts in codes) that is 1.24 MB
/// of bytes, 0.31 MB of bases and 3.7 KB of wide blocks (58 of 77,682), against 5.0 MB
/// of `UInt32`s.
///
/// - Complexity: an offset in O(1): two reads (a base, then a byte or a wide offset).
struct _StringOffsets: Sendable {
    /// Per block: its first offset, or `wideFlag | i` for a block stored as `wide[i...]`.
    let base: _Column<UInt32>
    /// Per offset: the offset less its block's base (0 in a wide block).
    let delta: _Column<UInt8>
    /// The offsets of the wide blocks, one after another.
    let wide: _Column<UInt32>

    static let shift = 4
    static let blockSize = 1 << shift
    static let wideFlag: UInt32 = 1 << 31

    init(base: _Column<UInt32>, delta: _Column<UInt8>, wide: _Column<UInt32>) {
        self.base = base
        self.delta = delta
        self.wide = wide
    }

    /// `offsets` (rising, each below 2³¹), in blocks.
    init(_ offsets: [UInt32]) {
        var base: [UInt32] = [], delta: [UInt8] = [], wide: [UInt32] = []
        base.reserveCapacity((offsets.count + Self.blockSize - 1) / Self.blockSize)
        delta.reserveCapacity(offsets.count)
        for start in stride(from: 0, to: offsets.count, by: Self.blockSize) {
            let block = offsets[start..<min(start + Self.blockSize, offsets.count)]
            let first = block.first!, last = block.last!
            precondition(first < Self.wideFlag && last < Self.wideFlag && first <= last, "offsets rise below 2^31")
            if last - first <= UInt32(UInt8.max) {
                base.append(first)
                delta.append(contentsOf: block.lazy.map { UInt8($0 - first) })
            } else {
                base.append(Self.wideFlag | UInt32(wide.count))
                delta.append(contentsOf: repeatElement(0, count: block.count))
                wide.append(contentsOf: block)
            }
        }
        self.init(base: _Column(base), delta: _Column(delta), wide: _Column(wide))
    }

    /// The number of offsets.
    var count: Int { delta.count }

    /// Offset `i`, for `0 <= i < count`. A damaged wide base reads offset 0 rather than
    /// outside `wide`.
    @inline(__always)
    subscript(i: Int) -> Int {
        let block = base[i &>> Self.shift]
        if block & Self.wideFlag == 0 { return Int(block) &+ Int(delta[i]) }
        let at = Int(block & ~Self.wideFlag) &+ (i & (Self.blockSize - 1))
        return at < wide.count ? Int(wide.pointer[at]) : 0
    }

    /// Whether the blocks fit the offsets, and the offsets rise from 0 to `end`: what a
    /// loaded index must satisfy before it reads strings through them.
    ///
    /// - Complexity: O(*n*) for *n* offsets.
    func isConsistent(end: Int) -> Bool {
        guard count >= 1, base.count == (count + Self.blockSize - 1) >> Self.shift else { return false }
        let base = base.buffer, delta = delta.buffer, wide = wide.buffer
        var previous = 0, falls = false, nextWide = 0
        for (b, block) in base.enumerated() {
            let range = (b << Self.shift)..<min((b + 1) << Self.shift, count)
            if block & Self.wideFlag == 0 {
                let start = Int(block)
                for i in range {
                    let offset = start + Int(delta[i])
                    falls = falls || offset < previous
                    previous = offset
                }
            } else {
                // Wide blocks are stored in order, so each starts where the last ended.
                guard Int(block & ~Self.wideFlag) == nextWide, nextWide + range.count <= wide.count else {
                    return false
                }
                for offset in wide[nextWide..<(nextWide + range.count)] {
                    falls = falls || Int(offset) < previous
                    previous = Int(offset)
                }
                nextWide += range.count
            }
        }
        return !falls && nextWide == wide.count && self[0] == 0 && previous == end
    }
}
