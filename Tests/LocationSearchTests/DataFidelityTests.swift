import Foundation
import Testing
@testable import LocationSearch

/// What a person sees, on the bundled data (issue 18): current region names in their
/// Unicode spelling, countries' and regions' names in other languages, titles that are
/// real names, abbreviations read one way at the end of a query, exact names ahead of a
/// bigger place's alias, corrected populations, time zones and localized display.
@Suite("Data fidelity", .holdsItsThread)
struct DataFidelityTests {
    var completer: LocationCompleter { get async throws { try await bundledCompleter() } }

    func first(_ query: String, _ options: CompletionOptions = .init()) async throws -> LocalSearchCompletion {
        try #require(try await completer.completions(for: query, options: options).first, "\(query)")
    }

    @Test("French regions carry their post-2016 names", arguments: [
        ("strasbourg", "Grand-Est, France"), ("toulouse", "Occitanie, France"), ("lille", "Hauts-de-France, France"),
        ("bordeaux", "Nouvelle-Aquitaine, France"), ("lyon", "Auvergne-Rhône-Alpes, France"),
        ("dijon", "Bourgogne-Franche-Comté, France"), ("rouen", "Normandie, France"),
        ("orléans", "Centre-Val de Loire, France"), ("paris", "Île-de-France, France"),
    ])
    func frenchRegions(_ query: String, _ subtitle: String) async throws {
        #expect(try await first(query, .init(countries: ["FR"])).subTitle == subtitle)
    }

    @Test("Regions are found by their current and other names", arguments: [
        ("occitanie", "admin1:FR.76"), ("grand est", "admin1:FR.44"), ("andalucía", "admin1:ES.51"),
        ("sardegna", "admin1:IT.14"), ("bayern", "admin1:DE.02"), ("bavaria", "admin1:DE.02"),
        ("ile de france", "admin1:FR.11"), ("baden-württemberg", "admin1:DE.01"),
    ])
    func regionNames(_ query: String, _ id: String) async throws {
        let options = CompletionOptions(kinds: [.region])
        #expect(try await first(query, options).id == id)
        // The first result overall is the region too, or a city that shares its name.
        #expect(try await completer.completions(for: query).prefix(3).contains { $0.id == id })
    }

    @Test func regionsKeepTheirIDAndGainTheirGeoNamesID() async throws {
        let bavaria = try await first("bavaria")
        #expect(bavaria.id == "admin1:DE.02" && bavaria.place.geonameID == 2951839)
        #expect(try await first("île-de-france").title == "Île-de-France")
        #expect(try await first("sao paulo", .init(kinds: [.region])).title == "São Paulo")
    }

