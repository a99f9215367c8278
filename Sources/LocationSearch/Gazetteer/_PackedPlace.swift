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
