import Testing
@testable import LocationSearch

/// What a search costs, counted rather than timed: debug builds count the matches, rows
/// and titles a search compares (`_Search.steps`). However many places read alike, a
/// candidate costs O(1) of them.
#if DEBUG
@Suite("Search work", .holdsItsThread)
struct SearchWorkTests {
    /// The exact and prefix search for `query` (no typo pass), run.
    static func search(_ query: String, _ options: CompletionOptions, in completer: LocationCompleter) -> _Search {
        var search = _Search(source: completer.source, options: options)
        search.addReadings(of: _QueryPlan(query: query), synonymBonus: _Ranking.weights.synonym)
        search.run()
        return search
    }

    /// 5,000 places of one name in one region: each candidate reads like the first, so a
    /// search visits them all for one row, each with its title decoded once.
    @Test(arguments: [10, 1_000])
    func placesThatReadAlikeCostConstantStepsEach(limit: Int) throws {
        let places = (0..<5_000).map {
            Place(geonameID: 2_000_000 + $0, name: "Springfield", countryCode: "US", countryName: "United States",
                  admin1: "Texas", population: $0 % 7 * 100)
        }
        let completer = LocationCompleter(gazetteer: try Gazetteer(places: places))
        let search = Self.search("spr", CompletionOptions(limit: limit), in: completer)
        #expect(search.results.count == 1)
        #expect(search.steps <= 8 * places.count)
        #expect(completer.completions(for: "spr", options: CompletionOptions(limit: limit)).count == 1)
    }

    /// 5,000 places of one region, all shown: a long list costs O(log k) steps a place to
    /// place it and O(1) to tell it from the rows shown, not a scan of the list.
    @Test func aLongListCostsLogarithmicStepsAPlace() throws {
        let places = (0..<5_000).map {
            Place(geonameID: 2_000_000 + $0, name: "Springfield \($0)", countryCode: "US",
                  countryName: "United States", admin1: "Texas", population: $0 % 97 * 100)
        }
        let completer = LocationCompleter(gazetteer: try Gazetteer(places: places))
        let search = Self.search("spr", CompletionOptions(limit: places.count), in: completer)
        #expect(search.results.count == places.count)
        #expect(search.steps <= 40 * places.count)
        // Every place once, in the order of a short list (kept sorted, not in a heap).
        // (Not its first rows: a full short list passes over places that score only as
        // well as its last row, whatever their population.)
        let all = completer.completions(for: "spr", options: CompletionOptions(limit: places.count)).map(\.title)
        #expect(Set(all) == Set(places.map(\.name)))
        let short = completer.completions(for: "spr", options: CompletionOptions(limit: 20)).map(\.title)
        let position = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1, $0) })
        let positions = short.compactMap { position[$0] }
        #expect(positions.count == 20 && positions == positions.sorted())
    }

    /// A run-together word is read as two at each cut ("britishcolumbia"), a key lookup a
    /// cut, but only while the two words can fit in a key: a one-word reading of 20,000
    /// bytes is not 20,000 lookups (whether or not `mayMatch` lets such a query through:
    /// a gazetteer's longest name and qualifiers bound it).
    @Test func aWordLongerThanAnyKeyIsNotReadAsTwo() throws {
        let completer = LocationCompleter(gazetteer: try Gazetteer(places: [
            Place(name: String(repeating: "Ab ", count: 1_000), countryCode: "XX", countryName: "Nowhere"),
            Place(geonameID: 1, name: "British Columbia", countryCode: "CA", countryName: "Canada"),
        ]))
        let long = _QueryPlan(query: String(repeating: "x", count: 20_000))
        for (plan, cuts) in [(long, 0), (_QueryPlan(query: "britishcolumbia"), 12)] {
            var search = _Search(source: completer.source, options: CompletionOptions(), recordsRanges: true)
            search.addTwoWordReadings(of: plan, bonus: 0)
            #expect(search.sources.count == cuts, "\(plan.key.count) bytes")
        }
        #expect(completer.completions(for: "britishcolumbia").map(\.title) == ["British Columbia"])
        #expect(completer.completions(for: String(repeating: "x", count: 20_000)).isEmpty)
    }

    /// A query is read as a name and a qualifier only as far as region and country names
    /// have words: a long label of another kind (an id made from a 2,000-word name, a time
    /// zone) does not let a 2,000-word query through as 2,000 splits of up to 2,000 words
    /// each (the places fuzz target ran out of 2 GB on one).
    @Test func longLabelsThatNameNoRegionDoNotLengthenQualifiers() throws {
        let words = (0..<2_000).map { "w\($0)" }
        let completer = LocationCompleter(gazetteer: try Gazetteer(places: [
            Place(name: words.joined(separator: " "), countryCode: "XX", countryName: "Nowhere",
                  timeZone: words.prefix(500).joined(separator: " ")),
            Place(geonameID: 1, name: "Springfield", countryCode: "US", countryName: "United States", admin1: "Illinois"),
        ]))
        let longest = completer.source.qualifiers.longest
        #expect(longest < 40)
        #expect(_QueryPlan(query: words.joined(separator: " ")).splits(maxQualifierWords: longest).count < 40)
        #expect(completer.completions(for: "springfield illinois").first?.title == "Springfield")
        #expect(completer.completions(for: "springfield, united states").first?.title == "Springfield")
        #expect(completer.completions(for: words.prefix(40).joined(separator: " ")).first?.place.countryCode == "XX")
    }
}
#endif
