import Foundation
import Testing
@testable import LocationSearch

/// Every value a place record gives the public API, for every bundled place.
@Suite("Place records", .holdsItsThread)
struct PlaceRecordTests {
    /// A digest of everything the public API makes from the bundled places' records: each
    /// `Place` (id, GeoNames id, name, kind, codes, names, population, time zone and the
    /// coordinate's exact bits), its alternate names, and the subtitle of its canonical
    /// row, plain and in German.
    static func digest(of completer: LocationCompleter) -> (count: Int, digest: UInt64) {
        let gazetteer = completer.gazetteer, source = completer.source
        let german = source.language("de")
        var digest: UInt64 = 0
        for (i, place) in gazetteer.places.enumerated() {
            var text = "\(place.id)\t\(place.geonameID.map(String.init) ?? "-")\t\(place.name)\t\(place.kind)"
            text += "\t\(place.countryCode)\t\(place.countryName)\t\(place.admin1 ?? "-")\t\(place.admin1Code ?? "-")"
            text += "\t\(place.population)\t\(place.timeZone ?? "-")"
            if let coordinate = place.coordinate {
                text += "\t\(coordinate.latitude.bitPattern)\t\(coordinate.longitude.bitPattern)"
            }
            text += "\t" + gazetteer.alternateNames(ofPlaceAt: i).joined(separator: "|")
            let first = gazetteer._places[i].firstName
            var row = _CompletionRow(place: UInt32(i), display: first, name: first, keyOffset: 0, matchedLength: 0,
                                     qualifier: [])
            text += "\t" + source.subTitle(row)
            row.language = german
            text += "\t" + source.subTitle(row)
            digest = text.utf8CString.withUnsafeBytes { _Checksum.of($0, seed: digest) }
        }
        return (gazetteer.count, digest)
    }

    /// The bundled places as format 18 (64-byte records) made them, value for value.
    @Test func everyBundledPlaceReadsAsBefore() async throws {
        let completer = try await bundledCompleter()
        let (count, digest) = try await onOwnThread { Self.digest(of: completer) }
        #expect(count == 238_935)
        // (0x8067_dea2_90d7_afa8 with the checksum before format 25, 0xcbda_9d5d_b0ba_04f2
        // until format 39, whose coordinates are GeoNames' own doubles, not `Float`s': the
        // places read the same otherwise.)
        #expect(digest == 0x5c8a_b628_4464_f7b3, "digest \(String(digest, radix: 16))")
    }
}

/// Values a record's narrow fields do not hold, kept through the public API and an index
/// file.
@Suite("Place records: values beyond the narrow fields", .holdsItsThread)
struct PlaceRecordEdgeTests {
    static let big = Int(UInt32.max)
    static let places: [Place] = [
        // Populations beyond 32 bits, still ranked by them.
        Place(geonameID: 1, name: "Bigtown", countryCode: "ZZ", countryName: "Zedland", admin1: "North",
              admin1Code: "01", population: 5_000_000_000, timeZone: "Etc/UTC",
              coordinate: GeoCoordinate(latitude: 10.5, longitude: -20.25)),
        Place(geonameID: 2, name: "Bigtown", countryCode: "ZZ", countryName: "Zedland", admin1: "South",
              admin1Code: "02", population: 6_000_000_000),
        // At the edge of 32 bits and past it, GeoNames ids and populations.
        Place(geonameID: big, name: "Edgeville", countryCode: "ZZ", countryName: "Zedland", population: big),
        Place(geonameID: big + 1, name: "Edgeburg", countryCode: "ZZ", countryName: "Zedland", population: big + 1),
        Place(geonameID: Int.max, name: "Farthest", countryCode: "ZZ", countryName: "Zedland", population: Int.max),
        // No GeoNames id, no region, an empty country, no coordinate, no population.
        Place(name: "Nowhere", countryCode: "", countryName: ""),
        // The caller's own ids, a region and a country.
        Place(id: "my-region", name: "Middle March", kind: .region, countryCode: "ZZ", countryName: "Zedland",
              admin1Code: "03", population: 12),
        Place(id: "my-country", geonameID: big + 7, name: "Zedland", kind: .country, countryCode: "ZZ",
              countryName: "Zedland", population: 11_000_000_000, timeZone: "Etc/UTC"),
    ]

    static func completer() throws -> LocationCompleter {
        LocationCompleter(gazetteer: try Gazetteer(places: places, alternateNames: ["my-country": ["Zed"]]))
    }

