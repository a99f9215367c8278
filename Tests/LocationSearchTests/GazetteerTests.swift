import Foundation
import Testing
@testable import LocationSearch

@Suite("GeoNames files", .holdsItsThread)
struct GazetteerTests {
    @Test func readsTheGeoNamesLayouts() throws {
        let gazetteer = try Gazetteer(geoNamesDirectory: Fixtures.directory("geonames"))
        let places = Array(gazetteer.places)
        // 4 populated places (the feature-class T row is not a city), 3 regions that have
        // places (Andorra la Vella has none), 3 countries.
        #expect(places.filter { $0.kind == .city }.count == 4)
        #expect(places.filter { $0.kind == .region }.map(\.name).sorted() == ["California", "Encamp", "Texas", "Île-de-France"])
        #expect(places.filter { $0.kind == .country }.count == 3)

        let sf = try #require(places.first { $0.geonameID == 5391959 })
        #expect(sf.id == "geonames:5391959")
        #expect(sf.admin1 == "California" && sf.admin1Code == "CA")
        #expect(sf.countryName == "United States" && sf.countryCode == "US")
        #expect(sf.population == 864_816)
        #expect(sf.coordinate == GeoCoordinate(latitude: 37.77493, longitude: -122.41942))
        let index = try #require(places.firstIndex { $0.geonameID == 5391959 })
        #expect(gazetteer.alternateNames(ofPlaceAt: index) == ["SF", "San Fransisco", "旧金山"])

        #expect(sf.timeZone == "America/Los_Angeles")

        // A region is named by its admin-1 key, whatever its source; its GeoNames id is kept.
        let texas = try #require(places.first { $0.name == "Texas" })
        #expect(texas.id == "admin1:US.TX" && texas.geonameID == 4736286 && texas.kind == .region && texas.population == 24171)
        #expect(texas.timeZone == nil)
        // A country is where its capital is (France: Paris, FR, not Paris, Texas); Andorra's
        // capital has no row here, so it has no coordinate.
        let france = try #require(places.first { $0.kind == .country && $0.countryCode == "FR" })
        #expect(france.coordinate == GeoCoordinate(latitude: 48.85341, longitude: 2.3488))
        let andorra = try #require(places.first { $0.kind == .country && $0.countryCode == "AD" })
        #expect(andorra.id == "geonames:3041565" && andorra.coordinate == nil)
    }

    @Test func readsAnOptionalAlternateNamesFile() throws {
        // GeoNames' alternateNamesV2.txt layout: id, geonameid, language, name, preferred,
        // short, colloquial, historic, from, to.
        let rows = [
            "1\t3017382\tde\tFrankreich\t1\t\t\t\t\t",      // France: found by it, and its German name
            "2\t3017382\t\tRépublique française\t\t\t\t\t\t", // found by it only
            "3\t3017382\tlink\thttps://en.wikipedia.org/wiki/France\t\t\t\t\t\t",  // a pseudo-language: skipped
            "4\t3012874\tde\tÎle-de-France\t1\t\t\t\t\t",    // the region's own name, as its German one
            "5\t3012874\t\tParis Region\t\t\t\t1\t\t",        // historic: skipped
            "6\t2988507\tde\tParis\t1\t\t\t\t\t",           // a city: its German name (already one of its names)
            "7\t2988507\tfr\tLutèce\t\t\t\t\t\t",            // a city's row not preferred: skipped
            "8\t999\ten\tNowhere\t1\t\t\t\t\t",              // no such place: skipped
        ].joined(separator: "\n") + "\n"
        let directory = try Self.copyOfFixtures(replacing: "alternateNamesV2.txt", with: Data(rows.utf8))
        defer { try? FileManager.default.removeItem(at: directory) }
        let gazetteer = try Gazetteer(geoNamesDirectory: directory)
        let places = Array(gazetteer.places)
        let france = try #require(places.firstIndex { $0.kind == .country && $0.countryCode == "FR" })
        #expect(gazetteer.alternateNames(ofPlaceAt: france).suffix(2) == ["République française", "Frankreich"])
        let paris = try #require(places.firstIndex { $0.geonameID == 2988507 })
        #expect(!gazetteer.alternateNames(ofPlaceAt: paris).contains("Lutèce"))
        let region = try #require(places.firstIndex { $0.kind == .region && $0.admin1Code == "11" })
        #expect(!gazetteer.alternateNames(ofPlaceAt: region).contains("Paris Region"))

        // "Frankreich" came only from a German row: after the untagged names, and not a
        // qualifier word ("République française" is).
        let end = try #require(gazetteer._localized.qualifierEnd(of: UInt32(france)))
        #expect(gazetteer._names.string(Int(end)) == "Frankreich")

        let completer = LocationCompleter(gazetteer: gazetteer)
        let german = CompletionOptions(language: "de-CH")
        #expect(completer.completions(for: "frankreich").first?.place.countryCode == "FR")
        #expect(completer.completions(for: "republique francaise").first?.title == "République française")
        let paname = try #require(completer.completions(for: "paris", options: german).first)
        #expect(paname.title == "Paris" && paname.subTitle == "Île-de-France, Frankreich")
        #expect(completer.completions(for: "france", options: german).first?.title == "Frankreich")
        #expect(completer.completions(for: "france").first?.title == "France")
        #expect(completer.completions(for: "france", options: CompletionOptions(language: "xx")).first?.title == "France")
    }

