import Foundation
import Testing
@testable import LocationSearch

@Suite("Prefix index")
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
            let (range, exact) = index.range(of: q, in: index.whole)
            for i in 0..<index.whole.count {
                let key = index.key(i, in: index.whole)
                #expect(range.contains(i) == key.starts(with: q), "\(query) at \(i)")
                if range.contains(i) { #expect((i - range.lowerBound < exact) == (key == q)) }
            }
        }
    }

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
                #expect(score == list.score[position] + 0.5)
                previous = score
                yielded.append(position)
            }
            #expect(yielded.sorted() == Array(a..<b))
        }
    }
}
