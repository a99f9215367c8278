/// The places a `LocationCompleter` completes: their names (canonical and alternate),
/// kinds, regions, countries, populations and coordinates.
///
/// Load the bundled GeoNames data, an official GeoNames download, or your own places:
///
/// ```swift
/// let bundled = try Gazetteer.bundled()                  // 238,935 places
/// let official = try Gazetteer(geoNamesDirectory: URL(filePath: "/data/geonames"))
/// let mine = try Gazetteer(places: [
///     Place(id: "office", name: "Head Office", countryCode: "GB", countryName: "United Kingdom"),
/// ], alternateNames: ["office": ["HQ"]])
/// ```
///
/// A gazetteer is an immutable value; storage is columnar (one buffer for all names,
/// coded with a symbol table learnt from them), so the bundled data costs about 11 bytes
/// per name, not a `String` each.
///
/// Names of any length load and are shown whole; a name is matched on the first 511
/// bytes of its fold (see `init(places:alternateNames:)`).
public struct Gazetteer: Sendable {
    /// All names: a place's names are `names[firstName ..< firstName + nameCount]`, the
    /// canonical name first.
    let _names: _CompressedStrings
    /// Short strings shared by many places: country names, region names, codes, ids.
    let _labels: [String]
    /// The places, packed (see `_PlaceTable`); `_places[i]` is place `i`'s record.
    let _places: _PlaceTable
    /// Places' names in other languages (see `CompletionOptions.language`).
    let _localized: _LocalizedNames
    /// The rows of GeoNames files that did not become places, counted by reason; empty
    /// for other gazetteers.
    public internal(set) var loadReport = GazetteerLoadReport()

    init(
        names: _CompressedStrings, labels: [String], places: _PlaceTable, localized: _LocalizedNames = .empty
    ) {
        _names = names
        _labels = labels
        _places = places
        _localized = localized
    }

    init(_ builder: _GazetteerBuilder) {
        // The place table and the localized names on another core while the names are
        // coded (which learns its symbol table on one).
        let records = builder.places, localized = builder.localized, nameCount = builder.names.count
        let (names, (places, localizedNames)) = _Concurrently.run({
            _CompressedStrings(builder.names)
        }, alongside: {
            (_PlaceTable(records, nameCount: nameCount), _LocalizedNames(localized))
        })
        self.init(names: names, labels: builder.interner.labels, places: places, localized: localizedNames)
    }

    /// The number of places.
    public var count: Int { _places.count }

    /// The places, materialized on access.
    ///
    /// - Complexity: O(1) to get the collection; each element access makes a `Place`.
    public var places: some RandomAccessCollection<Place> {
        _places.indices.lazy.map { self.place(at: $0) }
    }

    /// The alternate names of the place at `index` (not including its canonical name).
    public func alternateNames(ofPlaceAt index: Int) -> [String] {
        let record = _places[index]
        return (1..<Int(record.nameCount)).map { _names.string(Int(record.firstName) + $0) }
    }

    func label(_ index: Int32) -> String? { index < 0 ? nil : _labels[Int(index)] }

    /// Makes the public value for the place at `index`.
    ///
    /// - Complexity: O(*n*), *n* the length of the place's name: one string for the name
    ///   and at most one for the id; labels are shared.
    func place(at index: Int) -> Place {
        place(at: index, _places[index])
    }

    /// `place(at:)` for a record already read, and maybe its canonical name already made.
    func place(at index: Int, _ record: _PlaceRecord, name: String? = nil) -> Place {
        let countryCode = _labels[Int(record.countryCode)]
        let admin1Code = label(record.admin1Code)
        return Place(
            id: id(of: record), geonameID: record.geonameID >= 0 ? Int(record.geonameID) : nil,
            name: name ?? _names.string(Int(record.firstName)), kind: record.kind,
            countryCode: countryCode, countryName: _labels[Int(record.countryName)],
            admin1: label(record.admin1Name), admin1Code: admin1Code,
            population: Int(record.population), timeZone: label(record.timeZone),
            coordinate: record.latitude.isNaN
                ? nil
                : GeoCoordinate(latitude: record.latitude, longitude: record.longitude))
    }

    /// The id of `record`'s place: the caller's, else from its GeoNames id, else from its
    /// country and admin-1 codes.
    func id(of record: _PlaceRecord) -> String {
        if record.explicitID >= 0 { return _labels[Int(record.explicitID)] }
        // A region is named by GeoNames' own admin-1 key, which every source of it shares
        // (its GeoNames id, when known, is `Place.geonameID`).
        if record.kind == .region, record.admin1Code >= 0 {
            return "admin1:\(_labels[Int(record.countryCode)]).\(_labels[Int(record.admin1Code)])"
        }
        if record.geonameID >= 0 { return Self.geoNamesID(record.geonameID) }
        let countryCode = _labels[Int(record.countryCode)]
        if record.kind == .country { return "country:\(countryCode)" }
        return "admin1:\(countryCode).\(label(record.admin1Code) ?? "")"
    }

