import Foundation
import Testing
@testable import LocationSearch

/// The relevance rules, one by one, on the fixture.
@Suite("Relevance rules", .holdsItsThread)
struct RelevanceTests {
    let completer = Fixtures.completer

    func first(_ query: String, _ options: CompletionOptions = .init()) -> LocalSearchCompletion? {
        completer.completions(for: query, options: options).first
    }

    @Test("Typos: one edit from 4 letters, two from 8, not on the first letter", arguments: [
        ("londn", "geonames:2643743"),          // deletion
        ("lonxdon", "geonames:2643743"),        // insertion
        ("lomdon", "geonames:2643743"),         // substitution
        ("londoj", "geonames:2643743"),         // substitution of the last letter
        ("lnodon", "geonames:2643743"),         // transposition
        ("philadelpia", "geonames:4560349"),    // deletion
        ("phikadelphua", "geonames:4560349"),   // two substitutions (12 letters)
        ("amsterdma", "geonames:2759794"),      // transposition at the end
        ("san fransisco", "geonames:5391959"),  // substitution in the second word
        ("viena", "geonames:2761369"),          // as a prefix: "viena" for "vienna"
    ])
    func typos(_ query: String, _ id: String) throws {
        let completion = try #require(first(query))
        #expect(completion.id == id)
        #expect(completion.highlightsAreValid && !completion.titleHighlightRanges.isEmpty)
    }

    @Test func typoBudgetsAreRespected() {
        #expect(first("lndn") == nil)                    // 4 letters, two edits
        #expect(first("xondon") == nil)                  // the first letter
        #expect(first("parsi")?.id == "geonames:2988507")
        #expect(first("prs") == nil)                     // under 4 letters: none
        #expect(first("londn", CompletionOptions(typoTolerance: false)) == nil)
    }

    @Test func exactMatchesRankAboveTypoMatchesAndCorrectQueriesGetNone() {
        // "paris" matches three places exactly and "parish" by prefix: no typo readings.
        let paris = completer.completions(for: "paris")
        #expect(!paris.isEmpty)
        #expect(paris.allSatisfy { String(decoding: _Folding.fold($0.title), as: UTF8.self).hasPrefix("paris") })
        // "londo" is a prefix of London; "lonon" is not, and London comes by a typo.
        #expect(first("lonon")?.markedTitle.hasPrefix("[Lon") == true)
    }

    @Test("Abbreviations read both ways", arguments: [
        ("st paul", "geonames:5045360", "[Saint] [Paul]"),
        ("st. paul", "geonames:5045360", "[Saint] [Paul]"),
        ("saint louis", "geonames:4407066", "[St]. [Louis]"),
        ("ft collins", "geonames:5577147", "[Fort] [Collins]"),
        ("fort coll", "geonames:5577147", "[Fort] [Coll]ins"),
    ])
    func abbreviations(_ query: String, _ id: String, _ title: String) throws {
        let completion = try #require(first(query))
        #expect(completion.id == id)
        #expect(completion.markedTitle == title)
    }

    @Test("Spacing and punctuation", arguments: [
        ("newyork", "geonames:5128581", "[New] [York] City"),
        ("laquila", "geonames:3175121", "[L]'[Aquila]"),
        ("winston salem", "geonames:4499612", "[Winston]-[Salem]"),
        ("winstonsalem", "geonames:4499612", "[Winston]-[Salem]"),
        ("britishcolumbia", "admin1:CA.02", "[British] [Columbia]"),
    ])
    func spacing(_ query: String, _ id: String, _ title: String) throws {
        let completion = try #require(first(query))
        #expect(completion.id == id)
        #expect(completion.markedTitle == title)
    }

    @Test("Qualifiers by region or country name, abbreviation or code", arguments: [
        ("paris tx", "geonames:4717560", "[Texas], United States"),
        ("paris tn", "geonames:4717561", "[Tennessee], United States"),
        ("paris, tennessee", "geonames:4717561", "[Tennessee], United States"),
        ("london on", "geonames:6058560", "[On]tario, Canada"),
        ("london ca", "geonames:6058560", "Ontario, [Ca]nada"),
        ("london bc", nil, nil),
        ("london uk", "geonames:2643743", "England, [United Kingdom]"),
        ("paris usa", "geonames:4717560", "Texas, [United States]"),
        ("paris texas us", "geonames:4717560", "[Texas], [United States]"),
    ])
    func qualifiers(_ query: String, _ id: String?, _ subtitle: String?) throws {
        guard let id, let subtitle else {
            #expect(first(query) == nil, "no London in British Columbia")
            return
        }
        let completion = try #require(first(query))
        #expect(completion.id == id)
        #expect(completion.markedSubTitle == subtitle)
    }

    @Test func filtersHoldForTyposAndQualifiers() {
        let gb = completer.completions(for: "londn", options: CompletionOptions(countries: ["CA"]))
        #expect(gb.map(\.id) == ["geonames:6058560"])
        let cities = completer.completions(for: "brit", options: CompletionOptions(kinds: [.city]))
        #expect(cities.isEmpty)
    }

    @Test func nearnessIsBoundedSoBigPlacesStayVisible() {
        // Near Jackson, Tennessee, Paris, Tennessee (10,000 people, 80 km) overtakes Paris,
        // Texas (24,000, 700 km); Paris, France, 200 times bigger, stays first.
        let jackson = GeoCoordinate(latitude: 35.61, longitude: -88.81)
        let ids = completer.completions(for: "paris", options: CompletionOptions(near: jackson)).map(\.id)
        #expect(ids.prefix(3) == ["geonames:2988507", "geonames:4717561", "geonames:4717560"])
        let plain = completer.completions(for: "paris").map(\.id)
        #expect(plain.prefix(3) == ["geonames:2988507", "geonames:4717560", "geonames:4717561"])
    }

    @Test func noTwoRowsLookTheSame() {
        // Two Springfields in Illinois: one row, the bigger one.
        let rows = completer.completions(for: "springfield")
        let shown = rows.map { "\($0.title)|\($0.subTitle)" }
        #expect(Set(shown).count == shown.count)
        #expect(rows.contains { $0.id == "geonames:4250542" } && !rows.contains { $0.id == "geonames:9000001" })
    }

    @Test func aTopResultStaysWhileTheWordIsTyped() {
        var previousTop: String? = nil
        for end in 3..."philadelphia".count {
            let query = String("philadelphia".prefix(end))
            let ids = completer.completions(for: query).map(\.id)
            if let previousTop { #expect(ids.contains(previousTop), "\(query)") }
            previousTop = ids.first
        }
    }
}
