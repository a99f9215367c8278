/// The keys' text: the distinct folded names in whole-key order, front-coded in blocks of
/// eight, each text read in place (no decoding into a buffer).
///
/// A block starts with eight bytes, where each of its texts starts in it (the head at 8;
/// 255 for a text 255 bytes or more in, found by a skip over the zeros before it), so that
/// finding a text reads its block's first cache line, not a column of its own. Then each
/// text is one byte, one more than the bytes it shares with the block's first text (its
/// head; at most 254, and none for the head itself), the rest of its bytes and a 0. Sharing with the head,
/// not with the text before (as Lucene's and `fst`'s front coding do), makes every byte
/// of a text one read: byte *q* of a text that shares *p* bytes is the head's byte *q*
/// below *p*, else its own byte *q* − *p*. For the bundled data's 1,042,470 texts (14.52
/// MB with their terminators): 11.60 MB of blocks with their starts, and a 4-byte start a block
/// (0.52 MB). (Sharing with the text before takes 9.15 MB, but reading a byte then walks
/// back through the texts that share it; without the starts in the block, a text is found
/// by a skip over the zeros before it, which cost the typo walk 2.5% more instructions;
/// with them in a column of their own, a byte a text, a read touched a third cache line.)
///
/// A key is a *reference*: its text's number shifted left by `shift` bits, plus where the
/// key starts in the text (0 for a whole-name key, a word's start for a word key). So a
/// key's byte *d* is the byte at reference + *d*, as it was at offset + *d* in a plain
/// text: `shift` bits hold the longest name's length, and reads stop at a text's 0.
///
/// The column ends with zeros, `padding(shift:)` of them, enough that a read at any
/// reference, even in a damaged or hand-made file whose blocks hold other bytes than the
/// builder writes, stays inside the column (see `Buffers.entry(_:)`); the load checks the
/// block starts, the padding and every block's last byte.
///
///     let text = _KeyText(texts: [Array("san fernando".utf8), Array("san francisco".utf8)], shift: 4)
///     text.bytes(of: 1)   // "san francisco": the head's "san f", then "rancisco"
///
/// A class, like `_KeyOffsets`: it is held by every search and walk.
///
/// - Complexity: a text's byte in O(1): three reads (its block's start, its start in the
///   block and its shared length, the last two most often in one cache line), then the byte.
final class _KeyText: Sendable {
    /// The blocks, one after another, then the padding. A block's first `blockSize` bytes
    /// say where its texts start in it (the byte of each one's shared length: 8 for the
    /// head), or 255 from there on (the text is then found by a skip over the zeros before
    /// it: 73 of the bundled data's 130,309 blocks have such a text); a last block's slots
    /// past its texts hold 255.
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

    init(bytes: _Column<UInt8>, starts: _Column<UInt32>, count: Int, shift: Int) {
        self.bytes = bytes
        self.starts = starts
        self.count = count
        self.shift = shift
    }

