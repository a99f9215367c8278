import Foundation
import Testing
@testable import LocationSearch

/// Every value a place record gives the public API, for every bundled place.
@Suite("Place records")
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
    @Test func everyBundledPlaceReadsAsBefore() throws {
        let completer = try bundledCompleter.get()
        let (count, digest) = Self.digest(of: completer)
        #expect(count == 238_935)
        #expect(digest == 0x8067_dea2_90d7_afa8, "digest \(String(digest, radix: 16))")
    }
}