    @Test func malformedAlternateNamesAreErrors() throws {
        let directory = try Self.copyOfFixtures(replacing: "alternateNamesV2.txt", with: Data("1\tx\tde\tA\n".utf8))
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: GazetteerError.malformedRow(file: "alternateNamesV2.txt", line: 1, reason: "geonameid \"x\" is not a number")) {
            try Gazetteer(geoNamesDirectory: directory)
        }
    }

    @Test func aRegionWithoutGeonamesIDGetsAnAdmin1ID() throws {
        let gazetteer = try Gazetteer(places: [
            Place(name: "Bavaria", kind: .region, countryCode: "DE", countryName: "Germany", admin1Code: "02")
        ])
        #expect(gazetteer.places.first?.id == "admin1:DE.02")
    }

    static let malformed: [(file: String, contents: String, line: Int, reason: String)] = [
        ("cities500.txt", "1\tA\n", 1, "expected 19 tab-separated columns, found 2"),
        ("cities500.txt", "5391959\tSan Francisco\t\t\t37.7\t-122.4\tP\t\tUS\t\tCA\t\t\t\t1\t\t\t\t\nx\tB\t\t\t1\t1\tP\t\tUS\t\tCA\t\t\t\t1\t\t\t\t\n", 2, "geonameid \"x\" is not a number"),
        ("cities500.txt", "1\tA\t\t\t91\t0\tP\t\tUS\t\t\t\t\t\t1\t\t\t\t\n", 1, "coordinates \"91\", \"0\" are not valid"),
        ("cities500.txt", "1\tA\t\t\t1\t0\tP\t\tUSA\t\t\t\t\t\t1\t\t\t\t\n", 1, "country code \"USA\" is not two letters"),
        ("cities500.txt", "1\tA\t\t\t1\t0\tP\t\tUS\t\t\t\t\t\tmany\t\t\t\t\n", 1, "population \"many\" is not a number"),
        ("cities500.txt", "1\t\t\t\t1\t0\tP\t\tUS\t\t\t\t\t\t1\t\t\t\t\n", 1, "the name is empty"),
        ("cities500.txt", "1\tA\t\t\t1\t0\tP\t\tUS\t\t\t\t\t\t99999999999999999999\t\t\t\t\n", 1,
         "population \"99999999999999999999\" is out of range (at most 9223372036854775807)"),
        ("cities500.txt", "1\tA\t\t\t1\t0\tP\t\tUS\t\t\t\t\t\t-5\t\t\t\t\n", 1, "population \"-5\" is negative"),
        ("cities500.txt", "1\tA\t\t\t1\t0\tP\t\tUS\t\tCA\t\t\t\t9223372036854775000\t\t\t\t\n"
            + "2\tB\t\t\t1\t0\tP\t\tUS\t\tCA\t\t\t\t9223372036854775000\t\t\t\t\n", 2,
         "population 9223372036854775000 takes region US.CA's total past 9223372036854775807"),
        ("cities500.txt", "7\tA\t\t\t1\t0\tP\t\tUS\t\t\t\t\t\t1\t\t\t\t\n\n7\tB\t\t\t1\t0\tP\t\tUS\t\t\t\t\t\t1\t\t\t\t\n", 3,
         "geonameid 7 is also on line 1"),
        ("cities500.txt", "5332921\tA\t\t\t1\t0\tP\t\tUS\t\t\t\t\t\t1\t\t\t\t\n", 1,
         "geonameid 5332921 is also on admin1CodesASCII.txt:1"),
        ("admin1CodesASCII.txt", "US.CA\tCalifornia\tCalifornia\t1\nUS.CA\tCali\tCali\t2\n", 2, "region US.CA is also on line 1"),
        ("admin1CodesASCII.txt", "US.CA\tCalifornia\tCalifornia\t-1\n", 1, "geonameid \"-1\" is negative"),
        ("countryInfo.txt", "US\tUSA\t\t\tUnited States\t\t\t1\t\t\t\t\t\t\t\t\t6252001\n"
            + "US\tUSA\t\t\tUSA\t\t\t1\t\t\t\t\t\t\t\t\t6252002\n", 2, "country US is also on line 1"),
        ("countryInfo.txt", "US\tUSA\t\t\tUnited States\t\t\t1\t\t\t\t\t\t\t\t\t-9223372036854775809\n", 1,
         "geonameid \"-9223372036854775809\" is out of range (at most 9223372036854775807)"),
        ("admin1CodesASCII.txt", "US-CA\tCalifornia\tCalifornia\t1\n", 1, "code \"US-CA\" is not of the form CC.code"),
        ("countryInfo.txt", "# header\nUS\tUSA\n", 2, "expected at least 17 tab-separated columns, found 2"),
    ]

    @Test("Malformed rows give the file, line and reason", arguments: malformed.indices)
    func malformedRows(_ i: Int) throws {
        let (file, contents, line, reason) = Self.malformed[i]
        let directory = try Self.copyOfFixtures(replacing: file, with: Data(contents.utf8))
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: GazetteerError.malformedRow(file: file, line: line, reason: reason)) {
            try Gazetteer(geoNamesDirectory: directory)
        }
    }

    @Test func skippedRowsAreCountedWithTheirLines() throws {
        let fixtures = Fixtures.directory("geonames")
        var cities = try String(contentsOf: fixtures.appendingPathComponent("cities500.txt"), encoding: .utf8)
        // Line 6: no name with a letter or digit (an alternate with one would keep it).
        cities += "2\t---\t---\t#,…\t1\t0\tP\t\tUS\t\t\t\t\t\t1\t\t\t\t\n"
        cities += "3\t---\t\t-,Šu\t1\t0\tP\t\tUS\t\t\t\t\t\t1\t\t\t\t\n"
        cities += "4\tHill\t\t\t1\t0\tT\t\tUS\t\t\t\t\t\t1\t\t\t\t\n"
        let directory = try Self.copyOfFixtures(replacing: "cities500.txt", with: Data(cities.utf8))
        defer { try? FileManager.default.removeItem(at: directory) }
        let gazetteer = try Gazetteer(geoNamesDirectory: directory)
        #expect(gazetteer.loadReport.skipped == [
            .init(file: "cities500.txt", reason: .notAPopulatedPlace, count: 2, lines: [5, 8]),
            .init(file: "cities500.txt", reason: .noSearchableName, count: 1, lines: [6]),
            .init(file: "admin1CodesASCII.txt", reason: .regionWithoutPlaces, count: 1, lines: [5]),
        ])
        #expect(gazetteer.loadReport.count(of: .notAPopulatedPlace) == 2)
        #expect(gazetteer.places.contains { $0.geonameID == 3 }, "found by its alternate name Šu")
        #expect(gazetteer.loadReport.description == """
            cities500.txt: 2 rows skipped: feature class is not P (populated place) (lines 5, 8)
            cities500.txt: 1 row skipped: no name has a letter or digit (line 6)
            admin1CodesASCII.txt: 1 row skipped: no place is in the region (line 5)
            """)
        #expect(try Gazetteer(places: []).loadReport.isEmpty)
    }

    /// A row with tens of thousands of alternate names loads in time linear in its length
    /// (it was quadratic: 40,000 names took 2.6 s in a release build, and a million never
    /// finished); the time limit catches a return of the quadratic step.
    @Test(.timeLimit(.minutes(1)))
    func aRowWithManyAlternateNamesLoads() throws {
        let fixtures = Fixtures.directory("geonames")
        var cities = try String(contentsOf: fixtures.appendingPathComponent("cities500.txt"), encoding: .utf8)
        let alternates = (0..<30_000).map { "Name \($0)" } + ["Name 7", "NAME 7"]
        cities += "9\tMany\t\t\(alternates.joined(separator: ","))\t1\t0\tP\t\tUS\t\t\t\t\t\t1\t\t\t\t\n"
        // After it, places with a few dozen names each, one folding like another: their
        // keys go by hash too, in a table sized for them, not for the row before.
        for place in 0..<2_000 {
            let names = (0..<30).map { "Town \(place) \($0)" } + ["TOWN \(place) 3"]
            cities += "\(1_000_000 + place)\tTown \(place)\t\t\(names.joined(separator: ","))\t1\t0\tP\t\tUS"
                + "\t\t\t\t\t\t1\t\t\t\t\n"
        }
        let directory = try Self.copyOfFixtures(replacing: "cities500.txt", with: Data(cities.utf8))
        defer { try? FileManager.default.removeItem(at: directory) }
        let gazetteer = try Gazetteer(geoNamesDirectory: directory)
        let index = try #require(Array(gazetteer.places).firstIndex { $0.geonameID == 9 })
        #expect(gazetteer.alternateNames(ofPlaceAt: index).count == 30_002)
        let completer = LocationCompleter(gazetteer: gazetteer)
        let found = completer.completions(for: "name 29999", options: CompletionOptions(typoTolerance: false))
        #expect(found.map(\.place.geonameID) == [9])
        #expect(found.first?.matchedName == "Name 29999")
        let town = completer.completions(for: "town 1999 3", options: CompletionOptions(typoTolerance: false))
        #expect(town.map(\.place.geonameID) == [1_001_999])
    }

    @Test func missingFilesAreNamed() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("ls-empty-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: GazetteerError.missingFile(path: empty.appendingPathComponent("cities500.txt").path)) {
            try Gazetteer(geoNamesDirectory: empty)
        }
        #expect(GazetteerError.missingFile(path: "/x/cities500.txt").description == "/x/cities500.txt: no such file")
    }

    @Test func customPlacesAreValidated() {
        let place = Place(id: "a", name: "A", countryCode: "US", countryName: "United States")
        #expect(throws: GazetteerError.duplicatePlaceID("a")) { try Gazetteer(places: [place, place]) }
        #expect(throws: GazetteerError.invalidPlace(id: "b", reason: "its name has no letters or digits")) {
            try Gazetteer(places: [Place(id: "b", name: "--", countryCode: "US", countryName: "United States")])
        }
    }

    /// The cities file is parsed in chunks on all cores and joined in file order: any chunk
    /// size (down to a line each) gives the same places, load report and first error, with
    /// the same line numbers, as one chunk.
    @Test("Cities parsed in chunks of any size read as one", arguments: [nil] + malformed.indices.map(Optional.some))
    func chunkedCitiesReadAsOne(_ malformedCase: Int?) throws {
        let fixtures = Fixtures.directory("geonames")
        var cities = try String(contentsOf: fixtures.appendingPathComponent("cities500.txt"), encoding: .utf8)
        cities += "\n2\t---\t---\t#,…\t1\t0\tP\t\tUS\t\t\t\t\t\t1\t\t\t\t\r\n"
        cities += "3\t---\t\t-,,Šu,\t1\t0\tP\t\tUS\t\tCA\t\t\t\t1\t\t\t\tAmerica/Chicago\r\n\r\n"
        cities += "4\tHill\t\t\t1\t0\tT\t\tUS\t\t\t\t\t\t1\t\t\t\t\n"
        cities += "11\tAgain\t\tOther,Again\t2\t3\tP\t\tUS\t\tCA\t\t\t\t5\t\t\t\tAmerica/Los_Angeles\n"
        if let malformedCase {
            let (file, contents, _, _) = Self.malformed[malformedCase]
            guard file == "cities500.txt" else { return }
            cities += contents
        }
        let file = try _GeoNamesFile(name: "cities500.txt", contents: Array(cities.utf8))
        let regions = try _GeoNamesReader.regions(
            try _GeoNamesFile.read(fixtures.appendingPathComponent("admin1CodesASCII.txt")))
        let countries = try _GeoNamesReader.countries(
            try _GeoNamesFile.read(fixtures.appendingPathComponent("countryInfo.txt")))
        func read(chunkSize: Int) -> Result<Gazetteer, GazetteerError> {
            Result {
                try _GeoNamesReader.gazetteer(
                    cities: file, regions: regions, countries: countries, chunkSize: chunkSize)
            }.mapError { $0 as! GazetteerError }
        }
        let whole = read(chunkSize: file.bytes.count + 1)
        for chunkSize in [1, 5, 40, 97, 300] {
            switch (read(chunkSize: chunkSize), whole) {
            case (.success(let chunked), .success(let one)):
                #expect(Array(chunked.places) == Array(one.places), "chunks of \(chunkSize) bytes")
                #expect((0..<one.count).map(one.alternateNames(ofPlaceAt:))
                    == (0..<chunked.count).map(chunked.alternateNames(ofPlaceAt:)))
                #expect(chunked.loadReport == one.loadReport)
                #expect(chunked._labels == one._labels)
            case (.failure(let chunked), .failure(let one)):
                #expect(chunked == one, "chunks of \(chunkSize) bytes")
            case (let chunked, let one):
                Issue.record("chunks of \(chunkSize) bytes: \(chunked), one chunk: \(one)")
            }
        }
        if malformedCase == nil, case .success(let one) = whole {
            #expect(one.loadReport.skipped.prefix(2).map(\.lines) == [[5, 10], [7]], "the lines of the skipped rows")
            #expect(one.places.contains { $0.geonameID == 3 && $0.admin1 == "California" })
        }
    }

    /// A copy of the GeoNames fixtures with `file` replaced by `contents`, in a new
    /// temporary folder that the caller removes.
    static func copyOfFixtures(replacing file: String, with contents: Data) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-fixture-\(UUID())")
        try FileManager.default.copyItem(at: Fixtures.directory("geonames"), to: directory)
        try contents.write(to: directory.appendingPathComponent(file))
        return directory
    }
}
