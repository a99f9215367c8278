/// The places of a gazetteer as stored: a 28-byte `_PackedPlace` per place, the label
/// combinations places share (`_PlaceContext`), the few numbers too wide for a record, and
/// the caller's ids when a custom gazetteer has them. Reads give back a whole
/// `_PlaceRecord`, every value as it was built.
///
/// What a record no longer holds, and why nothing is lost:
/// - its labels (country code and name, continent, region name and code, time zone): one
///   index into the contexts, the distinct combinations of the six (8,045 for the
///   238,935 bundled places, whose cities share them by region and time zone);
/// - its name count: a place's names follow the one before's, so the count is where the
///   next place's names start (the last's, where the names end);
/// - 64-bit population and GeoNames id: 32 bits each, or (a flag) the index of the value
///   in `wide`, a column of the rare numbers beyond `UInt32` (none in GeoNames' data);
/// - the caller's id: a column with one per place when any place has one (custom
///   gazetteers), else empty.
///
///     let table = _PlaceTable(records, nameCount: names.count)
///     table[0].population     // a `_PlaceRecord`, decoded
///
/// Immutable, its columns in `_Memory`: `Sendable` without locks.
struct _PlaceTable: RandomAccessCollection, Sendable {
    let records: _Column<_PackedPlace>
    let contexts: _Column<_PlaceContext>
    /// Populations and GeoNames ids beyond `UInt32`, which records refer to by index.
    let wide: _Column<Int64>
    /// The caller's id of each place (a label index; -1 for none), or empty when no place
    /// has one.
    let explicitIDs: _Column<Int32>
    /// Where the last place's names end: the number of names.
    let nameEnd: UInt32

    var startIndex: Int { 0 }
    var endIndex: Int { records.count }

    init(records: _Column<_PackedPlace>, contexts: _Column<_PlaceContext>, wide: _Column<Int64>,
         explicitIDs: _Column<Int32>, nameEnd: UInt32) {
        self.records = records
        self.contexts = contexts
        self.wide = wide
        self.explicitIDs = explicitIDs
        self.nameEnd = nameEnd
    }

    /// Packs `places`, whose names must follow one another from the first name on, as
    /// every gazetteer builder appends them (a programming error otherwise).
    ///
    /// - Complexity: O(*n*) for *n* places, a dictionary look-up for each place whose
    ///   labels differ from the place before's.
    init(_ places: [_PlaceRecord], nameCount: Int) {
        var records: [_PackedPlace] = [], contexts: [_PlaceContext] = [], wide: [Int64] = []
        var contextIndex: [_PlaceContext: UInt32] = [:]
        var last: (context: _PlaceContext, index: UInt32)? = nil
        records.reserveCapacity(places.count)
        let hasIDs = places.contains { $0.explicitID >= 0 }
        var next: UInt32 = 0
        for place in places {
            precondition(place.firstName == next && place.nameCount > 0, "a place's names do not follow the last's")
            next += place.nameCount
            let context = _PlaceContext(place)
            let index: UInt32
            if let last, last.context == context {
                index = last.index
            } else if let known = contextIndex[context] {
                index = known
            } else {
                index = UInt32(contexts.count)
                contexts.append(context)
                contextIndex[context] = index
            }
            last = (context, index)
            var record = _PackedPlace(
                latitude: place.latitude, longitude: place.longitude, population: 0, geonameID: 0,
                firstName: place.firstName, context: index, kindCode: place.kindCode, flags: 0)
            if let narrow = UInt32(exactly: place.population) {
                record.population = narrow
            } else {
                record.flags |= _PackedPlace.widePopulation
                record.population = UInt32(wide.count)
                wide.append(place.population)
            }
            if place.geonameID < 0 {
                record.flags |= _PackedPlace.noGeonameID
            } else if let narrow = UInt32(exactly: place.geonameID) {
                record.geonameID = narrow
            } else {
                record.flags |= _PackedPlace.wideGeonameID
                record.geonameID = UInt32(wide.count)
                wide.append(place.geonameID)
            }
            records.append(record)
        }
        precondition(Int(next) == nameCount, "names after the last place's")
        self.init(records: _Column(records), contexts: _Column(contexts), wide: _Column(wide),
                  explicitIDs: _Column(hasIDs ? places.map(\.explicitID) : []), nameEnd: next)
    }

    /// The record of place `index`, every value as built. (Loops over many places read
    /// `buffers`: inlined, a read decodes only the fields used.)
    @inline(__always)
    subscript(index: Int) -> _PlaceRecord {
        precondition(index >= 0 && index < records.count, "_PlaceTable index out of range")
        return buffers[index]
    }

    /// The table as buffers, for loops that read a record per candidate: no reference
    /// counting, per read or per loop (whatever holds the table must outlive them).
    var buffers: Buffers {
        Buffers(records: records.buffer, contexts: contexts.pointer, wide: wide.pointer,
                explicitIDs: explicitIDs.isEmpty ? nil : explicitIDs.pointer, nameEnd: nameEnd)
    }

