/// What an exact reading reads beside each whole-name key instead of its place's decoded
/// record: the place's qualifier first bytes (`_Qualifiers.firstBytes(of:)`), kept per
/// place context, and whether the key is an alternate name, one bit a key. So an exact
/// reading scores a name's places, and a qualified one sifts them, from the key's word,
/// its name's place and that place's record word, without decoding the record.
///
/// A place's first bytes depend only on its kind and the labels a context holds (its
/// country and region: `_QualifierGroup`), so two per context (a city's; a region's, which
/// is its country's alone) stand for every place: 0.13 MB for the bundled data's 8,045
/// contexts, where a word per place would take 1.9 MB. A country has none (0). The
/// sift reads the place's record word where it read the place's bits: one random read
/// either way, the context table small enough to stay in cache.
struct _KeyQualifierBits: Sendable {
    /// Context `c`'s qualifier first bytes: a region's (or any place neither a city nor a
    /// country) at `2c`, a city's at `2c + 1`.
    let contexts: _Column<UInt64>
    /// Bit `i % 64` of word `i / 64` is set when whole-name key `i` is an alternate name.
    let alternateKeys: _Column<UInt64>

    init(contexts: _Column<UInt64>, alternateKeys: _Column<UInt64>) {
        self.contexts = contexts
        self.alternateKeys = alternateKeys
    }

    /// Each of `gazetteer`'s place contexts' `firstBytes(of:)` for a region and a city
    /// (`contexts`), worked out from the first place that has it.
    ///
    /// - Complexity: O(*p* + *c* log *r*) for *p* places, *c* contexts and *r* regions.
    static func contexts(_ gazetteer: Gazetteer, _ qualifiers: _Qualifiers) -> _Column<UInt64> {
        let places = gazetteer._places.buffers
        var perContext = [UInt64](repeating: 0, count: 2 * gazetteer._places.contexts.count)
        var done = [Bool](repeating: false, count: gazetteer._places.contexts.count)
        for i in places.records.indices {
            let packed = places.records[i]
            let context = places.fields.context(packed.word)
            guard !done[context] else { continue }
            done[context] = true
            var record = places[i]
            record.kind = .region
            perContext[2 * context] = qualifiers.firstBytes(of: record)
            record.kind = .city
            perContext[2 * context + 1] = qualifiers.firstBytes(of: record)
        }
        return _Column(perContext)
    }

    /// Whether each of `whole`'s keys is an alternate name (`alternateKeys`): whether its
    /// name (each indexed name with its index among the gazetteer's names, `nameDisplay`,
    /// and its place, `namePlace`) is not its place's first (of `places`). The index build
    /// works them out from its own arrays.
    ///
    /// - Complexity: O(*m* + *n*) for *m* names and *n* keys.
    static func alternateKeys(
        of whole: _SortedKeys, places: _PlaceTable.Buffers, nameDisplay: [UInt32], namePlace: [UInt32]
    ) -> _Column<UInt64> {
        // Which indexed names are not their place's first, in name order (their places rise,
        // so the records are read in order), then each key's name's bit: reading a place
        // record a key, in key order, missed the cache for most of the 1.2 M keys. (A
        // place's first name read from its record word, not the decoded record.)
        var isAlternate = [UInt64](repeating: 0, count: (nameDisplay.count + 63) / 64)
        let records = places.records, fields = places.fields
        for name in nameDisplay.indices
        where nameDisplay[name] != fields.firstName(records[Int(namePlace[name])].word) {
            isAlternate[name >> 6] |= 1 << UInt64(name & 63)
        }
        let keys = whole.entries.buffers
        var alternate = [UInt64](repeating: 0, count: Self.words(forKeys: whole.count))
        for i in 0..<whole.count {
            let name = Int(keys.name(i))
            alternate[i >> 6] |= (isAlternate[name >> 6] >> UInt64(name & 63) & 1) << UInt64(i & 63)
        }
        return _Column(alternate)
    }

    /// The qualifier first bytes of the place whose record word is `word`: those of
    /// `_Qualifiers.firstBytes(of:)` for its record. `contexts` is `self.contexts`' buffer,
    /// and the word's context one of the table's (checked at load).
    @inline(__always)
    static func firstBytes(word: UInt64, fields: _PlaceFields, contexts: UnsafeBufferPointer<UInt64>) -> UInt64 {
        let kind = word & _PlaceFields.kindMask
        guard kind != 2 else { return 0 }
        return contexts[2 &* fields.context(word) &+ (kind == 1 ? 0 : 1)]
    }

    /// The words of `alternateKeys` for `keys` keys.
    static func words(forKeys keys: Int) -> Int { (keys + 63) / 64 }
}
