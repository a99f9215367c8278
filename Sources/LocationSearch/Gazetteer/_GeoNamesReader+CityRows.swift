import Dispatch

extension _GeoNamesReader {
    /// A row of a cities file parsed on its own: its numbers, where its fields and names are,
    /// and what the checks that need no other row found (`cityRows(of:)`). The checks that
    /// need the rows before it (a repeated geonameid, the names' limit, a region's total
    /// population) are `gazetteer(cities:...)`'s, row by row in file order.
    ///
    /// Plain data, no reference (a malformed row's reason is its chunk's): the serial pass
    /// over 0.24 M rows copies each one out.
    struct CityRow: Sendable {
        /// What the row-local checks found, in the order the reader makes them.
        enum Outcome: Sendable {
            /// A place, unless a check on the rows before it fails.
            case place
            /// Skipped and counted in the load report.
            case skipped(GazetteerLoadReport.Reason)
            /// Malformed: the chunk's last row, and `CityChunk.malformed` says why.
            case malformed
        }

        var outcome: Outcome
        /// The row's line number in its chunk of the file (1-based), and the line's bytes
        /// in the file (without its line end).
        var line: Int, bytes: Range<Int>
        var geonameID: Int64 = 0, population: Int64 = 0
        var latitude: Double = 0, longitude: Double = 0
        /// Columns 8 (country code), 10 (admin-1 code) and 17 (time zone), as ranges of the
        /// file's bytes.
        var country = 0..<0, admin1 = 0..<0, timeZone = 0..<0
        /// A place's names, in the chunk's `names`: its name (column 1, first), its ASCII
        /// name unless empty or the same, and each non-empty piece of its alternate names
        /// (between commas) that is not its name, in column order.
        var names = 0..<0
        /// What it takes from the alternate names file: an index in its chunk's
        /// `alternates`, or -1 when the file has no rows for its geonameid.
        var alternates = -1
    }

    /// A chunk of a cities file's rows, parsed on its own (`cityRows(of:chunkSize:)`).
    struct CityChunk: Sendable {
        var rows: [CityRow] = []
        /// The chunk's lines, blank ones too (for the line numbers of the chunks after it).
        var lineCount = 0
        /// Its places' names, as ranges of the file's bytes (each row's `names`).
        var names: [Range<Int>] = []
        /// What its cities take from the alternate names file (`CityRow.alternates`).
        var alternates: [Alternates] = []
        /// Why its last row is malformed, when it is: a chunk stops at its first.
        var malformed: String? = nil
    }

    /// The bytes of a chunk of the cities file that `cityRows(of:chunkSize:)` parses on its
    /// own: 2 MB, a few milliseconds of work.
    static let cityChunkSize = 1 << 21

