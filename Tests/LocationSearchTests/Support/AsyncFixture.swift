import LocationSearch

/// A tiny hand-picked gazetteer for the async API's tests: building it takes microseconds,
/// unlike the bundled one.
enum AsyncFixture {
    static let places: [Place] = [
        Place(geonameID: 1, name: "Circleville", countryCode: "US", countryName: "United States",
              admin1: "Ohio", admin1Code: "OH", population: 13_927),
        Place(geonameID: 2, name: "Cirencester", countryCode: "GB", countryName: "United Kingdom",
              admin1: "England", admin1Code: "ENG", population: 19_076),
        Place(geonameID: 3, name: "Cincinnati", countryCode: "US", countryName: "United States",
              admin1: "Ohio", admin1Code: "OH", population: 309_317),
        Place(geonameID: 4, name: "Chicago", countryCode: "US", countryName: "United States",
              admin1: "Illinois", admin1Code: "IL", population: 2_746_388),
        Place(geonameID: 5, name: "Cairo", countryCode: "EG", countryName: "Egypt",
              admin1: "Cairo Governorate", admin1Code: "11", population: 9_606_916),
        Place(geonameID: 6, name: "London", countryCode: "GB", countryName: "United Kingdom",
              admin1: "England", admin1Code: "ENG", population: 8_961_989),
        Place(geonameID: 7, name: "Lyon", countryCode: "FR", countryName: "France",
              admin1: "Auvergne-Rhône-Alpes", admin1Code: "84", population: 522_969),
        Place(geonameID: 8, name: "San Francisco", countryCode: "US", countryName: "United States",
              admin1: "California", admin1Code: "CA", population: 873_965),
        Place(geonameID: 9, name: "Springfield", countryCode: "US", countryName: "United States",
              admin1: "Illinois", admin1Code: "IL", population: 114_394),
        Place(geonameID: 10, name: "Springfield", countryCode: "US", countryName: "United States",
              admin1: "Missouri", admin1Code: "MO", population: 169_176),
        Place(geonameID: 11, name: "Zürich", countryCode: "CH", countryName: "Switzerland",
              admin1: "Zurich", admin1Code: "ZH", population: 421_878),
    ]

    /// The completer over `places`; immutable, so one is shared by every test.
    static let completer: LocationCompleter = {
        do {
            return LocationCompleter(gazetteer: try Gazetteer(places: places, alternateNames: ["geonames:11": ["Zurich"]]))
        } catch {
            fatalError("the async fixture gazetteer is invalid: \(error)")
        }
    }()

    static let search = LocationSearch(completer: completer)
}