    /// `"geonames:\(id)"` for `id >= 0`, written in one allocation (interpolation costs
    /// several times more, and every completion makes one).
    static func geoNamesID(_ id: Int64) -> String {
        let prefix: StaticString = "geonames:"
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // up to 24 digits, backwards
        var count = 0
        var value = UInt64(id)
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                count += 1
            } while value > 0
        }
        return String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + count) { out in
            let p = prefix.utf8CodeUnitCount
            for i in 0..<p { out[i] = prefix.utf8Start[i] }
            withUnsafeBytes(of: digits) { buffer in
                for i in 0..<count { out[p + i] = buffer[24 - count + i] }
            }
            return p + count
        }
    }
}

/// One place: numbers and indices into the gazetteer's tables, as a builder makes it and
/// as `_PlaceTable` gives it back (which stores it in fewer bytes: `_PackedPlace`).
struct _PlaceRecord: Sendable, Hashable, BitwiseCopyable {
    var geonameID: Int64 = -1
    var population: Int64 = 0
    /// In degrees; NaN for none. Stored to 10⁻⁷ degree (`_PackedPlace`).
    var latitude: Double = .nan
    var longitude: Double = .nan
    var firstName: UInt32 = 0
    var nameCount: UInt32 = 0
    /// `Place.Kind`, as 0 city, 1 region, 2 country.
    var kindCode: UInt8 = 0
    var kind: Place.Kind {
        get { kindCode == 1 ? .region : kindCode == 2 ? .country : .city }
        set { kindCode = newValue == .region ? 1 : newValue == .country ? 2 : 0 }
    }
    /// Indices into `_labels`; -1 means none.
    var countryCode: Int32 = -1
    var countryName: Int32 = -1
    var admin1Name: Int32 = -1
    var admin1Code: Int32 = -1
    /// For a country, the continent's name (its subtitle).
    var continent: Int32 = -1
    /// An id given by the caller (custom gazetteers); -1 derives it from the GeoNames id
    /// or admin-1 code.
    var explicitID: Int32 = -1
    /// The IANA time zone ("Europe/Berlin"), an index into `_labels`; -1 if unknown.
    var timeZone: Int32 = -1
}

/// Collects a gazetteer's tables before they are frozen into columns.
struct _GazetteerBuilder {
    var names = _StringTable.Builder()
    var places: [_PlaceRecord] = []
    var interner = _LabelInterner()
    /// Localized names.
    var localized: [_LocalizedName] = []
}

/// Interns labels while a gazetteer is built.
struct _LabelInterner {
    var labels: [String] = []
    private var indices: [String: Int32] = [:]

    mutating func intern(_ label: String) -> Int32 {
        if let index = indices[label] { return index }
        let index = Int32(labels.count)
        labels.append(label)
        indices[label] = index
        return index
    }

    mutating func intern(_ label: String?) -> Int32 {
        guard let label, !label.isEmpty else { return -1 }
        return intern(label)
    }
}

extension Gazetteer {
    /// Builds a gazetteer from your own places.
    ///
    /// Names may be of any length. A name is matched on the first 511 bytes of its fold
    /// (lower case, without diacritics; cut at a character's end): a query that is the
    /// start of those finds it, with the whole name as the title.
    ///
    /// - Parameters:
    ///   - places: the places; their ids must be unique and their names not empty.
    ///   - alternateNames: other names each place should be found by, keyed by place id.
    /// - Throws: `GazetteerError.duplicatePlaceID` or `.invalidPlace` (also when the
    ///   names pass 1 GiB of UTF-8).
    /// - Complexity: O(*n*) in the total length of the names.
    public init(places: [Place], alternateNames: [String: [String]] = [:]) throws {
        var builder = _GazetteerBuilder()
        var seen = Set<String>()
        builder.places.reserveCapacity(places.count)
        for place in places {
            guard seen.insert(place.id).inserted else { throw GazetteerError.duplicatePlaceID(place.id) }
            guard !_Folding.fold(place.name).isEmpty else {
                throw GazetteerError.invalidPlace(id: place.id, reason: "its name has no letters or digits")
            }
            if let coordinate = place.coordinate, !coordinate.isValid {
                throw GazetteerError.invalidPlace(id: place.id, reason: "coordinate \(coordinate) is out of range")
            }
            var record = _PlaceRecord()
            record.geonameID = place.geonameID.map(Int64.init) ?? -1
            record.population = Int64(max(0, place.population))
            if let coordinate = place.coordinate {
                record.latitude = coordinate.latitude
                record.longitude = coordinate.longitude
            }
            record.kind = place.kind
            record.countryCode = builder.interner.intern(place.countryCode)
            record.countryName = builder.interner.intern(place.countryName)
            record.admin1Name = builder.interner.intern(place.admin1)
            record.admin1Code = builder.interner.intern(place.admin1Code)
            record.timeZone = builder.interner.intern(place.timeZone)
            // Keep the id exactly as given unless it is the one the record derives anyway.
            record.explicitID = builder.interner.intern(place.id)
            record.firstName = UInt32(builder.names.count)
            builder.names.append(place.name)
            var count: UInt32 = 1
            for name in alternateNames[place.id] ?? [] where !name.isEmpty && name != place.name {
                builder.names.append(name)
                count += 1
            }
            guard builder.names.bytes.count <= _CompressedStrings.byteLimit else {
                let limit = _CompressedStrings.byteLimit
                throw GazetteerError.invalidPlace(
                    id: place.id, reason: "the names pass \(limit) bytes, more than a gazetteer holds")
            }
            record.nameCount = count
            builder.places.append(record)
        }
        self.init(builder)
    }
}
