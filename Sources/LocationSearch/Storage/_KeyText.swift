/// The keys' text: the distinct folded names in whole-key order, front-coded in blocks of
/// eight, each text read in place (no decoding into a buffer).
///
/// A block starts with seven bytes, where each of its texts after the first starts in it
/// (a slot past a last block's texts where the block ends); its first text, its *head*,
/// starts at 7, right after them. Then each text after the head is one byte, its *link*,
/// and the rest of its bytes; the head is its bytes alone. No terminator: a text ends
/// where the next one starts (the block's last where the next block starts). The link is a
/// *base* (3 bits) and a shared length (5 bits, at most 31): the text's first bytes, that
/// many, are its base's, where base 0 is the head and base *k* the block's text *k*, itself
/// based on the head. So byte *q* of a text is one read: the head's byte *q* below what
/// the text and its base share with the head, the base's own byte *q* below the shared
/// length, else the text's own byte *q* − shared. A text takes as its base the one of the
/// head and the texts before it on the head that shares the most with it (the head first
/// when two share as much). For the bundled data's 1,042,470 texts (13.48 MB of bytes):
/// 9.39 MB of blocks, and a 4-byte start a block (0.52 MB); with every text on the head
/// (shared lengths to 254), 10.56 MB; with the head's start (always 8) and link (always 0)
/// stored, 9.65 MB. A block in which a start would be past 254 (a few dozen of the bundled
/// data's 130,309, after long texts) is *wide*: eight bytes of 255, the eight starts as
/// little-endian `UInt32`s, then every text with its link, the head's too, at 40
/// (`Buffers.wideEntry`).
/// (Sharing with the text before, whatever its base, takes 0.37 MB less again, but
/// reading a byte then walks back through the texts that share it; without the starts in
/// the block, a text was found by a skip over the zeros ending the texts before it, which
/// cost the typo walk 2.5% more instructions; with them in a column of their own, a byte
/// a text, a read touched a third cache line. A 0 ending each text would take 1.04 MB,
/// which the starts make redundant: a read compares with the text's end instead.
/// docs/decisions/0041, 0045 and 0060.)
///
/// A key is a *reference*: its text's number shifted left by `shift` bits, plus where the
/// key starts in the text (0 for a whole-name key, a word's start for a word key). So a
/// key's byte *d* is the byte at reference + *d*, as it was at offset + *d* in a plain
/// text, and 0 past the text's end: `shift` bits hold the longest name's length.
///
/// The column ends with zeros, `padding(shift:)` of them, enough that a read at any
/// reference, even in a damaged or hand-made file whose blocks hold other bytes than the
/// builder writes, stays inside the column (see `Buffers.entry(_:)`); the load checks the
/// block starts, each block's starts and the padding.
///
///     let text = _KeyText(texts: [Array("san fernando".utf8), Array("san francisco".utf8)], shift: 4)
///     text.bytes(of: 1)   // "san francisco": the head's "san f", then "rancisco"
///
/// A class, like `_KeyOffsets`: it is held by every search and walk.
///
/// - Complexity: a text's byte in O(1): three reads (its block's start, its start and end
///   in the block and its link, the last three most often in one cache line), two more
///   for a text on another than the head (its base's start and link, in the same block),
///   then the byte.
final class _KeyText: Sendable {
    /// The blocks, one after another, then the padding. A block's first `narrowHeader`
    /// bytes say where its texts after the head start in it (each one's link), or its
    /// first `blockSize` are all 255 in a wide block, whose starts follow as `UInt32`s; a
    /// last block's slots past its texts say where it ends.
    let bytes: _Column<UInt8>
    /// Where each block starts in `bytes`, and then where the padding starts.
    let starts: _Column<UInt32>
    /// The number of texts.
    let count: Int
    /// The bits of a reference below its text's number.
    let shift: Int

    /// Texts a block.
    static let blockSize = 8
    static let blockShift = 3
    /// The bytes of a wide block's starts, after its eight 255s.
    static let wideStarts = 4 * blockSize
    /// The bytes of a narrow block's starts (those of its texts after the head), where
    /// its head starts.
    static let narrowHeader = blockSize - 1
    /// The largest start a block's bytes hold; a block with a later one is wide.
    static let largestNarrowStart = 254
    /// The most bytes a text shares with its base: a link's low 5 bits.
    static let largestShared = 31
    /// A link's base: its bits above the shared length.
    static let baseShift = 5

    init(bytes: _Column<UInt8>, starts: _Column<UInt32>, count: Int, shift: Int) {
        self.bytes = bytes
        self.starts = starts
        self.count = count
        self.shift = shift
    }

    /// The zeros after the blocks for references of `shift` bits: a read past a text's
    /// end goes at most a reference's start and a wide block's header and a text's
    /// 255-byte start in its block past the start of the padding.
    static func padding(shift: Int) -> Int { (1 << shift) + 320 }

    /// The bits a reference needs below its text's number, for texts of at most `longest`
    /// bytes: a key's start and its end fit in them. At least 1, which a reader requires:
    /// an index without names (an empty gazetteer's) has no longest text to size it.
    static func shift(longest: Int) -> Int { max(1, _PackedWords.bits(toHold: longest)) }

    /// The bytes of text `t` (below `count`).
    func bytes(of t: Int) -> [UInt8] {
        precondition(t >= 0 && t < count, "text out of range")
        let b = buffers
        var result: [UInt8] = []
        var q = 0
        while true {
            let byte = b[t << shift | q]
            // (A damaged text ends where its reference's start bits end.)
            if byte == 0 || q + 1 >= 1 << shift { break }
            result.append(byte)
            q += 1
        }
        return result
    }

    /// The columns as pointers, for a hot loop.
    var buffers: Buffers {
        Buffers(bytes: UnsafeRawPointer(bytes.pointer), starts: starts.pointer, shift: shift)
    }
}
