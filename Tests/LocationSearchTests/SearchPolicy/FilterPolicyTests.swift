import LocationSearch
import Testing

/// Countries (any case), kinds, both at once, `near` and the limit.
@Suite("Policy: filters", .holdsItsThread)
struct FilterPolicyTests {
    static let cases: [PolicyCase] = [
        PolicyCase("paris", CompletionOptions(countries: ["US"]),
                   ["Paris, Texas, United States", "Paris, Tennessee, United States"]),
        PolicyCase("paris", CompletionOptions(countries: ["us"]),
                   ["Paris, Texas, United States", "Paris, Tennessee, United States"]),
        PolicyCase("u", CompletionOptions(kinds: [.country]), ["United States", "United Kingdom"]),
        PolicyCase("s", CompletionOptions(kinds: [.region]), []),
        PolicyCase("s", CompletionOptions(countries: ["BR"], kinds: [.city]), ["São Paulo, São Paulo, Brazil"]),
        PolicyCase("london", CompletionOptions(near: GeoCoordinate(latitude: 43, longitude: -81)),
                   ["London, Ontario, Canada", "London, England, United Kingdom"]),
        PolicyCase("paris", CompletionOptions(limit: 2), ["Paris, Île-de-France, France", "Paris, Texas, United States"]),
        PolicyCase("paris", CompletionOptions(limit: 0), []),
    ]

    @Test(arguments: cases) func answers(_ row: PolicyCase) {
        #expect(row.answered == row.rows)
    }
}
