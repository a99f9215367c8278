#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension _GeoNamesReader {
    /// One row of `admin1CodesASCII.txt`: an admin-1 region, keyed `CC.code`.
    struct Region {
        var countryCode: String, code: String, name: String, geonameID: Int64
        var line: Int
    }

    /// The rows of an `admin1CodesASCII.txt` file, in file order; a region's name is its
    /// ASCII name where the first column is empty.
    ///
    /// - Throws: `GazetteerError.malformedRow` for a row with fewer than 4 columns, a key
    ///   not of the form `CC.code` or listed twice, an empty name, or a geonameid that is
    ///   not a count.
    static func regions(_ file: _GeoNamesFile) throws -> [Region] {
        var result: [Region] = []
        var keys: [String: Int] = [:]
        // "expected 4": the file has four columns; more are accepted.
        try file.forEachRow(minimumColumns: 4, expected: "4") { f, number in
            let key = string(f[0])
            guard let dot = key.firstIndex(of: "."), key.utf8.distance(from: key.startIndex, to: dot) == 2,
                  key.index(after: dot) < key.endIndex
            else { throw file.error(line: number, "code \"\(key)\" is not of the form CC.code") }
            if let first = keys[key] { throw file.error(line: number, "region \(key) is also on line \(first)") }
            keys[key] = number
            let name = string(f[1]).isEmpty ? string(f[2]) : string(f[1])
            guard !name.isEmpty else { throw file.error(line: number, "the region name is empty") }
            let geonameID = try count(f[3], "geonameid", empty: -1, in: file, line: number)
            result.append(Region(
                countryCode: String(key[..<dot]), code: String(key[key.index(after: dot)...]),
                name: name, geonameID: geonameID, line: number))
        }
        return result
    }
}
