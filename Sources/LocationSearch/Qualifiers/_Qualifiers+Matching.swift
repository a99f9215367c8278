/// Matching qualifier tokens against a place's words: the words themselves, the
/// first-byte masks that rule most places out early, and the in-place prefix scan.
extension _Qualifiers {
    /// The qualifier words of a place: its region's (cities only) then its country's
    /// (not for countries themselves), as two lists.
    func words(for record: _PlaceRecord) -> (region: [Word], country: [Word]) {
        withLists(for: record) { region, country in
            func words(_ run: Run, part: UInt8) -> [Word] {
                var words: [Word] = []
                Self.forEachWord(run.bytes) { index, word in
                    words.append(Word(text: Array(word), part: part, labelWord: Self.labelWord(index, run)))
                }
                return words
            }
            return (words(region, part: 0), words(country, part: 1))
        }
    }

    /// Calls `body` with each word of `bytes` (words each followed by a space) and its index.
    private static func forEachWord(_ bytes: UnsafeBufferPointer<UInt8>,
                                    _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        var at = 0, index = 0
        while at < bytes.count {
            var end = at
            while end < bytes.count && bytes[end] != 0x20 { end += 1 }
            body(index, UnsafeBufferPointer(rebasing: bytes[at..<end]))
            at = end + 1
            index += 1
        }
    }

    /// A matched word's `labelWord`: its index among the label's own words, or -1.
    @inline(__always)
    private static func labelWord(_ index: Int, _ run: Run) -> Int16 {
        index < run.labelWords ? Int16(exactly: index) ?? -1 : -1
    }

    /// The beginnings of `words` as bits: in the low 32, one bit per first byte by class
    /// (a–z one bit each, one bit for 0–9, one for any other byte; bit 31 is never set);
    /// in the high 32, one bit per first two bytes, hashed. A token can only be a prefix
    /// of a word whose bits it has: its first byte's, and (two bytes or more) its first
    /// two bytes'. So a place whose words' mask lacks a bit of a qualifier's tokens' mask
    /// cannot match it (`mayMatch`); the pairs tell most places apart where the first
    /// bytes alone do not ("kre am" at 10 million names: every region with an A word).
    static func firstByteMask<C: Collection>(_ words: C) -> UInt64 where C.Element == ArraySlice<UInt8> {
        var mask: UInt64 = 0
        for word in words {
            guard let byte = word.first else { continue }
            mask |= maskBits(byte, word.count >= 2 ? word[word.index(after: word.startIndex)] : nil)
        }
        return mask
    }

    /// The `firstByteMask` bits of a word that starts with `byte`, then `next` if it has
    /// two bytes or more.
    @inline(__always)
    static func maskBits(_ byte: UInt8, _ next: UInt8?) -> UInt64 {
        var mask: UInt64
        switch byte {
        case 0x61...0x7A: mask = 1 << UInt64(byte - 0x61)
        case 0x30...0x39: mask = 1 << 26
        default: mask = 1 << 27
        }
        if let next {
            let pair = UInt32(byte) << 8 | UInt32(next)
            mask |= 1 << (32 + UInt64((pair &* 0x9E37_79B1) >> 27))
        }
        return mask
    }

    /// Whether tokens whose `firstByteMask` is `firstBytes` may qualify a place whose
    /// words' mask is `known` (`firstBytes(of:)`): `false` means `match(_:_:)` fails.
    @inline(__always)
    static func mayMatch(_ firstBytes: UInt64, known: UInt64) -> Bool { firstBytes & ~known == 0 }

    /// The words `tokens` match in order (each token a prefix of a later word; the region
    /// before the country), or `nil` if they do not all match.
    func match(_ tokens: [ArraySlice<UInt8>], _ record: _PlaceRecord) -> [Word]? {
        // The region's words then the country's, read in place (no joined copy: this runs
        // for every candidate of a qualified reading).
        withLists(for: record) { region, country in
            // First without allocating anything: most candidates fail.
            guard Self.find(tokens, region, country, each: { _, _, _ in }) else { return nil }
            var matched: [Word] = []
            matched.reserveCapacity(tokens.count)
            _ = Self.find(tokens, region, country) { token, part, index in
                // The typed length kept, for highlighting.
                matched.append(Word(text: Array(token), part: part,
                                    labelWord: Self.labelWord(index, part == 0 ? region : country)))
            }
            return matched
        }
    }

    /// Whether each token is a prefix of a word of `region` then `country`, in order,
    /// calling `each` with every token, its word's part (0 the region, 1 the country) and
    /// the word's index in its list.
    @inline(__always)
    private static func find(
        _ tokens: [ArraySlice<UInt8>], _ region: Run, _ country: Run, each: (ArraySlice<UInt8>, UInt8, Int) -> Void
    ) -> Bool {
        var part: UInt8 = 0, at = 0, index = 0
        for token in tokens {
            guard let first = token.first else { return false }
            var found = false
            search: while part < 2 {
                let bytes = part == 0 ? region.bytes : country.bytes
                while at < bytes.count {
                    var end = at
                    while end < bytes.count && bytes[end] != 0x20 { end += 1 }
                    // Compared in place, first byte first: most words fail on it.
                    var matches = bytes[at] == first && end - at >= token.count
                    if matches {
                        var k = at
                        for byte in token {
                            if bytes[k] != byte {
                                matches = false
                                break
                            }
                            k += 1
                        }
                    }
                    let word = index
                    at = end + 1
                    index += 1
                    if matches {
                        each(token, part, word)
                        found = true
                        break search
                    }
                }
                part += 1
                at = 0
                index = 0
            }
            guard found else { return false }
        }
        return true
    }
}
