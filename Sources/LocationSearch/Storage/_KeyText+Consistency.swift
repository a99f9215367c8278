/// What a loaded `_KeyText` must satisfy before it is read, and the build's own checks.
extension _KeyText {
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
