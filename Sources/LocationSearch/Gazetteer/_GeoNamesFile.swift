import Foundation

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
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw GazetteerError.unreadableFile(path: url.path, reason: error.localizedDescription)
        }
        return try _GeoNamesFile(name: name, contents: data)
    }

    /// The checked contents of a file called `name`.
    ///
    /// - Throws: `GazetteerError.malformedRow` naming the first line that is not UTF-8.
    init(name: String, contents: some Collection<UInt8>) throws {
        var bytes = [UInt8](contents)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.name = name
        self.bytes = bytes
        if String(validating: bytes, as: UTF8.self) == nil {
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
