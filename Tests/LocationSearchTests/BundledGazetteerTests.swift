import Foundation
import Testing
@testable import LocationSearch

/// End-to-end queries on the bundled GeoNames data.
@Suite("Bundled gazetteer", .holdsItsThread)
struct BundledGazetteerTests {
    var completer: LocationCompleter { get async throws { try await bundledCompleter() } }

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
    func wellKnown(_ query: String, _ id: String, _ title: String, _ subtitle: String) async throws {
        let first = try #require(try await completer.completions(for: query).first)
        #expect(first.id == id)
        #expect(first.markedTitle == title)
        #expect(first.markedSubTitle == subtitle)
    }

    /// The bundle SwiftPM built from `Gazetteer/Resources` has the name the library looks
    /// for (`<package>_<target>`; renaming the package or the target changes it), and the
    /// library finds the data in it, not in the checkout.
    @Test func theResourceBundleHasTheNameTheLibraryLooksFor() throws {
        let directory = try #require(_BundledData.directory)
        #expect(directory.pathComponents.contains { $0.hasPrefix(_BundledData.bundleName + ".") }, "\(directory.path)")
        #if !canImport(Darwin)
        let bundle = Products.directory.appendingPathComponent(_BundledData.bundleName + ".resources")
        #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("Resources/cities500.txt").path))
        #endif
    }

    /// The bundled index keeps `_PrefixIndex`'s invariants (sorted keys, range trees,
    /// references in bounds, word keys inside their names): checked here on the index as
    /// loaded (the bytes the build wrote), since builds no longer check themselves in debug.
    @Test func theBundledIndexKeepsItsInvariants() async throws {
        let completer = try await self.completer
        try await onOwnThread { completer.index._checkInvariants() }
    }

    /// `complete --json` writes each coordinate as printf's `%.5f` of the place's
    /// coordinate would: the tool formats its numbers without Foundation
    /// (`fixed(_:decimals:)`, exact binary rounding, ties to even), so this compares its
    /// text with `String(format:)` on real rows, negative and positive.
    @Test func jsonCoordinatesAreWrittenAsPrintfWritesThem() async throws {
        let completer = try await self.completer
        let queries = [
            "san fr", "paris", "москва", "ushuaia", "wellington", "quito", "reykjavik", "honolulu", "lima", "perth",
        ]
        let input = Data((queries.joined(separator: "\n") + "\n").utf8)
        let result = try Subprocess.run(["complete", "--json"], input: input)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == queries.count)
        var compared = 0
        for (query, line) in zip(queries, lines) {
            var coordinates: [String: String] = [:]
            for completion in completer.completions(for: query, options: CompletionOptions(limit: 20)) {
                guard let at = completion.place.coordinate else { continue }
                coordinates[completion.id] = String(format: "%.5f, %.5f", at.latitude, at.longitude)
            }
            // Each result's raw text: "id": "…", …, "latitude": X, "longitude": Y.
            for object in line.components(separatedBy: "{\"id\": \"").dropFirst() {
                let id = String(object.prefix { $0 != "\"" })
                guard let expected = coordinates[id],
                      let latitude = object.range(of: "\"latitude\": "),
                      let longitude = object.range(of: ", \"longitude\": "),
                      let end = object.range(of: ", \"population\"")
                else { continue }
                let printed = object[latitude.upperBound..<longitude.lowerBound] + ", "
                    + object[longitude.upperBound..<end.lowerBound]
                #expect(printed == expected, "\(query): \(id)")
                compared += 1
            }
        }
        #expect(compared >= 50, "only \(compared) rows compared")
    }

    /// Every bundled city's coordinate is the double its GeoNames text reads as, bit for
    /// bit: 134.47326 is 134.47326 (a `Float` made it 134.47327 when printed, and
    /// 48.85340881347656 as a `Double`).
    @Test func cityCoordinatesAreGeoNamesOwn() async throws {
        let completer = try await self.completer
        let directory = try #require(_BundledData.directory)
        let text = try String(contentsOf: directory.appendingPathComponent("cities500.txt"), encoding: .utf8)
        let (compared, differing) = try await onOwnThread {
            var coordinates: [Int: GeoCoordinate] = [:]
            for place in completer.gazetteer.places where place.kind == .city {
                coordinates[place.geonameID ?? -1] = place.coordinate
            }
            var compared = 0, differing: [String] = []
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count > 5, let id = Int(fields[0]), let coordinate = coordinates[id] else { continue }
                compared += 1
                if coordinate != GeoCoordinate(latitude: Double(fields[4])!, longitude: Double(fields[5])!) {
                    differing.append("\(id): \(coordinate)")
                }
            }
            return (compared, differing)
        }
        #expect(compared == 234_908)
        #expect(differing.isEmpty, "\(differing.count) differ, as \(differing.prefix(3))")
    }

    @Test func theBundledDataHasEveryPlace() async throws {
        let completer = try await self.completer
        #expect(completer.placeCount == 234_908 + 3_775 + 252)
    }

    @Test func highlightsAreValidForRandomQueries() async throws {
        let completer = try await self.completer
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

    @Test func theIndexCacheIsInStepWithTheSources() async throws {
        // Built from the GeoNames text now, and as loaded (from the cache when warm):
        // their serialized forms must be identical. (A build takes half a minute in a debug
        // build: on a thread of its own, not the test pool's.)
        let loaded = try await completer
        let same = try await onOwnThread {
            let fromSources = try LocationCompleter(bundledCacheDirectory: nil)
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-step-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let a = directory.appendingPathComponent("sources.lsindex")
            let b = directory.appendingPathComponent("loaded.lsindex")
            try fromSources.writeIndex(to: a)
            try loaded.writeIndex(to: b)
            return try Data(contentsOf: a) == Data(contentsOf: b)
        }
        #expect(same)
    }

    /// No two rows of different kinds read the same: a city-state's city and region
    /// ("kyiv": the city in Kyiv City, and the region Kyiv City under its name "Kyiv"), in
    /// every language, from the stored answers (limit 10) and from the search (limit 40);
    /// and over every two-letter prefix. (Rows of one kind are kept apart by the search.)
    @Test func noRowsOfTwoKindsReadTheSame() async throws {
        let completer = try await completer
        func check(_ query: String, _ options: CompletionOptions) {
            var kindsByText: [String: Set<Place.Kind>] = [:]
            for row in completer.completions(for: query, options: options) {
                kindsByText[row.description, default: []].insert(row.place.kind)
            }
            let repeated = kindsByText.filter { $0.value.count > 1 }.keys.sorted()
            #expect(repeated.isEmpty, "\(query) \(options.language ?? "-") \(options.limit): \(repeated)")
        }
        for query in ["kyiv", "Київ", "praha", "北京", "دمشق", "moskva", "berlin", "wien", "singapore", "new york"] {
            for language in [nil, "de", "ru", "ja"] as [String?] {
                for limit in [10, 40] { check(query, CompletionOptions(limit: limit, language: language)) }
            }
        }
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        for a in letters { for b in letters { check(a + b, CompletionOptions()) } }
        // The city stays, the region that read like it goes.
        #expect(completer.completions(for: "kyiv").prefix(2).map(\.description)
                == ["Kyiv, Kyiv City, Ukraine", "Kyiv, Kyivska oblast, Ukraine"])
    }
}
