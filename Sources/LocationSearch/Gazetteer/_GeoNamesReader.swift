#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Parsers for GeoNames' tab-separated dumps, working on bytes: the field parsers here,
/// one file per format (`_GeoNamesReader+Countries.swift`, `+Regions`, `+AlternateNames`,
/// `+Cities`, which also assembles the gazetteer).
enum _GeoNamesReader {
    /// The tab-separated fields of `line`, empty ones included (an empty line is one
    /// empty field).
    ///
    /// - Complexity: O(*n*) in the length of `line`. (A plain loop: the generic `split`
    ///   took a twelfth of a first build.)
    static func fields(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        pieces(of: line, separator: 0x09, omittingEmpty: false)
    }

    /// `line` cut at every `separator`, with or without the empty pieces: what
    /// `split(separator:omittingEmptySubsequences:)` returns, without its closures.
    ///
    /// - Complexity: O(*n*) in the length of `line`.
    static func pieces(of line: ArraySlice<UInt8>, separator: UInt8, omittingEmpty: Bool) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        pieces.reserveCapacity(omittingEmpty ? 4 : 20)
        var start = line.startIndex
        line.withUnsafeBufferPointer { bytes in
            for offset in bytes.indices where bytes[offset] == separator {
                let end = line.startIndex + offset
                if !omittingEmpty || end > start { pieces.append(line[start..<end]) }
                start = end + 1
            }
        }
        if !omittingEmpty || line.endIndex > start { pieces.append(line[start..<line.endIndex]) }
        return pieces
    }

    /// The field's text without leading and trailing white space (`CharacterSet.whitespaces`:
    /// tabs and the Unicode space separators).
    ///
    /// - Complexity: O(*n*) in the field's length; a field that starts and ends in ASCII (almost
    ///   every one) is trimmed on its bytes, without Foundation.
    static func string(_ bytes: some BidirectionalCollection<UInt8>) -> String {
        bytes.withContiguousStorageIfAvailable(string(buffer:))
            ?? Array(bytes).withUnsafeBufferPointer(string(buffer:))
    }

    /// `string(_:)` of bytes in memory. (Index loops over a buffer, in this reader's
    /// per-field functions: a debug build runs generic per-byte code many times slower.)
    private static func string(buffer bytes: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0, end = bytes.count
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard start < end, bytes[start] >= 0x80 || bytes[end - 1] >= 0x80 else { return text }
        return text._trimmingHorizontalSpace()  // a space beyond ASCII (U+00A0, U+3000) may end it
    }

    /// A parsed decimal integer, or why it is not one.
    enum Integer: Equatable {
        case value(Int64)
        case notANumber
        case outOfRange
    }

    /// The decimal integer in `bytes`: an optional `-`, then digits, nothing else.
    ///
    /// - Complexity: O(*n*) in the length of `bytes`; never traps.
    static func integer(_ bytes: some Collection<UInt8>) -> Integer {
        bytes.withContiguousStorageIfAvailable(integer(buffer:))
            ?? Array(bytes).withUnsafeBufferPointer(integer(buffer:))
    }

    /// `integer(_:)` of bytes in memory.
    private static func integer(buffer bytes: UnsafeBufferPointer<UInt8>) -> Integer {
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = negative ? 1..<bytes.count : 0..<bytes.count
        guard !digits.isEmpty else { return .notANumber }
        var value: Int64 = 0
        var overflow = false
        for i in digits {
            let byte = bytes[i]
            guard byte >= 0x30 && byte <= 0x39 else { return .notANumber }
            // Negative numbers accumulate downwards, so that Int64.min is in range.
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let digit = Int64(byte &- 0x30)
            let (a, o2) = negative ? m.subtractingReportingOverflow(digit) : m.addingReportingOverflow(digit)
            overflow = overflow || o1 || o2
            value = a
        }
        return overflow ? .outOfRange : .value(value)
    }

    /// The count (a population, an id) in `field` of row `line` of `file`, which must be a
    /// whole number in 0...Int64.max; `empty` if the field is empty and that is allowed.
    static func count(
        _ field: ArraySlice<UInt8>, _ what: String, empty: Int64?, in file: _GeoNamesFile, line: Int
    ) throws -> Int64 {
        switch count(field, what, empty: empty) {
        case .success(let value): return value
        case .failure(let problem): throw file.error(line: line, problem.reason)
        }
    }

    /// `count(_:_:empty:in:line:)` before it is placed in a file: the count, or why the
    /// field is not one.
    static func count(_ field: some BidirectionalCollection<UInt8>, _ what: String, empty: Int64?)
        -> Result<Int64, RowProblem> {
        if field.isEmpty, let empty { return .success(empty) }
        switch integer(field) {
        case .value(let value) where value >= 0:
            return .success(value)
        case .value:
            return .failure(RowProblem("\(what) \"\(string(field))\" is negative"))
        case .outOfRange:
            return .failure(RowProblem("\(what) \"\(string(field))\" is out of range (at most \(Int64.max))"))
        case .notANumber:
            return .failure(RowProblem("\(what) \"\(string(field))\" is not a number"))
        }
    }

    /// Why a row is malformed, before the file and line are known (`GazetteerError.malformedRow`'s
    /// reason).
    struct RowProblem: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Whether `name` folds to a key: it has a letter or digit (the index has nothing to
    /// find a name by otherwise).
    ///
    /// - Complexity: O(*n*) in the length of `name`; ASCII names without folding.
    static func isSearchable(_ name: ArraySlice<UInt8>, scratch: inout [UInt8]) -> Bool {
        name.withUnsafeBufferPointer { isSearchable($0, scratch: &scratch) }
    }

    /// `isSearchable(_:scratch:)` over bytes in memory.
    static func isSearchable(_ name: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> Bool {
        var ascii = true
        for byte in name {
            if byte >= 0x80 { ascii = false; continue }
            if _Folding.ascii[Int(byte)] != 0x20 { return true }
        }
        if ascii { return false }
        _Folding.fold(utf8: name, into: &scratch)
        return !scratch.isEmpty
    }

    /// Where each geonameid was first seen, to report a duplicate with both lines.
    struct IDRegistry {
        /// Each id's file (an index into `files`) and line.
        private var seen: [Int64: (file: Int, line: Int)] = [:]
        private var files: [String] = []

        /// Records `id` at `file`:`line`; `nil` if it is new, else where it was first seen,
        /// as `file:line` (or `line N` in the same file).
        mutating func insert(_ id: Int64, file: String, line: Int) -> String? {
            guard id >= 0 else { return nil }  // no id
            if files.last != file { files.append(file) }
            if let first = seen[id] {
                let firstFile = files[first.file]
                return firstFile == file ? "line \(first.line)" : "\(firstFile):\(first.line)"
            }
            seen[id] = (files.count - 1, line)
            return nil
        }
    }

    /// Whether a geonameid in `ids` occurs twice (negative ones are no id).
    ///
    /// - Complexity: O(*n* log *n*).
    static func hasRepeats(_ ids: [Int64]) -> Bool {
        var sorted = ids.filter { $0 >= 0 }
        sorted.sort()
        return zip(sorted, sorted.dropFirst()).contains { $0 == $1 }
    }

    static let continents = [
        "AF": "Africa", "AN": "Antarctica", "AS": "Asia", "EU": "Europe",
        "NA": "North America", "OC": "Oceania", "SA": "South America",
    ]

    /// The most name bytes a gazetteer holds (`_CompressedStrings.byteLimit`).
    static let nameBytesLimit = _CompressedStrings.byteLimit
}
