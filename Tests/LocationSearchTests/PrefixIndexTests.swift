import Foundation
import Testing
@testable import LocationSearch

@Suite("Prefix index", .holdsItsThread)
struct PrefixIndexTests {
    @Test func invariantsHoldOnTheFixture() {
        Fixtures.completer.index._checkInvariants()
    }

    @Test func everyNameAndWordStartIsAKey() {
        let index = Fixtures.completer.index
        let whole = (0..<index.whole.count).map { String(decoding: index.key($0, in: index.whole), as: UTF8.self) }
        let words = (0..<index.words.count).map { String(decoding: index.key($0, in: index.words), as: UTF8.self) }
        #expect(whole.contains("san francisco") && whole.contains("東京") && whole.contains("l aquila"))
        #expect(words.contains("francisco") && words.contains("york city") && words.contains("city"))
        #expect(whole == whole.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        // The two San Franciscos share a key but stay two entries; "Paris" is one key per place.
        #expect(whole.filter { $0 == "san francisco" }.count == 2)
        #expect(whole.filter { $0 == "paris" }.count == 3)
    }

    @Test func rangesCoverExactlyTheKeysWithThePrefix() {
        let index = Fixtures.completer.index
        for query in ["p", "par", "paris", "paris ", "s", "san f", "z", "zz", "東", ""] {
            let q = Array(query.utf8)
            let (range, exact) = index.range(of: q, in: .whole)
            for i in 0..<index.whole.count {
                let key = index.key(i, in: index.whole)
                #expect(range.contains(i) == key.starts(with: q), "\(query) at \(i)")
                if range.contains(i) { #expect((i - range.lowerBound < exact) == (key == q)) }
            }
        }
    }

    /// Both lists rank their keys' scores in one table, the whole-name keys' distinct
    /// scores: a word key's score is its name's whole-name key's.
    @Test func theListsShareOneScoreTable() {
        for index in [Fixtures.completer.index, PrefixIndexRangeTests.completer.index] {
            let table = Array(index.whole.entries.scores)
            #expect(Array(index.words.entries.scores) == table)
            #expect(table == Set((0..<index.whole.count).map(index.whole.score)).sorted())
            var wholeScore: [UInt32: Float] = [:]
            for i in 0..<index.whole.count { wholeScore[index.whole.name(i)] = index.whole.score(i) }
            for i in 0..<index.words.count { #expect(index.words.score(i) == wholeScore[index.words.name(i)]) }
        }
    }

    /// Keys come out by score, then position: a total order, whatever the tree's shape
    /// (the fixture's scores tie often: many places share a population).
    @Test func bestFirstYieldsEveryKeyOfARangeInScoreOrder() {
        var generator = SeededGenerator(seed: 7)
        let list = Fixtures.completer.index.whole
        for _ in 0..<200 {
            let a = Int.random(in: 0...list.count, using: &generator)
            let b = Int.random(in: a...list.count, using: &generator)
            var walk = _BestFirst()
            walk.add(a..<b, of: list, bonus: 0.5)
            var yielded: [Int] = []
            var previous = Float.infinity
            while let (position, _, score) = walk.next() {
                #expect(score <= previous)
                #expect(score == list.score(position) + 0.5)
                previous = score
                yielded.append(position)
            }
            #expect(yielded.sorted() == Array(a..<b))
            #expect(yielded == Array(a..<b).sorted { (list.score($0), -$0) > (list.score($1), -$1) })
        }
    }
}

@Suite("Prefix index ranges", .holdsItsThread)
struct PrefixIndexRangeTests {
    /// A seeded gazetteer of short names over a small alphabet, so that prefixes share
    /// buckets, hit bucket edges and include exact matches, spaces and UTF-8.
    static let completer: LocationCompleter = {
        var random = SeededGenerator(seed: 3)
        let alphabet = ["a", "b", "z", " ", "é", "9", "東"]
        var places: [Place] = []
        var alternates: [String: [String]] = [:]
        for i in 0..<600 {
            let lead = ["x", "a", "é", "東"][i % 4]
            let name = lead + (0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            let id = "p\(i)"
            places.append(Place(id: id, name: name,
                                countryCode: "US", countryName: "United States", population: Int.random(in: 0...1_000_000, using: &random)))
            alternates[id] = ["b" + name, "ab " + name]
        }
        return LocationCompleter(gazetteer: try! Gazetteer(places: places, alternateNames: alternates))
    }()

    /// What `range(of:in:)` must return: the keys starting with the query, by a scan.
    func reference(_ query: [UInt8], _ list: _SortedKeys, _ index: _PrefixIndex) -> (range: Range<Int>, exact: Int) {
        let matching = (0..<list.count).filter { index.key($0, in: list).starts(with: query) }
        let lower = (0..<list.count).first { !index.key($0, in: list).lexicographicallyPrecedes(query) } ?? list.count
        guard let first = matching.first, let last = matching.last else { return (lower..<lower, 0) }
        return (first..<(last + 1), matching.filter { index.key($0, in: list) == query }.count)
    }

    @Test func invariantsHold() {
        Self.completer.index._checkInvariants()
    }

    /// The lists' trees have a leaf per block, not a power of two (for neither list here):
    /// the walk still yields every key of a range by score, then position, and
    /// `maxScore(in:)` is the range's best score.
    @Test func treesOfAnyLeafCountWalkAndBoundRanges() {
        var generator = SeededGenerator(seed: 5)
        for list in [Self.completer.index.whole, Self.completer.index.words] {
            #expect(list.leafCount == (list.count + _SortedKeys.blockSize - 1) / _SortedKeys.blockSize)
            #expect(list.leafCount & (list.leafCount - 1) != 0)
            for _ in 0..<300 {
                let a = Int.random(in: 0...list.count, using: &generator)
                let b = Int.random(in: a...list.count, using: &generator)
                #expect(list.maxScore(in: a..<b) == (a..<b).map(list.score).max() ?? -.infinity)
                var walk = _BestFirst()
                walk.add(a..<b, of: list, bonus: 0.25)
                var yielded: [Int] = []
                while let (position, _, score) = walk.next() {
                    #expect(score == list.score(position) + 0.25)
                    yielded.append(position)
                }
                #expect(yielded == Array(a..<b).sorted { (list.score($0), -$0) > (list.score($1), -$1) })
            }
        }
    }

    @Test func rangesMatchAScan() {
        let index = Self.completer.index
        var queries: Set<[UInt8]> = [[0x61], [0x78], [0xFF], [0x20], [0x61, 0x62, 0x20], [0xE6], [0x7A, 0x7A]]
        for list in [index.whole, index.words] {
            for i in 0..<list.count {
                let key = index.key(i, in: list)
                for length in 1...min(4, key.count) { queries.insert(Array(key.prefix(length))) }
                queries.insert(key + [0x61])
                // Across the trie's last level and the keys' packed next bytes: each length,
                // and one that parts from every key at its last byte.
                for length in 5..<max(5, min(12, key.count + 1)) {
                    queries.insert(Array(key.prefix(length)))
                    queries.insert(Array(key.prefix(length - 1)) + [key[length - 1] &+ 1])
                }
            }
        }
        for query in queries {
            for (name, list) in [(_PrefixIndex.List.whole, index.whole), (.words, index.words)] {
                let got = index.range(of: query, in: name), want = reference(query, list, index)
                #expect(got.range == want.range && got.exact == want.exact, "query \(query)")
            }
        }
    }
}

