import LocationSearch
import Testing

/// Typo tolerance: one or two edits, not on the first letter, only when typo tolerance is
/// on; typo matches never crowd out exact ones.
@Suite("Policy: typo walk", .holdsItsThread)
struct TypoPolicyTests {
    static let cases: [PolicyCase] = [
        PolicyCase("londn", ["London, England, United Kingdom", "London, Ontario, Canada"]),
        PolicyCase("philadelpia", ["Philadelphia, Pennsylvania, United States"]),
        PolicyCase("san fransisco", ["San Francisco, California, United States", "San Francisco, Morazán, El Salvador"]),
        PolicyCase("amsterdm", ["Amsterdam, North Holland, Netherlands"]),
        PolicyCase("tokio", ["Tokyo, Tokyo, Japan"]),
        PolicyCase("viena", ["Vienna, Vienna, Austria"]),
        PolicyCase("vienne", ["Vienna, Vienna, Austria"]),
        PolicyCase("ondon", []),
        PolicyCase("londn", CompletionOptions(typoTolerance: false), []),
    ]

    @Test(arguments: cases) func answers(_ row: PolicyCase) {
        #expect(row.answered == row.rows)
    }
}
