#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension _GeoNamesReader {
    /// One row of an alternate names file.
    struct AlternateName {
        var language: String, name: String, isPreferred: Bool
    }

    /// The rows of an `alternateNamesV2.txt` / `alternateNames.txt` file, by geonameid, in
    /// file order. Rows in GeoNames' pseudo-languages (`link`, `post`, `iata`, `wkdt`,
    /// ...: anything but empty or an ISO 639 code with an optional region or script) and
    /// historic or colloquial rows are not names to show or find a place by, and are
    /// skipped.
    static func alternateNames(_ file: _GeoNamesFile) throws -> [Int64: [AlternateName]] {
        var result: [Int64: [AlternateName]] = [:]
        try file.forEachRow(minimumColumns: 4) { f, number in
            guard case .value(let geonameID) = integer(f[1]) else {
                throw file.error(line: number, "geonameid \"\(string(f[1]))\" is not a number")
            }
            guard let primary = primaryLanguage(string(f[2])) else { return }
            let flag = { (i: Int) in f.count > i && f[i].first == UInt8(ascii: "1") }
            if flag(6) || flag(7) { return }  // colloquial or historic
            let name = string(f[3])
            guard !name.isEmpty else { return }
            result[geonameID, default: []].append(AlternateName(language: primary, name: name, isPreferred: flag(4)))
        }
        return result
    }

    /// The primary subtag of an alternate name's `language` (its first piece between "-"
    /// and "_"), when it is an ISO 639 code (two or three ASCII lower-case letters), or ""
    /// for no language; `nil` for GeoNames' pseudo-languages (four letters: "link", "post",
    /// "iata"; or "fr_1793") and anything else. Read on its bytes (Characters' properties
    /// were most of the file's parse).
    static func primaryLanguage(_ language: String) -> String? {
        let utf8 = language.utf8
        guard !utf8.isEmpty else { return "" }
        func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") }
        guard let start = utf8.firstIndex(where: { !isSeparator($0) }) else { return nil }
        let end = utf8[start...].firstIndex(where: isSeparator) ?? utf8.endIndex
        let primary = utf8[start..<end]
        guard (2...3).contains(primary.count),
              primary.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }),
              !(utf8.count == 7 && language == "fr_1793")
        else { return nil }
        return String(Substring(primary))
    }
}
