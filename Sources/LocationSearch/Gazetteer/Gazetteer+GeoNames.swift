import Foundation

extension Gazetteer {
    /// Loads GeoNames dump files: a `cities*.txt` or `allCountries.txt` file (the
    /// 19-column geoname layout), `admin1CodesASCII.txt` and `countryInfo.txt`.
    ///
    /// Every row of the places file becomes a city, except rows whose feature class is set
    /// and is not `P` (populated place: `allCountries.txt` is mostly mountains, rivers and
    /// areas) and rows none of whose names has a letter or digit; those are skipped and
    /// counted in `loadReport`, with their first lines. Every named admin-1 region that
    /// has at least one place, and every country, becomes a place too (a region without
    /// places is counted in `loadReport`). A region's population is the sum of its
    /// places', and its coordinate their population-weighted centre. Regions and countries
    /// also get the abbreviations people type ("TX", "BC", "NSW"; "USA", "UK" and ISO codes)
    /// as alternate names.
    ///
    /// The rules, row by row (a UTF-8 byte order mark at the start of a file is allowed;
    /// blank lines, and `#` comment lines in the admin-1 and country files, are not rows):
    ///
    /// - **Errors** (`GazetteerError.malformedRow` with the file, line and reason): a
    ///   wrong number of columns; invalid UTF-8; an empty name; a geonameid, population or
    ///   coordinate that is not a number or out of range (populations 0...Int64.max, and a
    ///   region's total population must fit too); a country code that is not two letters;
    ///   a geonameid that another row (in any of the three files) already has, a country
    ///   code or an admin-1 code listed twice (the message names both lines).
    /// - **Skipped and counted** in `loadReport`: feature class not `P`; no name with a
    ///   letter or digit; a region no place is in.
    /// - **Accepted**: an empty feature class (a city); a place whose country or admin-1
    ///   code is not in the other files (its code stands in for the name; no region);
    ///   alternate names without letters or digits (kept, but not searchable).
    ///
    /// - Throws: `GazetteerError` naming the file, line and reason for a file that is
    ///   missing, unreadable, not UTF-8, or has a malformed row.
    /// - Complexity: O(*n*) in the size of the files.
    ///
    /// An `alternateNamesV2.txt` (or the older 8-column `alternateNames.txt`) file, if
    /// given, adds names: every row for a region or country becomes one of its names, and a
    /// row marked preferred in a language (`isPreferredName` 1, `isolanguage` "de") is its
    /// name in that language for `CompletionOptions.language`; for a city, only such
    /// preferred, language-tagged rows are read (the cities file lists its other names).
    /// Rows for other places, and GeoNames' pseudo-languages (`link`, `post`, `iata`, ...),
    /// are skipped.
    public init(citiesFile: URL, admin1CodesFile: URL, countryInfoFile: URL, alternateNamesFile: URL? = nil) throws {
        try self.init(citiesFile: citiesFile, admin1CodesFile: admin1CodesFile, countryInfoFile: countryInfoFile,
                      alternateNamesFile: alternateNamesFile, progress: nil)
    }

    init(citiesFile: URL, admin1CodesFile: URL, countryInfoFile: URL, alternateNamesFile: URL? = nil,
         progress: _BuildProgress?) throws {
        let countries = try _GeoNamesReader.countries(try _GeoNamesReader.read(countryInfoFile))
        let regions = try _GeoNamesReader.regions(try _GeoNamesReader.read(admin1CodesFile))
        let alternates = try alternateNamesFile.map { try _GeoNamesReader.alternateNames(try _GeoNamesReader.read($0)) }
        progress?("Reading \(citiesFile.lastPathComponent)", 0)
        let cities = try _GeoNamesReader.read(citiesFile)
        self = try _GeoNamesReader.gazetteer(
            cities: cities, regions: regions, countries: countries, alternates: alternates ?? [:],
            regionsFile: admin1CodesFile.lastPathComponent, countriesFile: countryInfoFile.lastPathComponent,
            progress: progress)
    }

    /// Loads the GeoNames files in `directory`: the first of `cities500.txt`,
    /// `cities1000.txt`, `cities5000.txt`, `cities15000.txt` and `allCountries.txt` that
    /// exists, with `admin1CodesASCII.txt` and `countryInfo.txt`, and
    /// `alternateNamesV2.txt` or `alternateNames.txt` if there is one (optional; see
    /// `init(citiesFile:admin1CodesFile:countryInfoFile:alternateNamesFile:)`).
    ///
    /// - Throws: `GazetteerError.missingFile` if a file is not there, or the errors of
    ///   `init(citiesFile:admin1CodesFile:countryInfoFile:)`.
    public init(geoNamesDirectory directory: URL) throws {
        try self.init(geoNamesDirectory: directory, progress: nil)
    }

