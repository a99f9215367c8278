import Testing
@testable import LocationSearch

/// One row of a search policy's table: a query, its options, and the rows the fixture
/// gazetteer (`Fixtures.completer`) answers, best first, each "title, subtitle".
struct PolicyCase: CustomTestStringConvertible, Sendable {
    var query: String
    var options = CompletionOptions()
    var rows: [String]

    init(_ query: String, _ rows: [String]) {
        self.query = query
        self.rows = rows
    }

    init(_ query: String, _ options: CompletionOptions, _ rows: [String]) {
        self.query = query
        self.options = options
        self.rows = rows
    }

    var testDescription: String { "\(query.debugDescription) → \(rows.first ?? "nothing")" }

    /// What the fixture completer answers for this case, as the table writes rows.
    var answered: [String] {
        Fixtures.completer.completions(for: query, options: options).map {
            $0.subtitle.isEmpty ? $0.title : "\($0.title), \($0.subtitle)"
        }
    }
}