    func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ls-places-\(UUID()).lsindex")
    }

    @Test func everyValueReadsBackAsGiven() throws {
        let completer = try Self.completer()
        #expect(Array(completer.gazetteer.places) == Self.places)
        #expect(completer.gazetteer.alternateNames(ofPlaceAt: 7) == ["Zed"])
        // Five populations do not fit 32 bits; three GeoNames ids do not, and two places
        // have none.
        #expect(completer.gazetteer._places.wide.count == 5)
        #expect(Array(completer.gazetteer._places.otherIDs.buffer) == [3, 4, 5, 6, 7])
        #expect(completer.gazetteer._places.fields.idBits == 32)
    }

    @Test func populationsBeyond32BitsRankAndReadThroughAnIndexFile() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let built = try Self.completer()
        try built.writeIndex(to: file)
        let loaded = try LocationCompleter(indexFile: file)
        #expect(Array(loaded.gazetteer.places) == Self.places)
        let bigtowns = loaded.completions(for: "bigtown")
        #expect(bigtowns.map(\.place.population) == [6_000_000_000, 5_000_000_000])
        #expect(bigtowns.map(\.subtitle) == ["South, Zedland", "North, Zedland"])
        for query in ["b", "edge", "far", "nowhere", "middle", "zed", "z"] {
            #expect(loaded.completions(for: query) == built.completions(for: query), "\(query)")
        }
        #expect(loaded.completions(for: "zed").first?.id == "my-country")
        #expect(loaded.completions(for: "far").first?.place.geonameID == Int.max)
    }

    /// A coordinate of up to seven decimals reads back as the same double, through the
    /// table and an index file, at the edges of the ranges too; more decimals round to the
    /// nearest 10⁻⁷ degree.
    @Test func coordinatesReadBackExactly() throws {
        let given: [(Double, Double)] = [
            (34.47326, 134.47326), (-89.9999999, 179.9999999), (90, -180), (-90, 180), (0, -0.0000001),
            (37.7749295, -122.4194155), (48.85341, 2.3488), (-33.86785, 151.20732), (1e-7, -1e-7),
        ]
        var places = given.enumerated().map { i, coordinate in
            Place(geonameID: i + 1, name: "Place \(i)", countryCode: "ZZ", countryName: "Zedland",
                  coordinate: GeoCoordinate(latitude: coordinate.0, longitude: coordinate.1))
        }
        places.append(Place(geonameID: 99, name: "Finer", countryCode: "ZZ", countryName: "Zedland",
                            coordinate: GeoCoordinate(latitude: 12.345678949, longitude: -98.765432151)))
        let built = LocationCompleter(gazetteer: try Gazetteer(places: places))
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try built.writeIndex(to: file)
        let loaded = try LocationCompleter(indexFile: file)
        for completer in [built, loaded] {
            let read = Array(completer.gazetteer.places).map(\.coordinate)
            #expect(Array(read.prefix(given.count)) == given.map { GeoCoordinate(latitude: $0.0, longitude: $0.1) })
            #expect(read.last == GeoCoordinate(latitude: 12.3456789, longitude: -98.7654322))
        }
        // The record's units, and what none is.
        #expect(_PackedPlace.units(-180) == -1_800_000_000 && _PackedPlace.units(.nan) == .min)
        #expect(_PackedPlace.degrees(.min).isNaN && _PackedPlace.degrees(1_800_000_001).isNaN)
    }

    @Test func placesWithManyLabelCombinationsKeepThem() async throws {
        // More combinations of labels than 16 bits count: each place its own region. (A
        // few seconds in a debug build: on a thread of its own, not the pool's.)
        let (contexts, same) = try await onOwnThread {
            let places = (0..<70_000).map { i in
                Place(geonameID: i + 1, name: "Town", countryCode: "C\(i % 300)", countryName: "Country \(i % 300)",
                      admin1: "Region \(i)", admin1Code: "\(i)", population: i, timeZone: "Zone/\(i % 500)")
            }
            let gazetteer = try Gazetteer(places: places)
            return (gazetteer._places.contexts.count, Array(gazetteer.places) == places)
        }
        #expect(contexts == 70_000)
        #expect(same)
    }

    /// Wide values damaged in a resealed file (as a foreign writer would leave them) are
    /// an error, never a wrong number or a read outside the table.
    @Test(arguments: [
        ("a wide value negative", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("places.wide", at: 4, 0x8000_0000, &d) }),
        ("a wide population's index beyond the wide values", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("places", at: 8, 8, &d) }),
        ("an other GeoNames id below none", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("places.other.ids", at: 4, 0xFFFF_FFFF, &d)
            l.set("places.other.ids", at: 0, 0xFFFF_FFFE, &d) }),
        ("an other GeoNames id's place not the flagged one", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("places.other", at: 0, 2, &d) }),
        ("an other GeoNames id of no flagged place", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setPlaceWord(7, l.placeWord(7, d) & ~UInt64(_PlaceFields.otherID), &d) }),
    ] as [(String, @Sendable (IndexLayout, inout Data) -> Void)])
    func damagedWideValuesAreErrors(_ name: String, _ damage: @Sendable (IndexLayout, inout Data) -> Void) throws {
        try IndexLayout.expectResealedDamageIsAnError(Self.completer(), name, damage)
    }
}
