import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What went wrong driving a subprocess: every wait is bounded, so a hang fails the test
/// with what the screen showed instead of blocking the run.
struct HarnessError: Error, CustomStringConvertible {
    var description: String
}

/// A subprocess, optionally on its own pseudo-terminal, with its standard output and error
/// captured through pipes.
///
/// With a terminal, the child runs in a new session whose controlling terminal is the
/// pseudo-terminal (so it can open `/dev/tty`), standard input is the terminal, and
/// everything it draws is read from the master side into a `VirtualScreen`. Without one,
/// the child runs in a new session with no controlling terminal at all, as under cron.
///
/// Spawned with `posix_spawn(3)` rather than `fork(2)`, which is unsafe in a
/// multithreaded test process; the pseudo-terminal comes from `openpty(3)`.
final class TerminalSession {
    let pid: pid_t
    /// The master side of the pseudo-terminal, or -1.
    private let master: Int32
    /// The slave side, kept open to read the terminal's attributes and size.
    private let slave: Int32
    private let standardOutput: Int32
    private let standardError: Int32
    private(set) var screen: VirtualScreen
    /// Everything the child drew on the terminal, escape sequences included.
    private(set) var terminalBytes: [UInt8] = []
    private var outputBytes: [UInt8] = []
    private var errorBytes: [UInt8] = []
    private(set) var termination: Termination?

    /// Spawns `executable` (`nil`: the built tool, `Products.locationSearch()`) with
    /// `arguments`, on a `columns`×`rows` pseudo-terminal if `terminal` is true; with
    /// `outputToTerminal`, standard output is the terminal too (what it writes shows in
    /// `terminalBytes`, not `output`).
    init(
        executable: URL? = nil, arguments: [String], terminal: Bool = true, outputToTerminal: Bool = false,
        columns: Int = 80, rows: Int = 24, environment: [String: String] = TerminalSession.defaultEnvironment
    ) throws {
        let executable = try executable ?? Products.locationSearch()
        var master: Int32 = -1
        var slave: Int32 = -1
        var slavePath = ""
        if terminal {
            var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&master, &slave, nil, nil, &size) == 0 else {
                throw HarnessError(description: "openpty failed: errno \(errno)")
            }
            _ = fcntl(master, F_SETFD, FD_CLOEXEC)
            _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
            var name = [CChar](repeating: 0, count: 256)
            guard ttyname_r(slave, &name, name.count) == 0 else {
                throw HarnessError(description: "ttyname_r failed: errno \(errno)")
            }
            slavePath = String(decoding: name.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            initialAttributes = try TerminalAttributes(of: slave)
        } else {
            initialAttributes = nil
        }
        let output = try Self.makePipe()
        let error = try Self.makePipe()

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if terminal {
            // Opened after setsid() and without O_NOCTTY: it becomes the controlling terminal.
            posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, terminal && outputToTerminal ? 0 : output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, error.write, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        // POSIX_SPAWN_SETSID (glibc's value; Swift does not import the GNU extension's macro).
        let setsid: Int32 = 0x80
        posix_spawnattr_setflags(&attributes, Int16(setsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        close(output.write)
        close(error.write)
        guard status == 0 else {
            [master, slave, output.read, error.read].filter { $0 >= 0 }.forEach { close($0) }
            throw HarnessError(description: "posix_spawn \(executable.path) failed: errno \(status)")
        }
        self.pid = pid
        self.master = master
        self.slave = slave
        self.standardOutput = output.read
        self.standardError = error.read
        self.screen = VirtualScreen(columns: columns, rows: rows)
    }

    deinit {
        if termination == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        [master, slave, standardOutput, standardError].filter { $0 >= 0 }.forEach { close($0) }
    }

    /// TERM=xterm-256color, a UTF-8 locale, and no colour overrides from the test's own
    /// environment.
    static var defaultEnvironment: [String: String] {
        var environment = TestCache.environment(ProcessInfo.processInfo.environment)
        for name in ["NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES", "TMUX"] { environment[name] = nil }
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        return environment
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw HarnessError(description: "pipe failed: errno \(errno)") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    // MARK: The terminal

    /// The terminal's current attributes.
    func attributes() throws -> TerminalAttributes { try TerminalAttributes(of: slave) }

    /// The terminal's attributes before the program started (read before spawning it, so
    /// a program that switches to raw mode at once cannot race the reading).
    let initialAttributes: TerminalAttributes?

    /// Types `text` (or any bytes: "\u{1B}[B" is ↓).
    func type(_ text: String) throws { try type(Array(text.utf8)) }

    func type(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw HarnessError(description: "writing to the terminal failed: errno \(errno)")
            }
            offset += written
        }
    }

    /// Resizes the terminal; the kernel sends the child SIGWINCH.
    func resize(columns: Int, rows: Int) throws {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
            throw HarnessError(description: "TIOCSWINSZ failed: errno \(errno)")
        }
        screen.resize(columns: columns, rows: rows)
    }

    /// Reads the terminal until `condition` holds for the screen, for at most `timeout`
    /// seconds.
    ///
    /// - Throws: `HarnessError` with the screen and the child's error output on timeout, or
    ///   if the child exits first.
    @discardableResult
    func waitForScreen(
        _ what: String, timeout: Double = 30, until condition: (VirtualScreen) -> Bool
    ) throws -> VirtualScreen {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if condition(screen) { return screen }
            if termination != nil {
                throw HarnessError(
                    description: "the demo exited (\(termination!)) while waiting for \(what)\n\(report)")
            }
            guard Date() < deadline else {
                throw HarnessError(description: "timed out after \(timeout) s waiting for \(what)\n\(report)")
            }
            pump(milliseconds: 100)
            reap()
        }
    }

