import Foundation

/// A tiny GeoNames download (cities500.txt, admin1CodesASCII.txt, countryInfo.txt) written
/// to a fresh temporary folder, for tests that load files or run the CLI on them.
enum GeoNamesFixture {
    static let cities: [(id: Int, name: String, ascii: String, alternates: String, lat: String, lon: String, cc: String, admin1: String, population: Int)] = [
        (5391959, "San Francisco", "San Francisco", "SF,Сан-Франциско,サンフランシスコ", "37.77493", "-122.41942", "US", "CA", 864816),
        (5392171, "San Jose", "San Jose", "San José", "37.33939", "-121.89496", "US", "CA", 1026908),
        (5128581, "New York City", "New York City", "NYC,New York", "40.71427", "-74.00597", "US", "NY", 8804190),
        (4717560, "Paris", "Paris", "", "33.66094", "-95.55551", "US", "TX", 24171),
        (2988507, "Paris", "Paris", "Lutetia,Paname,Парижь", "48.85341", "2.3488", "FR", "11", 2138551),
        (2950159, "Berlin", "Berlin", "Berlín,Берлин", "52.52437", "13.41053", "DE", "16", 3426354),
        (2867714, "München", "Munchen", "Munich,Monaco di Baviera", "48.13743", "11.57549", "DE", "02", 1260391),
        (3448439, "São Paulo", "Sao Paulo", "Sampa", "-23.5475", "-46.63611", "BR", "27", 10021295),
    ]

    /// Writes the files and returns their folder.
    static func write() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("location-search-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var rows = ""
        for c in cities {
            let columns = ["\(c.id)", c.name, c.ascii, c.alternates, c.lat, c.lon, "P", "PPL", c.cc, "", c.admin1,
                           "", "", "", "\(c.population)", "", "", "UTC", "2024-01-01"]
            rows += columns.joined(separator: "\t") + "\n"
        }
        try rows.write(to: directory.appendingPathComponent("cities500.txt"), atomically: true, encoding: .utf8)
        let admin1 = [("US.CA", "California", 5332921), ("US.NY", "New York", 5128638), ("US.TX", "Texas", 4736286),
                      ("FR.11", "Île-de-France", 3012874), ("DE.16", "Berlin", 2950157), ("DE.02", "Bavaria", 2951839),
                      ("BR.27", "São Paulo", 3448433)]
            .map { "\($0.0)\t\($0.1)\t\($0.1)\t\($0.2)\n" }.joined()
        try admin1.write(to: directory.appendingPathComponent("admin1CodesASCII.txt"), atomically: true, encoding: .utf8)
        let countries = [("US", "USA", "United States", "NA", 327167434, 6252001), ("FR", "FRA", "France", "EU", 66987244, 3017382),
                         ("DE", "DEU", "Germany", "EU", 82927922, 2921044), ("BR", "BRA", "Brazil", "SA", 209469333, 3469034)]
            .map { c in
                [c.0, c.1, "0", "", c.2, "", "0", "\(c.4)", c.3, "", "", "", "", "", "", "", "\(c.5)", "", ""]
                    .joined(separator: "\t") + "\n"
            }.joined()
        try ("#ISO\tISO3\n" + countries).write(to: directory.appendingPathComponent("countryInfo.txt"), atomically: true, encoding: .utf8)
        return directory
    }
}
