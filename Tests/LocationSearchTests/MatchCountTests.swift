import Testing
@testable import LocationSearch

/// `matchCount(for:options:)`: how many places a query matches beyond the list's limit.
@Suite("Match count", .holdsItsThread)
struct MatchCountTests {
    var completer: LocationCompleter { get async throws { try await bundledCompleter() } }

    @Test("Below the threshold, the count is the whole list's", arguments: ["springfield", "paris", "lond", "san fr", "londn", "zzqq"])
    func smallCountsAreTheWholeList(_ query: String) async throws {
        let completer = try await self.completer
        for typos in [true, false] {
            let options = CompletionOptions(typoTolerance: typos)
            var everything = options
            everything.limit = 5_000
            let list = completer.completions(for: query, options: everything)
            #expect(list.count < LocationCompleter.matchCountWithTypos)
            #expect(completer.matchCount(for: query, options: options) == list.count, "\(query), typos \(typos)")
        }
    }

    @Test("Above it, every exact and prefix match, counted without ranking", arguments: ["par", "new", "san j", "lo"])
    func largeCountsCountEveryPlace(_ query: String) async throws {
        let completer = try await self.completer
        let options = CompletionOptions(typoTolerance: false)
        var everything = options
        everything.limit = 20_000
        let list = completer.completions(for: query, options: everything)
        let count = completer.matchCount(for: query, options: options)
        #expect(list.count >= LocationCompleter.matchCountWithTypos)
        // The list leaves out rows that read the same as a better one (two places both
        // "Springfield, Illinois"); the count does not: 1-3% more on the bundled data, never fewer.
        #expect(count >= list.count && count <= list.count + list.count / 25, "\(query): count \(count), list \(list.count)")
        // The limit does not matter.
        var one = options
        one.limit = 1
        #expect(completer.matchCount(for: query, options: one) == count)
    }

    @Test func filtersAndQualifiersNarrowTheCount() async throws {
        let completer = try await self.completer
        let all = completer.matchCount(for: "par")
        var france = CompletionOptions()
        france.countries = ["FR"]
        let inFrance = completer.matchCount(for: "par", options: france)
        #expect(inFrance > 0 && inFrance < all)
        var countries = CompletionOptions()
        countries.kinds = [.country]
        var allCountries = countries
        allCountries.limit = 1_000
        let listed = completer.completions(for: "par", options: allCountries)
        #expect(listed.contains { $0.place.name == "Paraguay" })
        #expect(completer.matchCount(for: "par", options: countries) == listed.count, "countries only")
        #expect(completer.matchCount(for: "paris tx") < completer.matchCount(for: "paris"))
        #expect(completer.matchCount(for: "") == 0)
        #expect(completer.matchCount(for: "   ") == 0)
    }
}
