import Testing
@testable import LocationSearch

@Suite("Key offsets", .holdsItsThread)
struct KeyOffsetsTests {
    @Test("Rising text numbers are stored in blocks and come back as references", arguments: [0, 1, 63, 64, 65, 1_000])
    func risingTextNumbersComeBack(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count) + 7)
        var numbers: [UInt32] = []
        var number: UInt32 = 0
        for _ in 0..<count {
            numbers.append(number)
            number += UInt32.random(in: 0...1, using: &generator)  // the next text, or the same for a repeated name
        }
        let stored = _KeyOffsets(textNumbers: numbers, refShift: 9)
        #expect(stored.shift == _KeyOffsets.blockShift)
        #expect(stored.count == count && stored.delta.count == count)
        #expect(numbers.indices.allSatisfy {
            stored[$0] == Int(numbers[$0]) << 9 && stored.buffers[$0] == Int(numbers[$0]) << 9
        })
        #expect(stored.isConsistent(textCount: Int(numbers.last ?? 0) + 1, refShift: 9))
        #expect(!stored.isConsistent(textCount: Int(numbers.last ?? 0) + 1, refShift: 8), "another shift")
    }

    @Test func referencesInNoOrderAreStoredAsTheyAre() {
        // Word keys: each inside its name's text.
        let references: [UInt32] = [90_000 << 4 | 3, 3, 70_001 << 4, 12 << 4 | 15, 0]
        let stored = _KeyOffsets(references: references, refShift: 4)
        #expect(stored.shift == 0 && stored.delta.isEmpty)
        #expect(stored.count == references.count && stored.buffers.count == references.count)
        #expect(references.indices.allSatisfy {
            stored[$0] == Int(references[$0]) && stored.buffers[$0] == Int(references[$0])
        })
        #expect(stored.isConsistent(textCount: 90_001, refShift: 4))
        #expect(!stored.isConsistent(textCount: 90_000, refShift: 4), "a text past the last")
    }

    @Test func textNumbersSpanningMoreThanAByteAreStoredAsReferences() {
        let stored = _KeyOffsets(textNumbers: [0, 300, 301], refShift: 2)
        #expect(stored.shift == 0 && stored.delta.isEmpty)
        #expect([stored[0], stored[1], stored[2]] == [0, 1_200, 1_204])
        #expect(stored.isConsistent(textCount: 302, refShift: 2) && !stored.isConsistent(textCount: 301, refShift: 2))
    }

    @Test func damagedReferencesAreNotConsistent() {
        let stored = _KeyOffsets(textNumbers: [0, 1, 2, 2, 3], refShift: 5)
        #expect(stored.shift == 6 && stored.isConsistent(textCount: 4, refShift: 5))
        #expect(!stored.isConsistent(textCount: 3, refShift: 5), "the last text is past the texts")
        #expect(!_KeyOffsets(base: stored.base, delta: stored.delta, shift: 5, refShift: 5)
            .isConsistent(textCount: 4, refShift: 5))
        #expect(!_KeyOffsets(base: stored.base, delta: stored.delta, shift: 0, refShift: 5)
            .isConsistent(textCount: 4, refShift: 5))
        #expect(!_KeyOffsets(base: _Column([]), delta: stored.delta, shift: 6, refShift: 5)
            .isConsistent(textCount: 4, refShift: 5))
        #expect(!_KeyOffsets(base: _Column([1]), delta: stored.delta, shift: 6, refShift: 5)
            .isConsistent(textCount: 4, refShift: 5))
        #expect(!_KeyOffsets(base: stored.base, delta: _Column([0, 1, 2, 2, 0xFF]), shift: 6, refShift: 5)
            .isConsistent(textCount: 4, refShift: 5))
        #expect(!_KeyOffsets(base: stored.base, delta: stored.delta, shift: 6, refShift: 0)
            .isConsistent(textCount: 4, refShift: 0), "no bits for a key's start")
    }
}
