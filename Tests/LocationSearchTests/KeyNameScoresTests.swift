import Foundation
import Testing
@testable import LocationSearch

@Suite("Key names and scores", .holdsItsThread)
struct KeyNameScoresTests {
    /// Every key's name and score come back exactly, and ranks order keys as their scores
    /// do, ties included, whatever the word's width.
    @Test("Names and scores come back", arguments: [
        (keys: 0, names: 1, scores: 1, width: 1), (keys: 1, names: 1, scores: 1, width: 1),
        (keys: 500, names: 200, scores: 20, width: 1), (keys: 500, names: 200, scores: 20, width: 2),
        (keys: 2_000, names: 70_000, scores: 300, width: 1), (keys: 2_000, names: 1 << 21, scores: 5_000, width: 1),
        (keys: 2_000, names: 1_000, scores: 900, width: 8), (keys: 300, names: Int(UInt32.max), scores: 100, width: 1),
    ])
    func namesAndScoresComeBack(keys: Int, names: Int, scores: Int, width: Int) {
        var generator = SeededGenerator(seed: UInt64(keys * 31 + width))
        let values = (0..<scores).map { _ in Float.random(in: -4...9, using: &generator) }
        let keyNames = (0..<keys).map { _ in UInt32(Int.random(in: 0..<names, using: &generator)) }
        let keyScores = (0..<keys).map { _ in values.randomElement(using: &generator)! }
        let stored = _KeyNameScores(names: keyNames, scores: keyScores, nameCount: names, minimumWidth: width)
        let bits = _PackedWords.bits(toHold: names - 1)
            + _PackedWords.bits(toHold: max(Set(keyScores).count, 1) - 1)
        #expect(stored.count == keys)
        #expect(stored.width == max(width, (bits + 7) / 8, 1))
        #expect(stored.isConsistent(nameCount: names))
        let b = stored.buffers
        for i in 0..<keys {
            #expect(stored.name(i) == keyNames[i] && stored.score(i) == keyScores[i])
            #expect(b.name(i) == keyNames[i] && b.score(i) == keyScores[i])
        }
        for _ in 0..<min(keys * 4, 2_000) {
            let i = Int.random(in: 0..<keys, using: &generator), j = Int.random(in: 0..<keys, using: &generator)
            #expect((b.rank(i) < b.rank(j)) == (keyScores[i] < keyScores[j]))
            #expect((b.rank(i) == b.rank(j)) == (keyScores[i] == keyScores[j]))
        }
    }

    @Test func ranksAreTheDistinctScoresInOrder() {
        let (table, ranks) = _KeyNameScores.ranked([1, -0.0, 0, 1, -3, 2.5, 1])
        #expect(table.map(\.bitPattern) == [-3, 0, 1, 2.5].map { Float($0).bitPattern }, "0 and -0 are one score, 0")
        #expect(ranks == [2, 1, 1, 2, 0, 3, 2])
        #expect(_KeyNameScores.ranked([]).table.isEmpty)
        // Enough distinct scores to grow the table several times.
        let many = (0..<10_000).map { Float($0 % 3_000) * 0.25 - 100 }
        let (grown, manyRanks) = _KeyNameScores.ranked(many)
        #expect(grown.count == 3_000 && zip(grown, grown.dropFirst()).allSatisfy { $0 < $1 })
        #expect(many.indices.allSatisfy { grown[Int(manyRanks[$0])] == many[$0] })
    }

    @Test func theBundledDataNeedsFiveBytes() {
        // 21-bit names beside 18-bit ranks (136,334 distinct scores): 39 bits.
        #expect(_PackedWords.bits(toHold: 1_300_000 - 1) == 21)
        #expect(_PackedWords.bits(toHold: 136_334 - 1) == 18)
        #expect(_PackedWords.bits(toHold: 0) == 0 && _PackedWords.bits(toHold: 1) == 1)
    }

