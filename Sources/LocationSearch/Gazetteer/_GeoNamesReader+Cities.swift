#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension _GeoNamesReader {
    /// The gazetteer of a cities file (the 19-column geoname layout) with the parsed regions,
    /// countries and alternate names: a place per city row (rules in
    /// `Gazetteer.init(citiesFile:admin1CodesFile:countryInfoFile:alternateNamesFile:)`),
    /// then a place per region that has places, then a place per country.
    ///
    /// The rows are parsed in chunks of about `chunkSize` bytes on all cores; the result
    /// and the first error are the same for any chunk size.
    ///
    /// - Throws: `GazetteerError.malformedRow` naming the file, line and reason.
    /// - Complexity: O(*n*) in the size of the files.
    static func gazetteer(
        cities file: _GeoNamesFile, regions: [Region], countries: [Country],
        alternates alternateRows: [Int64: [AlternateName]] = [:],
        regionsFile: String = "admin1CodesASCII.txt", countriesFile: String = "countryInfo.txt",
        progress: _BuildProgress? = nil, chunkSize: Int = cityChunkSize
    ) throws -> Gazetteer {
        var builder = _GazetteerBuilder()
        var report = GazetteerLoadReport()
        var ids = IDRegistry()
        var capitals: [String: String] = [:]
        for country in countries where !country.capital.isEmpty { capitals[country.code] = country.capital }
        var capitalCity: [String: (population: Int64, latitude: Double, longitude: Double)] = [:]
        var countryName: [String: Int32] = [:]
        /// Records `id` at `file`:`line`; a geonameid seen before is an error naming both lines.
        func register(_ id: Int64, file: String, line: Int) throws {
            if let first = ids.insert(id, file: file, line: line) {
                throw GazetteerError.malformedRow(file: file, line: line, reason: "geonameid \(id) is also on \(first)")
            }
        }
        for country in countries {
            countryName[country.code] = builder.interner.intern(country.name)
            try register(country.geonameID, file: countriesFile, line: country.line)
        }
        var regionName: [String: Int32] = [:]
        for region in regions {
            regionName["\(region.countryCode).\(region.code)"] = builder.interner.intern(region.name)
            try register(region.geonameID, file: regionsFile, line: region.line)
        }

        struct RegionTotals {
            var population: Int64 = 0, weight: Double = 0, latitude: Double = 0, longitude: Double = 0
        }
        // Each region's totals, by its slot (`regionSlots`, keyed "CC.code").
        var regionSlots: [String: Int] = [:]
        var totals: [RegionTotals] = []
        // Consecutive rows mostly share their country and time zone: the last row's field
        // and what it resolved to, so that a row like it costs no String and no hashing. A
        // region (which changes every other row), and a country or time zone met before,
        // is found by its code's bytes (`ByteKeys`). The countries and regions are kept by
        // number, their strings apart: a row copies no `String`, which would retain and
        // release it.
        typealias Country = (index: Int32, name: Int32)
        var seenCountries: [Country] = [], countryCodes: [String] = [], capitalBytes: [[UInt8]] = []
        var countryKeys = ByteKeys()
        var lastCountry: (field: Range<Int>, country: Int)? = nil
        typealias Region = (code: Int32, name: Int32, slot: Int)
        var seenRegions: [Region] = [], regionKeys: [String] = []
        var knownRegions = ByteKeys()
        var lastRegion: (country: Int32, field: Range<Int>, region: Int)? = nil
        var timeZoneKeys = ByteKeys(), timeZoneLabels: [Int32] = []
        var lastTimeZone: (field: Range<Int>, label: Int32)? = nil
        builder.names.reserve(strings: file.bytes.count / 24, bytes: file.bytes.count / 2)
        builder.places.reserveCapacity(file.bytes.count / 120)

        let step = "Reading \(file.name)"
        progress?(step, 0)
        // The rows are parsed on all cores (`cityRows(of:)`: every check that needs no other
        // row); here, in file order, the checks that need the rows before them, and the places.
        let chunks = cityRows(of: file, alternates: alternateRows, chunkSize: chunkSize)
        let rowCount = chunks.reduce(0) { $0 + $1.rows.count }
        // A repeated geonameid is found row by row only if some id of the files repeats.
        var allIDs = countries.map(\.geonameID) + regions.map(\.geonameID)
        allIDs.reserveCapacity(allIDs.count + rowCount)
        for chunk in chunks {
            for row in chunk.rows { if case .place = row.outcome { allIDs.append(row.geonameID) } }
        }
        let checkIDs = hasRepeats(allIDs)
        allIDs = []
        // The regions' and countries' own names, and what they take from the alternate
        // names file, are worked out on another core while the cities are added here.
        let (_, (regionNames, regionAlternates, countryNames, countryAlternates)) = try _Concurrently.run({
            try file.bytes.withUnsafeBufferPointer { bytes in
                func field(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(rebasing: bytes[range])
                }
                var firstLine = 0, done = 0
                for chunk in chunks {
                    defer { firstLine += chunk.lineCount }
                    for row in chunk.rows {
                        let number = firstLine + row.line
                        done += 1
                        if let progress, done & 0x3FFF == 0 { progress(step, Double(done) / Double(rowCount)) }
                        switch row.outcome {
                        case .malformed:
                            throw file.error(line: number, chunk.malformed ?? "the row is malformed")
                        case .skipped(let reason):
                            report.skip(file: file.name, line: number, reason: reason)
                            continue
                        case .place:
                            break
                        }
                        if checkIDs { try register(row.geonameID, file: file.name, line: number) }
                        guard builder.names.bytes.count + row.bytes.count <= nameBytesLimit else {
                            throw file.error(
                                line: number, "the names pass \(nameBytesLimit) bytes, more than a gazetteer holds")
                        }
                        // (Its label is interned only once a row of it is kept, as the labels' order
                        // is the order of first use.)
                        let countryNumber: Int
                        if let last = lastCountry, field(last.field)._hasSameBytes(as: field(row.country)) {
                            countryNumber = last.country
                        } else if let known = countryKeys.number(of: field(row.country)) {
                            countryNumber = known
                            lastCountry = (row.country, countryNumber)
                        } else {
                            let cc = string(field(row.country))
                            let index = builder.interner.intern(cc)
                            countryNumber = countryKeys.add(field(row.country))
                            seenCountries.append((index, countryName[cc] ?? index))
                            countryCodes.append(cc)
                            capitalBytes.append(Array((capitals[cc] ?? "").utf8))
                            lastCountry = (row.country, countryNumber)
                        }
                        let country = seenCountries[countryNumber]
                        let regionNumber: Int
                        if let last = lastRegion, last.country == country.index,
                           field(last.field)._hasSameBytes(as: field(row.admin1)) {
                            regionNumber = last.region
                        } else {
                            let salt = UInt64(UInt32(bitPattern: country.index))
                            if let found = knownRegions.number(of: field(row.admin1), salt: salt) {
                                regionNumber = found
                            } else {
                                let admin1Code = string(field(row.admin1))
                                let regionKey = "\(countryCodes[countryNumber]).\(admin1Code)"
                                let admin1Name = admin1Code.isEmpty ? -1 : (regionName[regionKey] ?? -1)
                                var slot = -1
                                if admin1Name >= 0 {
                                    slot = regionSlots[regionKey] ?? totals.count
                                    if slot == totals.count {
                                        regionSlots[regionKey] = slot
                                        totals.append(RegionTotals())
                                    }
                                }
                                regionNumber = knownRegions.add(field(row.admin1), salt: salt)
                                seenRegions.append((builder.interner.intern(admin1Code), admin1Name, slot))
                                regionKeys.append(regionKey)
                            }
                            lastRegion = (country.index, row.admin1, regionNumber)
                        }
                        let region = seenRegions[regionNumber]
                        let population = row.population, latitude = row.latitude, longitude = row.longitude
                        if region.slot >= 0 {
                            let (sum, overflow) = totals[region.slot].population.addingReportingOverflow(population)
                            guard !overflow else {
                                throw file.error(
                                    line: number,
                                    "population \(population) takes region \(regionKeys[regionNumber])'s total past "
                                        + "\(Int64.max)")
                            }
                            let weight = Double(max(population, 1))
                            totals[region.slot].population = sum
                            totals[region.slot].weight += weight
                            totals[region.slot].latitude += weight * latitude
                            totals[region.slot].longitude += weight * longitude
                        }

                        var record = _PlaceRecord()
                        record.geonameID = row.geonameID
                        record.population = population
                        record.latitude = latitude
                        record.longitude = longitude
                        record.kind = .city
                        record.countryCode = country.index
                        record.countryName = country.name
                        record.admin1Code = region.code
                        record.admin1Name = region.name
                        record.firstName = UInt32(builder.names.count)
                        let name = field(chunk.names[row.names.lowerBound])
                        // (Its names as `cityRow` found them: the name, the ASCII name, the
                        // alternate names' pieces.)
                        for piece in chunk.names[row.names] { builder.names.append(field(piece)) }
                        var nameCount = UInt32(row.names.count)
                        if row.timeZone.isEmpty {
                            record.timeZone = -1
                        } else if let last = lastTimeZone, field(last.field)._hasSameBytes(as: field(row.timeZone)) {
                            record.timeZone = last.label
                        } else {
                            if let known = timeZoneKeys.number(of: field(row.timeZone)) {
                                record.timeZone = timeZoneLabels[known]
                            } else {
                                record.timeZone = builder.interner.intern(string(field(row.timeZone)))
                                timeZoneKeys.add(field(row.timeZone))
                                timeZoneLabels.append(record.timeZone)
                            }
                            lastTimeZone = (row.timeZone, record.timeZone)
                        }
                        if row.alternates >= 0 {
                            nameCount += append(chunk.alternates[row.alternates], place: builder.places.count,
                                                firstName: record.firstName, to: &builder)
                        }
                        record.nameCount = nameCount
                        builder.places.append(record)
                        if name.count == capitalBytes[countryNumber].count, !name.isEmpty,
                           capitalBytes[countryNumber].withUnsafeBufferPointer({ name._hasSameBytes(as: $0) }) {
                            let cc = countryCodes[countryNumber]
                            if population >= capitalCity[cc]?.population ?? -1 {
                                capitalCity[cc] = (population, record.latitude, record.longitude)
                            }
                        }
                    }
                }
            }
        }, alongside: {
            let regionNames = regions.map {
                [$0.name] + _PlaceAliases.regionAbbreviations(countryCode: $0.countryCode, admin1Code: $0.code)
            }
            let countryNames = countries.map { [$0.name] + _PlaceAliases.countryAliases(code: $0.code, iso3: $0.iso3) }
            return (regionNames, zip(regions, regionNames).map {
                alternates(of: $0.geonameID, in: alternateRows, existing: $1, preferredOnly: false)
            }, countryNames, zip(countries, countryNames).map {
                alternates(of: $0.geonameID, in: alternateRows, existing: $1, preferredOnly: false)
            })
        })

        // Regions and countries add at most a few short names each.
        guard builder.names.bytes.count + 256 * (regions.count + countries.count) <= nameBytesLimit else {
            throw file.error(line: 1, "the names pass \(nameBytesLimit) bytes, more than a gazetteer holds")
        }
        for (r, region) in regions.enumerated() {
            let key = "\(region.countryCode).\(region.code)"
            guard let slot = regionSlots[key] else {
                report.skip(file: regionsFile, line: region.line, reason: .regionWithoutPlaces)
                continue
            }
            let total = totals[slot]
            var record = _PlaceRecord()
            record.geonameID = region.geonameID
            record.population = total.population
            record.latitude = total.latitude / total.weight
            record.longitude = total.longitude / total.weight
            record.kind = .region
            record.countryCode = builder.interner.intern(region.countryCode)
            record.countryName = countryName[region.countryCode] ?? builder.interner.intern(region.countryCode)
            record.admin1Code = builder.interner.intern(region.code)
            record.firstName = UInt32(builder.names.count)
            for name in regionNames[r] { builder.names.append(name) }
            record.nameCount = UInt32(regionNames[r].count)
            if let alternates = regionAlternates[r] {
                record.nameCount += append(alternates, place: builder.places.count, firstName: record.firstName,
                                           to: &builder)
            }
            builder.places.append(record)
        }
        for (c, country) in countries.enumerated() {
            var record = _PlaceRecord()
            record.geonameID = country.geonameID
            record.population = country.population
            record.kind = .country
            record.countryCode = builder.interner.intern(country.code)
            record.countryName = builder.interner.intern(country.name)
            record.continent = builder.interner.intern(continents[country.continent] ?? country.continent)
            record.firstName = UInt32(builder.names.count)
            for name in countryNames[c] { builder.names.append(name) }
            record.nameCount = UInt32(countryNames[c].count)
            if let alternates = countryAlternates[c] {
                record.nameCount += append(alternates, place: builder.places.count, firstName: record.firstName,
                                           to: &builder)
            }
            // A country is where its capital is: with `near`, it pays the capital's distance.
            if let capital = capitalCity[country.code] {
                record.latitude = capital.latitude
                record.longitude = capital.longitude
            }
            builder.places.append(record)
        }
        builder.sortLocalizedNames()
        var gazetteer = Gazetteer(builder)
        gazetteer.loadReport = report
        return gazetteer
    }
}
