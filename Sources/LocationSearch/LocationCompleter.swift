/// Completes place names as a person types them, offline.
///
/// Build one completer and share it: it is immutable, so any number of tasks can query it
/// at once without locks.
///
/// ```swift
/// let completer = try LocationCompleter()              // the bundled GeoNames gazetteer
/// for completion in completer.completions(for: "san fr").prefix(2) {
///     print(completion.title, "|", completion.subTitle)
/// }
/// // San Francisco | California, United States
/// // San Fernando | Central Luzon, Philippines
/// ```
///
/// ## Matching
/// The query and every name are folded (case, diacritics, punctuation; see `_Folding`).
/// A place matches when the query is a prefix of one of its names (canonical or
/// alternate), or of a later word in it ("fran" finds San Francisco). Tokens after the
/// name may qualify it by region or country, in order: "paris tex", "paris, texas" and
/// "springfield il" find Paris, Texas and Springfield, Illinois.
///
/// ## Ranking
/// Score = log10(population) + match quality (exact name > name prefix > word prefix)
/// + small adjustments for alternate names, regions, countries and qualified matches,
/// + with `near`, a distance term. `_Ranking` documents every weight. One completion per
/// place, best first.
public struct LocationCompleter: Sendable {
    let gazetteer: Gazetteer
    let index: _PrefixIndex
    /// Each gazetteer label, folded: for matching region and country qualifiers.
    let foldedLabels: [[UInt8]]
    /// The most words a qualifier can have (a region's words plus its country's).
    let longestQualifier: Int

    /// Builds a completer over `gazetteer`.
    ///
    /// - Complexity: O(*n* log *n*) in the number of indexed name words.
    public init(gazetteer: Gazetteer) {
        self.init(gazetteer: gazetteer, progress: nil)
    }

    /// `init(gazetteer:)`, reporting progress to `progress` (for the CLI's progress bar).
    ///
    /// - Complexity: O(*n* log *n*) in the number of indexed name words, plus
    ///   O(*p* log *n*) for the walk shortcuts of *p* popular short prefixes.
    @_spi(Tools)
    public init(gazetteer: Gazetteer, progress: _BuildProgress?) {
        let index = _PrefixIndex(gazetteer, progress: progress)
        var longest = 0
        let labels = gazetteer._labels.map { _Folding.fold($0) }
        for record in gazetteer._places.buffer {
            var words = 0
            for label in [record.admin1Name, record.countryName] where label >= 0 {
                words += labels[Int(label)].split(separator: 0x20).count
            }
            longest = max(longest, words)
        }
        self.init(gazetteer: gazetteer, index: index, longestQualifier: longest)
        #if DEBUG
        index._checkInvariants()
        #endif
    }

    init(gazetteer: Gazetteer, index: _PrefixIndex, longestQualifier: Int) {
        self.gazetteer = gazetteer
        self.index = index
        self.foldedLabels = gazetteer._labels.map { _Folding.fold($0) }
        self.longestQualifier = longestQualifier
    }

    /// The number of places the completer knows.
    public var placeCount: Int { gazetteer.count }

