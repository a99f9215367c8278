/// A candidate while a query runs.
struct _Match {
    /// The place, name and matched part the completion will show.
    var shown: _CompletionRow
    var score: Float
    var population: Int64
    /// What the row shows, to keep rows that read the same apart.
    var row: Row

    /// A result row's text, as indices: the displayed name, the canonical name under an
    /// alternate one, the region, the country and the kind.
    struct Row {
        var display: UInt32, canonical: UInt32, admin1: Int32, country: Int32, kind: UInt8

        /// The row of `record`'s place under its name `display`.
        @inline(__always)
        init(display: UInt32, _ record: _PlaceRecord) {
            self.display = display
            canonical = display == record.firstName ? UInt32.max : record.firstName
            admin1 = record.admin1Name
            country = record.countryName
            kind = record.kindCode
        }

        /// Whether the two rows have the same labels and canonical name, so that they read
        /// the same if their titles do (`_Search.readsLikeShown`).
        @inline(__always)
        func hasLabels(of other: Row) -> Bool {
            admin1 == other.admin1 && country == other.country && kind == other.kind
                && canonical == other.canonical
        }
    }

    /// What orders matches: the score, the population and the place.
    var rank: Rank { Rank(score: score, population: population, place: shown.place) }

    /// Higher score first; ties to the more populous place, then the earlier one.
    @inline(__always)
    func ranks(before other: _Match) -> Bool { rank.ranks(before: other.rank) }

    /// What orders matches, without the rest of a match (plain values: `_TopMatches`
    /// keeps them in a `_Heap`).
    struct Rank: BitwiseCopyable {
        var score: Float
        var population: Int64
        var place: UInt32

        /// Higher score first; ties to the more populous place, then the earlier one: a
        /// strict total order (no two matches are of one place), so the best `k` matches
        /// and their order do not depend on the order they come in.
        @inline(__always)
        func ranks(before other: Rank) -> Bool {
            if score != other.score { return score > other.score }
            if population != other.population { return population > other.population }
            return place < other.place
        }
    }
}
