#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the pipe that signal handlers report to, or -1 before
/// `EventPipe.catchSignals(_:)`.
///
/// This is the demo's one piece of global mutable state, and signal handling is why: a
/// signal handler is a C function pointer that cannot capture anything, so a global is the
/// only place it can find the pipe. It is written once, before any handler is installed
/// (installing a handler with `signal(2)` orders that write before any delivery), and after
/// that only read, by handlers that call nothing but the async-signal-safe `write(2)`.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// A self-pipe that turns asynchronous events into bytes the demo loop can `poll(2)` for
/// next to the terminal: caught signals (the byte is the signal number) and "the places
/// are loaded" (the byte `EventPipe.loaded`, sent from the loading task).
///
/// Signal handlers only write a byte here; everything else (restoring the terminal,
/// redrawing after SIGWINCH) happens in the loop, on the main thread, between frames, so
/// that a signal never interrupts a half-written escape sequence.
final class EventPipe {
    /// The byte that says the completer has finished loading (no signal is numbered 0).
    static let loaded: UInt8 = 0

    let readEnd: Int32
    /// The end that other threads write to (an `Int32` is `Sendable`).
    let writeEnd: Int32
    /// The caught signals, each with the action it had before (put back afterwards: an
    /// ignored SIGPIPE stays ignored).
    private var caught: [(signal: Int32, previous: sigaction)] = []

    /// Creates the pipe: both ends close on exec and never block, so a handler cannot
    /// hang on a full pipe (it would only drop a byte the loop no longer needs).
    init() throws(TerminalError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .systemCall("pipe", errno: errno) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    // The pipe is not closed: the loading task may still write to `writeEnd` after the
    // demo ends (and a closed descriptor's number can be reused); the process exits soon
    // after anyway.
    deinit {
        restorePreviousSignalActions()
    }

    /// Sends `byte` to the loop. Callable from any thread.
    static func notify(_ writeEnd: Int32, _ byte: UInt8) {
        var byte = byte
        while write(writeEnd, &byte, 1) < 0 && errno == EINTR {}
    }

    /// From now on, `signals` arrive as bytes on the pipe instead of their default action.
    /// Only one `EventPipe` catches signals at a time.
    func catchSignals(_ signals: [Int32]) {
        precondition(signalPipeWriteEnd == -1 || signalPipeWriteEnd == writeEnd, "one EventPipe catches signals at a time")
        signalPipeWriteEnd = writeEnd
        for signal in signals {
            var previous = sigaction()
            _ = Self.install(signal, handler: Self.forward, previous: &previous)
            caught.append((signal, previous))
        }
    }

    /// The handler of caught signals: the signal's number, as one byte, into the pipe.
    private static let forward: @convention(c) (Int32) -> Void = { number in
        // Async-signal-safe: one write(2); errno is saved for the interrupted code.
        let savedErrno = errno
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(signalPipeWriteEnd, &byte, 1)
        errno = savedErrno
    }

    /// Stops the process group (the whole job, as shells and editors do on Ctrl-Z) with
    /// SIGTSTP's default action, and returns once it is continued (`fg`, `bg`, SIGCONT).
    /// The caller restores the terminal first.
    ///
    /// `kill(2)` only queues the signal for the process: another thread may take it after
    /// `kill` returns (the loop runs on a concurrency thread, and the kernel offers the
    /// signal to the main thread first). So the default action stays installed until no
    /// SIGTSTP is pending any more, that is until a thread has taken it and the process
    /// has stopped and been continued; putting the handler back at once would let a late
    /// delivery reach it as a byte instead of stopping (the demo then never stopped).
    /// In an orphaned process group (no shell's job control above it) the kernel discards
    /// the stop when a thread takes it, and this returns soon after: nobody could
    /// continue it.
    func stopForJobControl() {
        var ignored = sigaction()
        _ = Self.install(SIGTSTP, handler: SIG_DFL, previous: &ignored)
        _ = kill(0, SIGTSTP)
        // Bounded (5 s) so that a thread blocking SIGTSTP cannot keep the demo here.
        var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
        for _ in 0..<5_000 where Self.isPending(SIGTSTP) { nanosleep(&pause, nil) }
        if caught.contains(where: { $0.signal == SIGTSTP }) { _ = Self.install(SIGTSTP, handler: Self.forward, previous: &ignored) }
    }

    /// Whether `signal` is pending for the process or this thread (`sigpending(2)`).
    private static func isPending(_ signal: Int32) -> Bool {
        var pending = sigset_t()
        sigemptyset(&pending)
        return sigpending(&pending) == 0 && sigismember(&pending, signal) == 1
    }

    /// Gives the caught signals the actions they had before `catchSignals(_:)`.
    func restorePreviousSignalActions() {
        guard !caught.isEmpty else { return }
        for (signal, previous) in caught {
            var previous = previous
            _ = sigaction(signal, &previous, nil)
        }
        caught = []
        signalPipeWriteEnd = -1
    }

    /// Reads every byte waiting in the pipe.
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return bytes
            }
        }
    }

    /// Installs `handler` with `sigaction(2)`: handlers stay installed, interrupted system
    /// calls are restarted (the loop's `poll(2)` still wakes, as the pipe becomes readable).
    private static func install(_ signal: Int32, handler: (@convention(c) (Int32) -> Void)?, previous: inout sigaction) -> Bool {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        return sigaction(signal, &action, &previous) == 0
    }
}
