/// Ranking scores: the distinct scores of a list's keys, rising, and each key's rank
/// among them (`Ranks`).
extension _KeyNameScores {
    /// The distinct `scores`, rising, and each one's rank among them (0 and -0 are one
    /// score, 0): `Ranks(scores)`'s table and its ranks of `scores`.
    ///
    /// - Complexity: O(*n* + *s* log *s*) expected, for *n* scores, *s* of them distinct.
    static func ranked(_ scores: [Float]) -> (table: [Float], ranks: [UInt32]) {
        let ranks = Ranks(scores)
        return (ranks.table, ranks.ranks(of: scores))
    }

    /// Some scores' distinct values, rising (`table`), and each one's rank among them: the
    /// table depends only on which scores there are, not on their order, so it can be made
    /// from the keys before they are sorted, and the sorted lists' ranks looked up after.
    ///
    /// By a table of the scores' bit patterns with open addressing, grown to stay at most
    /// half full: a `Set` of the scores and a binary search per key took about 6% of the
    /// bundled data's first build (`perf record` of `build-index`), this about 2%.
    ///
    ///     let ranks = _KeyNameScores.Ranks([1, -0.0, 2.5])
    ///     ranks.table                     // [0, 1, 2.5]
    ///     ranks.ranks(of: [2.5, 0, 1])    // [2, 0, 1]
    ///
    /// - Complexity: O(*n* + *s* log *s*) expected to make, for *n* scores, *s* of them
    ///   distinct; O(1) expected a rank.
    struct Ranks: Sendable {
        /// The distinct scores, strictly rising.
        let table: [Float]
        /// The distinct scores' bit patterns by hash (`empty` where none), and each slot's rank.
        private let slots: [UInt32], rankOf: [UInt32]
        private let bits: Int
        private static let empty = UInt32.max  // a NaN's bit pattern, which no score has

        init(_ scores: [Float]) {
            let empty = Self.empty
            var bits = 10, count = 0, next = 0
            var slots = [UInt32](repeating: empty, count: 1 << bits)
            while next < scores.count {
                // The scores in turn until the table is more than half full, then it grows.
                slots.withUnsafeMutableBufferPointer { slots in
                    while next < scores.count && 2 * count <= slots.count {
                        let pattern = (scores[next] + 0).bitPattern
                        next += 1
                        let i = Self.slot(pattern, UnsafeBufferPointer(slots), bits)
                        if slots[i] == empty {
                            slots[i] = pattern
                            count += 1
                        }
                    }
                }
                guard 2 * count > slots.count else { continue }
                bits += 1
                var grown = [UInt32](repeating: empty, count: 1 << bits)
                grown.withUnsafeMutableBufferPointer { grown in
                    for i in slots.indices where slots[i] != empty {
                        grown[Self.slot(slots[i], UnsafeBufferPointer(grown), bits)] = slots[i]
                    }
                }
                slots = grown
            }
            let table = slots.filter { $0 != empty }.map { Float(bitPattern: $0) }.sorted()
            var rankOf = [UInt32](repeating: 0, count: slots.count)
            slots.withUnsafeBufferPointer { slots in
                for rank in table.indices {
                    rankOf[Self.slot(table[rank].bitPattern, slots, bits)] = UInt32(rank)
                }
            }
            self.table = table
            self.slots = slots
            self.rankOf = rankOf
            self.bits = bits
        }

        /// The slot holding `pattern`, or the empty one where it would go.
        @inline(__always)
        private static func slot(_ pattern: UInt32, _ slots: UnsafeBufferPointer<UInt32>, _ bits: Int) -> Int {
            var i = Int(truncatingIfNeeded: (UInt64(pattern) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
            while slots[i] != pattern && slots[i] != empty { i = (i + 1) & (slots.count - 1) }
            return i
        }

        /// Each of `scores`' rank in `table`; every one must be among the scores the table
        /// was made of.
        ///
        /// - Complexity: O(*n*) expected for *n* scores.
        func ranks(of scores: [Float]) -> [UInt32] {
            let bits = self.bits
            var ranks = [UInt32](repeating: 0, count: scores.count)
            slots.withUnsafeBufferPointer { slots in
                rankOf.withUnsafeBufferPointer { rankOf in
                    for k in scores.indices {
                        let i = Self.slot((scores[k] + 0).bitPattern, slots, bits)
                        precondition(slots[i] != Self.empty, "a score the table does not hold")
                        ranks[k] = rankOf[i]
                    }
                }
            }
            return ranks
        }
    }
}
