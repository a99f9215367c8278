/// The first keys a best-first walk yields for the short, popular prefixes, computed when
/// the index is built.
///
/// A one- to four-byte query matches tens of thousands of keys, and its walk spends most
/// of a keystroke descending the block-maximum tree. Yet the walk is a pure function of
/// its sources (which lists, which ranges, which bonuses): the same sources always yield
/// the same keys in the same order. So for each short prefix with many candidates, the
/// index stores the sources a single-token query adds (its *signature*) and the first
/// `depth` keys the walk yields for them. `_BestFirst` serves a walk whose sources equal a
/// stored signature from the list, and only if more keys are wanted does it run the real
/// walk, skipping the ones already served. A query whose sources differ in any way (other
/// bonuses, more sources, another list) finds no signature and walks as before, so the
/// shortcut can make a walk faster, never different.
///
/// Layout: `signatures` holds `Signature.width` words per entry (sorted by the first
/// source's lower bound, then the other words); `starts[e] ..< starts[e + 1]` are the
/// entry's yields in `yields` (source << 30 | position) and `bounds` (their scores).
struct _WalkShortcuts: Sendable {
    let signatures: _Column<UInt32>
    let starts: _Column<UInt32>
    let yields: _Column<UInt32>
    let bounds: _Column<Float>

    /// How many keys each entry stores: the walks of the typed-prefix workload need at
    /// most about 60, the 99th percentile under 50.
    static let depth = 48
    /// Prefixes up to this many bytes...
    static let longestPrefix = 4
    /// ...with at least this many candidate keys get an entry.
    static let minimumCandidates = 256

    /// The sources of a walk, as `_BestFirst` records them: for each, whether it ranges
    /// over the word keys, its range and its bonus.
    struct Signature: Equatable {
        var words: (Bool, Bool, Bool)
        var ranges: (Range<Int>, Range<Int>, Range<Int>)
        var bonuses: (Float, Float, Float)
        static let width = 10

        static func == (a: Signature, b: Signature) -> Bool {
            a.words == b.words && a.ranges == b.ranges && a.bonuses.0.bitPattern == b.bonuses.0.bitPattern
                && a.bonuses.1.bitPattern == b.bonuses.1.bitPattern && a.bonuses.2.bitPattern == b.bonuses.2.bitPattern
        }

        var encoded: [UInt32] {
            [UInt32(ranges.0.lowerBound), UInt32(ranges.0.upperBound), UInt32(ranges.1.lowerBound),
             UInt32(ranges.1.upperBound), UInt32(ranges.2.lowerBound), UInt32(ranges.2.upperBound),
             (words.0 ? 1 : 0) | (words.1 ? 2 : 0) | (words.2 ? 4 : 0),
             bonuses.0.bitPattern, bonuses.1.bitPattern, bonuses.2.bitPattern]
        }
    }

    static let none = _WalkShortcuts(
        signatures: _Column([]), starts: _Column([0]), yields: _Column([]), bounds: _Column([]))

    init(signatures: _Column<UInt32>, starts: _Column<UInt32>, yields: _Column<UInt32>, bounds: _Column<Float>) {
        self.signatures = signatures
        self.starts = starts
        self.yields = yields
        self.bounds = bounds
    }

    var count: Int { starts.count - 1 }

    /// The entry whose signature is `signature`, if any.
    ///
    /// - Complexity: O(log *e*) for *e* entries.
    func entry(for signature: Signature) -> Int? {
        guard count > 0, signature.ranges.0.upperBound <= Int(UInt32.max) else { return nil }
        let wanted = signature.encoded
        let words = signatures.buffer
        // Entries are sorted by their words; find the first not below `wanted`.
        var low = 0, n = count
        while n > 0 {
            let half = n / 2
            if Self.compare(words, low + half, wanted) < 0 {
                low += half + 1
                n -= half + 1
            } else {
                n = half
            }
        }
        return low < count && Self.compare(words, low, wanted) == 0 ? low : nil
    }

