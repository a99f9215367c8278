/// Abbreviations and their expansions, both ways ("st" ↔ "saint", "ft" ↔ "fort"), so that
/// "st petersburg" finds Saint Petersburg and "saint paul" finds St. Paul.
///
/// A query token that is exactly one of these words also tries its alternatives; the
/// readings are ranked together, the literal one slightly ahead (`_Ranking.synonym`).
enum _Synonyms {
    static let table: [String: [String]] = {
        let abbreviations: [String: [String]] = [
            "st": ["saint", "sankt", "sint"], "ste": ["sainte"], "sta": ["santa"], "sto": ["santo"],
            "ft": ["fort"], "mt": ["mount", "mont"], "pt": ["port", "point"], "pto": ["puerto"],
            "hts": ["heights"], "spgs": ["springs"], "lk": ["lake"], "bch": ["beach"],
            "jct": ["junction"], "fls": ["falls"], "vlg": ["village"], "twp": ["township"],
            "ctr": ["center", "centre"], "bg": ["burg"], "cd": ["ciudad"], "gral": ["general"],
        ]
        var table: [String: [String]] = [:]
        for (short, longs) in abbreviations {
            table[short, default: []] += longs
            for long in longs { table[long, default: []].append(short) }
        }
        // Saint in other languages reads as "st" too: "sankt" also tries "saint".
        table["sankt", default: []].append("saint")
        table["saint", default: []].append("sankt")
        return table
    }()

    static let folded: [[UInt8]: [[UInt8]]] = Dictionary(uniqueKeysWithValues: table.map { key, values in
        (Array(key.utf8), values.map { Array($0.utf8) })
    })

    /// The other readings of a folded query (tokens separated by single spaces, maybe one
    /// trailing space): every combination of its tokens' alternatives, up to `limit`,
    /// without the query itself.
    static func variants(of key: [UInt8], limit: Int = 8) -> [[UInt8]] {
        // Most queries have no such token: find out without splitting or hashing.
        guard hasAlternatives(key) else { return [] }
        let trailing = key.last == 0x20
        let tokens = key.split(separator: 0x20).map(Array.init)
        var readings: [[[UInt8]]] = [[]]
        for token in tokens {
            let options = [token] + (folded[token] ?? [])
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

    /// The byte lengths of the words in `table`, as a bit mask.
    static let wordLengths: UInt64 = table.keys.reduce(0) { $0 | (1 << UInt64(min($1.utf8.count, 63))) }

    /// Whether some token of `key` is a word of `table`.
    static func hasAlternatives(_ key: [UInt8]) -> Bool {
        key.withUnsafeBufferPointer { bytes in
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x20 {
                let length = i - start
                if length > 0 && length < 64 && wordLengths & (1 << UInt64(length)) != 0
                    && folded[Array(bytes[start..<i])] != nil {
                    return true
                }
                start = i + 1
            }
            return false
        }
    }
}
