import LocationSearch
import Testing

/// A region or country after the name, with or without a comma, by name, code or alias:
/// it keeps only the places in it. A qualifier no place has leaves nothing.
@Suite("Policy: qualifiers", .holdsItsThread)
struct QualifierPolicyTests {
    static let cases: [PolicyCase] = [
        PolicyCase("paris tx", ["Paris, Texas, United States"]),
        PolicyCase("paris, texas", ["Paris, Texas, United States"]),
        PolicyCase("paris tn", ["Paris, Tennessee, United States"]),
        PolicyCase("springfield il", ["Springfield, Illinois, United States"]),
        PolicyCase("springfield, massachusetts", ["Springfield, Massachusetts, United States"]),
        PolicyCase("london, canada", ["London, Ontario, Canada"]),
        PolicyCase("london on", ["London, Ontario, Canada"]),
        PolicyCase("london uk", ["London, England, United Kingdom"]),
        PolicyCase("paris fr", ["Paris, Île-de-France, France"]),
        PolicyCase("paris france", ["Paris, Île-de-France, France"]),
        PolicyCase("paris, zz", []),
    ]

    @Test(arguments: cases) func answers(_ row: PolicyCase) {
        #expect(row.answered == row.rows)
    }
}
