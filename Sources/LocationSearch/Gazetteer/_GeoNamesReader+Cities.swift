import Foundation

extension _GeoNamesReader {
    /// The gazetteer of a cities file (the 19-column geoname layout) with the parsed regions,
    /// countries and alternate names: a place per city row (rules in
    /// `Gazetteer.init(citiesFile:admin1CodesFile:countryInfoFile:alternateNamesFile:)`),
    /// then a place per region that has places, then a place per country.
    ///
    /// - Throws: `GazetteerError.malformedRow` naming the file, line and reason.
    /// - Complexity: O(*n*) in the size of the files.
    static func gazetteer(
        cities file: _GeoNamesFile, regions: [Region], countries: [Country],
        alternates alternateRows: [Int64: [AlternateName]] = [:],
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
                for row in rows
                where row.language.isEmpty != tagged && (!preferredOnly || (row.isPreferred && tagged)) {
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
        // Consecutive rows mostly share their country, region and time zone: the last row's
        // fields and what they resolved to, so that a row like it costs no String and no
        // hashing.
        var lastCountry: (field: ArraySlice<UInt8>, code: String, index: Int32, name: Int32)? = nil
        typealias Region = (country: Int32, field: ArraySlice<UInt8>, code: Int32, name: Int32, slot: Int, key: String)
        var lastRegion: Region? = nil
        var lastTimeZone: (field: ArraySlice<UInt8>, label: Int32)? = nil
        builder.names.reserve(strings: file.bytes.count / 24, bytes: file.bytes.count / 2)
        builder.places.reserveCapacity(file.bytes.count / 120)

        let step = "Reading \(file.name)"
        var scratch: [UInt8] = []
        try file.forEachLine(progress: progress.map { update in { update(step, $0) } }) { line, number in
            let f = fields(line)
            guard f.count == 19 else {
                throw file.error(line: number, "expected 19 tab-separated columns, found \(f.count)")
            }
            if !f[6].isEmpty && !(f[6].count == 1 && f[6].first == UInt8(ascii: "P")) {
                report.skip(file: file.name, line: number, reason: .notAPopulatedPlace)
                return
            }
            guard case .value(let geonameID) = integer(f[0]), geonameID >= 0 else {
                throw file.error(line: number, "geonameid \"\(string(f[0]))\" is not a number")
            }
            guard !f[1].isEmpty else { throw file.error(line: number, "the name is empty") }
            guard let latitude = Double(string(f[4])), abs(latitude) <= 90,
                  let longitude = Double(string(f[5])), abs(longitude) <= 180
            else {
                throw file.error(line: number, "coordinates \"\(string(f[4]))\", \"\(string(f[5]))\" are not valid")
            }
            let population = try count(f[14], "population", empty: 0, in: file, line: number)
            // (Its label is interned only once a row of it is kept, as the labels' order is
            // the order of first use.)
            var country: (field: ArraySlice<UInt8>, code: String, index: Int32, name: Int32)
            if let last = lastCountry, last.field.elementsEqual(f[8]) {
                country = last
            } else {
                let cc = string(f[8])
                guard cc.utf8.count == 2 else {
                    throw file.error(line: number, "country code \"\(cc)\" is not two letters")
                }
                country = (f[8], cc, -1, -1)
                lastCountry = country
            }
            let cc = country.code
            let alternates = pieces(of: f[3], separator: UInt8(ascii: ","), omittingEmpty: true)
            guard isSearchable(f[1], scratch: &scratch) || isSearchable(f[2], scratch: &scratch)
                || alternates.contains(where: { isSearchable($0, scratch: &scratch) })
            else {
                report.skip(file: file.name, line: number, reason: .noSearchableName)
                return
            }
            try register(geonameID, file: file.name, line: number)
            guard builder.names.bytes.count + line.count <= nameBytesLimit else {
                throw file.error(line: number, "the names pass \(nameBytesLimit) bytes, more than a gazetteer holds")
            }
            if country.index < 0 {
                country.index = builder.interner.intern(cc)
                country.name = countryName[cc] ?? country.index
                lastCountry = country
            }
            let region: Region
            if let last = lastRegion, last.country == country.index, last.field.elementsEqual(f[10]) {
                region = last
            } else {
                let admin1Code = string(f[10])
                let regionKey = "\(cc).\(admin1Code)"
                let admin1Name = admin1Code.isEmpty ? -1 : (regionName[regionKey] ?? -1)
                var slot = -1
                if admin1Name >= 0 {
                    slot = regionSlots[regionKey] ?? totals.count
                    if slot == totals.count {
                        regionSlots[regionKey] = slot
                        totals.append(RegionTotals())
                    }
                }
                region = (country.index, f[10], builder.interner.intern(admin1Code), admin1Name, slot, regionKey)
                lastRegion = region
            }
            if region.slot >= 0 {
                let (sum, overflow) = totals[region.slot].population.addingReportingOverflow(population)
                guard !overflow else {
                    throw file.error(
                        line: number, "population \(population) takes region \(region.key)'s total past \(Int64.max)")
                }
                let weight = Double(max(population, 1))
                totals[region.slot].population = sum
                totals[region.slot].weight += weight
                totals[region.slot].latitude += weight * latitude
                totals[region.slot].longitude += weight * longitude
            }

            var record = _PlaceRecord()
            record.geonameID = geonameID
            record.population = population
            record.latitude = Float(latitude)
            record.longitude = Float(longitude)
            record.kind = .city
            record.countryCode = country.index
            record.countryName = country.name
            record.admin1Code = region.code
            record.admin1Name = region.name
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
            if f[17].isEmpty {
                record.timeZone = -1
            } else if let last = lastTimeZone, last.field.elementsEqual(f[17]) {
                record.timeZone = last.label
            } else {
                record.timeZone = builder.interner.intern(string(f[17]))
                lastTimeZone = (f[17], record.timeZone)
            }
            if alternateRows[geonameID] != nil {
                let own = Set((0..<Int(nameCount)).map { builder.names.string(Int(record.firstName) + $0) })
                nameCount += appendAlternates(
                    of: geonameID, place: builder.places.count, existing: own, preferredOnly: true)
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
            throw file.error(line: 1, "the names pass \(nameBytesLimit) bytes, more than a gazetteer holds")
        }
        for region in regions {
            let key = "\(region.countryCode).\(region.code)"
            guard let slot = regionSlots[key] else {
                report.skip(file: regionsFile, line: region.line, reason: .regionWithoutPlaces)
                continue
            }
            let total = totals[slot]
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
            let abbreviations = _PlaceAliases.regionAbbreviations(
                countryCode: region.countryCode, admin1Code: region.code)
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
