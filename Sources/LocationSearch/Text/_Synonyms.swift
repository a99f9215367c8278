/// Abbreviations and their expansions, both ways ("st" ↔ "saint", "ft" ↔ "fort"), so that
/// "st petersburg" finds Saint Petersburg and "saint paul" finds St. Paul.
///
/// A query token that is exactly one of these words also tries its alternatives; the
/// readings are ranked together, the literal one slightly ahead (`_Ranking.weights.synonym`).
///
/// One way only at the end of the query: the last word, still being typed, is matched as
/// a prefix, and an abbreviation as a prefix matches far too much ("saint" read as "st"
/// would find Stockholm, Stuttgart and the United States; "port" as "pt", Portugal's
/// code). So a finished word ("saint paul", "saint ") reads both ways, and the last word
/// only from short to long ("st" → "saint", "mt" → "mount").
enum _Synonyms {
    /// Every word with its alternatives, the word packed into a `UInt64` (see `pack`):
    /// a few dozen entries, searched by a linear scan, so that neither building nor
    /// reading the table hashes anything (a dictionary keyed by byte arrays cost half a
    /// millisecond to set up, on the first query that had a word of the right length).
    static let entries: [(word: UInt64, alternatives: [[UInt8]])] = {
        // (An alternative shorter than its word is an abbreviation: see `variants(of:limit:)`.)
        let abbreviations: [(String, [String])] = [
            ("st", ["saint", "sankt", "sint"]), ("ste", ["sainte"]), ("sta", ["santa"]), ("sto", ["santo"]),
            ("ft", ["fort"]), ("mt", ["mount", "mont"]), ("pt", ["port", "point"]), ("pto", ["puerto"]),
            ("hts", ["heights"]), ("spgs", ["springs"]), ("lk", ["lake"]), ("bch", ["beach"]),
            ("jct", ["junction"]), ("fls", ["falls"]), ("vlg", ["village"]), ("twp", ["township"]),
            ("ctr", ["center", "centre"]), ("bg", ["burg"]), ("cd", ["ciudad"]), ("gral", ["general"]),
        ]
        var entries: [(word: UInt64, alternatives: [[UInt8]])] = []
        func add(_ word: String, _ alternative: String) {
            let packed = pack(Array(word.utf8)[...])!
            if let i = entries.firstIndex(where: { $0.word == packed }) {
                entries[i].alternatives.append(Array(alternative.utf8))
            } else {
                entries.append((packed, [Array(alternative.utf8)]))
            }
        }
        for (short, longs) in abbreviations {
            for long in longs {
                add(short, long)
                add(long, short)
            }
        }
        // Saint in other languages reads as "st" too: "sankt" also tries "saint".
        add("sankt", "saint")
        add("saint", "sankt")
        return entries
    }()

    /// A word of up to 8 bytes as one number (its bytes, little-endian, zero-padded: words
    /// hold no zero byte, so equal numbers are equal words); `nil` for a longer word.
    @inline(__always)
    static func pack(_ word: ArraySlice<UInt8>) -> UInt64? {
        guard word.count <= 8 else { return nil }
        var packed: UInt64 = 0
        for (i, byte) in word.enumerated() { packed |= UInt64(byte) << UInt64(8 * i) }
        return packed
    }

    /// The alternatives of one folded word, if it has any.
    static func alternatives(of word: ArraySlice<UInt8>) -> [[UInt8]]? {
        guard let packed = pack(word) else { return nil }
        return entries.first { $0.word == packed }?.alternatives
    }

    /// The other readings of a folded query (tokens separated by single spaces, maybe one
    /// trailing space): every combination of its tokens' alternatives, up to `limit`,
    /// without the query itself.
    static func variants(of key: [UInt8], limit: Int = 8) -> [[UInt8]] {
        // Most queries have no such token: find out without splitting or hashing.
        guard hasAlternatives(key) else { return [] }
        let trailing = key.last == 0x20
        let tokens = key.split(separator: 0x20).map(Array.init)
        var readings: [[[UInt8]]] = [[]]
        for (i, token) in tokens.enumerated() {
            var options = [token] + (alternatives(of: token[...]) ?? [])
            if i == tokens.count - 1 && !trailing {
                // The word being typed: not to its abbreviation (see the type's summary).
                options.removeAll { $0.count < token.count }
            }
            var next: [[[UInt8]]] = []
            for reading in readings {
                for option in options where next.count < limit + 1 { next.append(reading + [option]) }
            }
            readings = next
        }
        return readings.dropFirst().map { tokens in
            var joined = Array(tokens.joined(separator: [0x20]))
            if trailing { joined.append(0x20) }
            return joined
        }
    }

    /// The byte lengths of the words in `entries`, as a bit mask.
    static let wordLengths: UInt64 = entries.reduce(0) {
        $0 | (1 << UInt64(($1.word.bitWidth - $1.word.leadingZeroBitCount + 7) / 8))
    }

    /// Whether some token of `key` is a word of `entries`.
    static func hasAlternatives(_ key: [UInt8]) -> Bool {
        var start = 0
        for i in 0...key.count where i == key.count || key[i] == 0x20 {
            let length = i - start
            if length > 0 && length < 64 && wordLengths & (1 << UInt64(length)) != 0
                && alternatives(of: key[start..<i]) != nil {
                return true
            }
            start = i + 1
        }
        return false
    }
}