    /// A cities file's rows (its non-blank lines), parsed in chunks of whole lines on all
    /// cores, each chunk's rows in file order with its number of lines (for the line
    /// numbers of the chunks after it) and its places' names. A chunk stops at its first
    /// malformed row: the rows after it cannot matter. `alternates` are the alternate
    /// names file's rows, by geonameid: what each city takes from them is worked out here
    /// (`CityRow.alternates`), on all cores.
    ///
    /// - Complexity: O(*n*) in the size of the file, in about *n* / *c* time on *c* cores.
    static func cityRows(
        of file: _GeoNamesFile, alternates: [Int64: [AlternateName]] = [:], chunkSize: Int = cityChunkSize
    ) -> [CityChunk] {
        let bounds = _GeoNamesFile.lineAlignedBounds(of: file.bytes, pieceSize: chunkSize)
        let chunkCount = bounds.count - 1
        let chunks = _ResultSlots<CityChunk>(count: chunkCount)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            chunks[chunk] = cityRows(of: file, in: bounds[chunk]..<bounds[chunk + 1], alternates: alternates)
        }
        return chunks.values.map { $0 ?? CityChunk() }
    }

    /// The rows of the lines in `range` of `file` (which starts a line), as `_GeoNamesFile.forEachLine`
    /// cuts them, numbered from 1, with the number of lines and the places' names.
    static func cityRows(
        of file: _GeoNamesFile, in range: Range<Int>, alternates: [Int64: [AlternateName]] = [:]
    ) -> CityChunk {
        file.bytes.withUnsafeBufferPointer { bytes in
            var chunk = CityChunk()
            chunk.rows.reserveCapacity(range.count / 120)
            // (About eight names a row: the bundled data's 0.24 M rows hold 1.2 M.)
            chunk.names.reserveCapacity(range.count / 24)
            var fields: [Range<Int>] = []
            fields.reserveCapacity(20)
            var scratch: [UInt8] = []
            var start = range.lowerBound, number = 0
            while start < range.upperBound {
                number += 1
                var end = start
                while end < range.upperBound && bytes[end] != 0x0A { end += 1 }
                var lineEnd = end
                if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                if lineEnd > start {
                    var row = cityRow(
                        bytes, start..<lineEnd, line: number, fields: &fields, scratch: &scratch,
                        names: &chunk.names, malformed: &chunk.malformed)
                    // (A city's own names as `String`s only when it has alternate rows.)
                    if case .place = row.outcome, !alternates.isEmpty,
                       let taken = Self.alternates(
                           of: row.geonameID, in: alternates,
                           existing: chunk.names[row.names].lazy.map {
                               string(UnsafeBufferPointer(rebasing: bytes[$0]))
                           },
                           preferredOnly: true) {
                        row.alternates = chunk.alternates.count
                        chunk.alternates.append(taken)
                    }
                    chunk.rows.append(row)
                    if case .malformed = row.outcome { break }
                }
                start = end + 1
            }
            chunk.lineCount = number
            return chunk
        }
    }

    /// The row on `line` (`bytes[range]`), with every check that needs no other row, in
    /// the reader's order (`gazetteer(cities:...)`); a place's names appended to `names`,
    /// a malformed row's reason written to `malformed`.
    ///
    /// - Complexity: O(*n*) in the length of the line; no allocation but the strings of
    ///   the coordinates and of an error (and `names`' growth).
    static func cityRow(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int,
        fields f: inout [Range<Int>], scratch: inout [UInt8], names: inout [Range<Int>], malformed reason: inout String?
    ) -> CityRow {
        var row = CityRow(outcome: .place, line: line, bytes: range)
        f.removeAll(keepingCapacity: true)
        var fieldStart = range.lowerBound
        for i in range where bytes[i] == 0x09 {
            f.append(fieldStart..<i)
            fieldStart = i + 1
        }
        f.append(fieldStart..<range.upperBound)
        func slice(_ field: Range<Int>) -> Slice<UnsafeBufferPointer<UInt8>> { bytes[field] }
        func malformed(_ why: String) -> CityRow {
            row.outcome = .malformed
            reason = why
            return row
        }
        guard f.count == 19 else { return malformed("expected 19 tab-separated columns, found \(f.count)") }
        if !f[6].isEmpty && !(f[6].count == 1 && bytes[f[6].lowerBound] == UInt8(ascii: "P")) {
            row.outcome = .skipped(.notAPopulatedPlace)
            return row
        }
        guard case .value(let geonameID) = integer(slice(f[0])), geonameID >= 0 else {
            return malformed("geonameid \"\(string(slice(f[0])))\" is not a number")
        }
        row.geonameID = geonameID
        guard !f[1].isEmpty else { return malformed("the name is empty") }
        func coordinate(_ field: Range<Int>) -> Double? {
            decimal(UnsafeBufferPointer(rebasing: bytes[field])) ?? Double(string(slice(field)))
        }
        guard let latitude = coordinate(f[4]), abs(latitude) <= 90,
              let longitude = coordinate(f[5]), abs(longitude) <= 180
        else {
            return malformed("coordinates \"\(string(slice(f[4])))\", \"\(string(slice(f[5])))\" are not valid")
        }
        row.latitude = latitude
        row.longitude = longitude
        switch count(slice(f[14]), "population", empty: 0) {
        case .success(let population): row.population = population
        case .failure(let problem): return malformed(problem.reason)
        }
        let cc = string(slice(f[8]))
        guard cc.utf8.count == 2 else { return malformed("country code \"\(cc)\" is not two letters") }
        func field(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[range]) }
        func isSearchable(_ range: Range<Int>) -> Bool { Self.isSearchable(field(range), scratch: &scratch) }
        // Its names: the name, the ASCII name unless empty or the same, and the alternate
        // names' non-empty pieces (between commas) other than the name; a place needs one
        // that is searchable, or the row is skipped and its names taken back.
        let first = names.count, name = field(f[1])
        var searchable = isSearchable(f[1]) || isSearchable(f[2])
        names.append(f[1])
        if !f[2].isEmpty && !field(f[2])._hasSameBytes(as: name) { names.append(f[2]) }
        let alternates = f[3]
        var pieceStart = alternates.lowerBound
        for i in alternates.lowerBound...alternates.upperBound
        where i == alternates.upperBound || bytes[i] == UInt8(ascii: ",") {
            let piece = pieceStart..<i
            pieceStart = i + 1
            guard !piece.isEmpty else { continue }
            if !searchable { searchable = isSearchable(piece) }
            if !field(piece)._hasSameBytes(as: name) { names.append(piece) }
        }
        guard searchable else {
            names.removeSubrange(first...)
            row.outcome = .skipped(.noSearchableName)
            return row
        }
        (row.country, row.admin1, row.timeZone) = (f[8], f[10], f[17])
        row.names = first..<names.count
        return row
    }

    /// The value of a plain decimal (`-`, at most 15 digits with at most one `.` among
    /// them, between spaces), as `Double(String)` reads it; `nil` for anything else, which
    /// is left to `Double(String)`. GeoNames' coordinates are such decimals, and a
    /// `Double(String)` of each (a `String`, then `strtod`) took a tenth of the rows' parse.
    ///
    /// Exact: the digits (below 2⁵³) and the power of ten (at most 10¹⁵) are both doubles,
    /// and their quotient is rounded once, to the nearest, as `strtod` rounds the decimal.
    static func decimal(_ field: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0, end = field.count
        while i < end && field[i] == 0x20 { i += 1 }
        while end > i && field[end - 1] == 0x20 { end -= 1 }
        let negative = i < end && field[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var digits: UInt64 = 0, digitCount = 0, fractionDigits = 0, sawPoint = false
        while i < end {
            let byte = field[i]
            if byte == UInt8(ascii: ".") && !sawPoint {
                sawPoint = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits = digits * 10 + UInt64(byte - UInt8(ascii: "0"))
                digitCount += 1
                if sawPoint { fractionDigits += 1 }
            } else {
                return nil
            }
            i += 1
        }
        // Digits on both sides of a point, if any ("5." and ".5" are left to `strtod`).
        guard digitCount > 0, digitCount <= 15, !sawPoint || (fractionDigits > 0 && fractionDigits < digitCount)
        else { return nil }
        let value = Double(digits) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// 10⁰ through 10¹⁵, exact doubles. (A literal in `decimal` made an array each call.)
    private static let powersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ]
}
