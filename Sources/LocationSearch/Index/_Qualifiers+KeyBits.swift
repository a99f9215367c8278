/// The bits kept beside each whole-name key (`_CompletionSource.qualifierBits`): its
/// place's qualifier first bytes and whether it is an alternate name, so that an exact
/// reading scores a name's places, and a qualified one sifts them, without reading their
/// records.
extension _Qualifiers {
    /// The bit of the key bits that marks an alternate name (no first-byte class uses it).
    static let alternateNameBit: UInt64 = 1 << 31

    /// Each whole-name key's bits: its place's `firstBytes(of:)`, worked out per place, in the
    /// records' order (neighbouring places mostly share their region), then read per key.
    ///
    /// - Complexity: O(*p* + *n*) for *p* places and *n* whole-name keys.
    static func keyBits(_ gazetteer: Gazetteer, _ index: _PrefixIndex, _ qualifiers: _Qualifiers) -> _Column<UInt64> {
        let places = gazetteer._places.buffer
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
        let names = index.whole.name.buffer, namePlace = index.namePlace.buffer
        let nameDisplay = index.nameDisplay.buffer
        let firstName = places.map(\.firstName)
        return _Column(names.map { name in
            let place = Int(namePlace[Int(name)])
            let alternate = nameDisplay[Int(name)] != firstName[place] ? alternateNameBit : 0
            return perPlace[place] & ~alternateNameBit | alternate
        })
    }
}
