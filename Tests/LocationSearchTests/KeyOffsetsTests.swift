import Testing
@testable import LocationSearch

@Suite("Key offsets", .holdsItsThread)
struct KeyOffsetsTests {
    @Test("Rising text numbers are stored in blocks and come back as references",
          arguments: [0, 1, 7, 8, 9, 255, 256, 257, 1_000])
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
        #expect(stored.count == count && stored.groups.count == (count + 7) / 8)
        #expect(stored.base.count == (count + 255) / 256)
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
        #expect(stored.shift == 0 && stored.groups.isEmpty)
        #expect(stored.count == references.count && stored.buffers.count == references.count)
        #expect(references.indices.allSatisfy {
            stored[$0] == Int(references[$0]) && stored.buffers[$0] == Int(references[$0])
        })
        #expect(stored.isConsistent(textCount: 90_001, refShift: 4))
        #expect(!stored.isConsistent(textCount: 90_000, refShift: 4), "a text past the last")
    }

    @Test func textNumbersSpanningMoreThanAByteAreStoredAsReferences() {
        let stored = _KeyOffsets(textNumbers: [0, 300, 301], refShift: 2)
        #expect(stored.shift == 0 && stored.groups.isEmpty)
        #expect([stored[0], stored[1], stored[2]] == [0, 1_200, 1_204])
        #expect(stored.isConsistent(textCount: 302, refShift: 2) && !stored.isConsistent(textCount: 301, refShift: 2))
    }

    @Test func textNumbersSteppingByMoreThanOneInAGroupAreStoredAsReferences() {
        let stored = _KeyOffsets(textNumbers: [0, 2, 3], refShift: 2)
        #expect(stored.shift == 0 && [stored[0], stored[1], stored[2]] == [0, 8, 12])
    }

    @Test func groupsMayStepByMoreThanOneFromTheGroupBefore() {
        // A group's first number is any within a byte of its block's base.
        let numbers: [UInt32] = [5, 5, 6, 6, 7, 8, 8, 8, 40, 41, 41, 42]
        let stored = _KeyOffsets(textNumbers: numbers, refShift: 3)
        #expect(stored.shift == _KeyOffsets.blockShift && stored.groups.count == 2)
        #expect(numbers.indices.allSatisfy { stored[$0] == Int(numbers[$0]) << 3 })
        #expect(stored.isConsistent(textCount: 43, refShift: 3) && !stored.isConsistent(textCount: 42, refShift: 3))
    }

    @Test func damagedReferencesAreNotConsistent() {
        let stored = _KeyOffsets(textNumbers: [0, 1, 2, 2, 3], refShift: 5)
        let shift = _KeyOffsets.blockShift
        func offsets(base: [UInt32]? = nil, groups: [UInt16]? = nil, shift: Int = shift, count: Int = 5)
            -> _KeyOffsets {
            _KeyOffsets(base: base.map { _Column($0) } ?? stored.base,
                        groups: groups.map { _Column($0) } ?? stored.groups, shift: shift, refShift: 5, count: count)
        }
        #expect(stored.shift == shift && stored.isConsistent(textCount: 4, refShift: 5))
        #expect(stored.groups.buffer.elementsEqual([0b0001_0110 << 8]), "steps at keys 1, 2 and 4")
        #expect(!stored.isConsistent(textCount: 3, refShift: 5), "the last text is past the texts")
        #expect(offsets().isConsistent(textCount: 4, refShift: 5))
        #expect(!offsets(shift: 6).isConsistent(textCount: 4, refShift: 5), "another block size")
        #expect(!offsets(shift: 0).isConsistent(textCount: 4, refShift: 5), "blocks read as plain")
        #expect(!offsets(base: []).isConsistent(textCount: 4, refShift: 5), "no block")
        #expect(!offsets(base: [0, 0]).isConsistent(textCount: 4, refShift: 5), "a block too many")
        #expect(!offsets(base: [1]).isConsistent(textCount: 4, refShift: 5), "a base past the texts")
        #expect(!offsets(groups: [0b0001_0110 << 8 | 1]).isConsistent(textCount: 4, refShift: 5),
                "a group's byte past the texts")
        #expect(!offsets(groups: [0b0001_0111 << 8]).isConsistent(textCount: 5, refShift: 5), "a step at bit 0")
        #expect(!offsets(groups: [0b0011_0110 << 8]).isConsistent(textCount: 5, refShift: 5), "a step past the keys")
        #expect(!offsets(groups: [0, 0]).isConsistent(textCount: 4, refShift: 5), "a group too many")
        #expect(!offsets(count: 9).isConsistent(textCount: 4, refShift: 5), "a group short")
        #expect(!_KeyOffsets(base: stored.base, groups: stored.groups, shift: shift, refShift: 0, count: 5)
            .isConsistent(textCount: 4, refShift: 0), "no bits for a key's start")
    }

    /// Word keys as (whole-name key, start) references, in the words their entries share.
    @Test(arguments: [1, 3])
    func wordKeysReadThroughTheirWholeNameKeys(minimumWidth: Int) {
        // Three names' texts: "san jose", "el paso de robles", "x" (texts 0, 1, 2; 5 start bits).
        let whole = _KeyOffsets(textNumbers: [0, 1, 2], refShift: 5)
        let wholeEntries = _KeyNameScores(names: [2, 0, 1], scores: [3, 1, 2], nameCount: 3)
        // "jose" (4 into key 0), "paso" and "de" and "robles" (3, 8 and 11 into key 1); no
        // ranks: a word key's is its whole-name key's.
        let refs: [(key: UInt64, start: UInt64)] = [(0, 4), (1, 3), (1, 8), (1, 11)]
        let refBits = 2, startBits = 4
        let words = _PackedWords(refs.map { $0.start << 2 | $0.key }, width: max(minimumWidth, 1))
        let offsets = _KeyOffsets(refs: words, refBits: refBits, startBits: startBits, whole: whole)!
        let entries = _KeyNameScores(refs: words, refBits: refBits, startBits: startBits, whole: wholeEntries)!
        let expected = [4, 1 << 5 | 3, 1 << 5 | 8, 1 << 5 | 11]
        #expect(offsets.count == 4 && offsets.buffers.count == 4 && entries.count == 4)
        #expect((0..<4).map { offsets[$0] } == expected)
        #expect((0..<4).map { offsets.buffers[$0] } == expected)
        #expect(offsets.buffers.words.map { w in (0..<4).map { w[$0] } } == expected)
        #expect(whole.buffers.words == nil && (0..<3).map { whole.buffers.blocks[$0] } == [0, 32, 64])
        #expect((0..<4).map { entries.name($0) } == [2, 0, 0, 0], "each word key's name is its whole-name key's")
        #expect((0..<4).map { entries.score($0) } == [3, 1, 1, 1], "and its score")
        #expect((0..<4).map { entries.buffers.rank($0) } == [2, 0, 0, 0])
        #expect(offsets.isConsistent(textCount: 3, refShift: 5) && entries.wordsAreConsistent(nameCount: 3))
        // A bit set above a word key's fields (where format 34 kept its rank).
        let above = _PackedWords(refs.map { 1 << 6 | $0.start << 2 | $0.key }, width: max(minimumWidth, 1))
        #expect(_KeyNameScores(refs: above, refBits: refBits, startBits: startBits, whole: wholeEntries)?
            .wordsAreConsistent(nameCount: 3) == false)
        #expect(!offsets.isConsistent(textCount: 3, refShift: 4), "another shift")

        // A key beyond the whole-name keys.
        let beyond = _PackedWords([3 << 2 | 3], width: 1)
        #expect(_KeyOffsets(refs: beyond, refBits: 2, startBits: 4, whole: whole)?
            .isConsistent(textCount: 3, refShift: 5) == false)
        let last = _PackedWords([3 << 2 | 2], width: 1)
        #expect(_KeyOffsets(refs: last, refBits: 2, startBits: 4, whole: whole)?
            .isConsistent(textCount: 3, refShift: 5) == true)
        // Bits out of range (a start wider than a reference's start bits), or a word list's
        // references to another word list.
        #expect(_KeyOffsets(refs: words, refBits: 33, startBits: 0, whole: whole) == nil)
        #expect(_KeyOffsets(refs: words, refBits: 2, startBits: 6, whole: whole) == nil)
        #expect(_KeyOffsets(refs: words, refBits: 2, startBits: 32, whole: whole) == nil)
        #expect(_KeyOffsets(refs: words, refBits: 8 * words.width - 1, startBits: 2, whole: whole) == nil)
        #expect(_KeyOffsets(refs: words, refBits: 2, startBits: 4, whole: offsets) == nil)
        #expect(_KeyNameScores(refs: words, refBits: 2, startBits: 32, whole: wholeEntries) == nil)
        #expect(_KeyNameScores(refs: words, refBits: 2, startBits: 4, whole: entries) == nil)
        // Whole-name keys as plain references.
        let plain = _KeyOffsets(references: [0, 1 << 5, 2 << 5], refShift: 5)
        let overPlain = _KeyOffsets(refs: words, refBits: refBits, startBits: startBits, whole: plain)!
        #expect((0..<4).map { overPlain[$0] } == expected && overPlain.isConsistent(textCount: 3, refShift: 5))
        // A rank beyond the scores.
        let badRank = _PackedWords([3 << 6 | 4 << 2], width: 1)
        #expect(_KeyNameScores(refs: badRank, refBits: 2, startBits: 4, whole: wholeEntries)?
            .wordsAreConsistent(nameCount: 3) == false)
    }
}
