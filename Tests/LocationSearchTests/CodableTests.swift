import Foundation
import Testing
@testable import LocationSearch

/// Places, completions and options survive a round trip through JSON, so an app can store
/// recent choices and settings.
@Suite("Codable", .holdsItsThread)
struct CodableTests {
    @Test func aCompletionRoundTripsWithItsStrings() throws {
        let completer = Fixtures.completer
        let completions = completer.completions(for: "san f")
        let original = try #require(completions.first)
        let data = try JSONEncoder().encode(completions)
        let decoded = try JSONDecoder().decode([LocalSearchCompletion].self, from: data)
        #expect(decoded == completions)
        let first = try #require(decoded.first)
        #expect(first.title == original.title && first.subtitle == original.subTitle)
        #expect(first.titleHighlightRanges == original.titleHighlightRanges)
        #expect(first.place == original.place && first.id == original.id)
        // The strings are stored, not the completer: the JSON names them.
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"title\":\"San Francisco\"") && json.contains("\"subtitle\""))
    }

    @Test func aCompletionWhoseIDIsNotItsPlacesIsRejected() throws {
        let completion = try #require(Fixtures.completer.completions(for: "san f").first)
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(completion)) as? [String: Any])
        object["id"] = "geonames:1"
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LocalSearchCompletion.self, from: data) }
    }

    @Test func aPlaceRoundTrips() throws {
        let place = Place(
            geonameID: 2867714, name: "München", countryCode: "DE", countryName: "Germany", admin1: "Bavaria",
            admin1Code: "02", population: 1_260_391, timeZone: "Europe/Berlin",
            coordinate: GeoCoordinate(latitude: 48.13743, longitude: 11.57549))
        let decoded = try JSONDecoder().decode(Place.self, from: JSONEncoder().encode(place))
        #expect(decoded == place)
        #expect(decoded.timeZone == "Europe/Berlin")
        let region = Place(geonameID: 2951839, name: "Bavaria", kind: .region, countryCode: "DE", countryName: "Germany",
                           admin1Code: "02")
        #expect(region.id == "admin1:DE.02" && region.geonameID == 2951839)
    }

    @Test func optionsRoundTrip() throws {
        let options = CompletionOptions(
            limit: 5, near: GeoCoordinate(latitude: 42.36, longitude: -71.06), countries: ["US", "CA"],
            kinds: [.city, .region], typoTolerance: false, language: "de")
        #expect(try JSONDecoder().decode(CompletionOptions.self, from: JSONEncoder().encode(options)) == options)
        #expect(try JSONDecoder().decode(CompletionOptions.self, from: JSONEncoder().encode(CompletionOptions())) == CompletionOptions())
    }
}
