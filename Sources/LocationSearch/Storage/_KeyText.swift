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

    /// The 0-terminated texts of `text` (one after another, each shorter than
    /// `1 << shift` bytes), text *t* starting at `starts[t]` and the last ending where
    /// `starts`' last entry is (`text.count`), front-coded.
    convenience init(text: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>, shift: Int) {
        let (bytes, blockStarts) = Self.blocks(text, starts: starts, shift: shift)
        self.init(bytes: _Column(bytes), starts: _Column(blockStarts), count: starts.count - 1, shift: shift)
    }

    /// `texts` (none holding a 0, each shorter than `1 << shift` bytes) front-coded.
    convenience init(texts: [[UInt8]], shift: Int) {
        var starts = [0]
        for text in texts { starts.append(starts[starts.count - 1] + text.count + 1) }
        let joined: [UInt8] = texts.flatMap { $0 + [0] }
        let (bytes, blockStarts) = joined.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { (starts) -> ([UInt8], [UInt32]) in
                Self.blocks(text, starts: starts, shift: shift)
            }
        }
        self.init(bytes: _Column(bytes), starts: _Column(blockStarts), count: texts.count, shift: shift)
    }

    /// The blocks of `text`'s texts (as `init(text:starts:shift:)` takes them) and their
    /// starts (and the padding's). The bytes are written in place, a text's own bytes
    /// copied at once.
    ///
    /// - Complexity: O(*t* + *b*) for *t* bytes of text and *b* bytes compared (each text's
    ///   with its head's and those of the texts on the head before it, at most 31 each).
    private static func blocks(
        _ text: UnsafeBufferPointer<UInt8>, starts textStarts: UnsafeBufferPointer<Int>, shift: Int
    ) -> (bytes: [UInt8], starts: [UInt32]) {
        let count = max(0, textStarts.count - 1), padding = padding(shift: shift)
        let blocks = (count + blockSize - 1) / blockSize
        var starts: [UInt32] = []
        starts.reserveCapacity(blocks + 1)
        // Each text takes at most its bytes in `text` (its link's byte for its 0), and each
        // block its starts, seven bytes or, wide, forty.
        let capacity = text.count + blocks * (blockSize + wideStarts) + padding
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { out, initialized in
            guard let base = out.baseAddress, let source = text.baseAddress else {
                starts.append(0)
                out.initialize(repeating: 0)
                initialized = out.count
                return
            }
            // Per text of a block, its link (base and shared length) and its start in the
            // block (then, past its texts, the block's end); which texts are on the head.
            var links = [Int](repeating: 0, count: blockSize), shared = [Int](repeating: 0, count: blockSize)
            var slots = [Int](repeating: 0, count: blockSize + 1), onHead = [Int]()
            onHead.reserveCapacity(blockSize)
            var n = 0
            for block in 0..<blocks {
                let first = block * blockSize, texts = min(blockSize, count - first)
                func text(_ j: Int) -> (start: Int, length: Int) {
                    let start = textStarts[first + j]
                    return (start, textStarts[first + j + 1] - start - 1)
                }
                // The bytes text `j` shares with text `k`, at most `largestShared`: eight
                // at a time (the first that differs is the lowest set byte of the words'
                // difference, read little-endian), then one at a time.
                func common(_ k: Int, _ j: Int) -> Int {
                    let (a, aLength) = text(k), (b, bLength) = text(j)
                    let most = min(largestShared, aLength, bLength)
                    var same = 0
                    while same &+ 8 <= most {
                        let x = UInt64(littleEndian: UnsafeRawPointer(source + (a &+ same)).loadUnaligned(as: UInt64.self))
                        let y = UInt64(littleEndian: UnsafeRawPointer(source + (b &+ same)).loadUnaligned(as: UInt64.self))
                        if x != y { return same &+ (x ^ y).trailingZeroBitCount &>> 3 }
                        same &+= 8
                    }
                    while same < most && source[a &+ same] == source[b &+ same] { same &+= 1 }
                    return same
                }
                onHead.removeAll(keepingCapacity: true)
                // Where each text starts in a narrow block: the head right after the seven
                // starts, with no link; the others at their links.
                var end = narrowHeader
                for j in 0..<texts {
                    var basedOn = 0, same = 0
                    if j > 0 {
                        same = common(0, j)
                        for k in onHead where same < largestShared {
                            let withK = common(k, j)
                            if withK > same { (basedOn, same) = (k, withK) }
                        }
                        if basedOn == 0 { onHead.append(j) }
                    }
                    (links[j], shared[j], slots[j]) = (basedOn << baseShift | same, same, end)
                    end += (j == 0 ? 0 : 1) + text(j).length - same
                }
                for j in texts...blockSize { slots[j] = end }
                let wide = slots[1..<blockSize].contains { $0 > largestNarrowStart }
                starts.append(UInt32(n))
                if wide {
                    // Format 40's layout: eight 255s, eight `UInt32` starts, a link for
                    // every text, the head's too.
                    (base + n).initialize(repeating: 255, count: blockSize)
                    var start = blockSize + wideStarts
                    for j in 0..<blockSize {
                        let at = n + blockSize + 4 * j
                        UnsafeMutableRawPointer(base).storeBytes(of: UInt32(start).littleEndian, toByteOffset: at,
                                                                 as: UInt32.self)
                        if j < texts { start += 1 + text(j).length - shared[j] }
                    }
                    n += blockSize + wideStarts
                } else {
                    for j in 1..<blockSize { base[n + j - 1] = UInt8(slots[j]) }
                    n += narrowHeader
                }
                for j in 0..<texts {
                    let (start, length) = text(j)
                    if j > 0 || wide {
                        base[n] = UInt8(links[j])
                        n += 1
                    }
                    // Its own bytes, without the 0 after them.
                    (base + n).initialize(from: source + start + shared[j], count: length - shared[j])
                    n += length - shared[j]
                }
            }
            starts.append(UInt32(n))
            (base + n).initialize(repeating: 0, count: padding)
            initialized = n + padding
        }
        return (bytes, starts)
    }

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

    struct Buffers {
        let bytes: UnsafeRawPointer
        let starts: UnsafePointer<UInt32>
        let shift: Int

        /// Where text `t`'s bytes are (`Entry`): its block's head, its base's own bytes,
        /// its own, and where they end.
        ///
        /// In any column that passed `isConsistent`, every read below a text's end stays
        /// inside it, whatever its blocks hold: a text's start and end (its base's too) are
        /// at most 255 bytes past its block's start (in a wide block, clamped to the block),
        /// or the next block's start; a head is at most 41 bytes past its block's start, and
        /// a shared length at most 31 (a base's own bytes are read from its own start on);
        /// a reference's start is below `1 << shift`, and the padding is longer than all of
        /// these.
        @inline(__always)
        func entry(_ t: Int) -> Entry {
            let b = t &>> _KeyText.blockShift, j = t & (_KeyText.blockSize - 1)
            let block = Int(starts[b])
            // Text `j`'s start (`j` > 0), or for the head where it ends: the second text's start.
            let slot = Int(bytes.load(fromByteOffset: block &+ max(j &- 1, 0), as: UInt8.self))
            if slot == 255 { return wideEntry(j, block: block, next: Int(starts[b &+ 1])) }
            let end = j == _KeyText.blockSize &- 1
                ? Int(starts[b &+ 1]) : block &+ Int(bytes.load(fromByteOffset: block &+ j, as: UInt8.self))
            let head = block &+ _KeyText.narrowHeader
            // The head has no link: it reads as a text whose link (0) is the byte before it.
            let offset = j == 0 ? _KeyText.narrowHeader &- 1 : slot
            let byte = Int(bytes.load(fromByteOffset: block &+ offset, as: UInt8.self))
            let link = j == 0 ? 0 : byte
            guard link > _KeyText.largestShared else {
                return Entry(head: head, inHead: link, middle: 0, shared: link, own: block &+ offset &+ 1, end: end)
            }
            // On text `k` (> 0) of the block: its bytes past what it shares with the head.
            let k = link &>> _KeyText.baseShift, shared = link & _KeyText.largestShared
            let baseOffset = Int(bytes.load(fromByteOffset: block &+ k &- 1, as: UInt8.self))
            let baseShared = Int(bytes.load(fromByteOffset: block &+ baseOffset, as: UInt8.self)) & _KeyText.largestShared
            return Entry(head: head, inHead: min(shared, baseShared), middle: block &+ baseOffset &+ 1 &- baseShared,
                         shared: shared, own: block &+ offset &+ 1, end: end)
        }

        /// `entry(_:)` for text `j` of the wide block at `block`, the next starting at
        /// `next`: its starts read from the block's `UInt32`s, each clamped to the block.
        @inline(never)
        func wideEntry(_ j: Int, block: Int, next: Int) -> Entry {
            let length = max(next &- block, 0)
            func start(_ i: Int) -> Int {
                let at = block &+ _KeyText.blockSize &+ 4 &* i
                return min(Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))), length)
            }
            let offset = start(j), end = j == _KeyText.blockSize &- 1 ? next : block &+ start(j &+ 1)
            let link = Int(bytes.load(fromByteOffset: block &+ offset, as: UInt8.self))
            let head = block &+ _KeyText.blockSize &+ _KeyText.wideStarts &+ 1
            let k = link &>> _KeyText.baseShift, shared = link & _KeyText.largestShared
            guard k != 0 else {
                return Entry(head: head, inHead: shared, middle: 0, shared: shared, own: block &+ offset &+ 1, end: end)
            }
            let baseOffset = start(k)
            let baseShared = Int(bytes.load(fromByteOffset: block &+ baseOffset, as: UInt8.self)) & _KeyText.largestShared
            return Entry(head: head, inHead: min(shared, baseShared), middle: block &+ baseOffset &+ 1 &- baseShared,
                         shared: shared, own: block &+ offset &+ 1, end: end)
        }

        /// The byte at `reference` (a text's number shifted, plus a place in it), 0 past
        /// the text's end.
        @inline(__always)
        subscript(reference: Int) -> UInt8 {
            let entry = entry(reference &>> shift)
            let at = entry.position(reference & ((1 << shift) &- 1))
            // (The head's and the base's bytes lie before the text's own, so below its end;
            // the read is inside the column either way, so the byte is read and then chosen.)
            let byte = bytes.load(fromByteOffset: at, as: UInt8.self)
            return at < entry.end ? byte : 0
        }

        /// Compares the bytes of the key at `reference` with `query`, as many as it has
        /// (a key that ends sooner compares less).
        @inline(__always)
        func comparePrefix(_ reference: Int, _ query: UnsafeBufferPointer<UInt8>) -> Int {
            let entry = entry(reference &>> shift)
            let q = reference & ((1 << shift) &- 1)
            var i = 0
            /// Compares the bytes at `from` + `i` with the query's `i` on, to `stop`.
            @inline(__always) func compare(from: Int, to stop: Int) -> Int {
                while i < stop {
                    let a = bytes.load(fromByteOffset: from &+ i, as: UInt8.self), b = query[i]
                    if a != b { return a < b ? -1 : 1 }
                    i &+= 1
                }
                return 0
            }
            // The bytes the text shares with its head, those it shares with its base, then
            // its own.
            if q < entry.inHead {
                let order = compare(from: entry.head &+ q, to: min(entry.inHead &- q, query.count))
                if order != 0 { return order }
            }
            if q &+ i < entry.shared {
                let order = compare(from: entry.middle &+ q, to: min(entry.shared &- q, query.count))
                if order != 0 { return order }
            }
            let from = entry.own &+ q &- entry.shared
            let order = compare(from: from, to: min(query.count, entry.end &- from))
            if order != 0 { return order }
            return i < query.count ? -1 : 0
        }
    }

    /// Where a text's bytes are in `Buffers.bytes`: byte *q* of it is the head's (`head` +
    /// *q*) below `inHead`, its base's (`middle` + *q*) below `shared`, else its own
    /// (`own` + *q* − `shared`), up to `end`. A text on the head has `inHead == shared`.
    struct Entry {
        let head: Int, inHead: Int, middle: Int, shared: Int, own: Int, end: Int

        /// Where byte `q` of the text is.
        @inline(__always)
        func position(_ q: Int) -> Int {
            q < inHead ? head &+ q : (q < shared ? middle &+ q : own &+ q &- shared)
        }
    }

    /// Whether the columns hold `count` texts in blocks whose starts rise inside the
    /// column, each block's own starts rising from its head, followed by the padding's
    /// zeros: what a loaded index must satisfy before a search reads through it (every
    /// read then stays inside the column, whatever the blocks hold; see
    /// `Buffers.entry(_:)`; the blocks' own starts are checked so that a damaged block
    /// is found rather than read as other texts).
    ///
    /// - Complexity: O(*t* / *b* + *p*) for *t* texts in blocks of *b* and the padding's *p*
    ///   bytes.
    func isConsistent() -> Bool {
        guard (1...32).contains(shift), count >= 0, count < Int(UInt32.max) >> shift,
              starts.count == (count + Self.blockSize - 1) / Self.blockSize + 1,
              let end = starts.buffer.last, Int(end) + Self.padding(shift: shift) == bytes.count,
              starts[0] == 0
        else { return false }
        // (Every start at most the last, found branch-free first: the compiler vectorises it.)
        guard starts.allBelow(Int(end) + 1) else { return false }
        let s = starts.buffer, b = buffers
        for i in 1..<s.count {
            let block = Int(s[i - 1]), length = Int(s[i]) - block
            guard length >= Self.narrowHeader else { return false }
            // (A block's first eight bytes, as one word: all 255 in a wide block; in a
            // narrow one, its seven starts rising from the head's, the last at most its end
            // (as a last block's slots past its texts are) and below 255, then a byte of
            // the head.)
            let word = UInt64(littleEndian: b.bytes.loadUnaligned(fromByteOffset: block, as: UInt64.self))
            if word == UInt64.max {
                guard length > Self.blockSize, Self.wideStartsRise(b, block: block, length: length) else { return false }
                continue
            }
            let last = Int(word >> 48 & 0xFF)
            guard word & 0xFF >= UInt64(Self.narrowHeader), last <= min(length, Self.largestNarrowStart)
            else { return false }
            var rest = word
            for _ in 1..<Self.narrowHeader {
                guard rest & 0xFF <= (rest >> 8) & 0xFF else { return false }
                rest >>= 8
            }
        }
        return bytes.buffer[Int(end)...].allSatisfy { $0 == 0 }
    }

    /// Whether the wide block at `block` (`length` bytes) has its `UInt32` starts rising
    /// from its head, the last at most its end.
    private static func wideStartsRise(_ b: Buffers, block: Int, length: Int) -> Bool {
        var previous = blockSize + wideStarts
        for j in 0..<blockSize {
            let at = block + blockSize + 4 * j
            let start = Int(UInt32(littleEndian: b.bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
            guard j == 0 ? start == previous : start >= previous else { return false }
            previous = start
        }
        return previous <= length
    }

    /// Checks every block's layout (its texts' starts and ends inside it, each text on the
    /// head or on a text before it that is on the head, sharing no more than that text
    /// has, wide only when a start is past 254) and that the texts are distinct and rising.
    /// Traps on a broken invariant.
    func _checkInvariants() {
        precondition(isConsistent())
        var previous: [UInt8]? = nil
        for t in 0..<count {
            let block = t >> Self.blockShift, start = Int(starts[block]), next = Int(starts[block + 1])
            let entry = buffers.entry(t), j = t % Self.blockSize
            let (head, shared, own, end) = (entry.head, entry.shared, entry.own, entry.end)
            let wide = bytes[start] == 255
            let link = j == 0 && !wide ? 0 : Int(bytes[own - 1]), basedOn = link >> Self.baseShift
            precondition(head == start + (wide ? Self.blockSize + Self.wideStarts + 1 : Self.narrowHeader),
                         "text \(t)'s head is wrong")
            precondition(own >= head && own <= end && end <= next, "text \(t) is outside its block")
            precondition(j != 0 || (own == head && link == 0), "a head shares bytes")
            if j != 0 {
                precondition(basedOn < j, "text \(t) is on a later text")
                let base = buffers.entry(t - j + basedOn)
                precondition(basedOn == 0 || Int(bytes[base.own - 1]) >> Self.baseShift == 0,
                             "text \(t) is on a text that is not on the head")
                precondition(shared <= base.shared + base.end - base.own, "text \(t) shares more than its base has")
            }
            if wide {
                // (A text after the head starts as far into a narrow block as into a wide
                // one less the wide one's longer starts and the head's link.)
                let late = (1..<Self.blockSize).contains { j in
                    let at = start + Self.blockSize + 4 * j
                    let slot = UInt32(littleEndian: buffers.bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
                    return Int(slot) - (Self.blockSize + Self.wideStarts + 1 - Self.narrowHeader) > Self.largestNarrowStart
                }
                precondition(late, "block \(block) is wide for no start past \(Self.largestNarrowStart)")
            }
            let text = bytes(of: t)
            precondition(text.count == shared + end - own && !text.contains(0), "text \(t)'s bytes are wrong")
            if let previous { precondition(previous.lexicographicallyPrecedes(text), "texts out of order at \(t)") }
            previous = text
        }
    }
}
