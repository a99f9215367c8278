import LocationSearch

/// How a demo session ended, as fzf's exit statuses sort the ways out.
enum DemoOutcome: Equatable {
    /// Enter on a completion of `query` (exit 0).
    case picked(LocalSearchCompletion, query: String)
    /// Enter when `query` has no completion (exit 1, as fzf's "no match").
    case noMatch(query: String)
    /// Esc, Ctrl-C, or Ctrl-D on an empty query: fzf's `abort` (exit 130).
    case interrupted
    /// A caught signal (SIGTERM, SIGHUP, SIGINT, SIGQUIT), or SIGHUP when the terminal
    /// hung up.
    case signal(Int32)
}
