import LocationSearch
import Testing

/// Abbreviations read both ways ("st" and "saint", "ft" and "fort"), hyphens as spaces,
/// and a place's own short names.
@Suite("Policy: synonyms and abbreviations", .holdsItsThread)
struct SynonymPolicyTests {
    static let cases: [PolicyCase] = [
        PolicyCase("st louis", ["St. Louis, Missouri, United States"]),
        PolicyCase("saint louis", ["St. Louis, Missouri, United States"]),
        PolicyCase("st paul", ["Saint Paul, Minnesota, United States"]),
        PolicyCase("saint paul", ["Saint Paul, Minnesota, United States"]),
        PolicyCase("ft collins", ["Fort Collins, Colorado, United States"]),
        PolicyCase("fort collins", ["Fort Collins, Colorado, United States"]),
        PolicyCase("winston salem", ["Winston-Salem, North Carolina, United States"]),
        PolicyCase("nyc", ["New York City, New York, United States"]),
        PolicyCase("mt", []),
    ]

    @Test(arguments: cases) func answers(_ row: PolicyCase) {
        #expect(row.answered == row.rows)
    }
}
