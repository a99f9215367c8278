import Foundation
import Testing
@testable @_spi(Benchmarking) import LocationSearch

@Suite("Index file from GeoNames files", .holdsItsThread)
struct IndexFileRoundTripTests {
    static let queries = ["san", "san fr", "SAN F", "paris", "paris tex", "paris, texas", "nyc", "new y", "york",
                          "sao", "são p", "munich", "münchen", "berl", "Берлин", "サン", "fr", "x", "", "  ",
                          "!!!"]

    /// A completer loaded from the file it wrote answers every query exactly as the one
    /// that wrote it.
    @Test func roundTripKeepsEveryAnswer() throws {
        let directory = try GeoNamesFixture.write()
        defer { try? FileManager.default.removeItem(at: directory) }
        let built = LocationCompleter(gazetteer: try Gazetteer(geoNamesDirectory: directory))
        let file = directory.appendingPathComponent("fixture.lsindex")
        let checksum = try _IndexFile.write(built, sourceKey: "", to: file)
        let loaded = try LocationCompleter(indexFile: file)
        // Sealed, as the cache file the library wrote: what its sections refer to is not
        // checked (`_IndexFile.Seal`), and nothing else differs.
        let sealed = try #require(try _IndexFile.read(file, seal: .init(checksum, naming: file)))
        #expect(!sealed.checked)
        var near = CompletionOptions(limit: 3)
        near.near = GeoCoordinate(latitude: 33.6, longitude: -95.5)
        for completer in [loaded, sealed.completer] {
            completer.index._checkInvariants()
            #expect(completer.placeCount == built.placeCount)
            for query in Self.queries {
                #expect(completer.completions(for: query) == built.completions(for: query), "query \(query)")
            }
            #expect(completer.completions(for: "paris", options: near) == built.completions(for: "paris", options: near))
        }
    }

    @Test func damagedFilesAreErrorsNotCrashes() throws {
        let directory = try GeoNamesFixture.write()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("fixture.lsindex")
        try LocationCompleter(gazetteer: try Gazetteer(geoNamesDirectory: directory)).writeIndex(to: file)
        var bytes = try Data(contentsOf: file)
        bytes.count = bytes.count / 2
        try bytes.write(to: file)
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: file) }
        try Data("not an index".utf8).write(to: file)
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: file) }
    }

    /// The benchmark's fast gazetteer path builds the same completer as `Gazetteer(places:)`.
    @Test func appenderMatchesPlaces() throws {
        var appender = _GazetteerAppender()
        let us = appender.label("US"), usa = appender.label("United States"), texas = appender.label("Texas")
        appender.appendPlace(geonameID: 4717560, population: 24171, kind: .city, countryCode: us, countryName: usa,
                             admin1Name: texas)
        appender.appendName(Array("Paris".utf8))
        appender.appendName(Array("Пэрис".utf8))
        appender.appendPlace(geonameID: 4736286, population: 25145561, kind: .region, countryCode: us, countryName: usa)
        appender.appendName(Array("Texas".utf8))
        let fast = LocationCompleter(gazetteer: appender.makeGazetteer())
        let slow = LocationCompleter(gazetteer: try Gazetteer(places: [
            Place(geonameID: 4717560, name: "Paris", countryCode: "US", countryName: "United States", admin1: "Texas",
                  population: 24171),
            Place(geonameID: 4736286, name: "Texas", kind: .region, countryCode: "US", countryName: "United States",
                  population: 25145561),
        ], alternateNames: ["geonames:4717560": ["Пэрис"]]))
        for query in ["p", "paris", "пэ", "tex", "paris tex", "t"] {
            #expect(fast.completions(for: query).map(\.description) == slow.completions(for: query).map(\.description))
            #expect(fast.completions(for: query).map(\.id) == slow.completions(for: query).map(\.id))
        }
        #expect(fast._nameCount == 3)
    }
}
