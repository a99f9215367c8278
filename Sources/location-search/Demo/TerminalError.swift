#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the demo could not use the terminal.
enum TerminalError: Error, CustomStringConvertible {
    /// `/dev/tty` could not be opened: the process has no controlling terminal (cron, CI,
    /// `ssh host cmd`, a pipe from another program's `Process`).
    case noTerminal(errno: Int32)
    /// A system call on the terminal (or the demo's event pipe) failed.
    case systemCall(String, errno: Int32)

    var description: String {
        switch self {
        case .noTerminal(let code):
            "the demo needs a terminal, and /dev/tty cannot be opened (\(String(cString: strerror(code)))). "
                + "To complete place names without one, use `location-search complete QUERY`, or pipe "
                + "queries to `location-search complete`, one per line."
        case .systemCall(let call, let code):
            "cannot use the terminal: \(call) failed (\(String(cString: strerror(code))))"
        }
    }
}
