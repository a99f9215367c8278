import Dispatch
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

/// A GeoNames dump file's bytes with its name, for error messages: checked to be UTF-8
/// with no line longer than `longestLine`, without a leading byte order mark (editors on
/// Windows write one).
struct _GeoNamesFile {
    var name: String
    var bytes: [UInt8]

    /// The most bytes a line may have, without its line end: 1 MiB. GeoNames' own rows
    /// are a few kilobytes, and a row of 1 MiB holds some 90,000 alternate names; a longer
    /// line is an error (`malformedRow`, with its number) rather than a name table the
    /// size of the file.
    static let longestLine = 1 << 20

    /// Reads `url` whole, checks it, and drops a byte order mark: a regular file only (a
    /// FIFO, a device or a socket is refused without reading from it, so none can block
    /// or stream forever).
    static func read(_ url: URL) throws -> _GeoNamesFile {
        let name = url.lastPathComponent
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw GazetteerError.missingFile(path: url.path)
        }
        switch fileBytes(url.path) {
        case .success(let bytes): return try _GeoNamesFile(name: name, bytes: bytes)
        case .failure(let problem): throw GazetteerError.unreadableFile(path: url.path, reason: problem.reason)
        }
    }

    /// Why a file could not be read: the C library's words for its `errno`, or that it is
    /// a folder.
    struct ReadProblem: Error {
        var reason: String

        static func errno(_ code: Int32) -> ReadProblem { ReadProblem(reason: errnoDescription(code)) }
    }

    /// The bytes of the file at `path`, a regular file, read straight into an array of its
    /// size (mapping it and copying it out faulted in every page twice). Anything else is
    /// a problem: opened without blocking (`O_NONBLOCK`: a FIFO would wait for a writer)
    /// and never read, since a FIFO or a device (`/dev/zero`) may never end.
    static func fileBytes(_ path: String) -> Result<[UInt8], ReadProblem> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.errno(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.errno(errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            return .failure(ReadProblem(reason: "it is a folder"))
        case S_IFIFO:
            return .failure(ReadProblem(reason: "it is a FIFO (a named pipe), not a regular file"))
        case S_IFCHR, S_IFBLK:
            return .failure(ReadProblem(reason: "it is a device, not a regular file"))
        case S_IFSOCK:
            return .failure(ReadProblem(reason: "it is a socket, not a regular file"))
        case S_IFREG:
            let size = Int(status.st_size)
            var failure: Int32?
            let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                guard let base = buffer.baseAddress else { return }
                let read = readFully(descriptor, base, size)
                if read < 0 { failure = errno } else { count = read }
            }
            return failure.map { .failure(.errno($0)) } ?? .success(bytes)
        default:
            return .failure(ReadProblem(reason: "it is not a regular file"))
        }
    }

    /// The checked contents of a file called `name`.
    ///
    /// - Throws: `GazetteerError.malformedRow` naming the first line that is not UTF-8.
    init(name: String, contents: some Collection<UInt8>) throws {
        try self.init(name: name, bytes: [UInt8](contents))
    }

    /// The checked contents of a file called `name`, `bytes`.
    ///
    /// - Throws: `GazetteerError.malformedRow` naming the first line longer than
    ///   `longestLine`, or else the first line that is not UTF-8.
    init(name: String, bytes: [UInt8]) throws {
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.name = name
        self.bytes = bytes
        let (isUTF8, longLine) = Self.check(bytes)
        if let longLine {
            let number = bytes[..<longLine].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw error(line: number, "the line is longer than \(Self.longestLine) bytes, the most a line may have")
        }
        if !isUTF8 {
            var line = 1
            try forEachLine { lineBytes, number in
                line = number
                if String(validating: lineBytes, as: UTF8.self) == nil {
                    throw error(line: number, "not valid UTF-8")
                }
            }
            throw error(line: line, "not valid UTF-8")
        }
    }

    /// Whether `bytes` are UTF-8, and where the first line longer than `longestLine`
    /// starts, if one is: checked in pieces of whole lines (a line end is never inside a
    /// character) on all cores.
    ///
    /// - Complexity: O(*n*), in about *n* / *c* time on *c* cores.
    static func check(_ bytes: [UInt8]) -> (isUTF8: Bool, longLine: Int?) {
        guard !bytes.isEmpty else { return (true, nil) }
        let bounds = lineAlignedBounds(of: bytes, pieceSize: 1 << 20)
        let valid = _ResultSlots<Bool>(count: bounds.count - 1)
        let longLines = _ResultSlots<Int>(count: bounds.count - 1)
        DispatchQueue.concurrentPerform(iterations: bounds.count - 1) { piece in
            bytes.withUnsafeBufferPointer { bytes in
                let range = bounds[piece]..<bounds[piece + 1]
                valid[piece] = UnsafeBufferPointer(rebasing: bytes[range])._isUTF8
                longLines[piece] = firstLongLine(bytes, in: range)
            }
        }
        return (valid.values.allSatisfy { $0 == true }, longLines.values.lazy.compactMap { $0 }.first)
    }

    /// Where the first line of `bytes[range]` (whole lines) longer than `longestLine` starts
    /// (a `\r` before its `\n` not counted), found with `memchr`.
    private static func firstLongLine(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var start = range.lowerBound
        while start < range.upperBound {
            let end = memchr(base + start, 0x0A, range.upperBound - start)
                .map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? range.upperBound
            let length = end - start - (end > start && base[end - 1] == 0x0D ? 1 : 0)
            if length > longestLine { return start }
            start = end + 1
        }
        return nil
    }

    /// Where `bytes` split into pieces of about `pieceSize` bytes (at least one), each
    /// ending just after a line end or at the end: piece `i` is `bounds[i] ..< bounds[i + 1]`.
    /// Pieces of whole lines can be read on any core, and never split a character.
    static func lineAlignedBounds(of bytes: [UInt8], pieceSize: Int) -> [Int] {
        var bounds = [0]
        while let last = bounds.last, last < bytes.count {
            var end = min(bytes.count, last + max(1, pieceSize))
            while end < bytes.count && bytes[end - 1] != 0x0A { end += 1 }
            bounds.append(end)
        }
        return bounds
    }

    /// The error for a malformed row of this file: `file:line: reason`.
    func error(line: Int, _ reason: String) -> GazetteerError {
        .malformedRow(file: name, line: line, reason: reason)
    }

    /// Calls `body` with each non-empty line (without its `\n` or `\r\n`) and its 1-based
    /// number.
    ///
    /// - Complexity: O(*n*) in the size of the file.
    func forEachLine(
        progress: ((Double) -> Void)? = nil, _ body: (ArraySlice<UInt8>, Int) throws -> Void
    ) throws {
        var start = 0
        var number = 0
        while start < bytes.count {
            number += 1
            if let progress, number & 0x3FFF == 0 { progress(Double(start) / Double(bytes.count)) }
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if lineEnd > start { try body(bytes[start..<lineEnd], number) }
            start = end + 1
        }
    }

    /// Calls `body` with the tab-separated fields of each row and its 1-based line number;
    /// blank lines and `#` comment lines are not rows.
    ///
    /// - Parameters:
    ///   - minimumColumns: fewer fields is an error, "expected `expected` tab-separated
    ///     columns, found N" (`expected`: "at least `minimumColumns`" unless given).
    /// - Complexity: O(*n*) in the size of the file.
    func forEachRow(
        minimumColumns: Int, expected: String? = nil, _ body: ([ArraySlice<UInt8>], Int) throws -> Void
    ) throws {
        try forEachLine { line, number in
            if line.first == UInt8(ascii: "#") { return }
            let fields = _GeoNamesReader.fields(line)
            guard fields.count >= minimumColumns else {
                let expected = expected ?? "at least \(minimumColumns)"
                throw error(line: number, "expected \(expected) tab-separated columns, found \(fields.count)")
            }
            try body(fields, number)
        }
    }
}