    /// The best completions for `query`, best first.
    ///
    /// Any string is a valid query: one with no letters or digits, or longer than any
    /// name, returns no completions.
    ///
    /// - Complexity: O(*m* log *n* + *k* log *n*) for a query of *m* bytes and a limit of
    ///   *k*, where *n* is the number of indexed name words: independent of how many
    ///   places match. Country and kind filters and `near` add the cost of skipping the
    ///   better-ranked places they exclude. In practice: a few microseconds per keystroke
    ///   (see the README's Performance section and `location-search bench`); prefixes of up
    ///   to four bytes with many matches read their first keys from precomputed shortcuts,
    ///   so the short prefixes typed first cost no more than longer ones.
    public func completions(for query: String, options: CompletionOptions = .init()) -> [LocalSearchCompletion] {
        guard options.limit > 0 else { return [] }
        let plan = _QueryPlan(query: query)
        guard !plan.key.isEmpty, plan.key.count <= index.longestName + 1 + plan.qualifierAllowance(longestQualifier) else {
            return []
        }
        var walk = index.makeWalk()
        var splits: [_QueryPlan.Split?] = []
        func addSources(_ key: [UInt8], bonus: Float, split: _QueryPlan.Split?, wholeNamesOnly: Bool) {
            let whole = index.range(of: key, in: index.whole)
            let exactEnd = whole.range.lowerBound + whole.exact
            walk.add(whole.range.lowerBound..<exactEnd, of: index.whole,
                     bonus: bonus + _Ranking.exactNameBonus(queryLength: key.count))
            splits.append(split)
            guard !wholeNamesOnly else { return }
            walk.add(exactEnd..<whole.range.upperBound, of: index.whole, bonus: bonus + _Ranking.namePrefix)
            walk.add(index.range(of: key, in: index.words).range, of: index.words, bonus: bonus + _Ranking.wordPrefix)
            splits.append(contentsOf: [split, split])
        }
        addSources(plan.key, bonus: 0, split: nil, wholeNamesOnly: false)
        // A name followed by a qualifier must be a whole name ("paris tex"), unless a comma
        // marks where the name ends ("san fran, calif"): otherwise "san" + "fr" would read
        // as any name starting with "san" in France.
        for split in plan.splits(maxQualifierWords: longestQualifier) {
            addSources(split.name, bonus: _Ranking.qualifiedMatch, split: split, wholeNamesOnly: !split.afterComma)
        }

        let filter = _Filter(options: options, gazetteer: gazetteer)
        let near = options.near.flatMap { $0.isValid ? $0 : nil }
        var results: [_Match] = []
        results.reserveCapacity(min(options.limit, 64) + 1)
        var seen = _PlaceSet()
        while let (position, source, bound) = walk.next() {
            if results.count == options.limit, let worst = results.last, bound <= worst.score { break }
            let name = walk.name(at: position, source: source)
            let placeIndex = index.namePlace[Int(name)]
            guard !seen.contains(placeIndex) else { continue }
            let record = gazetteer._places[Int(placeIndex)]
            guard filter.accepts(record) else { continue }
            var qualifier: [Int] = []
            if let split = splits[source] {
                guard let words = matchQualifier(split.qualifier, record) else { continue }
                qualifier = words
            }
            seen.insert(placeIndex)
            var score = bound
            if let near, !record.latitude.isNaN {
                let coordinate = GeoCoordinate(latitude: Double(record.latitude), longitude: Double(record.longitude))
                score += _Ranking.nearness(meters: near.distance(to: coordinate))
            }
            let match = _Match(
                place: placeIndex, name: name, keyOffset: walk.keyOffset(at: position, source: source), score: score,
                matchedLength: splits[source]?.name.count ?? plan.key.count,
                qualifier: qualifier, qualifierTokens: splits[source]?.qualifier ?? [])
            let at = results.firstIndex { match.ranks(before: $0, population: record.population, gazetteer) } ?? results.count
            if at < options.limit {
                results.insert(match, at: at)
                if results.count > options.limit { results.removeLast() }
            }
        }
        return completions(for: results)
    }

    /// The words of the place's region and country names that the qualifier tokens match
    /// in order (each token a prefix of a later word), or `nil` if they do not.
    ///
    /// Called for every candidate of a "name qualifier" reading, most of which fail, so
    /// it allocates only for a match.
    ///
    /// - Complexity: O(*w*), *w* the bytes of the place's region and country names.
    func matchQualifier(_ tokens: [ArraySlice<UInt8>], _ record: _PlaceRecord) -> [Int]? {
        guard forEachQualifierMatch(tokens, record, { _ in }) else { return nil }
        var matched: [Int] = []
        matched.reserveCapacity(tokens.count)
        _ = forEachQualifierMatch(tokens, record) { matched.append($0) }
        return matched
    }

    /// Matches `tokens` in order against the words of the qualifier labels, calling
    /// `body` with each matched word's number; whether all matched.
    private func forEachQualifierMatch(
        _ tokens: [ArraySlice<UInt8>], _ record: _PlaceRecord, _ body: (Int) -> Void
    ) -> Bool {
        let labels: (Int32, Int32)
        switch record.kind {
        case .city: labels = (record.admin1Name, record.countryName)
        case .region: labels = (record.countryName, -1)
        case .country: labels = (-1, -1)
        }
        var tokenIndex = tokens.startIndex
        var wordNumber = 0
        for label in [labels.0, labels.1] where label >= 0 && tokenIndex < tokens.endIndex {
            let text = foldedLabels[Int(label)]
            var start = 0
            while start < text.count && tokenIndex < tokens.endIndex {
                if text[start] == 0x20 { start += 1; continue }
                var end = start
                while end < text.count && text[end] != 0x20 { end += 1 }
                if text[start..<end].starts(with: tokens[tokenIndex]) {
                    body(wordNumber)
                    tokenIndex += 1
                }
                wordNumber += 1
                start = end
            }
        }
        return tokenIndex == tokens.endIndex
    }

