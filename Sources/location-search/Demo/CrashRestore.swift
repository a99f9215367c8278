#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal to restore if the process crashes, read by the crash handler.
///
/// Global mutable state, for the same reason as `EventPipe`'s: a signal handler is a C
/// function pointer and can find nothing else. Written on the main thread by
/// `register`/`unregister` only while the crash signals are blocked, and read only by the
/// handler, which calls nothing but async-signal-safe functions (`write`, `tcsetattr`,
/// `sigaction`, `raise`).
nonisolated(unsafe) private var crashDescriptor: Int32 = -1
nonisolated(unsafe) private var crashAttributes = termios()
/// The actions the crash signals had before (the Swift runtime's backtracer, say), put
/// back before the signal is raised again. Indexed by signal number.
nonisolated(unsafe) private let crashPrevious = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

/// Restores the terminal when the process crashes: on SIGSEGV, SIGBUS, SIGILL, SIGTRAP
/// (Swift's traps), SIGFPE, SIGABRT and SIGSYS the handler writes `Terminal.restoreSequence`
/// and puts back the saved attributes, then hands the signal on to whatever handled it
/// before (the runtime's crash report, or the default action: the process dies of it);
/// the same signal sent by another process gets the default action.
///
/// The demo's loop restores the terminal for every other signal that can be caught (they
/// arrive as bytes on `EventPipe`); SIGKILL and SIGSTOP cannot be caught by anyone.
enum CrashRestore {
    static let signals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGSYS]
    nonisolated(unsafe) private static var installed = false

    /// From now on a crash restores `descriptor` to `attributes`.
    static func register(descriptor: Int32, attributes: termios) {
        withCrashSignalsBlocked {
            crashAttributes = attributes
            crashDescriptor = descriptor
        }
        guard !installed else { return }
        installed = true
        for signal in signals {
            SignalAction.install(signal, infoHandler: crashHandler, previous: crashPrevious + Int(signal))
        }
    }

    /// The terminal is restored: a crash from now on has nothing to undo.
    static func unregister() {
        withCrashSignalsBlocked { crashDescriptor = -1 }
    }

    private static func withCrashSignalsBlocked(_ body: () -> Void) {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signal in signals { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        body()
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}

/// The crash handler: async-signal-safe calls only, no allocation.
private func crashHandler(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    let descriptor = crashDescriptor
    if descriptor >= 0 {
        crashDescriptor = -1
        let sequence: StaticString = "\u{1B}[?2004l\u{1B}[0m\u{1B}[?1049l\u{1B}[?25h\r\n"
        _ = write(descriptor, sequence.utf8Start, sequence.utf8CodeUnitCount)
        _ = tcsetattr(descriptor, TCSANOW, &crashAttributes)
    }
    // Hand the signal on: the previous action back, then the signal again (delivered when
    // this handler returns, as it is blocked meanwhile; a fault would also recur). One
    // another process sent (`kill -SEGV`) is no crash, and the runtime's crash reporter
    // lets it pass: it gets the default action, so the demo ends by it as it would without
    // this handler, not with its screen restored under a loop still running.
    if SignalAction.isSentByAnotherProcess(info) {
        SignalAction.install(signal, handler: SIG_DFL, flags: 0, previous: nil)
    } else {
        _ = sigaction(signal, crashPrevious + Int(signal), nil)
    }
    _ = raise(signal)
}
