/// One query's search: the key ranges to consider (each with its bonus and, for a
/// qualified reading, the qualifier to check), walked best first into the top results.
///
/// The index's layer below the completer: `matches(for:options:in:filterViews:)` (in
/// `_Search+Query.swift`) runs a whole query, its exact and qualified readings and then
/// its typo pass, and `placeCount(for:options:in:)` counts one. A search is set up by its
/// initializers and fed by its `add…` methods (`_Search+Sources.swift`); `run()`
/// (`_Search+Walk.swift`) walks it.
struct _Search {
    struct Source {
        var split: _QueryPlan.Split?
        /// How many key bytes a match covers (for highlighting).
        var matchedLength: Int
        /// The split's qualifier tokens' `_Qualifiers.firstByteMask`.
        var firstBytes: UInt64 = 0
        /// Whether its keys were sifted by `firstBytes` before the walk (so `run()` need
        /// not check them again).
        var sifted = false
    }

    /// The completer's data (held by reference: a search starts with one retain).
    let completer: _CompletionSource
    let filter: _Filter
    let near: GeoCoordinate?
    let limit: Int
    /// Results must score above this (typo matches must beat the best exact one).
    let floor: Float?
    /// Results must score within this of the best result (typo matches far less
    /// plausible than the best typo match are noise).
    let relativeFloor: Float?
    var walk = _BestFirst()
    var sources: [Source] = []
    /// Typo-tolerant walks, expanded as their bounds come up.
    var frontiers: [_FuzzyFrontier] = []
    /// The typed query's length, for typo highlights.
    var typedLength = 0
    /// The best matches so far.
    var results: _TopMatches
    /// Places already placed, so that no place appears twice.
    var seen = _PlaceSet()
    /// Results of an earlier search this one adds to (typo matches after exact ones): no
    /// result may look the same as one of them.
    let earlier: [_Match]
    /// The titles decoded to tell rows with the same labels apart (`readsLikeShown`).
    var titles = _TitleCache()
    /// What the rows of the list and of the earlier search read, once they are too many to
    /// scan (`readsLikeShown`).
    var readings = _ShownReadings()
    #if DEBUG
    /// Rows and matches compared by `readsLikeShown` and to place a match, counted for the
    /// tests that check a search's complexity.
    var rowSteps = 0
    /// Rows, titles and matches compared: what a search's complexity counts (tests).
    var steps: Int { rowSteps + titles.steps + results.steps }
    #endif
    /// Whether `addSources` only writes its ranges down in `counted`, for `countPlaces()`
    /// (off for completions, which never read them).
    let recordsRanges: Bool
    /// The exact and prefix key ranges added, when `recordsRanges`: the list (`true` for
    /// whole names), the keys, and the source they belong to.
    var counted: [(whole: Bool, keys: Range<Int>, source: Int)] = []

    /// The keys of each list that can pass the filter, when groups of `_KeyViews` hold
    /// them (its countries', or regions' and countries'): the walk reads only those (none
    /// for a country no place has). `nil`: the whole lists, every key checked.
    let views: [(whole: _KeyViews.View, words: _KeyViews.View)]?
    /// The joint groups given to the walk so far (several countries' views of one range
    /// walk as one source).
    var joints: Int32 = 0

    /// A search for exact and prefix matches under `options` (`filterViews: false` walks
    /// the whole key lists under a filter, as tests compare; `recordsRanges`: see there).
    init(source: _CompletionSource, options: CompletionOptions, filterViews: Bool = true, recordsRanges: Bool = false) {
        self.completer = source
        self.filter = _Filter(options: options, labels: source.gazetteer._labels)
        self.near = options.near.flatMap { $0.isValid ? $0 : nil }
        self.limit = options.limit
        self.floor = nil
        self.relativeFloor = nil
        self.earlier = []
        self.recordsRanges = recordsRanges
        results = _TopMatches(limit: options.limit)
        views = Self.views(of: source, under: filter, filterViews: filterViews)
    }

