/// What an exact reading reads beside each whole-name key instead of its place's record:
/// the place's qualifier first bytes (`_Qualifiers.firstBytes(of:)`), kept per place, and
/// whether the key is an alternate name, one bit a key. So an exact reading scores a
/// name's places, and a qualified one sifts them, without reading their records.
///
/// Per place and a bit a key (2 MB for the bundled data) where a word a key held both
/// (9.5 MB): a sift reads the key's name and place first, but only qualified readings
/// sift, and only over a name's exact keys.
struct _KeyQualifierBits: Sendable {
    /// Each place's qualifier first bytes.
    let places: _Column<UInt64>
    /// Bit `i % 64` of word `i / 64` is set when whole-name key `i` is an alternate name.
    let alternateKeys: _Column<UInt64>

    init(places: _Column<UInt64>, alternateKeys: _Column<UInt64>) {
        self.places = places
        self.alternateKeys = alternateKeys
    }

    /// The bits of `index`'s whole-name keys and `gazetteer`'s places: `firstBytes(of:)`
    /// worked out per place in the records' order (neighbouring places mostly share their
    /// region).
    ///
    /// - Complexity: O(*p* + *n*) for *p* places and *n* whole-name keys.
    init(_ gazetteer: Gazetteer, _ index: _PrefixIndex, _ qualifiers: _Qualifiers) {
        let places = gazetteer._places.buffers
        var perPlace = [UInt64](repeating: 0, count: places.count)
        var last: _QualifierGroup? = nil
        var lastBits: UInt64 = 0
        for (i, record) in places.enumerated() {
            let group = _QualifierGroup(record)
            if group != last {
                lastBits = qualifiers.firstBytes(of: record)
                last = group
            }
            perPlace[i] = lastBits
        }
        let keys = index.whole.entries.buffers, namePlace = index.namePlace.buffers
        let nameDisplay = index.nameDisplay.buffers
        var alternate = [UInt64](repeating: 0, count: Self.words(forKeys: index.whole.count))
        for i in 0..<index.whole.count {
            let name = Int(keys.name(i))
            if nameDisplay[name] != places[Int(namePlace[name])].firstName { alternate[i >> 6] |= 1 << UInt64(i & 63) }
        }
        self.init(places: _Column(perPlace), alternateKeys: _Column(alternate))
    }

    /// The words of `alternateKeys` for `keys` keys.
    static func words(forKeys keys: Int) -> Int { (keys + 63) / 64 }
}
