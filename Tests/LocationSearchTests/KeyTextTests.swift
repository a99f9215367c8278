import Testing
@testable import LocationSearch

@Suite("Key text", .holdsItsThread)
struct KeyTextTests {
    /// `count` rising, distinct texts of random lowercase words, sharing prefixes.
    static func texts(_ count: Int, seed: UInt64) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        var set = Set<[UInt8]>()
        while set.count < count {
            let length = Int.random(in: 1...40, using: &generator)
            set.insert((0..<length).map { _ in
                Int.random(in: 0..<8, using: &generator) == 0 ? 0x20 : UInt8.random(in: 0x61...0x63, using: &generator)
            })
        }
        return set.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test("Texts come back, byte by byte and whole", arguments: [0, 1, 7, 8, 9, 64, 1_000])
    func textsComeBack(count: Int) {
        let texts = Self.texts(count, seed: UInt64(count) + 3)
        let stored = _KeyText(texts: texts, shift: 6)
        #expect(stored.count == count && stored.isConsistent())
        stored._checkInvariants()
        let b = stored.buffers
        for (t, text) in texts.enumerated() {
            #expect(stored.bytes(of: t) == text)
            for q in 0...text.count { #expect(b[t << 6 | q] == (q < text.count ? text[q] : 0)) }
        }
    }

    @Test func keysCompareByTheirBytesFromTheirStart() {
        let texts = [Array("san fernando".utf8), Array("san francisco".utf8), Array("santa fe".utf8)]
        let stored = _KeyText(texts: texts, shift: 5), b = stored.buffers
        func compare(_ reference: Int, _ query: String) -> Int {
            Array(query.utf8).withUnsafeBufferPointer { b.comparePrefix(reference, $0) }
        }
        #expect(compare(1 << 5, "san fr") == 0 && compare(1 << 5, "san fe") > 0 && compare(1 << 5, "san g") < 0)
        #expect(compare(1 << 5 | 4, "francisco") == 0 && compare(1 << 5 | 4, "francisco x") < 0)
        #expect(compare(2 << 5 | 6, "fe") == 0 && compare(0 << 5 | 4, "fernan") == 0)
        // The second text shares "san f" with its head, the third "san": one block of
        // the second's and third's starts 19, 28 and five of its end, 34, then "san
        // fernando" (the head, with no link), 1 "rancisco", 4 "ta fe", no 0 after any.
        let end: UInt32 = 7 + 12 + 9 + 6
        #expect(Array(stored.starts.buffer) == [0, end])
        #expect(Array(stored.bytes.buffer.prefix(8)) == [19, 28, 34, 34, 34, 34, 34, 0x73])
        #expect(stored.bytes[19] == 5 && stored.bytes[28] == 3)
        // A key compares less than a query that goes on past its end, as far as it goes.
        #expect(compare(0, "san fernando") == 0 && compare(0, "san fernandoa") < 0)
        #expect(compare(1 << 5, "san francisco") == 0 && compare(1 << 5, "san francisco ") < 0)
        #expect(compare(2 << 5, "santa fe") == 0 && compare(2 << 5, "santa fea") < 0)
        // Its bytes are 0 from its end on.
        #expect(b[0 << 5 | 12] == 0 && b[1 << 5 | 13] == 0 && b[2 << 5 | 8] == 0 && b[1 << 5 | 12] == 0x6F)
    }

    @Test func aTextSharesWithTheTextOnTheHeadThatSharesMost() {
        // "bcd y" shares "bcd " with "bcd x" (which is on the head, sharing nothing with
        // it) and nothing with the head; "bcd yz" shares "bcd y" with "bcd y", which is
        // on "bcd x", not on the head, so it is on "bcd x" too, sharing "bcd ".
        let texts = ["aaa", "bcd x", "bcd y", "bcd yz", "bce"].map { Array($0.utf8) }
        let stored = _KeyText(texts: texts, shift: 4), b = stored.buffers
        stored._checkInvariants()
        func link(_ t: Int) -> UInt8 { stored.bytes[b.entry(t).own - 1] }
        // (The head has no link: its bytes follow the block's seven starts.)
        #expect(b.entry(0).own == 7 && b.entry(0).head == 7 && b.entry(0).shared == 0)
        #expect([link(1), link(2), link(3), link(4)] == [0, 1 << 5 | 4, 1 << 5 | 4, 1 << 5 | 2])
        for (t, text) in texts.enumerated() {
            #expect(stored.bytes(of: t) == text)
            for q in 0...text.count { #expect(b[t << 4 | q] == (q < text.count ? text[q] : 0)) }
            var copied = [UInt8](repeating: 0, count: 16)
            #expect(copied.withUnsafeMutableBufferPointer { b.copy(text: t, into: $0.baseAddress!, limit: 16) } == text.count)
            #expect(Array(copied.prefix(text.count)) == text)
        }
        func compare(_ reference: Int, _ query: String) -> Int {
            Array(query.utf8).withUnsafeBufferPointer { b.comparePrefix(reference, $0) }
        }
        #expect(compare(3 << 4, "bcd yz") == 0 && compare(3 << 4, "bcd y") == 0 && compare(3 << 4, "bcd yy") > 0)
        #expect(compare(3 << 4, "bcd z") < 0 && compare(3 << 4 | 2, "d yz") == 0 && compare(3 << 4 | 4, "yza") < 0)
        #expect(compare(2 << 4 | 1, "cd y") == 0 && compare(2 << 4 | 1, "cd x") > 0 && compare(4 << 4, "bcd") > 0)
    }

    @Test("Blocks with a start past 254 are wide, and read alike", arguments: [1, 7, 8, 9, 17, 40])
    func wideBlocks(count: Int) {
        // Texts of 40 to 80 bytes sharing little: most blocks go past 254 bytes, a short
        // last one too when its texts are long.
        var generator = SeededGenerator(seed: UInt64(count))
        var set = Set<[UInt8]>()
        while set.count < count {
            set.insert((0..<Int.random(in: 40...80, using: &generator)).map { _ in
                UInt8.random(in: 0x61...0x7A, using: &generator)
            })
        }
        let texts = set.sorted { $0.lexicographicallyPrecedes($1) }
        let stored = _KeyText(texts: texts, shift: 7), b = stored.buffers
        #expect(stored.isConsistent())
        stored._checkInvariants()
        var wide = 0
        for block in 0..<stored.starts.count - 1 {
            let start = Int(stored.starts[block]), texts = min(8, count - 8 * block)
            // Wide exactly when a text (or, past a last block's texts, its end) starts
            // past 254 bytes into the block: its starts' bytes all 255, the head at 40.
            let end = Int(stored.starts[block + 1]) - start
            let isWide = (0..<8).contains { j in (j < texts ? b.entry(8 * block + j).own - 1 : end) - start > 254 }
            #expect((stored.bytes[start] == 255) == isWide)
            if isWide {
                wide += 1
                #expect(stored.bytes.buffer[start..<start + 8].allSatisfy { $0 == 255 } && b.entry(8 * block).head == start + 41)
            }
        }
        #expect(wide > 0 || count < 7)
        for (t, text) in texts.enumerated() {
            #expect(stored.bytes(of: t) == text)
            for q in 0...text.count { #expect(b[t << 7 | q] == (q < text.count ? text[q] : 0)) }
            #expect(text.withUnsafeBufferPointer { b.comparePrefix(t << 7, $0) } == 0)
            #expect((text + [0x61]).withUnsafeBufferPointer { b.comparePrefix(t << 7, $0) } < 0)
            let copied = [UInt8](unsafeUninitializedCapacity: 128) { out, n in
                n = b.copy(text: t, into: out.baseAddress!, limit: 128)
            }
            #expect(copied == text)
        }
    }

    @Test func damagedBlocksAreNotConsistent() {
        let stored = _KeyText(texts: Self.texts(20, seed: 5), shift: 6)
        let bytes = Array(stored.bytes.buffer), starts = Array(stored.starts.buffer)
        func consistent(bytes: [UInt8] = bytes, starts: [UInt32] = starts, count: Int = 20, shift: Int = 6) -> Bool {
            _KeyText(bytes: _Column(bytes), starts: _Column(starts), count: count, shift: shift).isConsistent()
        }
        #expect(consistent())
        #expect(!consistent(count: 25), "more texts than blocks")
        #expect(!consistent(shift: 0) && !consistent(shift: 33) && !consistent(shift: 7), "other start bits")
        var falling = starts
        falling[2] = falling[1]
        #expect(!consistent(starts: falling), "a block with no bytes")
        var notZero = starts
        notZero[0] = 1
        #expect(!consistent(starts: notZero), "a first block not at the start")
        var short = starts
        short[1] = short[2] - 6
        #expect(!consistent(starts: short), "a block shorter than its seven starts")
        var early = bytes
        early[Int(starts[1])] = 6
        #expect(!consistent(bytes: early), "a block's second text starting in its starts")
        var late = bytes
        late[Int(starts[1]) + 6] = UInt8(starts[2] - starts[1] + 1)
        #expect(!consistent(bytes: late), "a block's last start past its end")
        var falls = bytes
        falls[Int(starts[1]) + 3] = falls[Int(starts[1]) + 2] - 1
        #expect(!consistent(bytes: falls), "a block's starts falling")
        var notWide = bytes
        notWide.replaceSubrange(Int(starts[1])..<Int(starts[1]) + 8, with: repeatElement(255, count: 8))
        #expect(!consistent(bytes: notWide), "a block marked wide whose starts are not a wide block's")
        var padded = bytes
        padded[padded.count - 1] = 1
        #expect(!consistent(bytes: padded), "padding not zero")
        #expect(!consistent(bytes: bytes.dropLast()), "padding short")
        #expect(Array(stored.bytes.buffer.prefix(2)) == [UInt8(7 + stored.bytes(of: 0).count), stored.bytes[1]])
        #expect(stored.bytes[1] == UInt8(7 + stored.bytes(of: 0).count + 1 + stored.buffers.entry(1).end - stored.buffers.entry(1).own))
    }

    @Test func readsOfAnyBlocksStayInTheColumn() {
        // Blocks of bytes the builder never writes (links to later texts or past the texts,
        // shared lengths past the base, texts' starts anywhere, falling, or wide, with any
        // `UInt32` starts): a consistent column
        // is read within its bytes at any reference, and so is any column whose starts
        // alone are consistent, as every read is bounded by them and the padding.
        var generator = SeededGenerator(seed: 11)
        var wideRounds = 0
        defer { #expect(wideRounds >= 25) }
        for round in 0..<200 {
            let shift = 4, end = Int.random(in: 8...96, using: &generator)
            let count = Int.random(in: 1...16, using: &generator)
            var bytes = (0..<end).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let blocks = (count + 7) / 8
            var starts = [UInt32(0)]
            for b in 1..<blocks { starts.append(UInt32(min(end - 1, b * end / blocks))) }
            starts.append(UInt32(end))
            bytes += repeatElement(0, count: _KeyText.padding(shift: shift))
            // Some blocks wide, with starts of any size.
            for b in 0..<blocks where round % 3 == 0 && Int(starts[b + 1]) - Int(starts[b]) >= 8 {
                for i in Int(starts[b])..<Int(starts[b]) + 8 { bytes[i] = 255 }
                wideRounds += b == 0 ? 1 : 0
            }
            let text = _KeyText(bytes: _Column(bytes), starts: _Column(starts), count: count, shift: shift)
            let b = text.buffers
            for t in 0..<count {
                let entry = b.entry(t)
                // The farthest reads: the head's bytes below `inHead`, the base's from its
                // own start below `shared`, a text's own from its reference's start (below
                // `1 << shift`), and its link's byte.
                #expect(entry.head >= 0 && entry.head + entry.inHead < bytes.count && entry.own >= 1)
                #expect(entry.inHead == entry.shared
                        || (entry.middle + entry.inHead >= 0 && entry.middle + entry.shared < bytes.count))
                #expect(entry.own + (1 << shift) + 1 <= bytes.count && entry.end <= bytes.count)
                for q in 0..<(1 << shift) { _ = b[t << shift | q] }
                _ = text.bytes(of: t)
            }
        }
    }
}
