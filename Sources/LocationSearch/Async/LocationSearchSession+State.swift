extension LocationSearchSession {
    /// Where a session stands on one query fragment.
    ///
    /// ```swift
    /// switch update.state {
    /// case .idle:                      showRecentSearches()
    /// case .searching:                 showSpinner()
    /// case .results(let completions):  show(completions)
    /// case .noResults:                 show("No places match “\(update.queryFragment)”")
    /// case .failed(let error):         show("Search failed: \(error)")
    /// }
    /// ```
    ///
    /// Two `.failed` states are equal when their errors are of the same type and equal
    /// (for `Equatable` errors) or describe themselves the same (for others).
    public enum State: Sendable, Equatable, CustomStringConvertible {
        /// The fragment is empty: nothing to show, or recent searches.
        case idle
        /// A search for the fragment is waiting out the debounce or running.
        case searching
        /// The completions for the fragment, best first; never empty.
        case results([LocalSearchCompletion])
        /// The search finished and nothing matched.
        case noResults
        /// The search function threw (only a custom one can: `LocationSearch` does not,
        /// apart from cancellation, which the session handles itself).
        case failed(any Error)

        /// `.results` for non-empty completions, `.noResults` for none.
        init(_ completions: [LocalSearchCompletion]) {
            self = completions.isEmpty ? .noResults : .results(completions)
        }

        /// The completions of `.results`, and no completions for every other state.
        ///
        /// ```swift
        /// LocationSearchSession.State.noResults.completions.count   // 0
        /// ```
        public var completions: [LocalSearchCompletion] {
            if case .results(let completions) = self { completions } else { [] }
        }

        /// Whether two states say the same; failures compare by their errors (see above).
        ///
        /// ```swift
        /// LocationSearchSession.State.failed(CancellationError()) == .failed(CancellationError())   // true
        /// ```
        public static func == (lhs: Self, rhs: Self) -> Bool {
            switch (lhs, rhs) {
            case (.idle, .idle), (.searching, .searching), (.noResults, .noResults): true
            case (.results(let l), .results(let r)): l == r
            case (.failed(let l), .failed(let r)): _sameError(l, r)
            default: false
            }
        }

        /// `idle`, `searching`, `results: San Francisco; San Fernando`, `noResults`,
        /// `failed: <the error>`.
        public var description: String {
            switch self {
            case .idle: "idle"
            case .searching: "searching"
            case .results(let completions): "results: " + completions.map(\.description).joined(separator: "; ")
            case .noResults: "noResults"
            case .failed(let error): "failed: \(error)"
            }
        }
    }
}

/// Whether two errors are the same: same type, then `==` if the type is `Equatable`, else
/// the same `String(reflecting:)`.
func _sameError(_ lhs: any Error, _ rhs: any Error) -> Bool {
    guard type(of: lhs) == type(of: rhs) else { return false }
    if let lhs = (lhs as Any) as? any Equatable {
        return _equals(lhs, rhs)
    }
    return String(reflecting: lhs) == String(reflecting: rhs)
}

private func _equals<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
    (rhs as? T) == lhs
}
