import LocationSearch
import Testing

/// Exact and prefix matches of whole names and of their later words, in every script the
/// names are in; an alternate name shows as the title with the canonical one after it.
@Suite("Policy: prefix search", .holdsItsThread)
struct PrefixSearchPolicyTests {
    static let cases: [PolicyCase] = [
        PolicyCase("san fr", ["San Francisco, California, United States", "San Francisco, Morazán, El Salvador"]),
        PolicyCase("par", ["Paris, Île-de-France, France", "Paris, Texas, United States",
                           "Paris, Tennessee, United States", "Parish, Jamaica"]),
        PolicyCase("york", ["York, England, United Kingdom", "New York City, New York, United States"]),
        PolicyCase("new york", ["New York, New York City, New York, United States"]),
        PolicyCase("zur", ["Zürich, Zurich, Switzerland"]),
        PolicyCase("zürich", ["Zürich, Zurich, Switzerland"]),
        PolicyCase("são", ["São Paulo, São Paulo, Brazil"]),
        PolicyCase("aquila", ["L'Aquila, Abruzzo, Italy"]),
        PolicyCase("東京", ["東京, Tokyo, Tokyo, Japan"]),
        PolicyCase("wien", ["Wien, Vienna, Vienna, Austria"]),
        PolicyCase("paname", ["Paname, Paris, Île-de-France, France"]),
        PolicyCase("париж", ["Париж, Paris, Île-de-France, France"]),
    ]

    @Test(arguments: cases) func answers(_ row: PolicyCase) {
        #expect(row.answered == row.rows)
    }
}
