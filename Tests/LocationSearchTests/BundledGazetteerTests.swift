import Foundation
import Testing
@testable import LocationSearch

/// End-to-end queries on the bundled GeoNames data.
@Suite("Bundled gazetteer")
struct BundledGazetteerTests {
    var completer: LocationCompleter { get throws { try bundledCompleter.get() } }

    @Test("Well-known queries", arguments: [
        ("san fr", "geonames:5391959", "[San] [Fr]ancisco", "California, United States"),
        ("paris", "geonames:2988507", "[Paris]", "Île-de-France, France"),
        ("paris tex", "geonames:4717560", "[Paris]", "[Tex]as, United States"),
        ("paris, texas", "geonames:4717560", "[Paris]", "[Texas], United States"),
        ("springfield il", "geonames:4250542", "[Springfield]", "[Il]linois, United States"),
        ("sao paulo", "geonames:3448439", "[São] [Paulo]", "São Paulo, Brazil"),
        ("東京", "geonames:1850147", "[東京]", "Tokyo, Tokyo, Japan"),
        ("Москва", "geonames:524901", "[Москва]", "Moscow, Moscow, Russia"),
        ("wien", "geonames:2761369", "[Wien]", "Vienna, Vienna, Austria"),
        ("york", "geonames:2633352", "[York]", "England, United Kingdom"),
        ("texas", "admin1:US.TX", "[Texas]", "United States"),
        ("japan", "geonames:1861060", "[Japan]", "Asia"),
        ("bavaria", "admin1:DE.02", "[Bavaria]", "Germany"),
    ])
    func wellKnown(_ query: String, _ id: String, _ title: String, _ subtitle: String) throws {
        let first = try #require(try completer.completions(for: query).first)
        #expect(first.id == id)
        #expect(first.markedTitle == title)
        #expect(first.markedSubTitle == subtitle)
    }

    @Test func theBundledDataHasEveryPlace() throws {
        let completer = try self.completer
        #expect(completer.placeCount == 234_908 + 3_775 + 252)
    }

    @Test func highlightsAreValidForRandomQueries() throws {
        let completer = try self.completer
        var generator = SeededGenerator(seed: 2026)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz  -'.ÉéüßøØ東京Пари\u{301}🇫🇷")
        for _ in 0..<1500 {
            let length = Int.random(in: 1...8, using: &generator)
            let query = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            for completion in completer.completions(for: query) {
                #expect(completion.highlightsAreValid, "\(query): \(completion.debugDescription)")
            }
        }
    }

    @Test func theIndexCacheIsInStepWithTheSources() throws {
        // Built from the GeoNames text now, and as loaded (from the cache when warm):
        // their serialized forms must be identical.
        let fromSources = try LocationCompleter(bundledCacheDirectory: nil)
        let loaded = try completer
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-step-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("sources.lsindex"), b = directory.appendingPathComponent("loaded.lsindex")
        try fromSources.writeIndex(to: a)
        try loaded.writeIndex(to: b)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))
    }
}
