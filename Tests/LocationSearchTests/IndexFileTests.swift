import Foundation
import Testing
@testable @_spi(Benchmarking) import LocationSearch

@Suite("Index files")
struct IndexFileTests {
    func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ls-index-\(UUID()).lsindex")
    }

    @Test func aWrittenIndexAnswersLikeTheOriginal() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Fixtures.completer.writeIndex(to: file)
        let loaded = try LocationCompleter(indexFile: file)
        loaded.index._checkInvariants()
        for query in ["san fr", "york", "wien", "東", "paris tex", "s", "sna francisco", "berjing", "mumbia"] {
            #expect(loaded.completions(for: query) == Fixtures.completer.completions(for: query))
        }
    }

    @Test func placeRecordsHaveNoImplicitPadding() {
        // Their bytes go to index files as they are: padding the compiler added would hold
        // whatever memory held, and two builds of the same data would differ.
        #expect(MemoryLayout<_PlaceRecord>.size == MemoryLayout<_PlaceRecord>.stride)
    }

    @Test func twoBuildsOfTheSameDataWriteTheSameBytes() throws {
        let a = temporaryFile(), b = temporaryFile()
        defer { for file in [a, b] { try? FileManager.default.removeItem(at: file) } }
        try LocationCompleter(gazetteer: Fixtures.gazetteer).writeIndex(to: a)
        _ = Array(repeating: UInt8(0xAB), count: 1 << 20)  // dirty some memory in between
        try LocationCompleter(gazetteer: Fixtures.gazetteer).writeIndex(to: b)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))
    }

    @Test func aMissingFileIsNamed() {
        let file = temporaryFile()
        #expect(throws: GazetteerError.missingFile(path: file.path)) { try LocationCompleter(indexFile: file) }
    }

    /// A damage that makes section `i` `bytes` shorter than written.
    func shorten(section i: Int, by bytes: UInt64) -> (inout Data) -> Void {
        { data in
            let at = (8 + 2 * i + 1) * 8
            let count = data[at..<(at + 8)].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) } - bytes
            data.replaceSubrange(at..<(at + 8), with: withUnsafeBytes(of: count) { Data($0) })
        }
    }

    /// A damage that sets every byte of the first 4-byte word of section `i` to `byte`.
    func overwriteFirstWord(of i: Int, with byte: UInt8 = 0xFF) -> (inout Data) -> Void {
        { data in
            let at = (8 + 2 * i) * 8
            let offset = Int(data[at..<(at + 8)].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
            data.replaceSubrange(offset..<(offset + 4), with: Data(repeating: byte, count: 4))
        }
    }

    @Test func damagedFilesAreErrorsNotCrashes() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Fixtures.completer.writeIndex(to: file)
        let original = try Data(contentsOf: file)
        var generator = SeededGenerator(seed: 99)
        var rejected = 0
        let damages: [(String, (inout Data) -> Void)] = [
            ("empty", { $0 = Data() }),
            ("truncated", { $0 = $0.prefix($0.count / 2) }),
            ("not an index", { $0 = Data(repeating: 0x41, count: 4096) }),
            ("other version", { $0[8] = 99 }),
            ("other search revision", { $0[56] &+= 1 }),
            ("section out of bounds", { $0.replaceSubrange(72..<80, with: Data(repeating: 0xFF, count: 8)) }),
            // Section i's (offset, byte count) pair follows the 8 header fields and i pairs.
            ("qualifier bits one short", shorten(section: 23, by: 8)),
            ("trie child beyond the nodes", overwriteFirstWord(of: 27)),  // the whole-name trie's first children
            ("trie of another depth", shorten(section: 35, by: 4)),  // the whole-name trie's level starts
            ("trie range beyond the keys", overwriteFirstWord(of: 31)),  // the word-start trie's uppers
            ("trie children outside their parent", overwriteFirstWord(of: 26, with: 0)),  // the whole-name root's upper
            ("stored-answer buckets out of order", overwriteFirstWord(of: 37)),
            ("next bytes one key short", shorten(section: 39, by: 4)),  // the word-start keys' next bytes
        ]
        for (_, damage) in damages {
            var data = original
            damage(&data)
            try data.write(to: file)
            #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: file) }
            rejected += 1
        }
        // Random byte flips: each file is either rejected or answers without trapping.
        for _ in 0..<200 {
            var data = original
            for _ in 0..<4 {
                data[Int.random(in: 0..<data.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            try data.write(to: file)
            if let completer = try? LocationCompleter(indexFile: file) {
                for query in ["s", "paris", "york"] { _ = completer.completions(for: query) }
            }
        }
        #expect(rejected == damages.count)
    }
}

@Suite("Index file from GeoNames files")
struct IndexFileRoundTripTests {
    static let queries = ["san", "san fr", "SAN F", "paris", "paris tex", "paris, texas", "nyc", "new y", "york",
                          "sao", "são p", "munich", "münchen", "berl", "Берлин", "サン", "fr", "x", "", "  ", "!!!"]

    /// A completer loaded from the file it wrote answers every query exactly as the one
    /// that wrote it.
    @Test func roundTripKeepsEveryAnswer() throws {
        let directory = try GeoNamesFixture.write()
        defer { try? FileManager.default.removeItem(at: directory) }
        let built = LocationCompleter(gazetteer: try Gazetteer(geoNamesDirectory: directory))
        let file = directory.appendingPathComponent("fixture.lsindex")
        try built.writeIndex(to: file)
        let loaded = try LocationCompleter(indexFile: file)
        loaded.index._checkInvariants()
        #expect(loaded.placeCount == built.placeCount)
        for query in Self.queries {
            #expect(loaded.completions(for: query) == built.completions(for: query), "query \(query)")
        }
        var near = CompletionOptions(limit: 3)
        near.near = GeoCoordinate(latitude: 33.6, longitude: -95.5)
        #expect(loaded.completions(for: "paris", options: near) == built.completions(for: "paris", options: near))
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