    /// The labels a qualifier is matched against: region and country for a city, the
    /// country for a region, nothing for a country.
    func qualifierLabels(_ record: _PlaceRecord) -> [Int32] {
        switch record.kind {
        case .city: [record.admin1Name, record.countryName].filter { $0 >= 0 }
        case .region: [record.countryName]
        case .country: []
        }
    }

    /// The completions for ranked matches, in order.
    ///
    /// Each completion reads a place record, a name and its offsets from different parts
    /// of the index, which a query that ran over many keys has rarely left in the cache.
    /// Reading them for all matches first lets those misses overlap, instead of paying
    /// them one completion after another.
    ///
    /// - Complexity: O(*k* (*t* + *s*)) for *k* matches, titles of length *t* and
    ///   subtitles of length *s*.
    func completions(for matches: [_Match]) -> [LocalSearchCompletion] {
        var touched: UInt64 = 0
        for match in matches {
            let record = gazetteer._places[Int(match.place)]
            let display = Int(index.nameDisplay[Int(match.name)])
            touched &+= UInt64(truncatingIfNeeded: record.population) &+ UInt64(record.firstName)
                &+ UInt64(gazetteer._names.offsets[display]) &+ UInt64(index.nameStart[Int(match.name)])
        }
        var completions: [LocalSearchCompletion] = []
        completions.reserveCapacity(matches.count)
        for match in matches { completions.append(completion(for: match)) }
        if touched == 1 { completions.reserveCapacity(matches.count) }  // keeps the reads above
        return completions
    }

    /// The completion for a ranked match: the title with its highlights, the subtitle, the
    /// place.
    ///
    /// Title highlights come straight from the title's bytes when it is ASCII, else from
    /// folding it one character at a time up to the end of the match; the subtitle is
    /// built in one allocation. `FastPathTests` checks both highlighters against
    /// `_FoldedText`.
    ///
    /// - Complexity: O(*t* + *s*), the lengths of the title and subtitle.
    func completion(for match: _Match) -> LocalSearchCompletion {
        let record = gazetteer._places[Int(match.place)]
        let place = gazetteer.place(at: Int(match.place), record)
        let nameIndex = Int(index.nameDisplay[Int(match.name)])
        let isAlternate = nameIndex != Int(record.firstName)
        let title = isAlternate ? gazetteer._names.string(nameIndex) : place.name

        let wordStart = Int(match.keyOffset) - Int(index.nameStart[Int(match.name)])
        let titleRanges = gazetteer._names.withBytes(nameIndex) { bytes in
            _FoldedText.asciiWordHighlights(bytes, keyBytes: wordStart..<(wordStart + match.matchedLength))
        } ?? _FoldedText.wordHighlights(of: title, keyBytes: wordStart..<(wordStart + match.matchedLength))

        // The subtitle: the canonical name under an alternate one, then the region and
        // country (for a city), the country (for a region) or the continent (for a country).
        let first: Int32, second: Int32
        switch record.kind {
        case .city: (first, second) = (record.admin1Name, record.countryName)
        case .region: (first, second) = (record.countryName, -1)
        case .country: (first, second) = (record.continent, -1)
        }
        let subtitle = Self.joined(isAlternate ? place.name : nil, label(first), label(second))
        let subtitleRanges = match.qualifier.isEmpty ? [] : qualifierHighlights(match, record, isAlternate: isAlternate, canonicalName: place.name)
        return LocalSearchCompletion(
            place: place, title: title, subTitle: subtitle,
            matchedName: isAlternate ? title : nil,
            titleHighlightRanges: titleRanges, subtitleHighlightRanges: subtitleRanges)
    }

    @inline(__always)
    private func label(_ index: Int32) -> String? { index >= 0 ? gazetteer._labels[Int(index)] : nil }

