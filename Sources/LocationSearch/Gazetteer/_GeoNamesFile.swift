import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A GeoNames dump file's bytes with its name, for error messages: checked to be UTF-8,
/// without a leading byte order mark (editors on Windows write one).
struct _GeoNamesFile {
    var name: String
    var bytes: [UInt8]

    /// Reads `url` whole, checks that it is UTF-8, and drops a byte order mark.
    static func read(_ url: URL) throws -> _GeoNamesFile {
        let name = url.lastPathComponent
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw GazetteerError.missingFile(path: url.path)
        }
        if let bytes = regularFileBytes(url.path) { return try _GeoNamesFile(name: name, bytes: bytes) }
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw GazetteerError.unreadableFile(path: url.path, reason: error.localizedDescription)
        }
        return try _GeoNamesFile(name: name, contents: data)
    }

    /// The bytes of the regular file at `path`, read straight into an array (mapping it and
    /// copying it out faulted in every page twice), or `nil` if it is not a regular file or
    /// cannot be read: `read(_:)` then reads it through Foundation, for its error.
    static func regularFileBytes(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size, let base = buffer.baseAddress {
                let read = readBytes(descriptor, base + count, size - count)
                if read > 0 {
                    count += read
                } else if read == 0 || errno != EINTR {
                    failed = read < 0
                    break
                }
            }
        }
        return failed ? nil : bytes
    }

    /// The checked contents of a file called `name`.
    ///
    /// - Throws: `GazetteerError.malformedRow` naming the first line that is not UTF-8.
    init(name: String, contents: some Collection<UInt8>) throws {
        try self.init(name: name, bytes: [UInt8](contents))
    }

    /// The checked contents of a file called `name`, `bytes`.
    ///
    /// - Throws: `GazetteerError.malformedRow` naming the first line that is not UTF-8.
    init(name: String, bytes: [UInt8]) throws {
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.name = name
        self.bytes = bytes
        if !Self.isUTF8(bytes) {
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

    /// Whether `bytes` are UTF-8: checked in pieces of whole lines (a line end is never
    /// inside a character) on all cores.
    ///
    /// - Complexity: O(*n*), in about *n* / *c* time on *c* cores.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return true }
        let bounds = lineAlignedBounds(of: bytes, pieceSize: 1 << 20)
        let valid = _ResultSlots<Bool>(count: bounds.count - 1)
        DispatchQueue.concurrentPerform(iterations: bounds.count - 1) { piece in
            valid[piece] = bytes.withUnsafeBufferPointer { bytes in
                String(validating: UnsafeBufferPointer(rebasing: bytes[bounds[piece]..<bounds[piece + 1]]),
                       as: UTF8.self) != nil
            }
        }
        return valid.values.allSatisfy { $0 == true }
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

/// `read(2)`: what the module named `read` is on this platform (`_GeoNamesFile` has a
/// `read` of its own).
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
