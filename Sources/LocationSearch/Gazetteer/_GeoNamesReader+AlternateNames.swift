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
            let language = string(f[2])
            let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
            // GeoNames' pseudo-languages are four letters ("link", "post", "iata") or "fr_1793".
            guard language.isEmpty
                || ((2...3).contains(primary.count) && primary.allSatisfy({ $0.isASCII && $0.isLowercase })
                    && language != "fr_1793")
            else { return }
            let flag = { (i: Int) in f.count > i && f[i].first == UInt8(ascii: "1") }
            if flag(6) || flag(7) { return }  // colloquial or historic
            let name = string(f[3])
            guard !name.isEmpty else { return }
            result[geonameID, default: []].append(AlternateName(language: primary, name: name, isPreferred: flag(4)))
        }
        return result
    }
}
