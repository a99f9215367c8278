/// One query's search: the key ranges to consider (each with its bonus and, for a
/// qualified reading, the qualifier to check), walked best first into the top results.
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
    var limit: Int
    /// Results must score above this (typo matches must beat the best exact one).
    var floor: Float?
    /// Results must score within this of the best result (typo matches far less
    /// plausible than the best typo match are noise).
    var relativeFloor: Float?
    private var walk = _BestFirst()
    private var sources: [Source] = []
    /// Typo-tolerant walks, expanded as their bounds come up.
    private var frontiers: [_FuzzyFrontier] = []
    /// The typed query's length, for typo highlights.
    private var typedLength = 0
    /// How many nodes each typo walk may expand.
    var typoExpansions = _FuzzyFrontier.maxExpansions
    var results: [_Match] = []
    /// Places already placed, so that no place appears twice.
    var seen = _PlaceSet()
    /// Results of an earlier search this one adds to (typo matches after exact ones): no
    /// result may look the same as one of them.
    var earlier: [_Match] = []

    /// The keys of each list that can pass the filter, when groups of `_KeyViews` hold
    /// them (its countries', or regions' and countries'): the walk reads only those (none
    /// for a country no place has). `nil`: the whole lists, every key checked.
    private let views: [(whole: _KeyViews.View, words: _KeyViews.View)]?
    /// The joint groups given to the walk so far (several countries' views of one range
    /// walk as one source).
    private var joints: Int32 = 0

    init(source: _CompletionSource, options: CompletionOptions, filterViews: Bool = true) {
        self.completer = source
        self.filter = _Filter(options: options, labels: source.gazetteer._labels)
        self.near = options.near.flatMap { $0.isValid ? $0 : nil }
        self.limit = options.limit
        results.reserveCapacity(min(options.limit, 64) + 1)
        // (No local copy of the index: it would retain every column.)
        if !filterViews || (filter.kinds.isEmpty && filter.countries.isEmpty) {
            views = nil
        } else if !filter.kinds.isEmpty && !filter.kinds.contains(.city) {
            // Regions and countries are few: their group, whatever the countries.
            let whole = source.index.wholeViews
            let g = filter.kinds.count == 2 ? whole.nonCityGroup
                : filter.kinds.contains(.region) ? whole.regionGroup : whole.countryGroup
            views = [(whole.view(g), source.index.wordViews.view(g))]
        } else if !filter.countries.isEmpty, filter.otherCountries.isEmpty {
            // (A code no place has adds no view; one that several labels pack to, no group.)
            let groups = filter.countries.sorted().compactMap { source.countryGroups[$0] }
            views = groups.contains { $0 < 0 }
                ? nil : groups.map { (source.index.wholeViews.view($0), source.index.wordViews.view($0)) }
        } else {
            views = nil
        }
    }

    /// Adds the keys `range` of `list` (one of the index's two), through the filter's
    /// views of it if it has them.
    private mutating func add(_ range: Range<Int>, of list: _SortedKeys, bonus: Float, _ source: Source) {
        guard !range.isEmpty else { return }
        guard let views else {
            walk.add(range, of: list, bonus: bonus)
            sources.append(source)
            return
        }
        let joint = nextJoint(views.count)
        let isWhole = list.key.pointer == completer.index.whole.key.pointer
        for pair in views {
            let view = isWhole ? pair.whole : pair.words
            let within = view.range(of: range)
            guard !within.isEmpty else { continue }
            walk.add(within, of: list, view: view, joint: joint, bonus: bonus)
            sources.append(source)
        }
    }

    /// A new joint group for `count` views of one range (-1 for one view: none needed).
    private mutating func nextJoint(_ count: Int) -> Int32 {
        guard count > 1 else { return -1 }
        joints += 1
        return joints - 1
    }

    /// Exact matches are usually few; up to this many are scored one by one.
    static let exactKeysScoredOneByOne = 4096

    /// Adds the keys matching `key` exactly or as a prefix, of whole names and (unless
    /// `wholeNamesOnly`) of later words.
    mutating func addSources(_ key: [UInt8], bonus: Float, split: _QueryPlan.Split?, wholeNamesOnly: Bool) {
        // (`completer.index` each time, not bound to a local: a local copy of the index
        // retains every column.)
        // A trailing space ends the last word: "paris " matches "paris" and "paris 15",
        // not "parish". Keys equal to "paris" sort just before those continuing with a
        // space, so both are one range, its exact part first.
        let word = key.last == 0x20 ? Array(key.dropLast()) : key
        let source = Source(split: split, matchedLength: key.count,
                            firstBytes: split.map { _Qualifiers.firstByteMask($0.qualifier) } ?? 0)
        let whole = completer.index.range(of: word, in: .whole)
        let exactEnd = whole.range.lowerBound + whole.exact
        let exactBonus = bonus + _Ranking.exactNameBonus(queryLength: word.count)
        if whole.exact <= Self.exactKeysScoredOneByOne {
            // An exact alternate name is the person naming the place ("new york", "wien"):
            // it keeps only part of the alternate-name penalty. A qualified reading's places
            // are sifted before they enter the walk by their region and country words'
            // first byte and first two bytes: most of a common name's places fail ("san
            // jose l", "paris tx"). Both are read from bits kept beside the keys, not from
            // the places' records.
            let bits = completer.qualifierBits.buffer
            let sift: UInt64? = split == nil ? nil : source.firstBytes
            let exact = whole.range.lowerBound..<exactEnd
            var added = source
            added.sifted = split != nil
            // (A local function, passed without escaping: no closure context is allocated.)
            func scoreKey(_ i: Int) -> Float? {
                let known = bits[i]
                if let sift, !_Qualifiers.mayMatch(sift, known: known) { return nil }
                return exactBonus + (known & LocationCompleter.alternateNameBit == 0 ? 0 : _Ranking.weights.exactAlternateName)
            }
            if let views {
                let joint = nextJoint(views.count)
                for pair in views {
                    walk.add(keys: pair.whole.range(of: exact), of: completer.index.whole, view: pair.whole, joint: joint,
                             bonus: scoreKey)
                    sources.append(added)
                }
            } else {
                walk.add(keys: exact, of: completer.index.whole, bonus: scoreKey)
                sources.append(added)
            }
        } else {
            add(whole.range.lowerBound..<exactEnd, of: completer.index.whole, bonus: exactBonus, source)
        }
        guard !wholeNamesOnly else { return }
        let prefixEnd = word.count == key.count ? whole.range.upperBound : completer.index.range(of: key, in: .whole).range.upperBound
        add(exactEnd..<prefixEnd, of: completer.index.whole, bonus: bonus + _Ranking.weights.namePrefix, source)
        let words = completer.index.range(of: word, in: .words)
        let wordsEnd = word.count == key.count ? words.range.upperBound : completer.index.range(of: key, in: .words).range.upperBound
        add(words.range.lowerBound..<wordsEnd, of: completer.index.words, bonus: bonus + _Ranking.weights.wordPrefix, source)
    }

    /// Adds the keys within `budget` edits of `key` as a prefix, of whole names and later
    /// words, found best first as `run()` needs them (see `_FuzzyFrontier`).
    mutating func addTypoSources(_ key: [UInt8], budget: Int) {
        typedLength = key.count
        // (The walks read the index through pointers: the search holds its completer.)
        frontiers = [
            _FuzzyFrontier(query: key, budget: budget, list: .whole, of: completer.index, quality: _Ranking.weights.namePrefix),
            _FuzzyFrontier(query: key, budget: budget, list: .words, of: completer.index, quality: _Ranking.weights.wordPrefix),
        ]
        for i in frontiers.indices { frontiers[i].expansionLimit = typoExpansions }
    }

    /// The score a result must beat: the floor, the best result less `relativeFloor`, and
    /// (the list full) the worst result; -infinity when none applies. It only rises as
    /// results come in.
    private var cutoff: Float {
        var cutoff = floor ?? -.infinity
        if let margin = relativeFloor, let first = results.first { cutoff = max(cutoff, first.score - margin) }
        if results.count == limit, let worst = results.last { cutoff = max(cutoff, worst.score) }
        return cutoff
    }

    /// Walks the sources best first until the results cannot improve.
    mutating func run() {
        // (Columns as buffers, not the index or gazetteer bound to locals: a local copy
        // retains every column.)
        let qualifiers = completer.qualifiers
        let names = completer.gazetteer._names
        let places = completer.gazetteer._places.buffer
        let namePlace = completer.index.namePlace.buffer, nameDisplay = completer.index.nameDisplay.buffer
        let text = completer.index.folded.buffer
        while true {
            // The best score still possible, from the keys or from typo nodes not yet expanded.
            let keyBound = walk.bestRemaining ?? -.infinity
            var frontier = -1, frontierBound = -Float.infinity
            for i in frontiers.indices {
                // (By index: a walk is a few hundred bytes and a few arrays, not to be copied.)
                if let bound = frontiers[i].bestBound, bound > frontierBound { (frontier, frontierBound) = (i, bound) }
            }
            let best = max(keyBound, frontierBound)
            let cutoff = self.cutoff
            if best <= cutoff { break }  // (also when nothing is left: both bounds are -infinity)
            if frontierBound > keyBound {
                if let match = frontiers[frontier].expand(text: text, cutoff: cutoff) {
                    let quality = frontiers[frontier].quality
                    // Highlight at least as much of the name as was typed: the walk stops at
                    // the first node within budget, which may be short of the typed length.
                    let source = Source(split: nil, matchedLength: max(match.depth, typedLength))
                    let bonus = quality + _Ranking.weights.typo * Float(match.edits)
                    switch frontiers[frontier].list {
                    case .whole: add(match.range, of: completer.index.whole, bonus: bonus, source)
                    case .words: add(match.range, of: completer.index.words, bonus: bonus, source)
                    }
                }
                continue
            }
            guard let (position, sourceIndex, bound) = walk.next() else { break }
            if bound <= cutoff { continue }
            // (Read through the walk's pointers and in place: copying a list or a source
            // per candidate costs reference counting.)
            let name = walk.name(at: position, source: sourceIndex)
            let placeIndex = namePlace[Int(name)]
            guard !seen.contains(placeIndex) else { continue }
            let record = places[Int(placeIndex)]
            guard filter.accepts(record) else { continue }
            var qualifier: [_Qualifiers.Word] = []
            if let split = sources[sourceIndex].split {
                // Most places of a qualified reading fail ("san jose l"): most are told by
                // their region and country words' first byte and first two bytes (already
                // checked for sifted keys), without reading the words.
                guard sources[sourceIndex].sifted
                        || _Qualifiers.mayMatch(sources[sourceIndex].firstBytes, known: qualifiers.firstBytes(of: record)),
                      let words = qualifiers.match(split.qualifier, record) else { continue }
                qualifier = words
            }
            var score = bound
            if let near, !record.latitude.isNaN {
                let coordinate = GeoCoordinate(latitude: Double(record.latitude), longitude: Double(record.longitude))
                score += _Ranking.nearness(meters: near.distance(to: coordinate))
                if let floor, score <= floor { continue }
            }
            seen.insert(placeIndex)
            let display = nameDisplay[Int(name)]
            let row = _Match.Row(display: display, record)
            // No two rows that read the same (title, region, country): a row pushed out of
            // the list no longer shows, so only those in it (and earlier ones) count.
            guard !results.contains(where: { $0.row.reads(like: row, names) }),
                  !earlier.contains(where: { $0.row.reads(like: row, names) }) else { continue }
            let shown = _CompletionRow(
                place: placeIndex, display: display, name: name, keyOffset: walk.keyOffset(at: position, source: sourceIndex),
                matchedLength: Int32(clamping: sources[sourceIndex].matchedLength), qualifier: qualifier)
            let match = _Match(shown: shown, score: score, population: record.population, row: row)
            let at = results.firstIndex { match.ranks(before: $0) } ?? results.count
            if at < limit {
                results.insert(match, at: at)
                if results.count > limit { results.removeLast() }
            }
        }
    }
}
