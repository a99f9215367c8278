/// Short names people type for regions and countries, which GeoNames' dumps do not carry
/// as alternate names: postal abbreviations ("tx", "bc", "nsw") and common short forms of
/// countries ("usa", "uk"). They are completable names of the regions and countries, and
/// qualifier words for the places in them ("paris tx", "london on", "perth wa").
enum _PlaceAliases {
    /// Abbreviations of admin-1 regions, keyed by country code and GeoNames admin-1 code.
    /// US states need none: their GeoNames codes are the postal abbreviations.
    static let regions: [String: [String]] = [
        // Canadian provinces and territories (GeoNames codes are numeric).
        "CA.01": ["AB"], "CA.02": ["BC"], "CA.03": ["MB"], "CA.04": ["NB"], "CA.05": ["NL"],
        "CA.07": ["NS"], "CA.08": ["ON"], "CA.09": ["PE", "PEI"], "CA.10": ["QC"], "CA.11": ["SK"],
        "CA.12": ["YT"], "CA.13": ["NT"], "CA.14": ["NU"],
        // Australian states and territories.
        "AU.01": ["ACT"], "AU.02": ["NSW"], "AU.03": ["NT"], "AU.04": ["QLD"], "AU.05": ["SA"],
        "AU.06": ["TAS"], "AU.07": ["VIC"], "AU.08": ["WA"],
        // The nations of the United Kingdom.
        "GB.ENG": ["ENG"], "GB.NIR": ["NI"], "GB.SCT": ["SCO"], "GB.WLS": ["WAL"],
    ]

    /// Common short or other forms of country names, keyed by ISO code; the ISO-2 and ISO-3
    /// codes are added from the country data.
    static let countries: [String: [String]] = [
        "US": ["USA", "America", "United States of America", "U.S.A."],
        "GB": ["UK", "Britain", "Great Britain", "U.K."],
        "AE": ["UAE", "Emirates"], "CD": ["DRC", "DR Congo"], "CG": ["Congo-Brazzaville"],
        "CZ": ["Czechia", "Czech"], "NL": ["Holland"], "KR": ["Korea"], "KP": ["DPRK"],
        "RU": ["Russian Federation"], "CI": ["Ivory Coast"], "MM": ["Burma"], "TR": ["Turkiye"],
        "VA": ["Vatican"], "BA": ["Bosnia"], "VN": ["Viet Nam"], "LA": ["Laos"], "SZ": ["Swaziland"],
        "MK": ["Macedonia"], "CV": ["Cape Verde"], "TL": ["East Timor"], "PS": ["Palestine"],
    ]

    /// The abbreviations of a region: the US postal code (its GeoNames code) or the table's.
    static func regionAbbreviations(countryCode: String, admin1Code: String) -> [String] {
        if countryCode == "US" { return admin1Code.count == 2 ? [admin1Code] : [] }
        return regions["\(countryCode).\(admin1Code)"] ?? []
    }

    /// A country's codes and short forms.
    static func countryAliases(code: String, iso3: String) -> [String] {
        [code] + (iso3.isEmpty ? [] : [iso3]) + (countries[code] ?? [])
    }

    /// Both tables as one text, keys in order (a dictionary's own order changes from run
    /// to run): part of the bundled cache's key (`LocationCompleter.libraryKey`).
    static var fingerprint: String {
        [regions, countries].map { table in
            table.keys.sorted().map { "\($0)=\(table[$0]!.joined(separator: ","))" }.joined(separator: ";")
        }.joined(separator: "|")
    }
}
