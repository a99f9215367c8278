import Testing
@testable import LocationSearch

@Suite("Key offsets", .holdsItsThread)
struct KeyOffsetsTests {
    @Test("Rising offsets are stored in blocks and come back", arguments: [0, 1, 15, 16, 17, 63, 64, 65, 1_000])
    func risingOffsetsComeBack(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count) + 7)
        var offsets: [UInt32] = []
        var offset: UInt32 = 0
        for _ in 0..<count {
            offsets.append(offset)
            offset += UInt32.random(in: 0...300, using: &generator)  // a name's length, or 0 for a repeated one
        }
        let stored = _KeyOffsets(offsets)
        if count >= 1_000 { #expect(_KeyOffsets.blockShifts.contains(stored.shift)) }
        #expect(stored.count == count && stored.buffers.count == count)
        #expect(stored.delta.count == _KeyOffsets.deltaBytes(count, bits: stored.bits))
        #expect(offsets.indices.allSatisfy { stored[$0] == Int(offsets[$0]) && stored.buffers[$0] == Int(offsets[$0]) })
        #expect(stored.isConsistent(below: Int(offsets.last ?? 0) + 1))
    }

    @Test func theLayoutOfFewestBytesIsChosen() {
        // 1,024 keys 10 bytes apart: blocks of 32 span 310 (9 bits): 1,152 + 128 bytes,
        // as few as blocks of 16 (8 bits, 1,024 + 256; ties go to the larger blocks), fewer
        // than 128's (11 bits, 1,408 + 32) and one block's (14 bits, 1,792 + 4).
        let offsets = (0..<1_024).map { UInt32($0 * 10) }
        let stored = _KeyOffsets(offsets)
        #expect(stored.shift == 5 && stored.bits == 9 && stored.base.count == 32)
        #expect(offsets.indices.allSatisfy { stored[$0] == Int(offsets[$0]) })
    }

    @Test func offsetsInNoOrderAreStoredAsOneBlock() {
        // Word keys: each inside its name, anywhere in the text.
        let offsets: [UInt32] = [90_000, 3, 70_001, 12, 0, 16_777_215, 5]
        let stored = _KeyOffsets(offsets)
        #expect(stored.shift == _KeyOffsets.plainShift && stored.base.count == 1 && stored.bits == 24)
        #expect(stored.count == offsets.count && stored.buffers.count == offsets.count)
        #expect(offsets.indices.allSatisfy { stored[$0] == Int(offsets[$0]) && stored.buffers[$0] == Int(offsets[$0]) })
        #expect(stored.isConsistent(below: 16_777_216))
        #expect(!stored.isConsistent(below: 16_777_215), "an offset past the text")
    }

    @Test func offsetsOf32BitsComeBack() {
        let offsets: [UInt32] = [UInt32.max - 1, 0, 1 << 31, 7]
        let stored = _KeyOffsets(offsets)
        #expect(stored.bits == 32)
        #expect(offsets.indices.allSatisfy { stored[$0] == Int(offsets[$0]) })
        #expect(stored.isConsistent(below: Int(UInt32.max)))
    }

    @Test func damagedOffsetsAreNotConsistent() {
        let stored = _KeyOffsets([0, 4, 9, 9, 15])
        let (base, delta, bits, shift) = (stored.base, stored.delta, stored.bits, stored.shift)
        #expect(stored.isConsistent(below: 16))
        #expect(!stored.isConsistent(below: 15), "the last offset is past the text")
        #expect(!_KeyOffsets(base: base, delta: delta, bits: bits, shift: 0, count: 5).isConsistent(below: 16))
        #expect(!_KeyOffsets(base: base, delta: delta, bits: bits, shift: 33, count: 5).isConsistent(below: 16))
        #expect(!_KeyOffsets(base: base, delta: delta, bits: bits + 1, shift: shift, count: 5).isConsistent(below: 16))
        #expect(!_KeyOffsets(base: base, delta: delta, bits: 33, shift: shift, count: 5).isConsistent(below: 16))
        #expect(!_KeyOffsets(base: base, delta: delta, bits: bits, shift: shift, count: 7).isConsistent(below: 16))
        #expect(!_KeyOffsets(base: _Column([]), delta: delta, bits: bits, shift: shift, count: 5)
            .isConsistent(below: 16))
        #expect(!_KeyOffsets(base: _Column([1]), delta: delta, bits: bits, shift: shift, count: 5)
            .isConsistent(below: 16))
    }
}
