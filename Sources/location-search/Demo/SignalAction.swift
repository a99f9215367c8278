#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `sigaction(2)` for a plain handler, in one place for the demo's two kinds of handler
/// (`EventPipe`'s forwarding, `CrashRestore`'s terminal restore).
enum SignalAction {
    /// Installs `handler` (a C function, `SIG_DFL` or `SIG_IGN`) for `signal` with `flags`
    /// (`SA_RESTART`, or 0) and an empty mask, storing the action it replaces in `previous`
    /// if given. Async-signal-safe: a handler may call it.
    ///
    /// - Returns: whether `sigaction(2)` succeeded.
    @discardableResult
    static func install(
        _ signal: Int32, handler: (@convention(c) (Int32) -> Void)?, flags: Int32,
        previous: UnsafeMutablePointer<sigaction>?
    ) -> Bool {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        action.sa_flags = flags
        sigemptyset(&action.sa_mask)
        return sigaction(signal, &action, previous) == 0
    }
}
