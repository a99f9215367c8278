#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension _GeoNamesReader {
    /// One row of `countryInfo.txt`.
    struct Country {
        var code: String, iso3: String, name: String, continent: String
        var population: Int64, geonameID: Int64
        var line: Int
        /// The capital's name, as the cities file names it ("Berlin"); empty if none.
        var capital: String = ""
    }

    /// The rows of a `countryInfo.txt` file, in file order.
    ///
    /// - Throws: `GazetteerError.malformedRow` for a row with fewer than 17 columns, a code
    ///   that is not two letters or is listed twice, an empty name, or a population or
    ///   geonameid that is not a count.
    static func countries(_ file: _GeoNamesFile) throws -> [Country] {
        var result: [Country] = []
        var codes: [String: Int] = [:]
        try file.forEachRow(minimumColumns: 17) { f, number in
            let code = string(f[0])
            guard code.utf8.count == 2 else {
                throw file.error(line: number, "ISO code \"\(code)\" is not two letters")
            }
            if let first = codes[code] { throw file.error(line: number, "country \(code) is also on line \(first)") }
            codes[code] = number
            let name = string(f[4])
            guard !name.isEmpty else { throw file.error(line: number, "the country name is empty") }
            let population = try count(f[7], "population", empty: 0, in: file, line: number)
            let geonameID = try count(f[16], "geonameid", empty: -1, in: file, line: number)
            result.append(Country(
                code: code, iso3: string(f[1]), name: name,
                continent: string(f[8]), population: population, geonameID: geonameID, line: number,
                capital: string(f[5])))
        }
        return result
    }
}
