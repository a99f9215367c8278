import Foundation
import Testing
@testable import LocationSearch

/// Completions an app makes itself (its own rows, tests, previews): valid highlight ranges
/// whatever it gives, the subtitles a search would write, and the preview samples as the
/// bundled data answers "san".
@Suite("Making completions", .holdsItsThread)
struct LocalSearchCompletionMakingTests {
    static func r(_ location: Int, _ length: Int) -> HighlightRange { HighlightRange(location: location, length: length) }

    @Test("Ranges made valid", arguments: [
        ([r(0, 3)], 10, [r(0, 3)]),
        ([r(4, 9), r(0, 3)], 10, [r(0, 3), r(4, 6)]),       // sorted, cut to the text
        ([r(5, 1), r(5, 1)], 10, [r(5, 1)]),                // the same range twice: once
        ([r(0, 4), r(2, 4), r(6, 1)], 10, [r(0, 6), r(6, 1)]),  // overlaps merged, touching kept
        ([r(-2, 4), r(12, 1), r(3, 0), r(3, -5)], 10, [r(0, 2)]),  // outside or empty: dropped
        ([r(Int.max, Int.max), r(Int.min, Int.max), r(1, Int.max), r(Int.min, Int.min)], 4, [r(1, 3)]),
        ([r(0, 1)], 0, []),
    ] as [([HighlightRange], Int, [HighlightRange])])
    func rangesAreMadeValid(_ given: [HighlightRange], _ count: Int, _ expected: [HighlightRange]) {
        let valid = HighlightRange.valid(given, utf16Count: count)
        #expect(valid == expected)
        #expect(HighlightRange.isValid(valid, utf16Count: count))
        #expect(HighlightRange.isValid(given, utf16Count: count) == (given == expected))
    }

    @Test func aMadeCompletionShowsWhatASearchWould() throws {
        let city = Place(geonameID: 1, name: "Springfield", countryCode: "US", countryName: "United States",
                         admin1: "Illinois")
        let region = Place(name: "Illinois", kind: .region, countryCode: "US", countryName: "United States",
                           admin1Code: "IL")
        let country = Place(geonameID: 2, name: "Japan", kind: .country, countryCode: "JP", countryName: "Japan")
        #expect(LocalSearchCompletion(place: city).description == "Springfield, Illinois, United States")
        #expect(LocalSearchCompletion(place: region).description == "Illinois, United States")
        #expect(LocalSearchCompletion(place: country).description == "Japan")
        let made = LocalSearchCompletion(place: city, title: "Springfield", subtitle: "IL",
                                         titleHighlightRanges: [Self.r(6, 40), Self.r(0, 3)], matchedName: "Spfd")
        #expect(made.id == "geonames:1" && made.subtitle == "IL" && made.matchedName == "Spfd")
        #expect(made.titleHighlightRanges == [Self.r(0, 3), Self.r(6, 5)])
        // It encodes and decodes to itself.
        let decoded = try JSONDecoder().decode(LocalSearchCompletion.self, from: JSONEncoder().encode(made))
        #expect(decoded == made)
    }

    /// Stored completions with ranges that are not valid for their text do not decode.
    @Test(arguments: [
        #"[{"location": 0, "length": 30}]"#, #"[{"location": 2, "length": 1}, {"location": 0, "length": 1}]"#,
        #"[{"location": 1, "length": 2}, {"location": 2, "length": 1}]"#, #"[{"location": -1, "length": 1}]"#,
        #"[{"location": 1, "length": 0}]"#,
    ])
    func invalidStoredRangesAreRejected(_ ranges: String) throws {
        let json = """
            {"id": "geonames:1", "title": "Springfield", "subtitle": "", "titleHighlightRanges": \(ranges),
             "subtitleHighlightRanges": [], "place": {"id": "geonames:1", "geonameID": 1, "name": "Springfield",
             "kind": "city", "countryCode": "US", "countryName": "United States", "population": 0}}
            """
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LocalSearchCompletion.self, from: Data(json.utf8))
        }
    }

    /// The samples are what the bundled data answers for "san": its places, titles,
    /// subtitles and highlights.
    @Test func previewSamplesAreTheBundledAnswerToSan() async throws {
        let answer = try await bundledCompleter().completions(for: "san", options: CompletionOptions(limit: 5))
        let samples = LocalSearchCompletion.previewSamples
        #expect(samples.map(\.description) == answer.map(\.description))
        #expect(samples.map(\.id) == answer.map(\.id))
        #expect(samples.map(\.titleHighlightRanges) == answer.map(\.titleHighlightRanges))
        // (Coordinates as GeoNames writes them, to 10⁻⁵ degree.)
        var places = answer.map(\.place)
        for i in places.indices { places[i].coordinate = samples[i].place.coordinate }
        #expect(samples.map(\.place) == places)
        for (sample, found) in zip(samples, answer) {
            let a = try #require(sample.place.coordinate), b = try #require(found.place.coordinate)
            #expect(abs(a.latitude - b.latitude) < 1e-6 && abs(a.longitude - b.longitude) < 1e-6)
        }
    }
}
