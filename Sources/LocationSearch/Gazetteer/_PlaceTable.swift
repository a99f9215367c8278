/// The places of a gazetteer as stored: a 20-byte `_PackedPlace` per place, the label
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
/// - a 64-bit population: 32 bits, or (a flag) the index of the value in `wide`, a column
///   of the rare populations beyond `UInt32` (none in GeoNames' data);
/// - a 64-bit GeoNames id: the bits the largest needs (`_PlaceFields`), or (a flag) none
///   and the id in `otherIDs`, the places without one or with one too wide, by place;
/// - the caller's id: a column with one per place when any place has one (custom
///   gazetteers), else empty.
///
/// The kind, context, first name and GeoNames id share one 64-bit word, each in the bits
/// its largest value needs (measured when the table is built): for the bundled data 2 + 2
/// flags + 13 + 21 + 24 bits, where they took 12 bytes apart.
///
///     let table = _PlaceTable(records, nameCount: names.count)
///     table[0].population     // a `_PlaceRecord`, decoded
///
/// Immutable, its columns in `_Memory`: `Sendable` without locks.
struct _PlaceTable: RandomAccessCollection, Sendable {
    let records: _Column<_PackedPlace>
    /// Where each field lies in a record's word.
    let fields: _PlaceFields
    let contexts: _Column<_PlaceContext>
    /// Populations beyond `UInt32`, which records refer to by index.
    let wide: _Column<Int64>
    /// The places whose GeoNames id is not in their record (none, or one wider than the
    /// record's bits), strictly rising, and each one's id (-1 for none).
    let otherIDs: _Column<UInt32>, otherIDValues: _Column<Int64>
    /// The caller's id of each place (a label index; -1 for none), or empty when no place
    /// has one.
    let explicitIDs: _Column<Int32>
    /// Where the last place's names end: the number of names.
    let nameEnd: UInt32

    var startIndex: Int { 0 }
    var endIndex: Int { records.count }

    init(records: _Column<_PackedPlace>, fields: _PlaceFields, contexts: _Column<_PlaceContext>,
         wide: _Column<Int64>, otherIDs: _Column<UInt32>, otherIDValues: _Column<Int64>,
         explicitIDs: _Column<Int32>, nameEnd: UInt32) {
        self.records = records
        self.fields = fields
        self.contexts = contexts
        self.wide = wide
        self.otherIDs = otherIDs
        self.otherIDValues = otherIDValues
        self.explicitIDs = explicitIDs
        self.nameEnd = nameEnd
    }

    /// Packs `places`, whose names must follow one another from the first name on, as
    /// every gazetteer builder appends them (a programming error otherwise).
    ///
    /// - Complexity: O(*n*) for *n* places, a dictionary look-up for each place whose
    ///   labels differ from the place before's.
    init(_ places: [_PlaceRecord], nameCount: Int) {
        var contexts: [_PlaceContext] = [], contextOf: [UInt32] = []
        var contextIndex: [_PlaceContext: UInt32] = [:]
        var last: (context: _PlaceContext, index: UInt32)? = nil
        contextOf.reserveCapacity(places.count)
        var next: UInt32 = 0, largestID: Int64 = 0
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
            contextOf.append(index)
            if place.geonameID <= Int64(UInt32.max) { largestID = Swift.max(largestID, place.geonameID) }
        }
        precondition(Int(next) == nameCount, "names after the last place's")
        let fields = _PlaceFields(
            contexts: contexts.count, firstNames: Int(places.last?.firstName ?? 0), largestID: Int(largestID))
        var records: [_PackedPlace] = [], wide: [Int64] = [], otherIDs: [UInt32] = [], otherIDValues: [Int64] = []
        records.reserveCapacity(places.count)
        for i in places.indices {
            let place = places[i]
            var population = UInt32(0), flags = place.kindCode
            if let narrow = UInt32(exactly: place.population) {
                population = narrow
            } else {
                flags |= _PlaceFields.widePopulation
                population = UInt32(wide.count)
                wide.append(place.population)
            }
            var id: UInt64 = 0
            if place.geonameID >= 0 && UInt64(place.geonameID) <= fields.idMask {
                id = UInt64(place.geonameID)
            } else {
                flags |= _PlaceFields.otherID
                otherIDs.append(UInt32(i))
                otherIDValues.append(Swift.max(place.geonameID, -1))
            }
            let word = fields.word(flags: flags, context: contextOf[i], firstName: place.firstName, id: id)
            records.append(_PackedPlace(latitude: place.latitude, longitude: place.longitude, population: population,
                                        word: word))
        }
        let hasIDs = places.contains { $0.explicitID >= 0 }
        self.init(records: _Column(records), fields: fields, contexts: _Column(contexts), wide: _Column(wide),
                  otherIDs: _Column(otherIDs), otherIDValues: _Column(otherIDValues),
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
        Buffers(records: records.buffer, fields: fields, contexts: contexts.pointer, wide: wide.pointer,
                otherIDs: otherIDs.buffer, otherIDValues: otherIDValues.pointer,
                explicitIDs: explicitIDs.isEmpty ? nil : explicitIDs.pointer, nameEnd: nameEnd)
    }

