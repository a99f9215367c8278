import Testing
@testable import LocationSearch

/// `_TopMatches`, a search's best matches so far: against a sort of every match, for
/// limits below, at and past the point where the sorted list becomes a heap, with many
/// ties in score and population (broken by the place).
@Suite("Top matches", .holdsItsThread)
struct TopMatchesTests {
    static func match(place: UInt32, score: Float, population: Int64) -> _Match {
        let row = _CompletionRow(place: place, display: place, name: place, keyOffset: 0, matchedLength: 1, qualifier: [])
        return _Match(shown: row, score: score, population: population, row: _Match.Row(display: place, _PlaceRecord()))
    }

    @Test(arguments: [0, 1, 2, 10, 64, 65, 100, 1_000] as [Int])
    func keepsTheBestInOrder(limit: Int) {
        var random = SeededGenerator(seed: UInt64(limit) + 1)
        let matches = (0..<3_000).map {
            Self.match(place: UInt32($0), score: Float(Int.random(in: 0..<40, using: &random)),
                       population: Int64.random(in: 0..<3, using: &random))
        }.shuffled(using: &random)
        var top = _TopMatches(limit: limit)
        var kept = Set<UInt32>()
        for match in matches {
            let (placed, pushedOut) = top.insert(match)
            if placed { kept.insert(match.shown.place) }
            if let pushedOut { #expect(kept.remove(pushedOut.shown.place) != nil) }
            // Whatever came in so far, its best `limit`, and the best and worst of them.
            #expect(top.count == kept.count)
            #expect(top.count == min(limit, matches.prefix { $0.shown.place != match.shown.place }.count + 1))
        }
        let expected = matches.sorted { $0.ranks(before: $1) }.prefix(limit).map(\.shown.place)
        #expect(top.sorted().map(\.shown.place) == expected)
        #expect(Set(expected) == kept)
        #expect(top.best?.shown.place == expected.first)
        #expect(top.worst?.shown.place == expected.last)
    }

    /// Past `sortedLimit` a match costs O(log k) comparisons, not O(k).
    #if DEBUG
    @Test func aLongListCostsLogarithmicStepsAMatch() {
        let count = 20_000
        var top = _TopMatches(limit: count)
        // Rising scores: each match ranks first, the worst case for a scan from the best.
        for i in 0..<count { top.insert(Self.match(place: UInt32(i), score: Float(i), population: 0)) }
        #expect(top.count == count)
        #expect(top.steps <= 20 * count)
        #expect(top.sorted().first?.shown.place == UInt32(count - 1))
    }
    #endif
}
