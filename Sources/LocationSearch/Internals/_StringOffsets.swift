/// Where each of a run of strings starts in one buffer, in about 1.3 bytes a string
/// rather than the 4 of a `UInt32` each: the offsets rise (string `i` is
/// `offset(i) ..< offset(i + 1)`), so a block of 16 takes one 32-bit base and a byte per
/// offset above it. A block that spans more than 255 bytes (long names, or a place with
/// many) takes 32 bits an offset instead, in `wide`: its base has the top bit set and
/// holds where in `wide` its offsets are. For the gazetteer's coded names (1,242,910
/// offsets, about 4.9 codes apart: `_CompressedStrings` counts in codes) that is 1.24 MB
/// of bytes, 0.31 MB of bases and 3.7 KB of wide blocks (58 of 77,682), against 5.0 MB
/// of `UInt32`s. The blocks are `_BlockedNumbers`, the layout of a trie's numbers; this
/// type adds what offsets mean (they rise from 0 to the buffer's end).
///
/// - Complexity: an offset in O(1): two reads (a base, then a byte or a wide offset).
struct _StringOffsets: Sendable {
    /// The offsets, in blocks (the layout above).
    let numbers: _BlockedNumbers

    /// Per block: its first offset, or `wideFlag | i` for a block stored as `wide[i...]`.
    var base: _Column<UInt32> { numbers.base }
    /// Per offset: the offset less its block's base (0 in a wide block).
    var delta: _Column<UInt8> { numbers.delta }
    /// The offsets of the wide blocks, one after another.
    var wide: _Column<UInt32> { numbers.wide }

    static let shift = _BlockedNumbers.shift
    static let blockSize = _BlockedNumbers.blockSize
    static let wideFlag = _BlockedNumbers.wideFlag

    init(base: _Column<UInt32>, delta: _Column<UInt8>, wide: _Column<UInt32>) {
        numbers = _BlockedNumbers(base: base, delta: delta, wide: wide)
    }

    /// `offsets` (rising, each below 2³¹), in blocks.
    init(_ offsets: [UInt32]) {
        for i in offsets.indices.dropFirst() { precondition(offsets[i - 1] <= offsets[i], "offsets rise") }
        precondition((offsets.last ?? 0) < Self.wideFlag, "offsets below 2^31")
        numbers = _BlockedNumbers(offsets)
    }

    /// The number of offsets.
    var count: Int { numbers.count }

    /// Offset `i`, for `0 <= i < count`. A damaged wide base reads offset 0 rather than
    /// outside `wide`.
    @inline(__always)
    subscript(i: Int) -> Int {
        let block = numbers.base[i &>> Self.shift]
        if block & Self.wideFlag == 0 { return Int(block) &+ Int(numbers.delta[i]) }
        let at = Int(block & ~Self.wideFlag) &+ (i & (Self.blockSize - 1))
        return at < numbers.wide.count ? Int(numbers.wide.pointer[at]) : 0
    }

    /// Whether the blocks fit the offsets, and the offsets rise from 0 to `end`: what a
    /// loaded index must satisfy before it reads strings through them.
    ///
    /// - Complexity: O(*n*) for *n* offsets.
    func isConsistent(end: Int) -> Bool {
        guard count >= 1, numbers.isConsistent(), numbers.buffers[0] == 0 else { return false }
        let (rises, last) = numbers.rising()
        return rises && Int(last) == end
    }
}