    /// The table's records, and pointers to what they refer to, decoded on each read.
    struct Buffers: RandomAccessCollection {
        let records: UnsafeBufferPointer<_PackedPlace>
        let fields: _PlaceFields
        let contexts: UnsafePointer<_PlaceContext>, wide: UnsafePointer<Int64>
        let otherIDs: UnsafeBufferPointer<UInt32>, otherIDValues: UnsafePointer<Int64>
        /// `nil` when no place has the caller's id.
        let explicitIDs: UnsafePointer<Int32>?
        let nameEnd: UInt32

        var startIndex: Int { 0 }
        var endIndex: Int { records.count }

        /// The record of place `index` (in bounds, as what it refers to: the table's
        /// references were checked when it was built or loaded). Inlined, so a read of a
        /// few fields decodes only those: the population and coordinate are the record's
        /// own bytes, the kind, context and first name its word's.
        @inline(__always)
        subscript(index: Int) -> _PlaceRecord {
            let packed = records[index]
            let word = packed.word
            let context = contexts[fields.context(word)]
            var record = _PlaceRecord()
            record.latitude = packed.latitude
            record.longitude = packed.longitude
            record.population = word & UInt64(_PlaceFields.widePopulation) == 0
                ? Int64(packed.population) : wide[Int(packed.population)]
            record.geonameID = word & UInt64(_PlaceFields.otherID) == 0 ? fields.id(word) : otherID(of: index)
            record.firstName = fields.firstName(word)
            record.nameCount = (index + 1 < records.count ? fields.firstName(records[index + 1].word) : nameEnd)
                &- record.firstName
            record.kindCode = UInt8(truncatingIfNeeded: word & _PlaceFields.kindMask)
            record.countryCode = context.countryCode
            record.countryName = context.countryName
            record.admin1Name = context.admin1Name
            record.admin1Code = context.admin1Code
            record.continent = context.continent
            record.timeZone = context.timeZone
            record.explicitID = explicitIDs?[index] ?? -1
            return record
        }

        /// The GeoNames id of place `index`, one of `otherIDs` (-1 when it has none).
        ///
        /// - Complexity: O(log *o*) for *o* other ids.
        func otherID(of index: Int) -> Int64 {
            var low = 0, high = otherIDs.count
            while low < high {
                let mid = (low + high) / 2
                if Int(otherIDs[mid]) < index { low = mid + 1 } else { high = mid }
            }
            return low < otherIDs.count && Int(otherIDs[low]) == index ? otherIDValues[low] : -1
        }
    }
}

/// Where a place record's kind, flags, context, first name and GeoNames id lie in its
/// 64-bit word (`_PackedPlace.word`), from the lowest bits: the kind (2 bits), the flags
/// `widePopulation` and `otherID` (a bit each), then the context, the first name and the
/// id, each in the bits its largest value in the table needs (`contextBits`, `nameBits`,
/// `idBits`). The bits above are zero.
///
/// The context and first name always fit (their bits come to at most 60 for any table
/// of fewer than 2²⁸ contexts); the id takes at most what is left and at most 32 bits, and
/// an id beyond that (or none) is the table's `otherIDs`.
///
///     let fields = _PlaceFields(contexts: 8_045, firstNames: 1_192_746, largestID: 13_665_338)
///     (fields.contextBits, fields.nameBits, fields.idBits)    // (13, 21, 24)
struct _PlaceFields: Sendable, Equatable {
    let contextBits: Int
    let nameBits: Int
    let idBits: Int
    // Derived from the widths, once: a read per candidate shifts and masks.
    let nameShift: UInt64, idShift: UInt64
    let contextMask: UInt64, nameMask: UInt64, idMask: UInt64

    static let kindMask: UInt64 = 3
    /// The population is an index into `_PlaceTable.wide`.
    static let widePopulation: UInt8 = 4
    /// The GeoNames id is in `_PlaceTable.otherIDs`, and the record's is 0.
    static let otherID: UInt8 = 8
    /// The bits below the context: the kind and the flags.
    static let flagBits = 4
    static let contextShift = UInt64(flagBits)

    /// The fields at these widths; `nil` unless they fit a word, the id in 32 bits.
    init?(contextBits: Int, nameBits: Int, idBits: Int) {
        guard (0...32).contains(contextBits), (0...32).contains(nameBits), (0...32).contains(idBits),
              Self.flagBits + contextBits + nameBits + idBits <= 64 else { return nil }
        self.contextBits = contextBits
        self.nameBits = nameBits
        self.idBits = idBits
        nameShift = UInt64(Self.flagBits + contextBits)
        idShift = UInt64(Self.flagBits + contextBits + nameBits)
        contextMask = (1 << UInt64(contextBits)) - 1
        nameMask = (1 << UInt64(nameBits)) - 1
        idMask = (1 << UInt64(idBits)) - 1
    }