    /// Waits at most `timeout` seconds for the child to exit, reading its terminal and pipes
    /// meanwhile; then reads what is left.
    @discardableResult
    func waitForExit(timeout: Double = 90) throws -> Termination {
        let deadline = Date().addingTimeInterval(timeout)
        while termination == nil {
            guard Date() < deadline else {
                throw HarnessError(description: "the demo did not exit within \(timeout) s\n\(report)")
            }
            pump(milliseconds: 50)
            reap()
        }
        // Everything the child wrote is in the pipes and the terminal by now.
        while pump(milliseconds: 50) {}
        return termination!
    }

    /// What the child drew on the terminal from byte `offset` on (an earlier
    /// `terminalBytes.count`), escape sequences shown as "␛".
    func terminalOutput(since offset: Int) -> String {
        String(decoding: terminalBytes[offset...], as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "␛")
    }

    /// What the child wrote to standard output and error so far.
    var output: String { String(decoding: outputBytes, as: UTF8.self) }
    var errorOutput: String { String(decoding: errorBytes, as: UTF8.self) }

    /// The screen and error output, for failure messages.
    var report: String {
        "screen (\(screen.columns)×\(screen.rows)):\n\(screen.dump)\nstderr: \(errorOutput)"
    }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) { kill(pid, signal) }

    private func reap() {
        guard termination == nil else { return }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { termination = Termination(waitStatus: status) }
    }

    /// Reads whatever the terminal and pipes have, waiting at most `milliseconds` for the
    /// first byte. Returns whether anything was read.
    @discardableResult
    private func pump(milliseconds: Int32) -> Bool {
        let sources = [master, standardOutput, standardError].filter { $0 >= 0 }
        var descriptors = sources.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { return false }
        var readAnything = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        for descriptor in descriptors where descriptor.revents != 0 {
            let count = buffer.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            readAnything = true
            let bytes = buffer[..<count]
            switch descriptor.fd {
            case master:
                screen.feed(bytes)
                terminalBytes += bytes
            case standardOutput: outputBytes += bytes
            default: errorBytes += bytes
            }
        }
        return readAnything
    }
}
