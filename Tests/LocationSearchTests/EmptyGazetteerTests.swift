import Foundation
import Testing
@testable import LocationSearch

/// A gazetteer without places (custom, or GeoNames files without rows) builds a completer
/// that answers nothing, and its index file reads back as one: checked in full, by path,
/// and sealed, as a cache.
@Suite("Empty gazetteer", .holdsItsThread)
struct EmptyGazetteerTests {
    static func emptyGeoNames() throws -> Gazetteer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-empty-geonames-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["cities500.txt", "admin1CodesASCII.txt", "countryInfo.txt"] {
            try Data().write(to: directory.appendingPathComponent(name))
        }
        return try Gazetteer(geoNamesDirectory: directory)
    }

    @Test(arguments: ["places", "GeoNames files"])
    func itsIndexReadsBack(_ source: String) throws {
        let gazetteer = source == "places" ? try Gazetteer(places: []) : try Self.emptyGeoNames()
        #expect(gazetteer.count == 0)
        let built = LocationCompleter(gazetteer: gazetteer)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ls-empty-\(UUID()).lsindex")
        defer { try? FileManager.default.removeItem(at: file) }
        let checksum = try _IndexFile.write(built, sourceKey: "", to: file)
        let loaded = try LocationCompleter(indexFile: file)
        let sealed = try #require(try _IndexFile.read(file, seal: .init(checksum, naming: file)))
        #expect(!sealed.checked)
        for completer in [built, loaded, sealed.completer] {
            #expect(completer.placeCount == 0)
            for query in ["a", "paris", "san fr", "x y z", "東京"] {
                for typos in [true, false] {
                    let options = CompletionOptions(typoTolerance: typos)
                    #expect(completer.completions(for: query, options: options).isEmpty)
                    #expect(completer.matchCount(for: query, options: options) == 0)
                }
            }
        }
    }
}
