/// The keys' text: the distinct folded names in whole-key order, front-coded in blocks of
/// eight, each text read in place (no decoding into a buffer).
///
/// A block starts with eight bytes, where each of its texts starts in it (the head at 8),
/// a slot past a last block's texts where the block ends. Then each text is one byte, one
/// more than the bytes it shares with the block's first text (its head; at most 254, and
/// none for the head itself), and the rest of its bytes: no terminator, since a text ends
/// where the next one starts (the block's last where the next block starts). Sharing with
/// the head, not with the text before (as Lucene's and `fst`'s front coding do), makes
/// every byte of a text one read: byte *q* of a text that shares *p* bytes is the head's
/// byte *q* below *p*, else its own byte *q* − *p*. For the bundled data's 1,042,470
/// texts (13.48 MB of bytes): 10.56 MB of blocks with their starts, and a 4-byte start a
/// block (0.52 MB). A block in which a start would be past 254 (a few dozen of the bundled
/// data's 130,309, after long texts) is *wide*: its eight bytes are 255, and the starts
/// follow as eight little-endian `UInt32`s, the head at 40 (`Buffers.wideEntry`).
/// (Sharing with the text before takes 1.04 MB less, but reading a byte then walks back
/// through the texts that share it; without the starts in the block, a text was found by a
/// skip over the zeros ending the texts before it, which cost the typo walk 2.5% more
/// instructions; with them in a column of their own, a byte a text, a read touched a third
/// cache line. Until format 37 each text also ended with a 0, 1.04 MB, which the starts
/// make redundant: a read now compares with the text's end instead.)
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
///   in the block and its shared length, the last three most often in one cache line),
///   then the byte.
final class _KeyText: Sendable {
    /// The blocks, one after another, then the padding. A block's first `blockSize` bytes
    /// say where its texts start in it (the byte of each one's shared length: 8 for the
    /// head), or are all 255 in a wide block, whose starts follow as `UInt32`s; a last
    /// block's slots past its texts say where it ends.
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
    /// The largest start a block's bytes hold; a block with a later one is wide.
    static let largestNarrowStart = 254

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
    /// - Complexity: O(*t* + *b*) for *t* bytes of text and *b* bytes shared with heads
    ///   compared.
    private static func blocks(
        _ text: UnsafeBufferPointer<UInt8>, starts textStarts: UnsafeBufferPointer<Int>, shift: Int
    ) -> (bytes: [UInt8], starts: [UInt32]) {
        let count = max(0, textStarts.count - 1), padding = padding(shift: shift)
        let blocks = (count + blockSize - 1) / blockSize
        var starts: [UInt32] = []
        starts.reserveCapacity(blocks + 1)
        // Each text takes at most its bytes in `text` (its shared length's byte for its
        // 0), and each block its starts, eight bytes or, wide, forty.
        let capacity = text.count + blocks * (blockSize + wideStarts) + padding
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { out, initialized in
            guard let base = out.baseAddress, let source = text.baseAddress else {
                starts.append(0)
                out.initialize(repeating: 0)
                initialized = out.count
                return
            }
            // Per text of a block, its shared length and its start in the block (then,
            // past its texts, the block's end).
            var shared = [Int](repeating: 0, count: blockSize), slots = [Int](repeating: 0, count: blockSize + 1)
            var n = 0
            for block in 0..<blocks {
                let first = block * blockSize, texts = min(blockSize, count - first)
                let head = textStarts[first], headLength = textStarts[first + 1] - head - 1
                var end = blockSize
                for j in 0..<texts {
                    let start = textStarts[first + j], length = textStarts[first + j + 1] - start - 1
                    var same = 0
                    if j > 0 {
                        let most = min(largestNarrowStart, headLength, length)
                        while same < most && source[head + same] == source[start + same] { same += 1 }
                    }
                    (shared[j], slots[j]) = (same, end)
                    end += 1 + length - same
                }
                for j in texts...blockSize { slots[j] = end }
                let wide = slots[..<blockSize].contains { $0 > largestNarrowStart }
                let header = wide ? wideStarts : 0
                starts.append(UInt32(n))
                if wide {
                    (base + n).initialize(repeating: 255, count: blockSize)
                    for j in 0..<blockSize {
                        let start = UInt32(slots[j] + header).littleEndian, at = n + blockSize + 4 * j
                        UnsafeMutableRawPointer(base).storeBytes(of: start, toByteOffset: at, as: UInt32.self)
                    }
                } else {
                    for j in 0..<blockSize { base[n + j] = UInt8(slots[j]) }
                }
                n += blockSize + header
                for j in 0..<texts {
                    let start = textStarts[first + j], length = textStarts[first + j + 1] - start - 1
                    base[n] = UInt8(shared[j] + 1)
                    // Its own bytes, without the 0 after them.
                    (base + n + 1).initialize(from: source + start + shared[j], count: length - shared[j])
                    n += length - shared[j] + 1
                }
            }
            starts.append(UInt32(n))
            (base + n).initialize(repeating: 0, count: padding)
            initialized = n + padding
        }
        return (bytes, starts)
    }

    /// The bits a reference needs below its text's number, for texts of at most `longest`
    /// bytes: a key's start and its end fit in them.
    static func shift(longest: Int) -> Int { _PackedWords.bits(toHold: longest) }

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