    @Test("Countries are found by their names in other languages", arguments: [
        ("deutschland", "geonames:2921044"), ("österreich", "geonames:2782113"), ("marokko", "geonames:2542007"),
        ("czech republic", "geonames:3077311"), ("trinidad & tobago", "geonames:3573591"),
        ("españa", "geonames:2510769"), ("nihon", nil), ("日本", "geonames:1861060"),
    ])
    func countryNames(_ query: String, _ id: String?) async throws {
        let results = try await completer.completions(for: query, options: .init(kinds: [.country]))
        if let id { #expect(results.first?.id == id, "\(query)") }
    }

    @Test func ownLanguageNamesQualifyOtherLanguagesDoNot() async throws {
        // "Deutschland" and "Bayern" are Germany's and Bavaria's names in their own
        // language: qualifiers. "Frankreich" is France only in German: found on its own,
        // not a qualifier of "paris".
        let berlin = try await first("berlin deutschland")
        #expect(berlin.id == "geonames:2950159" && berlin.markedSubTitle == "Berlin, [Germany]")
        #expect(try await first("munich bayern").id == "geonames:2867714")
        #expect(try await completer.completions(for: "paris frankreich").isEmpty)
        #expect(try await first("frankreich").place.countryCode == "FR")
    }

    @Test func countriesAreWhereTheirCapitalIs() async throws {
        let germany = try await first("germany").place
        let berlin = try #require(germany.coordinate)
        #expect(abs(berlin.latitude - 52.52) < 0.1 && abs(berlin.longitude - 13.41) < 0.1)
        // So with `near`, a country pays its distance: "saint" near Paris is not the
        // United States (which also no longer matches it at all: see the abbreviations).
        let paris = GeoCoordinate(latitude: 48.85, longitude: 2.35)
        let near = try await completer.completions(for: "united", options: .init(near: paris))
        #expect(near.first?.place.countryCode == "GB", "\(near.prefix(3).map(\.description))")
    }

    @Test("Titles are names a person would accept", arguments: [
        ("londn", "London"), ("münchen", "München"), ("munich", "Munich"), ("nyc", "New York City"),
        ("wien", "Wien"), ("saigon", "Saigon"), ("москва", "Москва"), ("tōkyō", "Tōkyō"),
    ])
    func titles(_ query: String, _ title: String) async throws {
        let completion = try await first(query)
        #expect(completion.title == title, "\(completion.description)")
        #expect(completion.highlightsAreValid)
    }

    @Test func aJunkAliasIsNotTheTitle() async throws {
        let eschen = try await first("a", .init(countries: ["LI"]))
        #expect(eschen.title == eschen.place.name, "\(eschen.description)")
        // The canonical name shows where the typed spelling maps onto it.
        let london = try await first("londn")
        #expect(london.markedTitle == "[Lond]on" && london.subTitle == "England, United Kingdom")
        #expect(london.matchedName == "Londn")
    }

    @Test("A fully typed word does not read as its abbreviation", arguments: [
        ("saint", ["saint", "sankt", "sint"]), ("mount", ["mount", "mont"]), ("port", ["port", "point"]), ("fort", ["fort"]),
    ])
    func abbreviationsOneWay(_ word: String, _ readings: [String]) async throws {
        // Every result has a title word that starts with the word or one of its long
        // readings: none is there through "st", "mt", "pt" or "ft".
        for completion in try await completer.completions(for: word) {
            let words = _Folding.fold(completion.title).split(separator: 0x20)
            #expect(words.contains { w in readings.contains { w.starts(with: Array($0.utf8)) } }, "\(word): \(completion.description)")
        }
        #expect(try await first("mount").title == "Mount Pleasant")
    }

    @Test func abbreviationsStillExpand() async throws {
        #expect(try await first("st louis").id == "geonames:4407066")
        #expect(try await first("mt vernon").title.hasPrefix("Mount Vernon"))
        #expect(try await first("saint paul").id == "geonames:5045360")
        #expect(try await completer.completions(for: "st").contains { $0.title == "Saint Petersburg" })
        // Not Strasbourg first in France: it matched "st" through "saint".
        #expect(try await first("saint", .init(countries: ["FR"])).title.hasPrefix("Saint"))
    }

    @Test("An exact name beats a bigger place's alias", arguments: [
        ("islamabad", "geonames:1176615"), ("frisco", "geonames:4692559"),
    ])
    func exactNameBeatsAlias(_ query: String, _ id: String) async throws {
        #expect(try await first(query).id == id)
    }

    @Test func aWellKnownExonymStillWins() async throws {
        #expect(try await first("wien").id == "geonames:2761369")
        #expect(try await first("peking").id == "geonames:1816670")
    }

    @Test func implausiblePopulationsAreCorrected() async throws {
        let gorakhpurs = try await completer.completions(for: "gorakhpur").filter { $0.place.name == "Gorakhpur" }
        #expect(gorakhpurs.first?.place.admin1 == "Uttar Pradesh")
        let haryana = try #require(gorakhpurs.first { $0.place.geonameID == 1270926 })
        #expect(haryana.place.population < 100_000)
    }

    @Test func placesHaveTimeZones() async throws {
        #expect(try await first("san fr").place.timeZone == "America/Los_Angeles")
        #expect(try await first("berlin").place.timeZone == "Europe/Berlin")
        #expect(try await first("bavaria").place.timeZone == nil)
    }

    @Test func localizedDisplay() async throws {
        let german = CompletionOptions(language: "de")
        let germany = try await first("germany", german)
        #expect(germany.title == "Deutschland" && germany.place.name == "Germany")
        let bavaria = try await first("bavaria", german)
        #expect(bavaria.title == "Bayern" && bavaria.subTitle == "Deutschland")
        #expect(bavaria.highlightsAreValid)
        #expect(try await first("munich", german).subTitle == "Bayern, Deutschland")
        #expect(try await first("vienna", german).title == "Wien")
        // The default and an unknown language show the canonical names.
        #expect(try await first("germany").title == "Germany")
        #expect(try await first("germany", .init(language: "tlh")).title == "Germany")
        #expect(try await first("bavaria", .init(language: "de-AT")).title == "Bayern")
    }
}
