#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The controlling terminal, `/dev/tty`, opened for reading and writing: the demo draws on
/// it and reads keys from it, which leaves standard input and output free for pipes
/// (`place=$(location-search demo)`), as fzf does.
///
/// `enterRawMode()` saves the terminal's attributes and `restore()` puts them back; the
/// demo calls `restore()` on every way out.
final class Terminal {
    /// The open `/dev/tty`.
    let descriptor: Int32
    /// The attributes to restore, saved by `enterRawMode()`; `nil` when there is nothing
    /// to restore.
    private var saved: termios?

    /// Opens `/dev/tty`.
    ///
    /// - Throws: `TerminalError.noTerminal` if the process has no controlling terminal.
    init() throws(TerminalError) {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .noTerminal(errno: errno) }
        guard isatty(descriptor) == 1 else {
            let code = errno
            close(descriptor)
            throw .noTerminal(errno: code)
        }
        self.descriptor = descriptor
    }

    deinit {
        restore()
        close(descriptor)
    }

    /// Saves the attributes, then switches to raw mode: keys arrive one at a time and
    /// unechoed, Ctrl-C and Ctrl-Z arrive as bytes instead of signals, output is not
    /// post-processed. Then switches to the alternate screen, so the shell's screen comes
    /// back untouched when the demo ends.
    ///
    /// Also turns on bracketed paste (a paste arrives marked, so its newlines are text),
    /// and registers the terminal with `CrashRestore`, so that a crash restores it too.
    ///
    /// Input typed before this call is kept: it becomes the first keys.
    func enterRawMode() throws(TerminalError) {
        var attributes = termios()
        guard tcgetattr(descriptor, &attributes) == 0 else { throw .systemCall("tcgetattr", errno: errno) }
        saved = attributes
        var raw = attributes
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else {
            let code = errno
            saved = nil
            throw .systemCall("tcsetattr", errno: code)
        }
        // Alternate screen on, cursor home, and on the way out: reset styles, leave it, cursor
        // shown (1049 restores the cursor position saved on entry).
        send("\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?2004h")
        CrashRestore.register(descriptor: descriptor, attributes: attributes)
    }

    /// What `restore()` writes: bracketed paste off, styles reset, the normal screen (1049
    /// restores the cursor position saved on entry), the cursor shown.
    static let restoreSequence = "\u{1B}[?2004l\u{1B}[0m\u{1B}[?1049l\u{1B}[?25h"

    /// After a stop (Ctrl-Z, then `fg`): raw mode and the alternate screen again, from the
    /// attributes the terminal has now (the shell may have changed them meanwhile).
    func reenterRawMode() throws(TerminalError) {
        restore()
        try enterRawMode()
    }

    /// Puts the terminal back as `enterRawMode()` found it: the normal screen, the cursor
    /// visible, the saved attributes. Safe to call more than once, and on a terminal that
    /// has hung up (the failures are ignored: there is nothing left to restore).
    func restore() {
        guard let attributes = saved else { return }
        send(Self.restoreSequence)
        var original = attributes
        // TCSAFLUSH: wait for the output above, and drop unread input so that stray
        // keystrokes (the rest of an escape sequence) do not spill into the shell.
        _ = tcsetattr(descriptor, TCSAFLUSH, &original)
        saved = nil
        CrashRestore.unregister()
    }

    /// The terminal's size in columns and rows; 80×24 if it does not say.
    var size: (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Writes all of `text`, retrying after signals. Returns `false` if the terminal is gone.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Reads what is available into `buffer`: the number of bytes, 0 at end of input (the
    /// terminal hung up), or -1 with `errno` set.
    func receive(into buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress, raw.count) }
    }
}