    /// The zeros after the blocks for references of `shift` bits: a read past a text's
    /// end goes at most a reference's start and a text's 255-byte start in its block past
    /// the start of the padding (plus the 16 bytes a skip may run into it).
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
        // Each text takes a byte more than in `text` at most (its shared length, then at
        // least its 0), and each block its texts' starts.
        let capacity = text.count + count + blocks * blockSize + padding
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { out, initialized in
            guard let base = out.baseAddress, let source = text.baseAddress else {
                starts.append(0)
                out.initialize(repeating: 0)
                initialized = out.count
                return
            }
            var n = 0, head = 0, headLength = 0, block = 0
            for t in 0..<count {
                let start = textStarts[t], length = textStarts[t + 1] - start - 1
                var shared = 0
                if t & (blockSize - 1) == 0 {
                    (block, head, headLength) = (n, start, length)
                    starts.append(UInt32(n))
                    (base + n).initialize(repeating: 255, count: blockSize)
                    base[n] = UInt8(blockSize)
                    n += blockSize
                } else {
                    let most = min(254, headLength, length)
                    while shared < most && source[head + shared] == source[start + shared] { shared += 1 }
                    base[block + t & (blockSize - 1)] = UInt8(min(n - block, 255))
                }
                base[n] = UInt8(shared + 1)
                // Its own bytes and its 0.
                (base + n + 1).initialize(from: source + start + shared, count: length - shared + 1)
                n += length - shared + 2
            }
            starts.append(UInt32(n))
            (base + n).initialize(repeating: 0, count: padding)
            initialized = n + padding
        }
        return (bytes, starts)
    }

    /// The bits a reference needs below its text's number, for texts of at most `longest`
    /// bytes: a key's start and every read up to its 0 fit in them.
    static func shift(longest: Int) -> Int { _PackedWords.bits(toHold: longest) }

    /// The bytes of text `t` (below `count`), without its 0.
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
        /// head's, and where its own bytes start (the head, for a head).
        ///
        /// In any column that passed `isConsistent`, every read stays inside it: a block's
        /// starts are its first 8 bytes, a text starts at most 255 bytes past its block's
        /// start, or the skip ends at the latest
        /// in the padding's first 16 bytes (each step reads 8 bytes and the padding has
        /// more than 7 zeros); a shared length is at most 254 bytes past a head and a
        /// reference's start at most `1 << shift` past its text.
        @inline(__always)
        func entry(_ t: Int) -> (head: Int, shared: Int, own: Int) {
            let block = Int(starts[t &>> _KeyText.blockShift]), j = t & (_KeyText.blockSize - 1)
            let offset = Int(bytes.load(fromByteOffset: block &+ j, as: UInt8.self))
            if offset == 255 { return skip(to: j, from: block) }
            let shared = Int(bytes.load(fromByteOffset: block &+ offset, as: UInt8.self)) &- 1
            return (block &+ _KeyText.blockSize &+ 1, shared, block &+ offset &+ 1)
        }

        /// `entry(_:)` for text `j` of the block at `block`, found by a skip over the zeros
        /// before it.
        @inline(never)
        func skip(to j: Int, from block: Int) -> (head: Int, shared: Int, own: Int) {
            let head = block &+ _KeyText.blockSize &+ 1
            if j == 0 { return (head, 0, head) }
            // The j-th 0 after the block's starts ends the text before.
            var p = block &+ _KeyText.blockSize, n = j
            while true {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: p, as: UInt64.self))
                let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                // Each zero byte's top bit (exactly: no carries between bytes).
                var zeros = ~(((word & low) &+ low) | word) & ~low
                while zeros != 0 {
                    n &-= 1
                    if n == 0 {
                        let at = p &+ zeros.trailingZeroBitCount &>> 3 &+ 1
                        let shared = Int(bytes.load(fromByteOffset: at, as: UInt8.self)) &- 1
                        return (head, shared, at &+ 1)
                    }
                    zeros &= zeros &- 1
                }
                p &+= 8
            }
        }

        /// The byte at `reference` (a text's number shifted, plus a place in it).
        @inline(__always)
        subscript(reference: Int) -> UInt8 {
            let (head, shared, own) = entry(reference &>> shift)
            let q = reference & ((1 << shift) &- 1)
            return bytes.load(fromByteOffset: q < shared ? head &+ q : own &+ q &- shared, as: UInt8.self)
        }

        /// Compares the bytes of the key at `reference` with `query`, as many as it has
        /// (a key that ends sooner compares less: no query byte is 0).
        @inline(__always)
        func comparePrefix(_ reference: Int, _ query: UnsafeBufferPointer<UInt8>) -> Int {
            let (head, shared, own) = entry(reference &>> shift)
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
            let from = own &+ q &- shared
            while i < query.count {
                let a = bytes.load(fromByteOffset: from &+ i, as: UInt8.self), b = query[i]
                if a != b { return a < b ? -1 : 1 }
                i &+= 1
            }
            return 0
        }
    }

    /// Whether the columns hold `count` texts in blocks whose starts rise inside the
    /// column, each ending with a 0, followed by the padding's zeros: what a loaded
    /// index must satisfy before a search reads through it (every read then stays inside
    /// the column, whatever the blocks hold; see `Buffers.entry(_:)`).
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
        let s = starts.buffer, b = bytes.buffer
        // (Rising starts, each block at least a byte and ending with its 0.)
        for i in 1..<s.count where s[i] <= s[i - 1] || b[Int(s[i]) - 1] != 0 { return false }
        return b[Int(end)...].allSatisfy { $0 == 0 }
    }

    /// Checks every block's layout (its texts' zeros, shared lengths within the head)
    /// and that the texts are distinct and rising. Traps on a broken invariant.
    func _checkInvariants() {
        precondition(isConsistent())
        var previous: [UInt8]? = nil
        for t in 0..<count {
            let block = t >> Self.blockShift, start = Int(starts[block])
            let (head, shared, own) = buffers.entry(t)
            precondition(own > start + Self.blockSize && own < Int(starts[block + 1])
                            && head == start + Self.blockSize + 1,
                         "text \(t) is outside its block")
            let offset = Int(bytes[start + t % Self.blockSize])
            precondition(offset == 255 ? own - start > 255 : own == start + offset + 1, "text \(t)'s start is wrong")
            precondition(t % Self.blockSize != 0 || (offset == Self.blockSize && shared == 0), "a head shares bytes")
            if t % Self.blockSize != 0 {
                var headLength = 0
                while bytes[head + headLength] != 0 { headLength += 1 }
                precondition(shared >= 0 && shared <= headLength, "text \(t) shares more than its head")
            }
            let text = bytes(of: t)
            if let previous { precondition(previous.lexicographicallyPrecedes(text), "texts out of order at \(t)") }
            previous = text
        }
    }
}
