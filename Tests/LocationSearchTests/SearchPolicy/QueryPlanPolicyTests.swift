import LocationSearch
import Testing

/// How a query is read before the search: case, spacing, punctuation, run-together
/// words, and queries with nothing to search.
@Suite("Policy: reading the query", .holdsItsThread)
struct QueryPlanPolicyTests {
    static let cases: [PolicyCase] = [
        PolicyCase("SAN FR", ["San Francisco, California, United States", "San Francisco, Morazán, El Salvador"]),
        PolicyCase("san  fr", ["San Francisco, California, United States", "San Francisco, Morazán, El Salvador"]),
        PolicyCase("newyork", ["New York City, New York, United States"]),
        PolicyCase("sanfrancisco", ["San Francisco, California, United States", "San Francisco, Morazán, El Salvador"]),
        PolicyCase("laquila", ["L'Aquila, Abruzzo, Italy"]),
        PolicyCase("l'aquila", ["L'Aquila, Abruzzo, Italy"]),
        PolicyCase("sao paulo", ["São Paulo, São Paulo, Brazil"]),
        PolicyCase("", []),
        PolicyCase("   ", []),
        PolicyCase(",,,", []),
        PolicyCase("zzqq", []),
    ]

    @Test(arguments: cases) func answers(_ row: PolicyCase) {
        #expect(row.answered == row.rows)
    }
}