    /// The typo pass after `exact` has run and left room in the list: the keys within
    /// `budget` edits of `key` as a prefix, walked under `exact`'s filter, none of its
    /// places or rows again, into the room left.
    ///
    /// Beside exact matches, a typo reading must be clearly more plausible than the best
    /// of them ("delih": Delhi after Delihlitas), and is looked for with a bounded effort
    /// and one edit: the person may well have typed a rare name correctly, and a query
    /// that spells the start of a real name is far less likely to hold two typos than one.
    init(typosAfter exact: _Search, key: [UInt8], budget: Int) {
        completer = exact.completer
        filter = exact.filter
        near = exact.near
        views = exact.views
        limit = exact.limit - exact.results.count
        seen = exact.seen
        earlier = exact.results.sorted()
        titles = exact.titles
        // (Hashed, they are the exact search's rows: `earlier`.)
        readings = exact.readings
        recordsRanges = false
        let besideExact = !exact.results.isEmpty
        floor = exact.results.best.map { $0.score + _Ranking.weights.typoOverExact }
        relativeFloor = _Ranking.weights.typoSpread
        results = _TopMatches(limit: limit)
        addTypoSources(
            key, budget: besideExact ? min(budget, 1) : budget,
            expansions: besideExact
                ? _FuzzyFrontier.expansionsBesideExact(queryLength: key.count) : _FuzzyFrontier.maxExpansions)
    }

    /// The filter's views of the key lists (see `views`).
    private static func views(of source: _CompletionSource, under filter: _Filter, filterViews: Bool)
        -> [(whole: _KeyViews.View, words: _KeyViews.View)]? {
        // (No local copy of the index: it would retain every column.)
        if !filterViews || (filter.kinds.isEmpty && filter.countries.isEmpty) {
            return nil
        } else if !filter.kinds.isEmpty && !filter.kinds.contains(.city) {
            // Regions and countries are few: their group, whatever the countries.
            let whole = source.index.wholeViews
            let g = filter.kinds.count == 2 ? whole.nonCityGroup
                : filter.kinds.contains(.region) ? whole.regionGroup : whole.countryGroup
            return [(whole.view(g), source.index.wordViews.view(g))]
        } else if !filter.countries.isEmpty, filter.otherCountries.isEmpty {
            // (A code no place has adds no view; one that several labels pack to, no group.)
            let groups = filter.countries.sorted().compactMap { source.countryGroups[$0] }
            return groups.contains { $0 < 0 }
                ? nil : groups.map { (source.index.wholeViews.view($0), source.index.wordViews.view($0)) }
        } else {
            return nil
        }
    }

    /// Adds the keys `range` of `list` (one of the index's two), through the filter's
    /// views of it if it has them.
    mutating func add(_ range: Range<Int>, of list: _SortedKeys, bonus: Float, _ source: Source) {
        guard !range.isEmpty else { return }
        guard let views else {
            walk.add(range, of: list, bonus: bonus)
            sources.append(source)
            return
        }
        let joint = nextJoint(views.count)
        let isWhole = list.entries === completer.index.whole.entries
        for pair in views {
            let view = isWhole ? pair.whole : pair.words
            let within = view.range(of: range)
            guard !within.isEmpty else { continue }
            walk.add(within, of: list, view: view, joint: joint, bonus: bonus)
            sources.append(source)
        }
    }

    /// A new joint group for `count` views of one range (-1 for one view: none needed).
    mutating func nextJoint(_ count: Int) -> Int32 {
        guard count > 1 else { return -1 }
        joints += 1
        return joints - 1
    }

    /// The score a result must beat: the floor, the best result less `relativeFloor`, and
    /// (the list full) the worst result; -infinity when none applies. It only rises as
    /// results come in.
    var cutoff: Float {
        var cutoff = floor ?? -.infinity
        if let margin = relativeFloor, let best = results.best { cutoff = max(cutoff, best.score - margin) }
        if results.count == limit, let worst = results.worst { cutoff = max(cutoff, worst.score) }
        return cutoff
    }
}
