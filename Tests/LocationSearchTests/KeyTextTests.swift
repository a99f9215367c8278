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
        // its starts 8, 22, 32 and five 255s, then 1 "san fernando" 0, 6 "rancisco" 0,
        // 4 "ta fe" 0.
        let end: UInt32 = 8 + 14 + 10 + 7
        #expect(Array(stored.starts.buffer) == [0, end])
        #expect(Array(stored.bytes.buffer.prefix(8)) == [8, 22, 32, 255, 255, 255, 255, 255])
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
        var inside = starts
        inside[1] += 1
        #expect(!consistent(starts: inside), "a block start after a text's first byte, not its 0")
        var padded = bytes
        padded[padded.count - 1] = 1
        #expect(!consistent(bytes: padded), "padding not zero")
        #expect(!consistent(bytes: bytes.dropLast()), "padding short")
        #expect(Array(stored.bytes.buffer.prefix(2)) == [8, UInt8(8 + 1 + stored.bytes(of: 0).count + 1)])
    }

    @Test func readsOfAnyBlocksStayInTheColumn() {
        // Blocks of bytes the builder never writes (no zeros, shared lengths past the head,
        // texts' starts anywhere, in the block's header too):
        // a consistent column is read within its bytes at any reference.
        var generator = SeededGenerator(seed: 11)
        var checked = 0
        defer { #expect(checked >= 25) }
        for _ in 0..<50 {
            let shift = 4, end = Int.random(in: 8...64, using: &generator)
            let count = Int.random(in: 1...16, using: &generator)
            var bytes = (0..<end).map { _ in UInt8.random(in: 1...255, using: &generator) }
            bytes[end - 1] = 0
            let blocks = (count + 7) / 8
            var starts = [UInt32(0)]
            for b in 1..<blocks { starts.append(UInt32(min(end - 1, b * end / blocks))) }
            for b in 1..<starts.count { bytes[Int(starts[b]) - 1] = 0 }
            starts.append(UInt32(end))
            bytes += repeatElement(0, count: _KeyText.padding(shift: shift))
            // (Each block's first 8 bytes any, its last byte left 0.)
            for b in 0..<blocks {
                for i in Int(starts[b])..<min(Int(starts[b]) + 8, Int(starts[b + 1]) - 1) {
                    bytes[i] = .random(in: 0...255, using: &generator)
                }
            }
            let text = _KeyText(bytes: _Column(bytes), starts: _Column(starts), count: count, shift: shift)
            guard text.isConsistent() else { continue }
            checked += 1
            let b = text.buffers
            for t in 0..<count {
                let (head, shared, own) = b.entry(t)
                // The farthest reads: a head's shared bytes, and a text's own from its
                // reference's start (below `1 << shift`; a damaged shared length may be -1).
                #expect(head + max(shared, 0) < bytes.count && own + (1 << shift) + 1 <= bytes.count)
                _ = text.bytes(of: t)
            }
        }
    }
}
