import Foundation
@testable import LocationSearch

/// A tiny hand-picked gazetteer: every ranking and matching rule has a case here.
enum Fixtures {
    static func place(
        _ id: Int, _ name: String, _ cc: String, _ country: String, _ admin1: String?,
        _ population: Int, _ lat: Double, _ lon: Double, kind: Place.Kind = .city
    ) -> Place {
        Place(
            geonameID: id, name: name, kind: kind, countryCode: cc, countryName: country,
            admin1: admin1, population: population, coordinate: GeoCoordinate(latitude: lat, longitude: lon))
    }

    static func city(
        _ id: Int, _ name: String, _ cc: String, _ country: String, _ admin1: String, _ code: String,
        _ population: Int, _ lat: Double, _ lon: Double
    ) -> Place {
        Place(
            geonameID: id, name: name, kind: .city, countryCode: cc, countryName: country, admin1: admin1,
            admin1Code: code, population: population, coordinate: GeoCoordinate(latitude: lat, longitude: lon))
    }

    static let places: [Place] = relevancePlaces + [
        place(5391959, "San Francisco", "US", "United States", "California", 864_816, 37.77, -122.42),
        place(3583361, "San Francisco", "SV", "El Salvador", "Morazán", 16_152, 13.70, -88.10),
        place(2988507, "Paris", "FR", "France", "Île-de-France", 2_138_551, 48.85, 2.35),
        city(4717560, "Paris", "US", "United States", "Texas", "TX", 24_171, 33.66, -95.56),
        place(3489854, "Parish", "JM", "Jamaica", nil, 800, 18.0, -77.0),
        place(2633352, "York", "GB", "United Kingdom", "England", 144_202, 53.96, -1.08),
        place(5128581, "New York City", "US", "United States", "New York", 8_804_190, 40.71, -74.01),
        city(4250542, "Springfield", "US", "United States", "Illinois", "IL", 116_250, 39.80, -89.64),
        place(4951788, "Springfield", "US", "United States", "Massachusetts", 155_929, 42.10, -72.59),
        place(3448439, "São Paulo", "BR", "Brazil", "São Paulo", 10_021_295, -23.55, -46.63),
        place(1850147, "Tokyo", "JP", "Japan", "Tokyo", 8_336_599, 35.69, 139.69),
        place(2761369, "Vienna", "AT", "Austria", "Vienna", 1_691_468, 48.21, 16.37),
        place(2657896, "Zürich", "CH", "Switzerland", "Zurich", 341_730, 47.37, 8.54),
        place(4736286, "Texas", "US", "United States", nil, 25_000_000, 31.0, -100.0, kind: .region),
        place(6252001, "United States", "US", "United States", nil, 327_167_434, 39.76, -98.5, kind: .country),
        place(3175121, "L'Aquila", "IT", "Italy", "Abruzzo", 68_503, 42.35, 13.40),
    ]

    /// Places for the relevance rules: typos, abbreviations, spacing, region codes.
    static let relevancePlaces: [Place] = [
        city(2643743, "London", "GB", "United Kingdom", "England", "ENG", 8_961_989, 51.51, -0.13),
        city(6058560, "London", "CA", "Canada", "Ontario", "08", 346_765, 42.98, -81.23),
        city(4560349, "Philadelphia", "US", "United States", "Pennsylvania", "PA", 1_603_797, 39.95, -75.16),
        city(2759794, "Amsterdam", "NL", "Netherlands", "North Holland", "07", 741_636, 52.37, 4.89),
        city(5045360, "Saint Paul", "US", "United States", "Minnesota", "MN", 311_527, 44.94, -93.09),
        city(4407066, "St. Louis", "US", "United States", "Missouri", "MO", 315_685, 38.63, -90.20),
        city(5577147, "Fort Collins", "US", "United States", "Colorado", "CO", 161_175, 40.59, -105.08),
        city(4499612, "Winston-Salem", "US", "United States", "North Carolina", "NC", 241_218, 36.10, -80.24),
        city(4717561, "Paris", "US", "United States", "Tennessee", "TN", 10_156, 36.30, -88.33),
        city(9000001, "Springfield", "US", "United States", "Illinois", "IL", 2_000, 40.00, -89.00),
        Place(id: "admin1:CA.02", name: "British Columbia", kind: .region, countryCode: "CA", countryName: "Canada",
              admin1Code: "02", population: 4_000_000, coordinate: GeoCoordinate(latitude: 53.7, longitude: -127.6)),
        Place(geonameID: 2635167, name: "United Kingdom", kind: .country, countryCode: "GB",
              countryName: "United Kingdom", population: 66_488_991),
    ]

    static let alternateNames: [String: [String]] = [
        "geonames:1850147": ["東京", "Tōkyō", "Токио"],
        "geonames:2761369": ["Wien", "Vienne"],
        "geonames:5128581": ["New York", "NYC"],
        "geonames:2988507": ["Париж", "Paname"],
    ]

    static let gazetteer: Gazetteer = try! Gazetteer(places: places, alternateNames: alternateNames)
    static let completer = LocationCompleter(gazetteer: gazetteer)

    /// The folder of a fixture set under `__Fixtures__`.
    static func directory(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("__Fixtures__").appendingPathComponent(name)
    }
}

extension LocalSearchCompletion {
    /// Whether every highlight range is in bounds and on character boundaries.
    var highlightsAreValid: Bool {
        func valid(_ ranges: [HighlightRange], _ text: String) -> Bool {
            var previousEnd = 0
            for range in ranges {
                guard range.length > 0, range.location >= previousEnd, range.range(in: text) != nil else { return false }
                previousEnd = range.upperBound
            }
            return true
        }
        return valid(titleHighlightRanges, title) && valid(subtitleHighlightRanges, subTitle)
    }

    /// "[San] [Fr]ancisco": the title with its highlights marked.
    var markedTitle: String { Self.mark(title, titleHighlightRanges) }
    var markedSubTitle: String { Self.mark(subTitle, subtitleHighlightRanges) }

    static func mark(_ text: String, _ ranges: [HighlightRange]) -> String {
        var out = ""
        var cursor = text.startIndex
        for range in ranges {
            guard let r = range.range(in: text) else { return "<invalid \(range)>" }
            out += text[cursor..<r.lowerBound] + "[" + text[r] + "]"
            cursor = r.upperBound
        }
        return out + text[cursor...]
    }
}
