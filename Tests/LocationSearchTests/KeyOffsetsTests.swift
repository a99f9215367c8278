import Testing
@testable import LocationSearch

@Suite("Key offsets", .holdsItsThread)
struct KeyOffsetsTests {
    @Test("Rising offsets are stored in blocks and come back", arguments: [0, 1, 63, 64, 65, 1_000])
    func risingOffsetsComeBack(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count) + 7)
        var offsets: [UInt32] = []
        var offset: UInt32 = 0
        for _ in 0..<count {
            offsets.append(offset)
            offset += UInt32.random(in: 0...300, using: &generator)  // a name's length, or 0 for a repeated one
        }
        let stored = _KeyOffsets(offsets)
        #expect(stored.shift == _KeyOffsets.blockShift)
        #expect(stored.count == count && stored.delta.count == count)
        #expect(offsets.indices.allSatisfy { stored[$0] == Int(offsets[$0]) && stored.buffers[$0] == Int(offsets[$0]) })
        #expect(stored.isConsistent(below: Int(offsets.last ?? 0) + 1))
    }

    @Test func offsetsInNoOrderAreStoredAsTheyAre() {
        // Word keys: each inside its name, anywhere in the text.
        let offsets: [UInt32] = [90_000, 3, 70_001, 12, 0]
        let stored = _KeyOffsets(offsets)
        #expect(stored.shift == 0 && stored.delta.isEmpty)
        #expect(stored.count == offsets.count && stored.buffers.count == offsets.count)
        #expect(offsets.indices.allSatisfy { stored[$0] == Int(offsets[$0]) && stored.buffers[$0] == Int(offsets[$0]) })
        #expect(stored.isConsistent(below: 90_001))
        #expect(!stored.isConsistent(below: 90_000), "an offset past the text")
    }

    @Test func damagedOffsetsAreNotConsistent() {
        let stored = _KeyOffsets([0, 4, 9, 9, 15])
        #expect(stored.shift == 6 && stored.isConsistent(below: 16))
        #expect(!stored.isConsistent(below: 15), "the last offset is past the text")
        #expect(!_KeyOffsets(base: stored.base, delta: stored.delta, shift: 5).isConsistent(below: 16))
        #expect(!_KeyOffsets(base: stored.base, delta: stored.delta, shift: 0).isConsistent(below: 16))
        #expect(!_KeyOffsets(base: _Column([]), delta: stored.delta, shift: 6).isConsistent(below: 16))
        #expect(!_KeyOffsets(base: _Column([1]), delta: stored.delta, shift: 6).isConsistent(below: 16))
        #expect(!_KeyOffsets(base: stored.base, delta: _Column([0, 4, 9, 9, 0xFFFF]), shift: 6)
            .isConsistent(below: 16))
    }
}