    @Test func damagedWordsAreNotConsistent() {
        let stored = _KeyNameScores(names: [0, 5, 2], scores: [1, 0.5, 1], nameCount: 6)
        #expect(stored.width == 1 && stored.nameBits == 3 && stored.isConsistent(nameCount: 6))
        #expect(!stored.isConsistent(nameCount: 5), "a name beyond the names")
        let bytes = Array(stored.words.bytes)
        func words(_ bytes: [UInt8], width: Int = 1) -> _PackedWords? {
            _PackedWords(bytes: _Column(bytes), width: width)
        }
        func with(words: _PackedWords? = nil, nameBits: Int = 3, scores: [Float]? = nil) -> _KeyNameScores? {
            _KeyNameScores(words: words ?? stored.words, nameBits: nameBits,
                           scores: _Column(scores ?? Array(stored.scores)))
        }
        #expect(words(bytes, width: 0) == nil && words(bytes, width: 9) == nil && words(bytes, width: 3) == nil)
        #expect(words(bytes, width: 2)?.count == 2, "read as 2-byte words: two keys (the list's checks refuse)")
        #expect(words(Array(bytes.dropLast()))?.count == 2, "a word cut short: a key less")
        #expect(words(Array(bytes.prefix(7))) == nil, "only padding")
        #expect(with(nameBits: 33) == nil && with(nameBits: -1) == nil && with(nameBits: 9) == nil)
        #expect(with(scores: [0.5])?.isConsistent(nameCount: 6) == false, "a rank beyond the scores")
        #expect(with(scores: [1, 0.5])?.isConsistent(nameCount: 6) == false, "scores falling")
        #expect(with(scores: [1, 1])?.isConsistent(nameCount: 6) == false, "a score twice")
        #expect(with(scores: [0.5, .nan])?.isConsistent(nameCount: 6) == false, "a score not a number")
        #expect(with(scores: [0.5, .infinity])?.isConsistent(nameCount: 6) == false, "a score infinite")
        var padded = bytes
        padded[padded.count - 1] = 1
        #expect(with(words: words(padded))?.isConsistent(nameCount: 6) == false, "padding not zero")
        #expect(with(nameBits: 2)?.isConsistent(nameCount: 6) == false, "names read with a bit less")
    }

    @Test("Packed words come back", arguments: 1...8)
    func packedWordsComeBack(width: Int) {
        var generator = SeededGenerator(seed: UInt64(width))
        let top: UInt64 = width == 8 ? .max : (1 << UInt64(8 * width)) - 1
        let values = (0..<100).map { _ in UInt64.random(in: 0...top, using: &generator) } + [0, top]
        let packed = _PackedWords(values, width: width)
        #expect(packed.count == values.count && packed.bytes.count == values.count * width + 8 - width)
        #expect(packed.paddingIsZero)
        #expect(values.indices.allSatisfy { packed.buffers[$0] == values[$0] })
        for shift in [0, 1, 8 * width / 2, 8 * width - 1] {
            let (low, high) = packed.maxima(splitAt: shift)
            #expect(low == values.map { $0 & ((1 << UInt64(shift)) - 1) }.max())
            #expect(high == values.map { $0 >> UInt64(shift) }.max())
        }
        #expect(_PackedWords([], width: width).bytes.isEmpty && _PackedWords([], width: width).count == 0)
    }

    /// A gazetteer whose names and ranks need wider words (here forced: the bundled data
    /// needs 5 bytes, the fixture 3) answers exactly as it does with the fewest bytes,
    /// built and loaded from its file.
    @Test("Wider words answer alike", arguments: [4, 5, 8])
    func widerWordsAnswerAlike(width: Int) throws {
        let narrow = Fixtures.completer
        #expect(narrow.index.whole.entries.width < width)
        let wide = LocationCompleter(gazetteer: Fixtures.gazetteer, progress: nil, minimumKeyWidth: width)
        #expect(wide.index.whole.entries.width == width && wide.index.words.entries.width == width)
        wide.index._checkInvariants()
        #expect(IndexFileTests.answersAlike(narrow, wide))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ls-width-\(UUID()).lsindex")
        defer { try? FileManager.default.removeItem(at: file) }
        try wide.writeIndex(to: file)
        let loaded = try LocationCompleter(indexFile: file)
        #expect(loaded.index.whole.entries.width == width)
        #expect(IndexFileTests.answersAlike(narrow, loaded))
        for query in ["a", "san", "par", "new y", "mumbia", "berjing"] {
            #expect(loaded.completions(for: query, options: .init(countries: ["US"]))
                == narrow.completions(for: query, options: .init(countries: ["US"])))
            #expect(loaded.matchCount(for: query) == narrow.matchCount(for: query))
        }
    }
}
