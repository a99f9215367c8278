import LocationSearch
import Testing

/// The order: match quality, then importance (population and kind), then nearness; a row
/// that reads like one above it is left out (the small Springfield, Illinois).
@Suite("Policy: ranking", .holdsItsThread)
struct RankingPolicyTests {
    static let cases: [PolicyCase] = [
        PolicyCase("springfield", ["Springfield, Massachusetts, United States", "Springfield, Illinois, United States"]),
        PolicyCase("springfield", CompletionOptions(near: GeoCoordinate(latitude: 42, longitude: -72)),
                   ["Springfield, Massachusetts, United States", "Springfield, Illinois, United States"]),
        PolicyCase("paris", ["Paris, Île-de-France, France", "Paris, Texas, United States",
                             "Paris, Tennessee, United States", "Parish, Jamaica"]),
        PolicyCase("united", ["United States", "United Kingdom"]),
        PolicyCase("texas", ["Texas, United States"]),
        PolicyCase("lond", ["London, England, United Kingdom", "London, Ontario, Canada"]),
        PolicyCase("l", ["London, England, United Kingdom", "London, Ontario, Canada", "L'Aquila, Abruzzo, Italy",
                         "St. Louis, Missouri, United States"]),
        PolicyCase("s", ["São Paulo, São Paulo, Brazil", "United States", "San Francisco, California, United States",
                         "St. Louis, Missouri, United States", "Saint Paul, Minnesota, United States",
                         "Springfield, Massachusetts, United States", "Springfield, Illinois, United States",
                         "San Francisco, Morazán, El Salvador", "Winston-Salem, North Carolina, United States"]),
    ]

    @Test(arguments: cases) func answers(_ row: PolicyCase) {
        #expect(row.answered == row.rows)
    }
}
