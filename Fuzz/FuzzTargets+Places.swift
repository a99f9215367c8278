// The `places` target: a gazetteer of an app's own places, made from fuzzer bytes through
// the public API (`Place`, `Gazetteer(places:alternateNames:)`), indexed and queried.
// See FuzzTargets.swift and docs/fuzzing.md.

import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension _Fuzz {
    /// One place row as the bytes give it, before it is a `Place`.
    struct PlaceRow {
        var fields: [[UInt8]]

        func field(_ i: Int) -> [UInt8] { i < fields.count ? fields[i] : [] }
        var numbers: [UInt8] { field(5) + [UInt8](repeating: 0, count: max(0, 33 - field(5).count)) }
    }

    /// Splits an input into the header byte and its rows: rows end at 0x1E, fields at
    /// 0x1F; 0x1D takes the next byte as it is (so every byte value can be in a field),
    /// and 0x1C with a count byte *k* repeats the field so far until it is at least
    /// (*k* + 1) × 256 bytes (a name of up to 64 KB from a few input bytes).
    static func placeRows(_ data: UnsafeRawBufferPointer) -> (header: UInt8, rows: [PlaceRow]) {
        guard let header = data.first else { return (0, []) }
        var rows: [PlaceRow] = [], fields: [[UInt8]] = [], field: [UInt8] = []
        var i = 1
        while i < data.count {
            let byte = data[i]
            i += 1
            switch byte {
            case 0x1D where i < data.count:
                field.append(data[i])
                i += 1
            case 0x1C where i < data.count:
                let target = (Int(data[i]) + 1) * 256
                i += 1
                if !field.isEmpty {
                    let unit = field
                    while field.count < target { field += unit }
                }
            case 0x1F:
                fields.append(field)
                field = []
            case 0x1E:
                rows.append(PlaceRow(fields: fields + [field]))
                (fields, field) = ([], [])
            default:
                field.append(byte)
            }
        }
        if !fields.isEmpty || !field.isEmpty { rows.append(PlaceRow(fields: fields + [field])) }
        return (header, rows)
    }

    /// A field as an app would make it a string: UTF-8 decoded leniently (invalid bytes
    /// become U+FFFD), or each byte a scalar (Latin-1: every C0 and C1 control).
    static func text(_ bytes: [UInt8], latin1: Bool) -> String {
        latin1 ? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) : String(decoding: bytes, as: UTF8.self)
    }

    static func double(_ bytes: ArraySlice<UInt8>) -> Double {
        Double(bitPattern: bytes.reduce(0) { $0 << 8 | UInt64($1) })
    }

    /// The `Place` of a row. Fields: 0 name, 1 country code, 2 country name, 3 region,
    /// 4 region code (3 and 4 empty: none), 5 numbers, 6 id (empty: derived), 7 time zone
    /// (empty: none), the rest alternate names. Numbers: byte 0 bits 0-1 the kind, bit 2
    /// Latin-1 text, bit 3 a GeoNames id (bytes 25-32, any `Int`), bits 4-6 the
    /// coordinate (none; two `Double` bit patterns from bytes 1-16, NaN and infinities
    /// among them; a valid point from bytes 1-2; NaN; infinite; the corners; a hair
    /// outside; negative zero and the smallest subnormal), bit 7 the population from
    /// bytes 17-24 (any `Int`, negative or huge) rather than byte 17 alone.
    static func place(_ row: PlaceRow) -> (place: Place, alternates: [String]) {
        let n = row.numbers, latin1 = n[0] & 4 != 0
        func text(_ i: Int) -> String { Self.text(row.field(i), latin1: latin1) }
        func optional(_ i: Int) -> String? { row.field(i).isEmpty ? nil : text(i) }
        let coordinate: GeoCoordinate? = switch (n[0] >> 4) & 7 {
        case 0: nil
        case 1: GeoCoordinate(latitude: double(n[1...8]), longitude: double(n[9...16]))
        case 2: GeoCoordinate(latitude: Double(Int(n[1]) - 128) * 90 / 127, longitude: Double(Int(n[2]) - 128) * 180 / 127)
        case 3: GeoCoordinate(latitude: .nan, longitude: n[1] & 1 == 0 ? .nan : 0)
        case 4: GeoCoordinate(latitude: n[1] & 1 == 0 ? .infinity : 0, longitude: -.infinity)
        case 5: GeoCoordinate(latitude: n[1] & 1 == 0 ? 90 : -90, longitude: n[2] & 1 == 0 ? 180 : -180)
        case 6: GeoCoordinate(latitude: 90.0000001, longitude: -180.0000001)
        default: GeoCoordinate(latitude: -0.0, longitude: .leastNonzeroMagnitude)
        }
        let population = n[0] & 0x80 != 0
            ? Int(truncatingIfNeeded: n[17...24].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }) : Int(n[17])
        let geonameID = n[0] & 8 != 0
            ? Int(truncatingIfNeeded: n[25...32].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }) : nil
        let kinds: [Place.Kind] = [.city, .region, .country, .city]
        let place = Place(
            id: optional(6), geonameID: geonameID, name: text(0), kind: kinds[Int(n[0] & 3)],
            countryCode: text(1), countryName: text(2), admin1: optional(3), admin1Code: optional(4),
            population: population, timeZone: optional(7), coordinate: coordinate)
        return (place, row.fields.dropFirst(8).map { Self.text($0, latin1: latin1) })
    }

    // MARK: places

    /// Header bits: 0 also write the index and complete from the file read back (the
    /// same answers), 1 typo tolerance, 2 near the first place, 3 cities only.
    ///
    /// A `GazetteerError` for a row is a correct answer: the row is dropped, as an app
    /// skipping bad rows would, and the rest built again.
    static func places(_ data: UnsafeRawBufferPointer) {
        let (header, rows) = placeRows(data)
        var places: [Place] = [], alternates: [String: [String]] = [:]
        for row in rows.prefix(64) {
            let (place, names) = place(row)
            places.append(place)
            if !names.isEmpty { alternates[place.id, default: []] += names }
        }
        var gazetteer: Gazetteer?
        while gazetteer == nil {
            do {
                gazetteer = try Gazetteer(places: places, alternateNames: alternates)
            } catch let error as GazetteerError {
                let before = places.count
                switch error {
                case .duplicatePlaceID(let id):
                    guard let first = places.firstIndex(where: { $0.id == id }) else { break }
                    places = places.enumerated().filter { $0.offset == first || $0.element.id != id }.map(\.element)
                case .invalidPlace(let id, _):
                    places.removeAll { $0.id == id }
                default:
                    fail("an error a custom gazetteer cannot have: \(error)")
                }
                if places.count == before { fail("\(error) names no row") }
            } catch {
                fail("an error that is not a GazetteerError: \(error)")
            }
        }
        guard let gazetteer else { return }
        checkPlaces(gazetteer, places, alternates)
        var options = CompletionOptions(limit: 16, typoTolerance: header & 2 != 0)
        if header & 4 != 0 { options.near = places.lazy.compactMap(\.coordinate).first ?? GeoCoordinate(latitude: 0, longitude: 0) }
        if header & 8 != 0 { options.kinds = [.city] }
        let completer = LocationCompleter(gazetteer: gazetteer)
        let queries = placeQueries(places, alternates)
        let answers = queries.map { completer.completions(for: $0, options: options) }
        var names: [String: Set<String>] = [:]
        for place in places { names[place.id] = Set([place.name] + (alternates[place.id] ?? [])) }
        for (query, completions) in zip(queries, answers) {
            check(completions, options: options, query: query)
            for completion in completions {
                let title = completion.title
                guard let known = names[completion.id] else { fail("\(completion.id) is no place's id") }
                if title.isEmpty || !known.contains(title) {
                    fail("title \(title.debugDescription) is not a name of \(completion.id) for \(query.debugDescription)")
                }
                if let matched = completion.matchedName, !known.contains(matched) {
                    fail("matched name \(matched.debugDescription) is not a name of \(completion.id)")
                }
            }
            checkJSON(completions, query: query)
            _ = completer.matchCount(for: query, options: options)
        }
        if header & 1 != 0 { checkReloaded(completer, queries: queries, answers: answers, options: options) }
    }

    /// The gazetteer holds the places that were accepted, by id, with their names whole.
    static func checkPlaces(_ gazetteer: Gazetteer, _ places: [Place], _ alternates: [String: [String]]) {
        if gazetteer.count != places.count { fail("\(gazetteer.count) places of \(places.count) rows") }
        for (i, (stored, given)) in zip(gazetteer.places, places).enumerated() {
            if stored.id != given.id || stored.name != given.name || stored.kind != given.kind {
                fail("place \(i) reads back as \(stored.id) \(stored.name.debugDescription), given \(given.id) \(given.name.debugDescription)")
            }
            let others = (alternates[given.id] ?? []).filter { !$0.isEmpty && $0 != given.name }
            if gazetteer.alternateNames(ofPlaceAt: i) != others {
                fail("place \(i)'s alternate names read back as \(gazetteer.alternateNames(ofPlaceAt: i)), given \(others)")
            }
        }
    }

    /// Queries from the places: starts of the first few names (1, 2, 4 and 9 characters and
    /// whole), an alternate name's start, a name with its region or country code after it
    /// (a qualifier), and a few fixed ones.
    static func placeQueries(_ places: [Place], _ alternates: [String: [String]]) -> [String] {
        var queries = ["a", "1 2", "s"]
        for place in places.prefix(3) {
            for count in [1, 2, 4, 9] { queries.append(String(place.name.prefix(count))) }
            queries.append(place.name)
            if let alternate = alternates[place.id]?.first { queries.append(String(alternate.prefix(5))) }
            if let region = place.admin1 { queries.append("\(place.name.prefix(12)), \(region.prefix(3))") }
            queries.append("\(place.name.prefix(12)) \(place.countryCode)")
        }
        return queries
    }

    /// Completions encode to JSON and decode to equal completions.
    static func checkJSON(_ completions: [LocalSearchCompletion], query: String) {
        do {
            let data = try JSONEncoder().encode(completions)
            let decoded = try JSONDecoder().decode([LocalSearchCompletion].self, from: data)
            if decoded != completions { fail("completions for \(query.debugDescription) change through JSON") }
        } catch {
            fail("completions for \(query.debugDescription) do not go through JSON: \(error)")
        }
    }

    /// The index written to a file and read back gives the same answers.
    static func checkReloaded(
        _ completer: LocationCompleter, queries: [String], answers: [[LocalSearchCompletion]], options: CompletionOptions
    ) {
        let url = URL(fileURLWithPath: indexPath)
        defer { unlink(indexPath) }
        do {
            try completer.writeIndex(to: url)
            let reloaded = try LocationCompleter(indexFile: url)
            for (query, before) in zip(queries, answers) {
                let after = reloaded.completions(for: query, options: options)
                func shown(_ c: LocalSearchCompletion) -> [String] {
                    [c.id, c.title, c.subTitle, "\(c.titleHighlightRanges)", "\(c.subtitleHighlightRanges)", c.matchedName ?? "-"]
                }
                if after.map(shown) != before.map(shown) {
                    fail("\(query.debugDescription) from the file: \(after.map(shown)), built: \(before.map(shown))")
                }
            }
        } catch {
            fail("the index of the places does not go through a file: \(error)")
        }
    }
}