    /// The widths for a table of `contexts` contexts, whose last first name is
    /// `firstNames` and whose largest id of up to 32 bits is `largestID` (a programming
    /// error for 2²⁸ contexts or more).
    init(contexts: Int, firstNames: Int, largestID: Int) {
        let contextBits = _PackedWords.bits(toHold: max(contexts, 1) - 1)
        let nameBits = _PackedWords.bits(toHold: firstNames)
        let room = 64 - Self.flagBits - contextBits - nameBits
        precondition(room >= 0, "too many place contexts for a record")
        self.init(contextBits: contextBits, nameBits: nameBits,
                  idBits: min(_PackedWords.bits(toHold: largestID), room, 32))!
    }

    /// The bits the fields take; those above are zero.
    var usedBits: Int { Self.flagBits + contextBits + nameBits + idBits }

    /// (Each shift is below 64 when its field has bits, and a field without bits masks to 0.)
    @inline(__always)
    func context(_ word: UInt64) -> Int { Int(truncatingIfNeeded: (word &>> Self.contextShift) & contextMask) }

    @inline(__always)
    func firstName(_ word: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: (word &>> nameShift) & nameMask) }

    @inline(__always)
    func id(_ word: UInt64) -> Int64 { Int64(truncatingIfNeeded: (word &>> idShift) & idMask) }

    /// A record's word (each value within its bits).
    func word(flags: UInt8, context: UInt32, firstName: UInt32, id: UInt64) -> UInt64 {
        UInt64(flags) | UInt64(context) << Self.contextShift | UInt64(firstName) << nameShift | id << idShift
    }
}

/// One place as an index file stores it, 20 bytes: its coordinate, population, and a word
/// of its kind, flags, context, first name and GeoNames id (`_PlaceFields`; see
/// `_PlaceTable`).
///
/// The fields are laid out without padding (the record's bytes go to index files as they
/// are), the word as two 32-bit halves so that a record aligns to 4 bytes, not 8, and the
/// layout is checked on load (`layoutSignature`).
struct _PackedPlace: Sendable, Hashable, BitwiseCopyable {
    /// The coordinate in units of 10⁻⁷ degree (`unitsPerDegree`), `Int32.min` for none.
    var latitudeUnits: Int32
    var longitudeUnits: Int32
    /// The population, or with `_PlaceFields.widePopulation` its index in `_PlaceTable.wide`.
    var population: UInt32
    var wordLow: UInt32
    var wordHigh: UInt32

    init(latitude: Double, longitude: Double, population: UInt32, word: UInt64) {
        latitudeUnits = Self.units(latitude)
        longitudeUnits = Self.units(longitude)
        self.population = population
        wordLow = UInt32(truncatingIfNeeded: word)
        wordHigh = UInt32(truncatingIfNeeded: word >> 32)
    }

    /// A coordinate's units a degree. A `Float` (formats up to 38) holds 24 bits: a
    /// longitude past 128° only to 1.5 × 10⁻⁵ degree, so 2,678 of the bundled 469,816
    /// GeoNames values read back a unit off in their fifth decimal (134.47326 as
    /// 134.47327), and every one showed as a `Double` such as 48.85340881347656. Tenths of
    /// a microdegree (about a centimetre) in 32 bits hold every angle to ±180° (±1.8 × 10⁹
    /// units), and a decimal of up to seven places exactly: its units are an integer, and
    /// that integer over 10⁷ rounds (one division of two exact doubles) to the same double
    /// as the decimal itself.
    static let unitsPerDegree: Double = 10_000_000
    /// 180° in units, the largest angle a record holds.
    static let largestUnits: Int32 = 1_800_000_000

    /// `degrees` in units, rounded to the nearest; `Int32.min` for NaN. (Anything else out
    /// of ±180°, which a gazetteer refuses before it gets here, clamps.)
    static func units(_ degrees: Double) -> Int32 {
        guard !degrees.isNaN else { return .min }
        let units = (degrees * unitsPerDegree).rounded()
        return Int32(max(-Double(largestUnits), min(Double(largestUnits), units)))
    }

    /// The degrees `units` stand for; NaN for `Int32.min` (or any value past ±180°, which
    /// only a damaged file holds).
    @inline(__always)
    static func degrees(_ units: Int32) -> Double {
        units.magnitude <= largestUnits.magnitude ? Double(units) / unitsPerDegree : .nan
    }

    var latitude: Double { Self.degrees(latitudeUnits) }
    var longitude: Double { Self.degrees(longitudeUnits) }

    /// The kind, flags, context, first name and GeoNames id (`_PlaceFields`).
    var word: UInt64 {
        @inline(__always) get { UInt64(wordHigh) << 32 | UInt64(wordLow) }
    }

    /// The record's stride and each field's offset after the first's, a byte each: an
    /// index file written with another layout of the record (another version of it,
    /// another compiler's layout) differs here and is refused (`_IndexFile.Header`).
    static var layoutSignature: UInt64 {
        let offsets: [Int?] = [
            MemoryLayout<Self>.offset(of: \.longitudeUnits), MemoryLayout<Self>.offset(of: \.population),
            MemoryLayout<Self>.offset(of: \.wordLow), MemoryLayout<Self>.offset(of: \.wordHigh),
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
