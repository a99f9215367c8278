/// Counting a query's matches without ranking them: what
/// `LocationCompleter.matchCount(for:options:)` asks of the index.
extension _Search {
    /// The places matching `plan` exactly or as a prefix under `options` (the readings
    /// `matches(for:options:in:filterViews:)` tries, typo matches aside), counted without
    /// ranking: a bit per place.
    ///
    /// - Complexity: see `countPlaces()`, after O(*m* log *n*) per reading to find its ranges.
    static func placeCount(for plan: _QueryPlan, options: CompletionOptions, in source: _CompletionSource) -> Int {
        guard mayMatch(plan, in: source) else { return 0 }
        var search = _Search(source: source, options: options, recordsRanges: true)
        search.addReadings(of: plan, synonymBonus: 0)
        var count = search.countPlaces()
        if count == 0, mayBeTwoWords(plan) {
            search.addTwoWordReadings(of: plan, bonus: 0)
            count = search.countPlaces()
        }
        return count
    }

    /// How many distinct places the recorded ranges hold that pass the filters and, for a
    /// qualified reading, match its qualifier: every exact and prefix match, unranked.
    /// Needs a search made with `recordsRanges`.
    ///
    /// - Complexity: O(*r* + *p* / 64) for *r* keys in the ranges and *p* places: one pass
    ///   over the keys, no ranking, a bit per place.
    func countPlaces() -> Int {
        let places = completer.gazetteer._places.buffers
        let namePlace = completer.index.namePlace.buffers
        let qualifiers = completer.qualifiers
        let whole = completer.index.whole.entries.buffers, words = completer.index.words.entries.buffers
        let filtered = !filter.kinds.isEmpty || !filter.countries.isEmpty || !filter.otherCountries.isEmpty
        var seen = [UInt64](repeating: 0, count: (places.count + 63) / 64)
        var count = 0
        seen.withUnsafeMutableBufferPointer { seen in
            for (isWhole, keys, sourceIndex) in counted where !keys.isEmpty {
                let names = isWhole ? whole : words
                let split = sources[sourceIndex].split
                for position in keys {
                    let place = Int(namePlace[Int(names.name(position))])
                    let bit: UInt64 = 1 << UInt64(place & 63)
                    guard seen[place >> 6] & bit == 0 else { continue }
                    // (The place's record only when a filter or qualifier needs it: most
                    // counts read nothing but the key's name and the name's place.)
                    if filtered || split != nil {
                        let record = places[place]
                        guard filter.accepts(record) else { continue }
                        if let split, qualifiers.match(split.qualifier, record) == nil { continue }
                    }
                    seen[place >> 6] |= bit
                    count += 1
                }
            }
        }
        return count
    }
}
