/// A place that can be completed: a city, an admin-1 region or a country.
///
/// ```swift
/// let place = completer.completions(for: "san fr")[0].place
/// place.id           // "geonames:5391959"
/// place.name         // "San Francisco"
/// place.admin1       // "California"
/// place.countryName  // "United States"
/// place.timeZone     // "America/Los_Angeles"
/// ```
///
/// A place is `Codable`, so an app can store recent choices.
public struct Place: Hashable, Sendable, Identifiable, Codable, CustomStringConvertible {
    /// What kind of place this is.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// A populated place (GeoNames feature class P).
        case city
        /// A first-order administrative division: a state, province or region.
        case region
        /// A country or dependent territory.
        case country
    }

    /// A stable identifier, unique in a gazetteer: `"geonames:5391959"` for a city or
    /// country, `"admin1:DE.02"` (country code and GeoNames admin-1 code) for a region
    /// (its GeoNames id, if known, is `geonameID`), or whatever a custom gazetteer gave.
    public var id: String
    /// The GeoNames id, if known.
    public var geonameID: Int?
    /// The canonical name ("Zürich", "Bavaria", "Japan").
    ///
    /// A name of any length is kept whole and shown whole; the index matches the first
    /// 511 bytes of its fold (cut at a character's end), so a query longer than that no
    /// longer finds it. The bundled data's longest fold is 343 bytes.
    public var name: String
    public var kind: Kind
    /// The ISO 3166-1 alpha-2 code of the country ("US").
    public var countryCode: String
    /// The country's name ("United States").
    public var countryName: String
    /// The admin-1 region's name for a city ("California"), if known; `nil` for regions
    /// and countries.
    public var admin1: String?
    /// The GeoNames admin-1 code ("CA", "02"), if known.
    public var admin1Code: String?
    /// The population; for a region, the sum of its cities' in the gazetteer.
    public var population: Int
    /// Where the place is: for a country, its capital; for a region, its places'
    /// population-weighted centre; `nil` if unknown. Kept to 10⁻⁷ degree (about a
    /// centimetre), so a coordinate of up to seven decimals, as GeoNames' five, reads back
    /// as the same `Double`.
    public var coordinate: GeoCoordinate?
    /// The IANA time zone ("Europe/Berlin") of a city, if the gazetteer has it (every
    /// bundled city does); `nil` for regions and countries, which may span several.
    public var timeZone: String?

    /// Creates a place.
    ///
    /// - Parameters:
    ///   - id: defaults to `"geonames:<geonameID>"`, or for a region without one to
    ///     `"admin1:<countryCode>.<admin1Code>"` for a region with an admin-1 code; a place
    ///     with neither gets `"place:<kind>:<countryCode>:<name>"`.
    ///   - geonameID: the place's GeoNames id, if it has one.
    ///   - name: the canonical name, the title its completions show.
    ///   - kind: a city (the default), a region or a country.
    ///   - countryCode: the ISO 3166-1 alpha-2 code, such as `"US"`.
    ///   - countryName: the country's name, as subtitles show it.
    ///   - admin1: the first-level region's name (a state, a province), if any.
    ///   - admin1Code: the region's GeoNames admin-1 code, if any.
    ///   - population: how many people live there; it ranks bigger places higher.
    ///   - timeZone: the IANA time zone ("Europe/Berlin"), if known.
    ///   - coordinate: where the place is, if known; `near` ranks by it.
    public init(
        id: String? = nil, geonameID: Int? = nil, name: String, kind: Kind = .city,
        countryCode: String, countryName: String, admin1: String? = nil,
        admin1Code: String? = nil, population: Int = 0, timeZone: String? = nil, coordinate: GeoCoordinate? = nil
    ) {
        if let id {
            self.id = id
        } else if kind == .region, let admin1Code {
            self.id = "admin1:\(countryCode).\(admin1Code)"
        } else if let geonameID {
            self.id = "geonames:\(geonameID)"
        } else {
            self.id = "place:\(kind.rawValue):\(countryCode):\(name)"
        }
        self.geonameID = geonameID
        self.name = name
        self.kind = kind
        self.countryCode = countryCode
        self.countryName = countryName
        self.admin1 = admin1
        self.admin1Code = admin1Code
        self.population = population
        self.timeZone = timeZone
        self.coordinate = coordinate
    }

    /// "San Francisco, California, United States".
    public var description: String {
        ([name] + [admin1, kind == .country ? nil : countryName].compactMap { $0 })
            .joined(separator: ", ")
    }
}
