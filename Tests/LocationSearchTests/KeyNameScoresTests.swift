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

    @Test func theBundledDataKeepsScoresToFourBytes() {
        // 21-bit names (1.19 M indexed names) leave 11 bits of a 4-byte word for the rank.
        #expect(_KeyNameScores.scoreLevels(nameCount: 1_191_000) == 2_048)
        #expect(_KeyNameScores.scoreLevels(nameCount: 1 << 21) == 2_048)
        // 22-bit names: a 5-byte word, 18 bits of rank, kept to 2¹⁶ − 1 levels (a 16-bit best).
        #expect(_KeyNameScores.scoreLevels(nameCount: 1 << 21 + 1) == 65_535)
        // Fewer names: the rest of 3 bytes beside 13-bit names, 11 bits, or 10-bit ones,
        // 14 bits; of 2 bytes beside 5-bit names, 11 bits, or a single name, 16.
        #expect(_KeyNameScores.scoreLevels(nameCount: 8_000) == 2_048)
        #expect(_KeyNameScores.scoreLevels(nameCount: 600) == 1 << 14)
        #expect(_KeyNameScores.scoreLevels(nameCount: 20) == 2_048)
        #expect(_KeyNameScores.scoreLevels(nameCount: 1) == 65_535)
        #expect(_KeyNameScores.scoreLevels(nameCount: 0) == 65_535)
        #expect(_PackedWords.bits(toHold: 0) == 0 && _PackedWords.bits(toHold: 1) == 1)
    }

    @Test func fewDistinctScoresKeepTheirValues() {
        let scores: [Float] = [3.25, -1, 0, -0.0, 3.25, 0.001, 7]
        let levels = _KeyNameScores.Levels(scores, levels: 5)
        #expect(levels.step == 0)
        #expect(scores.allSatisfy { levels.map($0).bitPattern == $0.bitPattern })
        // One score, or none, or one not finite: nothing to space.
        #expect(_KeyNameScores.Levels([Float](repeating: 2, count: 100), levels: 2).step == 0)
        #expect(_KeyNameScores.Levels([Float](), levels: 2).step == 0)
        #expect(_KeyNameScores.Levels([1, 2, 3, .infinity], levels: 2).step == 0)
    }

    @Test("Many distinct scores go to the levels, in order", arguments: [2, 3, 16, 2_048])
    func manyScoresGoToLevels(levels: Int) {
        var generator = SeededGenerator(seed: UInt64(levels))
        let scores = (0..<20_000).map { _ in Float.random(in: -4.5...9.2, using: &generator) } + [-4.5, 9.2]
        let grid = _KeyNameScores.Levels(scores, levels: levels)
        let mapped = scores.map(grid.map)
        #expect(Set(mapped).count == levels, "every level is used by this many scores")
        #expect(mapped.min() == -4.5 && mapped.max() == 9.2, "the ends are the lowest and highest score")
        let step = (9.2 - -4.5) / Double(levels - 1)
        #expect(zip(scores, mapped).allSatisfy { abs(Double($0) - Double($1)) <= step / 2 + 1e-5 })
        // Order kept: a higher score never maps lower, and scores a step apart stay apart.
        let sorted = scores.sorted()
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { grid.map($0) <= grid.map($1) })
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy {
            Double($1) - Double($0) < step + 1e-5 || grid.map($0) < grid.map($1)
        })
    }

    /// An index of more distinct scores than its ranks have room for keeps them to levels
    /// (`_PrefixIndex.FoldedNames.keepScoreLevels`), and still ranks places a level apart
    /// by score: 3,000 towns and an alias each (one word: no word keys, no names written
    /// without their spaces) are 6,000 indexed names (13 bits), which leave 11 bits of 3
    /// bytes for the rank, 2,048 levels, for about 6,000 distinct scores.
    @Test func aBuiltIndexKeepsItsScoresToLevels() throws {
        var places: [Place] = [], alternates: [String: [String]] = [:]
        for i in 0..<3_000 {
            let id = "t\(i)"
            places.append(Place(id: id, name: "Town\(i)", countryCode: "US", countryName: "United States",
                                population: 1_000 + 7 * i * i))
            alternates[id] = ["Burgh\(i)"]
        }
        let completer = LocationCompleter(gazetteer: try Gazetteer(places: places, alternateNames: alternates))
        let entries = completer.index.whole.entries
        #expect(entries.nameBits == 13 && entries.width == 3, "exact, the 13-bit ranks would take 4 bytes")
        #expect(entries.scores.count > 1_000 && entries.scores.count <= 2_048, "\(entries.scores.count) levels used")
        completer.index._checkInvariants()
        // A level is the scores' range over 2,047: from an alias of the smallest town
        // (3 - 1.5) to the largest town, log10(62,958,007).
        let step = (log10(62_958_007.0) - (3 - 1.5)) / 2_047
        let towns = completer.completions(for: "town", options: CompletionOptions(limit: 10))
        let logs = towns.map { log10(Double($0.place.population)) }
        #expect(towns.count == 10)
        // By population, but for places less than a level apart, which may rank either way;
        // so all ten are within a level of the ten most populous.
        #expect(zip(logs, logs.dropFirst()).allSatisfy { $1 <= $0 + step })
        #expect(logs.allSatisfy { $0 >= log10(Double(1_000 + 7 * 2_990 * 2_990)) - step })
    }

    @Test func aBestHoldsEveryRankOfATable() {
        // A best is a rank plus one in 16 bits: a table of more than 65,535 scores is refused.
        let most = _Column((0..<65_535).map { Float($0) })
        #expect(_KeyNameScores.scoresAreConsistent(most))
        #expect(!_KeyNameScores.scoresAreConsistent(_Column((0...65_535).map { Float($0) })))
        #expect(_KeyNameScores.best(rank: 65_534) == .max && _KeyNameScores.best(rank: -1) == 0)
        // A best's score: -infinity for none, else its rank's.
        let list = _KeyNameScores(names: [0, 1, 2], scores: [2, -1, 2], nameCount: 3)
        #expect(list.buffers.bound(0) == -.infinity && list.buffers.bound(1) == -1 && list.buffers.bound(2) == 2)
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
        for shift in [0, 1, 8 * width / 2, 8 * width - 1] + (width < 8 ? [8 * width, 8 * width + 3] : []) {
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