    /// `init(geoNamesDirectory:)`, reporting progress to `progress` (for the CLI's
    /// progress bar).
    ///
    /// - Complexity: O(*n*) in the size of the files.
    @_spi(Tools)
    public init(geoNamesDirectory directory: URL, progress: _BuildProgress?) throws {
        let candidates = ["cities500.txt", "cities1000.txt", "cities5000.txt", "cities15000.txt", "allCountries.txt"]
        let fileManager = FileManager.default
        guard let cities = candidates.map({ directory.appendingPathComponent($0) })
            .first(where: { fileManager.fileExists(atPath: $0.path) })
        else {
            throw GazetteerError.missingFile(path: directory.appendingPathComponent("cities500.txt").path)
        }
        let alternates = ["alternateNamesV2.txt", "alternateNames.txt"].map { directory.appendingPathComponent($0) }
            .first { fileManager.fileExists(atPath: $0.path) }
        try self.init(
            citiesFile: cities,
            admin1CodesFile: directory.appendingPathComponent("admin1CodesASCII.txt"),
            countryInfoFile: directory.appendingPathComponent("countryInfo.txt"),
            alternateNamesFile: alternates,
            progress: progress)
    }

    /// The gazetteer bundled with LocationSearch: GeoNames' cities500 (234,908 populated
    /// places with their alternate names), 3,775 named admin-1 regions and 252 countries, with
    /// their names in other languages.
    ///
    /// - Throws: `GazetteerError.bundledDataMissing` if the resources are not in this
    ///   build, or a `GazetteerError` if they are damaged.
    public static func bundled() throws -> Gazetteer {
        try bundled(progress: nil)
    }

    /// `bundled()`, reporting progress to `progress` (for the CLI's progress bar).
    ///
    /// - Complexity: O(*n*) in the size of the bundled files.
    @_spi(Tools)
    public static func bundled(progress: _BuildProgress?) throws -> Gazetteer {
        guard let directory = _BundledData.directory else { throw GazetteerError.bundledDataMissing }
        do {
            return try Gazetteer(
                citiesFile: directory.appendingPathComponent("cities500.txt"),
                admin1CodesFile: directory.appendingPathComponent("admin1CodesASCII.txt"),
                countryInfoFile: directory.appendingPathComponent("countryInfo.txt"),
                alternateNamesFile: directory.appendingPathComponent("alternateNamesV2.txt"),
                progress: progress)
        } catch GazetteerError.missingFile {
            throw GazetteerError.bundledDataMissing
        }
    }
}

/// A file's bytes with its name, for error messages.
struct _GeoNamesFile {
    var name: String
    var bytes: [UInt8]
}

/// Parsers for GeoNames' tab-separated dumps, working on bytes.
enum _GeoNamesReader {
    struct Country {
        var code: String, iso3: String, name: String, continent: String
        var population: Int64, geonameID: Int64
        var line: Int
        /// The capital's name, as the cities file names it ("Berlin"); empty if none.
        var capital: String = ""
    }

