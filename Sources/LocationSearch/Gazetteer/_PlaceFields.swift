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
