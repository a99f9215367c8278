import LocationSearch

/// How a demo session ended.
enum DemoOutcome: Equatable {
    /// Enter on a completion.
    case picked(Place)
    /// Esc or Ctrl-D.
    case cancelled
    /// Ctrl-C.
    case interrupted
    /// A caught signal (SIGTERM, SIGHUP, SIGINT, SIGQUIT), or SIGHUP when the terminal
    /// hung up.
    case signal(Int32)
}
