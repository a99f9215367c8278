extension LocationSearchSession {
    /// One answer from a session: the fragment and options it answers, and the state.
    ///
    /// ```swift
    /// for await update in session.updates {
    ///     print(update.queryFragment, "→", update.state)
    /// }
    /// // san fr → searching
    /// // san fr → results: San Francisco, California, United States; San Francisco de Macorís, …
    /// ```
    public struct Update: Sendable, Equatable, CustomStringConvertible {
        /// The fragment this update answers, exactly as it was set.
        public var queryFragment: String
        /// The options it was searched with.
        public var options: CompletionOptions
        /// Where the search for it stands.
        public var state: State

        /// Creates an update; sessions make them, tests compare against them.
        ///
        /// ```swift
        /// LocationSearchSession.Update(queryFragment: "", state: .idle)
        /// ```
        public init(queryFragment: String, options: CompletionOptions = .init(), state: State) {
            self.queryFragment = queryFragment
            self.options = options
            self.state = state
        }

        /// `idle ""`, `searching "san"`, `noResults "xq"`, `failed "san": <the error>`,
        /// `results "san fr": San Francisco, California, United States; …`. The options
        /// are left out.
        public var description: String {
            let fragment = "\"\(queryFragment)\""
            return switch state {
            case .idle: "idle \(fragment)"
            case .searching: "searching \(fragment)"
            case .results(let completions):
                "results \(fragment): " + completions.map(\.description).joined(separator: "; ")
            case .noResults: "noResults \(fragment)"
            case .failed(let error): "failed \(fragment): \(error)"
            }
        }
    }
}
