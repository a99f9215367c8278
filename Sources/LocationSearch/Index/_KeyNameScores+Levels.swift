/// How many distinct scores a list keeps beside its names, and the map of its scores onto
/// that many levels (`Levels`).
extension _KeyNameScores {
    /// The fewest bits a whole-name key's rank is given beside its name: a word's rank
    /// then tells apart scores 1/2,047 of their range apart (for the bundled data, whose
    /// scores span 12.15 powers of ten of population, 0.0059 of one: 1.4% of a
    /// population).
    static let minimumRankBits = 11

    /// The most levels a list's scores keep, however wide its words: 2¹⁶ − 1, so that a
    /// rank plus one is a 16-bit `Best`.
    static let maximumLevels = 65_535

    /// How many distinct scores the keys of `nameCount` names keep: as many as the rank
    /// has bits for in the fewest whole bytes that hold a name and `minimumRankBits` (11
    /// bits beside the bundled data's 21-bit names, so 4-byte words where its 136,334
    /// distinct scores took 5), at most `maximumLevels`.
    static func scoreLevels(nameCount: Int) -> Int {
        let nameBits = _PackedWords.bits(toHold: max(nameCount, 1) - 1)
        let rankBits = 8 * _PackedWords.width(forBits: nameBits + minimumRankBits) - nameBits
        return min(1 << min(rankBits, 16), maximumLevels)
    }

    /// A map of scores onto at most `levels` values, keeping their order: the identity
    /// when the scores given hold no more distinct values than that, else the nearest of
    /// `levels` values evenly spaced from the lowest score to the highest (each moved by
    /// at most half a step). Scores a step apart or more keep their order; closer ones may
    /// become equal, and then rank as ties do (a key list's text, then its name).
    ///
    ///     let grid = _KeyNameScores.Levels([0, 0.1, 0.2, 0.9, 1], levels: 3)
    ///     grid.map(0.2)   // 0.0: the levels are 0, 0.5 and 1
    ///     grid.map(0.9)   // 1.0
    ///
    /// - Complexity: O(*n*) to make for *n* scores, with at most `levels` + 1 of them
    ///   hashed while more are distinct; O(1) a score.
    struct Levels: Sendable {
        /// The lowest score and the step between levels; `step` 0 keeps every score.
        let low: Double, step: Double

        init(_ scores: some Collection<Float>, levels: Int) {
            precondition(levels >= 2, "at least two levels")
            var distinct = Set<UInt32>(minimumCapacity: levels + 1)
            var low = Float.infinity, high = -Float.infinity
            for score in scores {
                low = min(low, score)
                high = max(high, score)
                if distinct.count <= levels { distinct.insert((score + 0).bitPattern) }
            }
            guard distinct.count > levels, low < high, low.isFinite, high.isFinite else {
                (self.low, self.step) = (0, 0)
                return
            }
            self.low = Double(low)
            self.step = (Double(high) - Double(low)) / Double(levels - 1)
        }

        /// `score` on its level (itself when the scores keep their values).
        func map(_ score: Float) -> Float {
            guard step > 0 else { return score }
            return Float(low + ((Double(score) - low) / step).rounded() * step)
        }
    }
}
