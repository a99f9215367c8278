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

    /// Installs `handler`, which is also given the signal's `siginfo_t` (`SA_SIGINFO`: who
    /// sent it, and why), for `signal` with an empty mask, storing the action it replaces
    /// in `previous`.
    ///
    /// - Returns: whether `sigaction(2)` succeeded.
    @discardableResult
    static func install(
        _ signal: Int32,
        infoHandler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void,
        previous: UnsafeMutablePointer<sigaction>?
    ) -> Bool {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_sigaction = infoHandler
        #else
        action.__sigaction_handler.sa_sigaction = infoHandler
        #endif
        action.sa_flags = Int32(SA_SIGINFO)
        sigemptyset(&action.sa_mask)
        return sigaction(signal, &action, previous) == 0
    }

    /// Whether the signal `info` describes was sent by another process with `kill(2)` or
    /// `sigqueue(3)` (a code of 0 or less, from a process other than this one), not
    /// raised by a fault or by this process (`abort()`). Async-signal-safe.
    static func isSentByAnotherProcess(_ info: UnsafeMutablePointer<siginfo_t>?) -> Bool {
        guard let info, info.pointee.si_code <= 0 else { return false }
        #if canImport(Darwin)
        let sender = info.pointee.si_pid
        #else
        let sender = info.pointee._sifields._kill.si_pid
        #endif
        return sender != getpid()
    }
}
