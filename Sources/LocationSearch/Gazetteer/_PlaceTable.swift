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

        /// Place `index`'s kind (`_PlaceRecord.kindCode`), country code and region name
        /// labels and first name, read without the rest of its record.
        @inline(__always)
        func outline(of index: Int) -> (kind: UInt8, countryCode: Int32, admin1Name: Int32, firstName: UInt32) {
            let word = records[index].word
            let context = contexts[fields.context(word)]
            return (UInt8(truncatingIfNeeded: word & _PlaceFields.kindMask), context.countryCode, context.admin1Name,
                    fields.firstName(word))
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
