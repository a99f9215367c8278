/// Where each of a run of strings starts in one buffer, in under a byte a string rather
/// than the 4 of a `UInt32` each: the offsets rise (string `i` is
/// `offset(i) ..< offset(i + 1)`), so they are a `_StepColumn`, a base per block of 64 and
/// each string's length in bit planes (up to 5: 31 units), a block with a longer string
/// wide (64 offsets of 32 bits). For the gazetteer's coded names (1,242,910 offsets, about
/// 2.8 codes apart: `_CompressedStrings` counts in codes, and 902 k names are two codes
/// over a fold) that is 5 planes, 0.87 MB with 78 wide blocks of 19,421, where a 32-bit
/// base per 16 and a byte a string took 1.55 MB (formats 19–37, `_BlockedNumbers`), and
/// `UInt32`s 5.0 MB.
///
/// - Complexity: an offset in O(*p*) for *p* planes: a base and *p* adjacent words, or a
///   wide offset.
struct _StringOffsets: Sendable {
    /// The offsets, in blocks of bit planes (the layout above).
    let column: _StepColumn

    init(column: _StepColumn) {
        self.column = column
    }

    /// `offsets` (rising, each below 2³¹), in the planes that take the fewest bytes.
    init(_ offsets: [UInt32]) {
        for i in offsets.indices.dropFirst() { precondition(offsets[i - 1] <= offsets[i], "offsets rise") }
        precondition((offsets.last ?? 0) < _StepColumn.wideFlag, "offsets below 2^31")
        column = _StepColumn(offsets)
    }

    /// The number of offsets.
    var count: Int { column.count }

    /// Offset `i`, for `0 <= i < count` (any offset of a column that passed
    /// `isConsistent(end:)` reads inside it).
    @inline(__always)
    subscript(i: Int) -> Int { Int(column.buffers[i]) }

    /// Offset `i`, for `0 < i < count`, given offset `i - 1` (`_StepColumn.Buffers.number(_:after:)`):
    /// for a loop over strings in turn.
    @inline(__always)
    func offset(_ i: Int, after previous: Int) -> Int {
        Int(column.buffers.number(i, after: UInt32(truncatingIfNeeded: previous)))
    }

    /// Offsets `i` and `i + 1`, for `0 <= i < count - 1`: where string `i` starts and
    /// ends, read together (`_StepColumn.Buffers.pair`).
    @inline(__always)
    func bounds(_ i: Int) -> (start: Int, end: Int) {
        let (start, end) = column.buffers.pair(i)
        return (Int(start), Int(end))
    }

    /// Whether the blocks fit the offsets, and the offsets rise from 0 to `end`: what a
    /// loaded index must satisfy before it reads strings through them
    /// (`_StepColumn.isConsistent(below:rising:)`).
    ///
    /// - Complexity: O(*b* *p* + *w*) for *b* blocks of *p* planes and *w* offsets in wide
    ///   blocks.
    func isConsistent(end: Int) -> Bool {
        guard count >= 1, end >= 0, end < Int(_StepColumn.wideFlag),
              column.isConsistent(below: end + 1, rising: true)
        else { return false }
        let b = column.buffers
        return b[0] == 0 && Int(b[count - 1]) == end
    }
}
