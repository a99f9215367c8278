import Foundation
import Testing
@testable import LocationSearch

@Suite("Completer on the fixture", .holdsItsThread)
struct LocationCompleterTests {
    let completer = Fixtures.completer

    func titles(_ query: String, _ options: CompletionOptions = .init()) -> [String] {
        completer.completions(for: query, options: options).map { "\($0.title) | \($0.subTitle)" }
    }

    @Test func prefixOfWholeNameAndOfLaterWords() {
        let sanFr = completer.completions(for: "san fr")
        #expect(sanFr.first?.id == "geonames:5391959")
        #expect(sanFr.first?.markedTitle == "[San] [Fr]ancisco")
        #expect(sanFr.first?.subTitle == "California, United States")
        let fran = completer.completions(for: "fran")
        #expect(fran.first?.markedTitle == "San [Fran]cisco")
    }

    @Test func exactNameBeatsABiggerPlaceMatchingALaterWord() {
        // York (144k) exact beats New York City (8.8M) matching the word "york".
        #expect(titles("york").prefix(2) == ["York | England, United Kingdom", "New York City | New York, United States"])
    }

    @Test func aShortPrefixPrefersTheImportantPlace() {
        #expect(titles("par").first == "Paris | Île-de-France, France")
    }

    @Test func alternateNamesShowTheMatchedNameAndTheCanonicalOne() throws {
        let wien = try #require(completer.completions(for: "wien").first)
        #expect(wien.title == "Wien" && wien.matchedName == "Wien")
        #expect(wien.subTitle == "Vienna, Vienna, Austria")
        #expect(wien.markedTitle == "[Wien]")
        let tokyo = try #require(completer.completions(for: "東").first)
        #expect(tokyo.markedTitle == "[東]京" && tokyo.subTitle == "Tokyo, Tokyo, Japan")
        #expect(completer.completions(for: "Париж").first?.id == "geonames:2988507")
        let canonical = try #require(completer.completions(for: "vienna").first)
        #expect(canonical.matchedName == nil)
    }

    @Test("Folding applies to queries", arguments: ["sao paulo", "SÃO PAULO", "Sa\u{0303}o Paulo", "são-paulo", "  sao   paulo "])
    func foldedQueries(_ query: String) throws {
        let first = try #require(completer.completions(for: query).first)
        #expect(first.id == "geonames:3448439")
        #expect(first.markedTitle == "[São] [Paulo]")
    }

    @Test("Qualifiers narrow by region and country", arguments: [
        ("paris tex", "geonames:4717560", "[Tex]as, United States"),
        ("paris, texas", "geonames:4717560", "[Texas], United States"),
        ("paris united", "geonames:4717560", "Texas, [United] States"),
        ("paris fr", "geonames:2988507", "Île-de-[Fr]ance, France"),
        ("springfield il", "geonames:4250542", "[Il]linois, United States"),
        ("springfield mass", "geonames:4951788", "[Mass]achusetts, United States"),
    ])
    func qualifiers(_ query: String, _ id: String, _ subtitle: String) throws {
        let first = try #require(completer.completions(for: query).first)
        #expect(first.id == id)
        #expect(first.markedSubTitle == subtitle)
    }

    @Test func trailingSpaceEndsTheWord() {
        #expect(titles("paris ").allSatisfy { !$0.hasPrefix("Parish") })
        #expect(titles("paris").contains { $0.hasPrefix("Parish") })
    }

    @Test func filtersNeverLeak() {
        let us = completer.completions(for: "p", options: CompletionOptions(countries: ["us"]))
        #expect(!us.isEmpty && us.allSatisfy { $0.place.countryCode == "US" })
        let regions = completer.completions(for: "t", options: CompletionOptions(kinds: [.region]))
        #expect(regions.map(\.title) == ["Texas"])
        let none = completer.completions(for: "paris", options: CompletionOptions(countries: ["DE"]))
        #expect(none.isEmpty)
    }

    @Test func nearRaisesNearbyPlaces() {
        let boston = GeoCoordinate(latitude: 42.36, longitude: -71.06)
        let springfield = completer.completions(for: "springfield", options: CompletionOptions(near: boston))
        #expect(springfield.first?.place.admin1 == "Massachusetts")
        let chicago = GeoCoordinate(latitude: 41.88, longitude: -87.63)
        #expect(completer.completions(for: "springfield", options: CompletionOptions(near: chicago)).first?.place.admin1 == "Illinois")
        let invalid = GeoCoordinate(latitude: .nan, longitude: 500)
        #expect(completer.completions(for: "springfield", options: CompletionOptions(near: invalid)).count == 2)
    }

    @Test func limitAndOnePlacePerCompletion() {
        #expect(completer.completions(for: "s", options: CompletionOptions(limit: 2)).count == 2)
        #expect(completer.completions(for: "s", options: CompletionOptions(limit: 0)).isEmpty)
        // New York City matches "new york" by an alternate name and "n" by its canonical
        // name: still one row.
        let n = completer.completions(for: "n")
        #expect(Set(n.map(\.id)).count == n.count)
    }

    @Test("Queries without letters or digits return nothing", arguments: ["", " ", "---", "\u{0}", "\u{301}"])
    func emptyQueries(_ query: String) {
        #expect(completer.completions(for: query).isEmpty)
    }

    @Test func aQueryLongerThanAnyNameReturnsNothing() {
        #expect(completer.completions(for: String(repeating: "a", count: 1_000_000)).isEmpty)
        #expect(completer.completions(for: String(repeating: "paris ", count: 100_000)).isEmpty)
    }