    private static func compare(_ words: UnsafeBufferPointer<UInt32>, _ entry: Int, _ other: [UInt32]) -> Int {
        for i in 0..<Signature.width {
            let a = words[entry * Signature.width + i], b = other[i]
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }

    /// Whether every reference is in bounds for `index`'s lists: what a mapped index must
    /// satisfy before `_BestFirst` trusts it.
    func isConsistent(whole: Int, words: Int) -> Bool {
        guard starts.count >= 1, signatures.count == count * Signature.width, starts[0] == 0,
              Int(starts[count]) == yields.count, bounds.count == yields.count else { return false }
        var previous: UInt32 = 0
        for start in starts.buffer {
            guard start >= previous else { return false }
            previous = start
        }
        for e in 0..<count {
            let w = Array(signatures.buffer[(e * Signature.width)..<((e + 1) * Signature.width)])
            let lists = [w[6] & 1 != 0, w[6] & 2 != 0, w[6] & 4 != 0]
            for s in 0..<3 {
                let limit = lists[s] ? words : whole
                guard w[2 * s] <= w[2 * s + 1], Int(w[2 * s + 1]) <= limit else { return false }
            }
            for y in Int(starts[e])..<Int(starts[e + 1]) {
                let source = Int(yields[y] >> 30), position = Int(yields[y] & 0x3FFF_FFFF)
                guard source < 3, position < Int(w[2 * source + 1]), position >= Int(w[2 * source]) else { return false }
            }
        }
        return true
    }

    /// The sources `completions(for:)` adds for a one-token query `key`: exact whole names,
    /// other whole-name prefixes, word prefixes, with their bonuses. (If this drifts from
    /// `completions(for:)`, no signature matches and shortcuts go unused; a test checks
    /// that they are used.)
    static func singleTokenSignature(_ key: [UInt8], _ index: _PrefixIndex) -> Signature {
        let whole = index.range(of: key, in: index.whole)
        let exactEnd = whole.range.lowerBound + whole.exact
        return Signature(
            words: (false, false, true),
            ranges: (whole.range.lowerBound..<exactEnd, exactEnd..<whole.range.upperBound,
                     index.range(of: key, in: index.words).range),
            bonuses: (_Ranking.exactNameBonus(queryLength: key.count), _Ranking.namePrefix, _Ranking.wordPrefix))
    }

    /// Computes the shortcuts of `index`.
    ///
    /// - Complexity: O(*p* (log *n* + *d* log *n*)) for *p* popular prefixes of up to
    ///   `longestPrefix` bytes, *d* = `depth`.
    static func build(_ index: _PrefixIndex) -> _WalkShortcuts {
        guard index.whole.count < 1 << 30, index.words.count < 1 << 30 else { return .none }
        // Candidates per prefix (up to `longestPrefix` bytes, ending on a character
        // boundary), summed over both lists. A prefix is packed big-endian into a UInt32
        // padded with zeros (keys hold no zero byte). Keys are sorted, so each prefix is
        // one run per list.
        var candidates: [UInt32: Int] = [:]
        let text = index.folded.buffer
        for list in [index.whole, index.words] {
            var run = [UInt32](repeating: 0, count: longestPrefix + 1), length = [Int](repeating: 0, count: longestPrefix + 1)
            func flush(_ l: Int) {
                if run[l] != 0 { candidates[run[l], default: 0] += length[l] }
                run[l] = 0
                length[l] = 0
            }
            for i in 0..<list.count {
                var j = Int(list.key[i])
                var packed: UInt32 = 0
                for l in 1...longestPrefix {
                    let byte = text[j]
                    guard byte != 0 else {
                        for rest in l...longestPrefix { flush(rest) }
                        break
                    }
                    packed |= UInt32(byte) << (32 - 8 * l)
                    j += 1
                    let boundary = text[j] & 0xC0 != 0x80  // the next byte starts a character (or ends)
                    let prefix = boundary ? packed : 0
                    if prefix != run[l] {
                        flush(l)
                        run[l] = prefix
                    }
                    if prefix != 0 { length[l] += 1 }
                }
            }
            for l in 1...longestPrefix { flush(l) }
        }
        var entries: [(words: [UInt32], yields: [UInt32], bounds: [Float])] = []
        for (packed, count) in candidates where count >= minimumCandidates {
            var prefix: [UInt8] = []
            for l in 1...longestPrefix where packed >> (32 - 8 * l) & 0xFF != 0 {
                prefix.append(UInt8(packed >> (32 - 8 * l) & 0xFF))
            }
            let signature = singleTokenSignature(prefix, index)
            var walk = _BestFirst()
            walk.add(signature.ranges.0, of: index.whole, bonus: signature.bonuses.0)
            walk.add(signature.ranges.1, of: index.whole, bonus: signature.bonuses.1)
            walk.add(signature.ranges.2, of: index.words, bonus: signature.bonuses.2)
            var yields: [UInt32] = [], bounds: [Float] = []
            while yields.count < depth, let (position, source, bound) = walk.next() {
                yields.append(UInt32(source) << 30 | UInt32(position))
                bounds.append(bound)
            }
            entries.append((signature.encoded, yields, bounds))
        }
        entries.sort { $0.words.lexicographicallyPrecedes($1.words) }
        var signatures: [UInt32] = [], starts: [UInt32] = [0], yields: [UInt32] = [], bounds: [Float] = []
        for entry in entries where signatures.suffix(Signature.width) != entry.words[...] {
            // (Two prefixes with the same sources share one entry.)
            signatures += entry.words
            yields += entry.yields
            bounds += entry.bounds
            starts.append(UInt32(yields.count))
        }
        return _WalkShortcuts(signatures: _Column(signatures), starts: _Column(starts), yields: _Column(yields),
                              bounds: _Column(bounds))
    }
}
