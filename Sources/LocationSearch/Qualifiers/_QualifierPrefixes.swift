/// Which word beginnings any place's qualifier words have, as a one-hash Bloom filter over
/// their prefixes of 3 to 8 bytes: a token whose beginning is not in it matches no place,
/// so a reading with such a qualifier token is not searched at all ("la brossteing" read
/// as "la" in a region starting with "brossteing"). False positives only cost the search
/// the filter would have saved.
struct _QualifierPrefixes: Sendable {
    /// The filter's bits, `wordCount` 64-bit words.
    let bits: _Column<UInt64>
    static let wordCount = 4096  // 2^18 bits, 32 KB
    static let shortest = 3, longest = 8

    init(bits: _Column<UInt64>) { self.bits = bits }

    /// The filter of every qualifier word of every place of `gazetteer`.
    ///
    /// - Complexity: O(*p*) for *p* places, plus the words of each distinct region and
    ///   country pair.
    init(_ gazetteer: Gazetteer, _ qualifiers: _Qualifiers) {
        var words = [UInt64](repeating: 0, count: Self.wordCount)
        var seen = Set<_QualifierGroup>()
        var last: _QualifierGroup? = nil
        let places = gazetteer._places.buffers
        for i in places.indices {
            let record = places[i]
            let group = _QualifierGroup(record)
            // Neighbouring places mostly share their region: hash only on a change.
            guard group != last else { continue }
            last = group
            guard seen.insert(group).inserted else { continue }
            let (region, country) = qualifiers.words(for: record)
            for word in region + country where word.text.count >= Self.shortest {
                for length in Self.shortest...min(Self.longest, word.text.count) {
                    let bit = Self.bit(word.text[..<length])
                    words[bit >> 6] |= 1 << UInt64(bit & 63)
                }
            }
        }
        bits = _Column(words)
    }

    /// Whether some qualifier word may start with `token` (always, for a token shorter
    /// than `shortest`).
    @inline(__always)
    func mayStart(_ token: ArraySlice<UInt8>) -> Bool {
        guard token.count >= Self.shortest else { return true }
        let bit = Self.bit(token.prefix(Self.longest))
        return bits[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }

    /// The filter bit of a prefix: FNV-1a, folded to 18 bits.
    @inline(__always)
    static func bit(_ prefix: ArraySlice<UInt8>) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in prefix { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int((hash ^ (hash >> 18)) & UInt32(wordCount * 64 - 1))
    }
}
