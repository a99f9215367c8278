#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input as lines, decoded leniently: invalid UTF-8 becomes U+FFFD, a final line
/// without a newline still counts, `\r\n` endings are accepted, and a UTF-8 byte order
/// mark at the very start (Windows editors write one) is dropped.
enum StandardInput {
    // `nonisolated(unsafe)`: the command-line tool reads standard input from its main
    // thread only; this reader is never shared.
    nonisolated(unsafe) private static var reader = LineReader(descriptor: STDIN_FILENO)

    /// The next line, or `nil` at the end of input.
    ///
    /// - Complexity: amortized O(*n*), *n* the line's length in bytes, however it arrives.
    static func readLine() -> String? { reader.next() }
}

/// Splits what a file descriptor holds into lines.
///
/// Each byte is scanned for a newline once (the search resumes where the last one
/// stopped), and consumed bytes are dropped only once they are at least half the buffer,
/// so a line of any length, or any number of short lines, costs time linear in its bytes.
/// (The reader before this one searched the whole buffer again after every 64 KB read and
/// shifted the buffer after every line: an 80 MB line took 13.8 s.)
struct LineReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Whether no line has been returned yet (a byte order mark may open the first).
    private var atStart = true
    /// Where the next line starts in `buffer`.
    private var start = 0
    /// `buffer[start..<scanned]` holds no newline.
    private var scanned = 0
    private var atEnd = false
    /// Where each read lands before it is appended to `buffer`: 64 KiB, what a pipe holds.
    /// (It was 1 MiB, zeroed, so resident: a sixtieth of a typing run's memory.)
    private var scratch = [UInt8](repeating: 0, count: 1 << 16)

    init(descriptor: Int32) { self.descriptor = descriptor }

    mutating func next() -> String? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start && buffer[end - 1] == 0x0D { end -= 1 }
                return take(end, next: newline + 1)
            }
            scanned = buffer.count
            if atEnd {
                guard start < buffer.count else { return nil }
                return take(buffer.count, next: buffer.count)
            }
            fill()
        }
    }

    /// The line `buffer[start..<end]`, moving on to `next`.
    private mutating func take(_ end: Int, next: Int) -> String {
        var first = start
        if atStart {
            atStart = false
            if buffer[first..<end].starts(with: [0xEF, 0xBB, 0xBF]) { first += 3 }
        }
        let text = String(decoding: buffer[first..<end], as: UTF8.self)
        start = next
        scanned = next
        return text
    }

    /// Reads more input into `buffer` (or notes the end), first dropping consumed bytes
    /// if they are at least half of it.
    private mutating func fill() {
        if start > 0 && start >= buffer.count - start {
            buffer.removeSubrange(..<start)
            scanned -= start
            start = 0
        }
        var count: Int
        repeat {
            count = scratch.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        } while count < 0 && errno == EINTR
        if count > 0 {
            buffer.append(contentsOf: scratch[..<count])
        } else {
            atEnd = true  // end of input, or an error reading it: no more lines
        }
    }
}

/// Writes all of `bytes` to `descriptor`, retrying short writes and interruptions.
///
/// - Returns: 0, or the `errno` of the write that failed (`EPIPE` when the reader went
///   away, `EBADF` when the descriptor is closed).
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += written
    }
    return 0
}

/// Diagnostics on standard error. A write that fails (stderr closed, or a pipe whose
/// reader has gone) is dropped: there is nowhere left to report it, and the exit status
/// already says what happened. (`FileHandle.standardError.write` traps instead: SIGILL.)
enum StandardError {
    static func write(_ text: String) {
        var text = text
        _ = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
    }
}

/// Buffered standard output, flushed per answer.
final class OutputStream {
    private var pending: [UInt8] = []

    func write(_ text: String) { pending.append(contentsOf: text.utf8) }

    /// Writes what is pending.
    ///
    /// - Throws: `OutputError` if standard output cannot be written (a full disk, a
    ///   closed descriptor): the tool says so and exits 2. A reader that went away
    ///   (`EPIPE`: `location-search < names | head -1` asked for no more) ends the process
    ///   quietly with status 0 instead, as it does for other tools.
    func flush() throws {
        let error = pending.withUnsafeBytes { writeAll($0, to: STDOUT_FILENO) }
        if error != 0 {
            if error == EPIPE { exit(0) }
            throw OutputError(stream: "standard output", errno: error)
        }
        pending.removeAll(keepingCapacity: true)
    }
}