    @Test func aTrailingSpaceStillMatchesTheWholeName() {
        #expect(completer.completions(for: "york ").map(\.title) == ["York", "New York City"])
    }

    @Test func highlightsAreValidForRandomQueries() {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("aeioustrnplcyk -'.,ÉéüßøØ東京Пари\u{301}🇫🇷👩‍👩‍👧")
        var checked = 0
        for _ in 0..<3000 {
            let length = Int.random(in: 1...6, using: &generator)
            let query = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            for completion in completer.completions(for: query) {
                #expect(completion.highlightsAreValid, "\(query): \(completion.debugDescription)")
                checked += 1
            }
        }
        #expect(checked > 300)
    }

    @Test func theAPIIsSendable() async {
        let completer = self.completer
        let results = await withTaskGroup(of: [LocalSearchCompletion].self) { group in
            for query in ["san", "par", "york"] {
                group.addTask { completer.completions(for: query) }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(!results.isEmpty)
        let _: any Sendable = (completer, results, CompletionOptions(), Place.Kind.city, HighlightRange(location: 0, length: 1))
    }

    @Test func completionsDescribeThemselves() throws {
        let c = try #require(completer.completions(for: "san fr").first)
        #expect(c.description == "San Francisco, California, United States")
        #expect(c.titleHighlightRange == HighlightRange(location: 0, length: 3))
        #expect(c.subtitleHighlightRange == nil)
        #expect(c.debugDescription.contains("geonames:5391959"))
    }

    /// The qualifier prefix filter never rules out a word a place's qualifier can match.
    @Test func qualifierPrefixFilterKeepsEveryQualifierWord() {
        var checked = 0
        for record in completer.gazetteer._places {
            let (region, country) = completer.qualifiers.words(for: record)
            for word in region + country {
                for length in 1...max(1, word.text.count) {
                    #expect(completer.qualifierPrefixes.mayStart(word.text[..<length]))
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
        #expect(!completer.qualifierPrefixes.mayStart(Array("qqzzx".utf8)[...]))
        // A split whose qualifier no region starts with is not searched; the others are.
        #expect(titles("paris qqzzx").isEmpty)
        #expect(titles("paris texa").first == "Paris | Texas, United States")
    }

    /// Completions make their strings when read; as values they behave as if they held them.
    @Test func completionsAreValuesWhateverHoldsTheirStrings() throws {
        let first = completer.completions(for: "wien")
        let again = completer.completions(for: "wien")
        #expect(first == again)
        #expect(Set(first + again).count == first.count)
        let vienna = try #require(first.first)
        #expect(vienna.title == "Wien" && vienna.matchedName == "Wien" && vienna.place.name == "Vienna")
        // The same values given in full: equal, and equal hashes.
        let given = LocalSearchCompletion(
            place: vienna.place, title: vienna.title, subTitle: vienna.subTitle, matchedName: vienna.matchedName,
            titleHighlightRanges: vienna.titleHighlightRanges, subtitleHighlightRanges: vienna.subtitleHighlightRanges)
        #expect(given == vienna && vienna == given)
        #expect(given.hashValue == vienna.hashValue)
        #expect(given.id == vienna.id && given.description == vienna.description)
        // Another completer over the same data makes equal completions; other highlights differ.
        let other = LocationCompleter(gazetteer: Fixtures.gazetteer)
        #expect(other.completions(for: "wien") == first)
        #expect(completer.completions(for: "wi").first { $0.id == vienna.id } != vienna)
        // Qualified rows (subtitle highlights) compare by their values too.
        let qualified = completer.completions(for: "paris tex")
        #expect(!qualified.isEmpty && qualified == completer.completions(for: "paris tex"))
        #expect(qualified.first?.subtitleHighlightRanges.isEmpty == false)
    }
}

@Suite("HighlightRange", .holdsItsThread)
struct HighlightRangeTests {
    @Test func convertsToStringAndAttributedStringRanges() throws {
        let text = "Zu\u{0308}rich 🇨🇭"
        let range = HighlightRange(location: 0, length: 3)
        #expect(range.range(in: text).map { String(text[$0]) } == "Zu\u{0308}")
        #expect(HighlightRange(location: 0, length: 2).range(in: text) == nil)  // inside "ü"
        #expect(HighlightRange(location: 9, length: 2).range(in: text) == nil)  // inside the flag
        #expect(HighlightRange(location: 8, length: 4).range(in: text).map { String(text[$0]) } == "🇨🇭")
        #expect(HighlightRange(location: 8, length: 5).range(in: text) == nil)
        #expect(HighlightRange(location: -1, length: 1).range(in: text) == nil)
        let attributed = AttributedString(text)
        let attributedRange = try #require(HighlightRange(location: 8, length: 4).toAttributedStringRange(in: attributed))
        #expect(String(attributed[attributedRange].characters) == "🇨🇭")
        #if canImport(Darwin)
        #expect(range.nsRange == NSRange(location: 0, length: 3))
        #endif
    }

    @Test func isCodable() throws {
        let data = try JSONEncoder().encode(HighlightRange(location: 4, length: 2))
        #expect(try JSONDecoder().decode(HighlightRange.self, from: data) == HighlightRange(location: 4, length: 2))
    }
}

/// A completion stays small with its language (see `_CompletionRow.language`).
@Test func aCompletionIsFortyBytes() {
    #expect(MemoryLayout<_CompletionRow>.size <= 32)
    #expect(MemoryLayout<LocalSearchCompletion>.size <= 40)
}
