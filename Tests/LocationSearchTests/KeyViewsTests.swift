import Foundation
import Testing
@testable import LocationSearch

@Suite("Key views (filtered searches)", .holdsItsThread)
struct KeyViewsTests {
    /// A seeded gazetteer over a few countries and all three kinds, with populations from a
    /// short list (so that scores tie often), short names over a small alphabet (so that
    /// prefixes are shared across countries), alternate names, and two labels that pack to
    /// one country code ("US" and "us": no single view holds that filter).
    static let completer: LocationCompleter = {
        var random = SeededGenerator(seed: 11)
        let countries = [("US", "United States"), ("IS", "Iceland"), ("LI", "Liechtenstein"), ("NZ", "New Zealand"),
                         ("us", "Lower States")]
        let kinds: [Place.Kind] = [.city, .city, .city, .city, .region, .country]
        let populations = [0, 0, 500, 1_000, 1_000, 25_000, 1_000_000]
        let alphabet = ["a", "b", "r", "e", " ", "é"]
        var places: [Place] = []
        var alternates: [String: [String]] = [:]
        for i in 0..<900 {
            let (code, country) = countries[Int.random(in: 0..<(i < 880 ? 4 : 5), using: &random)]
            let name = ["a", "b", "re", "r"][i % 4]
                + (0..<Int.random(in: 0...4, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            let id = "p\(i)"
            places.append(Place(id: id, name: name, kind: kinds.randomElement(using: &random)!, countryCode: code,
                                countryName: country, admin1: i % 3 == 0 ? "Region \(i % 7)" : nil,
                                population: populations.randomElement(using: &random)!,
                                coordinate: GeoCoordinate(latitude: Double(i % 80), longitude: Double(i % 170))))
            if i % 2 == 0 { alternates[id] = ["a" + name, "ab " + name] }
        }
        return LocationCompleter(gazetteer: try! Gazetteer(places: places, alternateNames: alternates))
    }()

    static let filters: [(countries: Set<String>, kinds: Set<Place.Kind>)] = [
        (["US"], []), (["IS"], []), (["li"], []), (["NZ"], [.city]), (["ZZ"], []), (["US"], [.region]),
        ([], [.country]), ([], [.region]), ([], [.region, .country]), ([], [.city]), (["IS", "LI"], []), (["IS"], [.country, .region]),
        (["US", "NZ", "IS"], []), (["US", "ZZ"], []), (["us", "IS"], []), (["NZ", "LI"], [.city]),
    ]

    static let queries = ["a", "b", "r", "re", "a b", "ab ", "abe", "bré", "rea", "aa", "e", "ab r", "reab", "brr", "rrr"]

    /// Every filter, through the views and through the whole lists (every key checked):
    /// the same matches, scores and order, with typo tolerance on and off.
    @Test(arguments: [false, true])
    func viewsFindWhatTheWholeListsFind(typos: Bool) {
        let completer = Self.completer
        for filter in Self.filters {
            for limit in [3, 10] {
                let options = CompletionOptions(limit: limit, countries: filter.countries, kinds: filter.kinds,
                                                typoTolerance: typos)
                for query in Self.queries {
                    let plan = _QueryPlan(query: query)
                    let viewed = completer.matches(for: plan, options: options)
                    let walked = completer.matches(for: plan, options: options, filterViews: false)
                    #expect(viewed.map(\.shown.place) == walked.map(\.shown.place), "\(query) \(filter)")
                    #expect(viewed.map(\.shown.name) == walked.map(\.shown.name), "\(query) \(filter)")
                    #expect(viewed.map(\.score) == walked.map(\.score), "\(query) \(filter)")
                    #expect(viewed.map(\.shown.keyOffset) == walked.map(\.shown.keyOffset), "\(query) \(filter)")
                }
            }
        }
    }

    @Test func viewsHoldEachCountrysKeysAndTheNonCityKeys() {
        let completer = Self.completer
        let index = completer.index
        index._checkInvariants()
        let places = completer.gazetteer._places
        for (list, views) in [(index.whole, index.wholeViews), (index.words, index.wordViews)] {
            #expect(views.groupCount == completer.gazetteer._labels.count + 3)
            for g in 0..<views.groupCount {
                let members = Set(views.view(g).positions.map(Int.init))
                for i in 0..<list.count {
                    let record = places[Int(index.namePlace[Int(list.name(i))])]
                    let inGroup = switch g {
                    case views.regionGroup: record.kind == .region
                    case views.countryGroup: record.kind == .country
                    case views.nonCityGroup: record.kind != .city
                    default: Int(record.countryCode) == g
                    }
                    #expect(members.contains(i) == inGroup)
                }
            }
        }
    }

    @Test func viewsSurviveTheIndexFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keyviews-\(UUID().uuidString).lsindex")
        defer { try? FileManager.default.removeItem(at: file) }
        try Self.completer.writeIndex(to: file)
        let loaded = try LocationCompleter(indexFile: file)
        for filter in Self.filters {
            let options = CompletionOptions(countries: filter.countries, kinds: filter.kinds)
            for query in Self.queries {
                #expect(loaded.completions(for: query, options: options).map(\.id)
                        == Self.completer.completions(for: query, options: options).map(\.id))
            }
        }
    }
}