        /// Where text `t`'s bytes are: its block's head, how many of its bytes are the
        /// head's, where its own bytes start (the head, for a head) and where they end.
        ///
        /// In any column that passed `isConsistent`, every read below a text's end stays
        /// inside it, whatever its blocks hold: a text's start and end are at most 255
        /// bytes past its block's start (in a wide block, clamped to the block), or the
        /// next block's start; a head is at most 41 bytes past its block's start, and a
        /// shared length at most 254; a reference's start is below `1 << shift`, and the
        /// padding is longer than all of these.
        @inline(__always)
        func entry(_ t: Int) -> (head: Int, shared: Int, own: Int, end: Int) {
            let b = t &>> _KeyText.blockShift, j = t & (_KeyText.blockSize - 1)
            let block = Int(starts[b])
            let offset = Int(bytes.load(fromByteOffset: block &+ j, as: UInt8.self))
            if offset == 255 { return wideEntry(j, block: block, next: Int(starts[b &+ 1])) }
            let end = j == _KeyText.blockSize &- 1
                ? Int(starts[b &+ 1]) : block &+ Int(bytes.load(fromByteOffset: block &+ j &+ 1, as: UInt8.self))
            let shared = Int(bytes.load(fromByteOffset: block &+ offset, as: UInt8.self)) &- 1
            return (block &+ _KeyText.blockSize &+ 1, shared, block &+ offset &+ 1, end)
        }

        /// `entry(_:)` for text `j` of the wide block at `block`, the next starting at
        /// `next`: its starts read from the block's `UInt32`s, each clamped to the block.
        @inline(never)
        func wideEntry(_ j: Int, block: Int, next: Int) -> (head: Int, shared: Int, own: Int, end: Int) {
            let length = max(next &- block, 0)
            func start(_ i: Int) -> Int {
                let at = block &+ _KeyText.blockSize &+ 4 &* i
                return min(Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))), length)
            }
            let offset = start(j), end = j == _KeyText.blockSize &- 1 ? next : block &+ start(j &+ 1)
            let shared = Int(bytes.load(fromByteOffset: block &+ offset, as: UInt8.self)) &- 1
            return (block &+ _KeyText.blockSize &+ _KeyText.wideStarts &+ 1, shared, block &+ offset &+ 1, end)
        }

        /// The byte at `reference` (a text's number shifted, plus a place in it), 0 past
        /// the text's end.
        @inline(__always)
        subscript(reference: Int) -> UInt8 {
            let (head, shared, own, end) = entry(reference &>> shift)
            let q = reference & ((1 << shift) &- 1)
            // (A head's bytes lie before the text's own, so below its end; the read is
            // inside the column either way, so the byte is read and then chosen.)
            let at = q < shared ? head &+ q : own &+ q &- shared
            let byte = bytes.load(fromByteOffset: at, as: UInt8.self)
            return at < end ? byte : 0
        }

        /// Compares the bytes of the key at `reference` with `query`, as many as it has
        /// (a key that ends sooner compares less).
        @inline(__always)
        func comparePrefix(_ reference: Int, _ query: UnsafeBufferPointer<UInt8>) -> Int {
            let (head, shared, own, end) = entry(reference &>> shift)
            let q = reference & ((1 << shift) &- 1)
            var i = 0
            if q < shared {
                // The bytes the text shares with its head, then its own.
                let inHead = min(shared &- q, query.count), from = head &+ q
                while i < inHead {
                    let a = bytes.load(fromByteOffset: from &+ i, as: UInt8.self), b = query[i]
                    if a != b { return a < b ? -1 : 1 }
                    i &+= 1
                }
            }
            let from = own &+ q &- shared, ownEnd = min(query.count, end &- from)
            while i < ownEnd {
                let a = bytes.load(fromByteOffset: from &+ i, as: UInt8.self), b = query[i]
                if a != b { return a < b ? -1 : 1 }
                i &+= 1
            }
            return i < query.count ? -1 : 0
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
            guard length > Self.blockSize else { return false }
            // (A block's eight starts, as one word: rising from its head, the last at most
            // its end, as a last block's slots past its texts are.)
            let word = UInt64(littleEndian: b.bytes.loadUnaligned(fromByteOffset: block, as: UInt64.self))
            if word == UInt64.max {
                guard Self.wideStartsRise(b, block: block, length: length) else { return false }
                continue
            }
            guard word & 0xFF == UInt64(Self.blockSize), Int(word >> 56) <= length else { return false }
            var rest = word
            for _ in 1..<Self.blockSize {
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

    /// Checks every block's layout (its texts' starts and ends inside it, shared lengths
    /// within the head, wide only when a start is past 254) and that the texts are
    /// distinct and rising. Traps on a broken invariant.
    func _checkInvariants() {
        precondition(isConsistent())
        var previous: [UInt8]? = nil
        for t in 0..<count {
            let block = t >> Self.blockShift, start = Int(starts[block]), next = Int(starts[block + 1])
            let (head, shared, own, end) = buffers.entry(t)
            let wide = bytes[start] == 255
            precondition(head == start + Self.blockSize + (wide ? Self.wideStarts : 0) + 1, "text \(t)'s head is wrong")
            precondition(own >= head && own <= end && end <= next, "text \(t) is outside its block")
            precondition(t % Self.blockSize != 0 || (own == head && shared == 0), "a head shares bytes")
            if t % Self.blockSize != 0 {
                let headEnd = buffers.entry(t - t % Self.blockSize).end
                precondition(shared >= 0 && shared <= headEnd - head, "text \(t) shares more than its head")
            }
            if wide {
                let late = (0..<Self.blockSize).contains { j in
                    let at = start + Self.blockSize + 4 * j
                    let slot = UInt32(littleEndian: buffers.bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
                    return Int(slot) - Self.wideStarts > Self.largestNarrowStart
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