    /// The table's records, and pointers to what they refer to, decoded on each read.
    struct Buffers: RandomAccessCollection {
        let records: UnsafeBufferPointer<_PackedPlace>
        let contexts: UnsafePointer<_PlaceContext>, wide: UnsafePointer<Int64>
        /// `nil` when no place has the caller's id.
        let explicitIDs: UnsafePointer<Int32>?
        let nameEnd: UInt32

        var startIndex: Int { 0 }
        var endIndex: Int { records.count }

        /// The record of place `index` (in bounds, as what it refers to: the table's
        /// references were checked when it was built or loaded). Inlined, so a read of a
        /// few fields loads only those: the population and coordinate are the record's
        /// own bytes.
        @inline(__always)
        subscript(index: Int) -> _PlaceRecord {
            let packed = records[index]
            let context = contexts[Int(packed.context)]
            var record = _PlaceRecord()
            record.latitude = packed.latitude
            record.longitude = packed.longitude
            record.population = packed.flags & _PackedPlace.widePopulation == 0
                ? Int64(packed.population) : wide[Int(packed.population)]
            record.geonameID = packed.flags & _PackedPlace.noGeonameID != 0
                ? -1
                : packed.flags & _PackedPlace.wideGeonameID == 0 ? Int64(packed.geonameID) : wide[Int(packed.geonameID)]
            record.firstName = packed.firstName
            record.nameCount = (index + 1 < records.count ? records[index + 1].firstName : nameEnd) &- packed.firstName
            record.kindCode = packed.kindCode
            record.countryCode = context.countryCode
            record.countryName = context.countryName
            record.admin1Name = context.admin1Name
            record.admin1Code = context.admin1Code
            record.continent = context.continent
            record.timeZone = context.timeZone
            record.explicitID = explicitIDs?[index] ?? -1
            return record
        }
    }
}

/// One place as an index file stores it, 28 bytes: its coordinate, population, GeoNames
/// id, first name, context and kind (see `_PlaceTable`).
///
/// The fields are laid out without implicit padding (the record's bytes go to index files
/// as they are; `_padding` is explicit and zero), and the layout is checked on load
/// (`layoutSignature`).
struct _PackedPlace: Sendable, Hashable, BitwiseCopyable {
    var latitude: Float
    var longitude: Float
    /// The population, or with `widePopulation` its index in `_PlaceTable.wide`.
    var population: UInt32
    /// The GeoNames id, or with `wideGeonameID` its index in `_PlaceTable.wide`; 0 with
    /// `noGeonameID`.
    var geonameID: UInt32
    /// The place's first (canonical) name; its others follow, up to the next place's.
    var firstName: UInt32
    /// Its labels: an index into `_PlaceTable.contexts`.
    var context: UInt32
    /// `Place.Kind` as `_PlaceRecord.kindCode` has it.
    var kindCode: UInt8
    /// `widePopulation`, `wideGeonameID`, `noGeonameID`.
    var flags: UInt8
    var _padding: UInt16 = 0

    static let widePopulation: UInt8 = 1
    static let wideGeonameID: UInt8 = 2
    static let noGeonameID: UInt8 = 4

    /// The record's stride and each field's offset after the first's, a byte each: an
    /// index file written with another layout of the record (another version of it,
    /// another compiler's layout) differs here and is refused (`_IndexFile.Header`).
    static var layoutSignature: UInt64 {
        let offsets: [Int?] = [
            MemoryLayout<Self>.offset(of: \.longitude),
            MemoryLayout<Self>.offset(of: \.population), MemoryLayout<Self>.offset(of: \.geonameID),
            MemoryLayout<Self>.offset(of: \.firstName), MemoryLayout<Self>.offset(of: \.context),
            MemoryLayout<Self>.offset(of: \.kindCode), MemoryLayout<Self>.offset(of: \.flags),
        ]
        return offsets.reduce(UInt64(MemoryLayout<Self>.stride)) { $0 << 8 | UInt64(UInt8(clamping: $1 ?? 255)) }
    }
}

/// The labels of a place that others share: its country's code and name, a country's
/// continent, its region's name and code, its time zone (label indices; -1 for none, but
/// the country's code and name are always there).
struct _PlaceContext: Sendable, Hashable, BitwiseCopyable {
    var countryCode: Int32
    var countryName: Int32
    var continent: Int32
    var admin1Name: Int32
    var admin1Code: Int32
    var timeZone: Int32

    init(_ record: _PlaceRecord) {
        countryCode = record.countryCode
        countryName = record.countryName
        continent = record.continent
        admin1Name = record.admin1Name
        admin1Code = record.admin1Code
        timeZone = record.timeZone
    }
}