    struct Region {
        var countryCode: String, code: String, name: String, geonameID: Int64
        var line: Int
    }

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
        return try file(name: name, contents: data)
    }

    /// The checked contents of a file called `name`: valid UTF-8, without a leading byte
    /// order mark (editors on Windows write one).
    static func file(name: String, contents: some Collection<UInt8>) throws -> _GeoNamesFile {
        var bytes = [UInt8](contents)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if String(validating: bytes, as: UTF8.self) == nil {
            var line = 1
            try forEachLine(bytes) { lineBytes, number in
                line = number
                if String(validating: lineBytes, as: UTF8.self) == nil {
                    throw GazetteerError.malformedRow(file: name, line: number, reason: "not valid UTF-8")
                }
            }
            throw GazetteerError.malformedRow(file: name, line: line, reason: "not valid UTF-8")
        }
        return _GeoNamesFile(name: name, bytes: bytes)
    }

    /// Calls `body` with each non-empty line (without its `\n` or `\r\n`) and its 1-based
    /// number.
    ///
    /// - Complexity: O(*n*) in the size of `bytes`.
    static func forEachLine(
        _ bytes: [UInt8], progress: ((Double) -> Void)? = nil, _ body: (ArraySlice<UInt8>, Int) throws -> Void
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

    static func fields(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        line.split(separator: 0x09, omittingEmptySubsequences: false)
    }

    /// The field's text without leading and trailing white space (`CharacterSet.whitespaces`:
    /// tabs and the Unicode space separators).
    ///
    /// - Complexity: O(*n*) in the field's length; a field that starts and ends in ASCII (almost
    ///   every one) is trimmed on its bytes, without Foundation.
    static func string(_ bytes: ArraySlice<UInt8>) -> String {
        var field = bytes[...]
        while let first = field.first, first == 0x20 || first == 0x09 { field = field.dropFirst() }
        while let last = field.last, last == 0x20 || last == 0x09 { field = field.dropLast() }
        let text = String(decoding: field, as: UTF8.self)
        guard let first = field.first, let last = field.last, first >= 0x80 || last >= 0x80 else { return text }
        return text.trimmingCharacters(in: .whitespaces)  // a space beyond ASCII (U+00A0, U+3000) may end it
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
    static func integer(_ bytes: ArraySlice<UInt8>) -> Integer {
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return .notANumber }
        var value: Int64 = 0
        var overflow = false
        for byte in digits {
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

    /// The count (a population, an id) in `field`, which must be a whole number in
    /// 0...Int64.max; `empty` if the field is empty and that is allowed.
    static func count(
        _ field: ArraySlice<UInt8>, _ what: String, empty: Int64?, fail: (String) -> GazetteerError
    ) throws -> Int64 {
        if field.isEmpty, let empty { return empty }
        switch integer(field) {
        case .value(let value) where value >= 0:
            return value
        case .value:
            throw fail("\(what) \"\(string(field))\" is negative")
        case .outOfRange:
            throw fail("\(what) \"\(string(field))\" is out of range (at most \(Int64.max))")
        case .notANumber:
            throw fail("\(what) \"\(string(field))\" is not a number")
        }
    }

    /// Whether `name` folds to a key: it has a letter or digit (the index has nothing to
    /// find a name by otherwise).
    ///
    /// - Complexity: O(*n*) in the length of `name`; ASCII names without folding.
    static func isSearchable(_ name: ArraySlice<UInt8>, scratch: inout [UInt8]) -> Bool {
        var ascii = true
        for byte in name {
            if byte >= 0x80 { ascii = false; continue }
            if _Folding.ascii[Int(byte)] != 0x20 { return true }
        }
        if ascii { return false }
        name.withUnsafeBufferPointer { _Folding.fold(utf8: $0, into: &scratch) }
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

    static func countries(_ file: _GeoNamesFile) throws -> [Country] {
        var result: [Country] = []
        var codes: [String: Int] = [:]
        try forEachLine(file.bytes) { line, number in
            if line.first == UInt8(ascii: "#") { return }
            let f = fields(line)
            func fail(_ reason: String) -> GazetteerError {
                .malformedRow(file: file.name, line: number, reason: reason)
            }
            guard f.count >= 17 else {
                throw fail("expected at least 17 tab-separated columns, found \(f.count)")
            }
            let code = string(f[0])
            guard code.utf8.count == 2 else { throw fail("ISO code \"\(code)\" is not two letters") }
            if let first = codes[code] { throw fail("country \(code) is also on line \(first)") }
            codes[code] = number
            let name = string(f[4])
            guard !name.isEmpty else { throw fail("the country name is empty") }
            let population = try count(f[7], "population", empty: 0, fail: fail)
            let geonameID = try count(f[16], "geonameid", empty: -1, fail: fail)
            result.append(Country(
                code: code, iso3: string(f[1]), name: name,
                continent: string(f[8]), population: population, geonameID: geonameID, line: number,
                capital: string(f[5])))
        }
        return result
    }

    static func regions(_ file: _GeoNamesFile) throws -> [Region] {
        var result: [Region] = []
        var keys: [String: Int] = [:]
        try forEachLine(file.bytes) { line, number in
            if line.first == UInt8(ascii: "#") { return }
            let f = fields(line)
            func fail(_ reason: String) -> GazetteerError {
                .malformedRow(file: file.name, line: number, reason: reason)
            }
            guard f.count >= 4 else { throw fail("expected 4 tab-separated columns, found \(f.count)") }
            let key = string(f[0])
            guard let dot = key.firstIndex(of: "."), key.utf8.distance(from: key.startIndex, to: dot) == 2,
                  key.index(after: dot) < key.endIndex
            else { throw fail("code \"\(key)\" is not of the form CC.code") }
            if let first = keys[key] { throw fail("region \(key) is also on line \(first)") }
            keys[key] = number
            let name = string(f[1]).isEmpty ? string(f[2]) : string(f[1])
            guard !name.isEmpty else { throw fail("the region name is empty") }
            let geonameID = try count(f[3], "geonameid", empty: -1, fail: fail)
            result.append(Region(
                countryCode: String(key[..<dot]), code: String(key[key.index(after: dot)...]),
                name: name, geonameID: geonameID, line: number))
        }
        return result
    }

    /// One row of an alternate names file.
    struct AlternateName {
        var language: String, name: String, isPreferred: Bool
    }

    /// The rows of an `alternateNamesV2.txt` / `alternateNames.txt` file, by geonameid, in
    /// file order. Rows in GeoNames' pseudo-languages (`link`, `post`, `iata`, `wkdt`,
    /// ...: anything but empty or an ISO 639 code with an optional region or script) and
    /// historic or colloquial rows are not names to show or find a place by, and are
    /// skipped.
    static func alternateNames(_ file: _GeoNamesFile) throws -> [Int64: [AlternateName]] {
        var result: [Int64: [AlternateName]] = [:]
        try forEachLine(file.bytes) { line, number in
            if line.first == UInt8(ascii: "#") { return }
            let f = fields(line)
            func fail(_ reason: String) -> GazetteerError {
                .malformedRow(file: file.name, line: number, reason: reason)
            }
            guard f.count >= 4 else { throw fail("expected at least 4 tab-separated columns, found \(f.count)") }
            guard case .value(let geonameID) = integer(f[1]) else { throw fail("geonameid \"\(string(f[1]))\" is not a number") }
            let language = string(f[2])
            let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
            // GeoNames' pseudo-languages are four letters ("link", "post", "iata") or "fr_1793".
            guard language.isEmpty || ((2...3).contains(primary.count) && primary.allSatisfy({ $0.isASCII && $0.isLowercase })
                                       && language != "fr_1793")
            else { return }
            let flag = { (i: Int) in f.count > i && f[i].first == UInt8(ascii: "1") }
            if flag(6) || flag(7) { return }  // colloquial or historic
            let name = string(f[3])
            guard !name.isEmpty else { return }
            result[geonameID, default: []].append(AlternateName(language: primary, name: name, isPreferred: flag(4)))
        }
        return result
    }

    static let continents = [
        "AF": "Africa", "AN": "Antarctica", "AS": "Asia", "EU": "Europe",
        "NA": "North America", "OC": "Oceania", "SA": "South America",
    ]

    /// The most name bytes a gazetteer holds: names are addressed with 32-bit offsets.
    static let nameBytesLimit = Int(UInt32.max)

    static func gazetteer(
        cities file: _GeoNamesFile, regions: [Region], countries: [Country], alternates alternateRows: [Int64: [AlternateName]] = [:],
        regionsFile: String = "admin1CodesASCII.txt", countriesFile: String = "countryInfo.txt",
        progress: _BuildProgress? = nil
    ) throws -> Gazetteer {
        var builder = _GazetteerBuilder()
        var report = GazetteerLoadReport()
        var ids = IDRegistry()
        /// Appends `alternates`' names of the place being built (`place`, whose own names,
        /// `existing`, are already in): all of them, or only its preferred names in a
        /// language; records the preferred ones as its localized names. Untagged names come
        /// first, then names only a language-tagged row brings in, whose start is recorded
        /// (`_LocalizedNames.qualifierEnd(of:)`: they are not qualifier words).
        func appendAlternates(of geonameID: Int64, place: Int, existing: Set<String>, preferredOnly: Bool) -> UInt32 {
            guard geonameID >= 0, let rows = alternateRows[geonameID] else { return 0 }
            var seen = existing
            var added: UInt32 = 0
            var nameIndex: [String: Int] = [:]
            var taggedOnlyStart: Int? = nil
            for tagged in [false, true] {
                for row in rows where row.language.isEmpty != tagged && (!preferredOnly || (row.isPreferred && tagged)) {
                    let index: Int
                    if let known = nameIndex[row.name] {
                        index = known
                    } else if seen.insert(row.name).inserted {
                        index = builder.names.count
                        if tagged && taggedOnlyStart == nil { taggedOnlyStart = index }
                        builder.names.append(row.name)
                        added += 1
                        nameIndex[row.name] = index
                    } else {
                        index = -1  // one of the place's own names: found by its text later
                    }
                    if row.isPreferred && tagged {
                        builder.localized.append(_LocalizedName(
                            place: UInt32(place), language: builder.interner.intern(row.language),
                            name: index >= 0 ? UInt32(index) : UInt32.max))
                        builder.localizedText.append(row.name)
                    }
                }
            }
            if let taggedOnlyStart {
                builder.localized.append(_LocalizedName(
                    place: UInt32(place), language: _LocalizedName.qualifierEnd, name: UInt32(taggedOnlyStart)))
                builder.localizedText.append("")
            }
            return added
        }
        var capitals: [String: String] = [:]
        for country in countries where !country.capital.isEmpty { capitals[country.code] = country.capital }
        var capitalCity: [String: (population: Int64, latitude: Float, longitude: Float)] = [:]
        var countryName: [String: Int32] = [:]
        for country in countries {
            countryName[country.code] = builder.interner.intern(country.name)
            if let first = ids.insert(country.geonameID, file: countriesFile, line: country.line) {
                throw GazetteerError.malformedRow(
                    file: countriesFile, line: country.line, reason: "geonameid \(country.geonameID) is also on \(first)")
            }
        }
        var regionName: [String: Int32] = [:]
        for region in regions {
            regionName["\(region.countryCode).\(region.code)"] = builder.interner.intern(region.name)
            if let first = ids.insert(region.geonameID, file: regionsFile, line: region.line) {
                throw GazetteerError.malformedRow(
                    file: regionsFile, line: region.line, reason: "geonameid \(region.geonameID) is also on \(first)")
            }
        }

        struct RegionTotals { var population: Int64 = 0, weight: Double = 0, latitude: Double = 0, longitude: Double = 0 }
        var totals: [String: RegionTotals] = [:]
        builder.names.reserve(strings: file.bytes.count / 24, bytes: file.bytes.count / 2)
        builder.places.reserveCapacity(file.bytes.count / 120)

        let step = "Reading \(file.name)"
        var scratch: [UInt8] = []
        try forEachLine(file.bytes, progress: progress.map { update in { update(step, $0) } }) { line, number in
            func fail(_ reason: String) -> GazetteerError {
                .malformedRow(file: file.name, line: number, reason: reason)
            }
            let f = fields(line)
            guard f.count == 19 else { throw fail("expected 19 tab-separated columns, found \(f.count)") }
            if !f[6].isEmpty && !(f[6].count == 1 && f[6].first == UInt8(ascii: "P")) {
                report.skip(file: file.name, line: number, reason: .notAPopulatedPlace)
                return
            }
            guard case .value(let geonameID) = integer(f[0]), geonameID >= 0 else {
                throw fail("geonameid \"\(string(f[0]))\" is not a number")
            }
            guard !f[1].isEmpty else { throw fail("the name is empty") }
            guard let latitude = Double(string(f[4])), abs(latitude) <= 90,
                  let longitude = Double(string(f[5])), abs(longitude) <= 180
            else { throw fail("coordinates \"\(string(f[4]))\", \"\(string(f[5]))\" are not valid") }
            let population = try count(f[14], "population", empty: 0, fail: fail)
            let cc = string(f[8])
            guard cc.utf8.count == 2 else { throw fail("country code \"\(cc)\" is not two letters") }
            let alternates = f[3].split(separator: UInt8(ascii: ","))
            guard isSearchable(f[1], scratch: &scratch) || isSearchable(f[2], scratch: &scratch)
                || alternates.contains(where: { isSearchable($0, scratch: &scratch) })
            else {
                report.skip(file: file.name, line: number, reason: .noSearchableName)
                return
            }
            if let first = ids.insert(geonameID, file: file.name, line: number) {
                throw fail("geonameid \(geonameID) is also on \(first)")
            }
            guard builder.names.bytes.count + line.count <= nameBytesLimit else {
                throw fail("the names pass \(nameBytesLimit) bytes, more than a gazetteer holds")
            }
            let admin1Code = string(f[10])
            let regionKey = "\(cc).\(admin1Code)"
            let admin1Name = admin1Code.isEmpty ? -1 : (regionName[regionKey] ?? -1)
            if admin1Name >= 0 {
                var total = totals[regionKey, default: RegionTotals()]
                let (sum, overflow) = total.population.addingReportingOverflow(population)
                guard !overflow else {
                    throw fail("population \(population) takes region \(regionKey)'s total past \(Int64.max)")
                }
                let weight = Double(max(population, 1))
                total.population = sum
                total.weight += weight
                total.latitude += weight * latitude
                total.longitude += weight * longitude
                totals[regionKey] = total
            }

            var record = _PlaceRecord()
            record.geonameID = geonameID
            record.population = population
            record.latitude = Float(latitude)
            record.longitude = Float(longitude)
            record.kind = .city
            record.countryCode = builder.interner.intern(cc)
            record.countryName = countryName[cc] ?? builder.interner.intern(cc)
            record.admin1Code = builder.interner.intern(admin1Code)
            record.admin1Name = admin1Name
            record.firstName = UInt32(builder.names.count)
            let name = f[1]
            builder.names.append(name)
            var nameCount: UInt32 = 1
            if !f[2].isEmpty && !f[2].elementsEqual(name) {
                builder.names.append(f[2])
                nameCount += 1
            }
            for alternate in alternates where !alternate.elementsEqual(name) {
                builder.names.append(alternate)
                nameCount += 1
            }
            record.timeZone = f[17].isEmpty ? -1 : builder.interner.intern(string(f[17]))
            if alternateRows[geonameID] != nil {
                let own = Set((0..<Int(nameCount)).map { builder.names.string(Int(record.firstName) + $0) })
                nameCount += appendAlternates(of: geonameID, place: builder.places.count, existing: own, preferredOnly: true)
            }
            record.nameCount = nameCount
            builder.places.append(record)
            if let capital = capitals[cc], name.elementsEqual(capital.utf8),
               population >= capitalCity[cc]?.population ?? -1 {
                capitalCity[cc] = (population, record.latitude, record.longitude)
            }
        }

        // Regions and countries add at most a few short names each.
        guard builder.names.bytes.count + 256 * (regions.count + countries.count) <= nameBytesLimit else {
            throw GazetteerError.malformedRow(
                file: file.name, line: 1, reason: "the names pass \(nameBytesLimit) bytes, more than a gazetteer holds")
        }
        for region in regions {
            let key = "\(region.countryCode).\(region.code)"
            guard let total = totals[key] else {
                report.skip(file: regionsFile, line: region.line, reason: .regionWithoutPlaces)
                continue
            }
            var record = _PlaceRecord()
            record.geonameID = region.geonameID
            record.population = total.population
            record.latitude = Float(total.latitude / total.weight)
            record.longitude = Float(total.longitude / total.weight)
            record.kind = .region
            record.countryCode = builder.interner.intern(region.countryCode)
            record.countryName = countryName[region.countryCode] ?? builder.interner.intern(region.countryCode)
            record.admin1Code = builder.interner.intern(region.code)
            record.firstName = UInt32(builder.names.count)
            builder.names.append(region.name)
            let abbreviations = _PlaceAliases.regionAbbreviations(countryCode: region.countryCode, admin1Code: region.code)
            for abbreviation in abbreviations { builder.names.append(abbreviation) }
            record.nameCount = UInt32(1 + abbreviations.count)
            record.nameCount += appendAlternates(
                of: region.geonameID, place: builder.places.count, existing: Set([region.name] + abbreviations),
                preferredOnly: false)
            builder.places.append(record)
        }
        for country in countries {
            var record = _PlaceRecord()
            record.geonameID = country.geonameID
            record.population = country.population
            record.kind = .country
            record.countryCode = builder.interner.intern(country.code)
            record.countryName = builder.interner.intern(country.name)
            record.continent = builder.interner.intern(continents[country.continent] ?? country.continent)
            record.firstName = UInt32(builder.names.count)
            builder.names.append(country.name)
            let aliases = _PlaceAliases.countryAliases(code: country.code, iso3: country.iso3)
            for alias in aliases { builder.names.append(alias) }
            record.nameCount = UInt32(1 + aliases.count)
            record.nameCount += appendAlternates(
                of: country.geonameID, place: builder.places.count, existing: Set([country.name] + aliases),
                preferredOnly: false)
            // A country is where its capital is: with `near`, it pays the capital's distance.
            if let capital = capitalCity[country.code] {
                record.latitude = capital.latitude
                record.longitude = capital.longitude
            }
            builder.places.append(record)
        }
        builder.resolveLocalizedNames()
        var gazetteer = Gazetteer(builder)
        gazetteer.loadReport = report
        return gazetteer
    }
}