    /// The non-nil parts joined by ", ", in one allocation.
    static func joined(_ a: String?, _ b: String?, _ c: String?) -> String {
        switch (a, b, c) {
        case (nil, nil, nil): return ""
        case (let x?, nil, nil), (nil, let x?, nil), (nil, nil, let x?): return x
        default: break
        }
        let total = (a?.utf8.count ?? -2) + (b?.utf8.count ?? -2) + (c?.utf8.count ?? -2) + 6
        return String(unsafeUninitializedCapacity: total) { out in
            var at = 0, parts = 0
            if let a { append(a, to: out, at: &at, parts: &parts) }
            if let b { append(b, to: out, at: &at, parts: &parts) }
            if let c { append(c, to: out, at: &at, parts: &parts) }
            return at
        }
    }

    /// Writes ", " (before all but the first part) and `part` at `at` in `out`.
    @inline(__always)
    private static func append(_ part: String, to out: UnsafeMutableBufferPointer<UInt8>, at: inout Int, parts: inout Int) {
        var part = part
        if parts > 0 {
            out[at] = UInt8(ascii: ",")
            out[at + 1] = UInt8(ascii: " ")
            at += 2
        }
        parts += 1
        let count = part.withUTF8 { bytes in
            if bytes.count > 0 { (out.baseAddress! + at).update(from: bytes.baseAddress!, count: bytes.count) }
            return bytes.count
        }
        at += count
    }

    /// The subtitle highlights of the region and country words a qualifier matched.
    func qualifierHighlights(_ match: _Match, _ record: _PlaceRecord, isAlternate: Bool, canonicalName: String) -> [HighlightRange] {
        var parts: [String] = isAlternate ? [canonicalName] : []
        let labels: [Int32]
        switch record.kind {
        case .city, .region: labels = qualifierLabels(record)
        case .country: labels = [record.continent].filter { $0 >= 0 }
        }
        let firstLabelPart = parts.count
        parts += labels.map { gazetteer._labels[Int($0)] }
        var subtitleRanges: [HighlightRange] = []
        var wordNumber = 0
        var offset = parts[..<firstLabelPart].reduce(0) { $0 + $1.utf16.count + 2 }
        var pending = Array(zip(match.qualifier, match.qualifierTokens))
        for part in parts[firstLabelPart...] {
            let text = _FoldedText(part)
            for word in text.key.split(separator: 0x20, omittingEmptySubsequences: true) {
                let wordStartByte = word.startIndex
                if let (target, token) = pending.first, target == wordNumber {
                    pending.removeFirst()
                    if let range = text.highlight(wordStartByte..<(wordStartByte + token.count)) {
                        subtitleRanges.append(HighlightRange(location: offset + range.location, length: range.length))
                    }
                }
                wordNumber += 1
            }
            offset += part.utf16.count + 2
        }
        return subtitleRanges
    }
}

/// A candidate while a query runs.
struct _Match {
    var place: UInt32
    var name: UInt32
    var keyOffset: UInt32
    var score: Float
    /// How many folded bytes of the name the query covered.
    var matchedLength: Int
    /// Which region/country words the qualifier tokens matched, and the tokens.
    var qualifier: [Int]
    var qualifierTokens: [ArraySlice<UInt8>]

    /// Higher score first; ties to the more populous place, then the earlier one.
    func ranks(before other: _Match, population: Int64, _ gazetteer: Gazetteer) -> Bool {
        if score != other.score { return score > other.score }
        let otherPopulation = gazetteer._places[Int(other.place)].population
        if population != otherPopulation { return population > otherPopulation }
        return place < other.place
    }
}

/// The hard filters of `CompletionOptions`: they never let another place through.
struct _Filter {
    let countries: Set<String>
    let kinds: Set<Place.Kind>
    let labels: [String]

    init(options: CompletionOptions, gazetteer: Gazetteer) {
        countries = Set(options.countries.map { $0.uppercased() })
        kinds = options.kinds
        labels = gazetteer._labels
    }

    @inline(__always)
    func accepts(_ record: _PlaceRecord) -> Bool {
        if !kinds.isEmpty && !kinds.contains(record.kind) { return false }
        if !countries.isEmpty && !countries.contains(labels[Int(record.countryCode)].uppercased()) { return false }
        return true
    }
}
