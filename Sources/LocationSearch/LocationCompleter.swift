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
/// // San Francisco de Macorís | Duarte, Dominican Republic
/// ```
///
/// ## Matching
/// The query and every name are folded (case, diacritics, punctuation; see `_Folding`).
/// A place matches when the query is a prefix of one of its names (canonical or
/// alternate), of a later word in it ("fran" finds San Francisco), or of its canonical
/// name written without spaces ("newyork"). Abbreviations read both ways ("st" ↔ "saint",
/// "ft" ↔ "fort"). Tokens after a whole name may qualify it by region or country, in
/// order, by name, abbreviation or code: "paris tex", "paris, texas", "paris tx" and
/// "springfield il". With `typoTolerance`, a few typing mistakes are forgiven.
///
/// ## Ranking
/// Score = log10(population) + match quality (exact name > name prefix > word prefix)
/// + small adjustments for alternate names, regions, countries, abbreviations and
/// qualified matches, + with `near`, a distance term. Typo matches come after all exact
/// and prefix matches. `_Ranking` documents every weight. One completion per place, and
/// no two completions that read the same, best first.
public struct LocationCompleter: Sendable {
    /// The immutable data, behind one reference: completions and searches hold it, and
    /// copying it is one retain (its parts held by value would be retained one by one).
    let source: _CompletionSource
    /// The answers to the heaviest queries (see `_PrecomputedAnswers`).
    private(set) var answers: _PrecomputedAnswers

    var gazetteer: Gazetteer { source.gazetteer }
    var index: _PrefixIndex { source.index }
    var qualifiers: _Qualifiers { source.qualifiers }
    var qualifierBits: _Column<UInt64> { source.qualifierBits }
    var qualifierPrefixes: _QualifierPrefixes { source.qualifierPrefixes }
    /// The bit of `qualifierBits` that marks an alternate name (no first-byte class uses it).
    static let alternateNameBit: UInt64 = 1 << 31

    /// Builds a completer over `gazetteer`.
    ///
    /// - Complexity: O(*n* log *n*) in the number of indexed name words.
    public init(gazetteer: Gazetteer) {
        self.init(gazetteer: gazetteer, progress: nil)
    }

    /// `init(gazetteer:)`, reporting progress to `progress` (for the CLI's progress bar).
    ///
    /// - Complexity: O(*n* log *n*) in the number of indexed name words.
    @_spi(Tools)
    public init(gazetteer: Gazetteer, progress: _BuildProgress?) {
        let index = _PrefixIndex(gazetteer, progress: progress)
        let searching = LocationCompleter(gazetteer: gazetteer, index: index, answers: .empty)
        progress?("Precomputing answers", 0)
        self = searching.with(answers: _PrecomputedAnswers.build(for: searching))
        progress?("Precomputing answers", 1)
        #if DEBUG
        index._checkInvariants()
        #endif
    }

    /// A completer over these parts; `qualifierBits` and `qualifierPrefixes` worked out
    /// when not given (a built index), read from the file when loading one.
    init(gazetteer: Gazetteer, index: _PrefixIndex, answers: _PrecomputedAnswers,
         qualifierBits: _Column<UInt64>? = nil, qualifierPrefixes: _QualifierPrefixes? = nil) {
        let qualifiers = _Qualifiers(gazetteer)
        self.answers = answers
        self.source = _CompletionSource(
            gazetteer: gazetteer, index: index, qualifiers: qualifiers,
            qualifierBits: qualifierBits ?? Self.qualifierBits(gazetteer, index, qualifiers),
            qualifierPrefixes: qualifierPrefixes ?? _QualifierPrefixes(gazetteer, qualifiers))
    }

    /// Each whole-name key's `_Qualifiers.firstBytes`: worked out per place, in the
    /// records' order (neighbouring places mostly share their region), then read per key.
    ///
    /// - Complexity: O(*p* + *n*) for *p* places and *n* whole-name keys.
    static func qualifierBits(_ gazetteer: Gazetteer, _ index: _PrefixIndex, _ qualifiers: _Qualifiers) -> _Column<UInt64> {
        let places = gazetteer._places.buffer
        var perPlace = [UInt64](repeating: 0, count: places.count)
        var last: _QualifierGroup? = nil
        var lastBits: UInt64 = 0
        for (i, record) in places.enumerated() {
            let group = _QualifierGroup(record)
            if group != last {
                lastBits = qualifiers.firstBytes(of: record)
                last = group
            }
            perPlace[i] = lastBits
        }
        let names = index.whole.name.buffer, namePlace = index.namePlace.buffer, nameDisplay = index.nameDisplay.buffer
        let firstName = places.map(\.firstName)
        return _Column(names.map { name in
            let place = Int(namePlace[Int(name)])
            let alternate = nameDisplay[Int(name)] != firstName[place] ? alternateNameBit : 0
            return perPlace[place] & ~alternateNameBit | alternate
        })
    }

    /// This completer with other precomputed answers (its qualifiers reused, not rebuilt).
    func with(answers: _PrecomputedAnswers) -> LocationCompleter {
        var copy = self
        copy.answers = answers
        return copy
    }

    /// The number of places the completer knows.
    public var placeCount: Int { gazetteer.count }

    /// The best completions for `query`, best first.
    ///
    /// Any string is a valid query: one with no letters or digits, or longer than any
    /// name and qualifier, returns no completions.
    ///
    /// - Complexity: O(*m* log *n* + *k* log *n*) for a query of *m* bytes and a limit of
    ///   *k*, where *n* is the number of indexed name words: independent of how many
    ///   places match. A filter on countries, or on regions or countries only, walks
    ///   only the keys it lets through (`_KeyViews`: O(*c* log *g*) more for *c*
    ///   countries of at most *g* keys each); a filter on cities and `near` add the cost
    ///   of skipping the better-ranked places they exclude; typo tolerance, when the exact matches do not
    ///   fill the list, adds a walk over the query's edit neighbourhood of at most 4,000
    ///   node expansions (beside exact matches, one edit and 800 expansions down to 10 as
    ///   the query grows; see `_FuzzyFrontier`).
    ///   The heaviest queries (a prefix that starts many keys, with the default options and
    ///   a limit up to 10) are answered from results stored in the index: O(*m* log *b* + *k*)
    ///   for *b* stored queries sharing the query's first two bytes (see `_PrecomputedAnswers`).
    public func completions(for query: String, options: CompletionOptions = .init()) -> [LocalSearchCompletion] {
        guard options.limit > 0 else { return [] }
        let plan = _QueryPlan(query: query)
        if options.limit <= _PrecomputedAnswers.depth, options.near == nil, options.countries.isEmpty,
           options.kinds.isEmpty, plan.tokensBeforeComma == nil,
           let stored = answers.entries(for: plan.key, typoTolerance: options.typoTolerance) {
            let nameDisplay = source.index.nameDisplay
            let language = options.language == nil ? -1 : source.language(options.language)
            let typed = Self.typedSpelling(query)
            return stored.prefix(options.limit).map { entry in
                let row = _CompletionRow(
                    place: entry.place, display: nameDisplay[Int(entry.name)], name: entry.name,
                    keyOffset: entry.keyOffset, matchedLength: Int32(entry.matchedLength), language: language,
                    qualifier: [])
                return LocalSearchCompletion(source, typed.map { source.respelled(row, typed: $0) } ?? row)
            }
        }
        // (A closure over the source alone: a method of the completer as the closure
        // copied the whole completer, and retained each of its columns.)
        let shared = source
        let found = matches(for: plan, options: options)
        let typed = Self.typedSpelling(query)
        guard options.language != nil || typed != nil else { return found.map { LocalSearchCompletion(shared, $0.shown) } }
        let language = source.language(options.language)
        return found.map { match in
            var row = typed.map { source.respelled(match.shown, typed: $0) } ?? match.shown
            row.language = language
            return LocalSearchCompletion(shared, row)
        }
    }

    /// The query's name part (before any comma), lower-cased, when it has letters beyond
    /// ASCII: titles then show the spelling typed (see `_CompletionSource.respelled`).
    static func typedSpelling(_ query: String) -> String? {
        guard query.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        let name = query.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let typed = name.trimmingCharacters(in: .whitespaces).lowercased()
        return typed.isEmpty ? nil : typed
    }

    /// The search behind `completions(for:options:)`: the best matches for `plan`, best
    /// first.
    /// (`filterViews: false` walks the whole key lists under a filter, as tests compare.)
    func matches(for plan: _QueryPlan, options: CompletionOptions, filterViews: Bool = true) -> [_Match] {
        search(for: plan, options: options, filterViews: filterViews).matches
    }

    /// `matches(for:options:)`, and how many of the matches are exact (not typo) matches:
    /// those come first, and are what the search finds without typo tolerance.
    func search(for plan: _QueryPlan, options: CompletionOptions, filterViews: Bool = true)
        -> (matches: [_Match], exactCount: Int) {
        guard !plan.key.isEmpty,
              plan.key.count <= source.index.longestName + 1 + plan.qualifierAllowance(source.qualifiers.longest) else {
            return ([], 0)
        }
        var search = _Search(source: source, options: options, filterViews: filterViews)
        addReadings(of: plan, bonus: 0, to: &search)
        for key in _Synonyms.variants(of: plan.key) {
            addReadings(of: _QueryPlan(key: key, tokensBeforeComma: plan.tokensBeforeComma), bonus: _Ranking.weights.synonym, to: &search)
        }
        search.run()
        if search.results.isEmpty, plan.tokens.count == 1, plan.key.count >= 6 {
            // One run-together word that matched nothing: try it as two ("britishcolumbia").
            for cut in 2...(plan.key.count - 2) {
                let key = Array(plan.key[..<cut]) + [0x20] + Array(plan.key[cut...])
                search.addSources(key, bonus: _Ranking.weights.joinedName, split: nil, wholeNamesOnly: false)
            }
            search.run()
        }
        if options.typoTolerance && search.results.count < options.limit {
            let budget = _FuzzyFrontier.budget(for: plan.key)
            if budget > 0 {
                var typos = _Search(source: source, options: options, filterViews: filterViews)
                typos.seen = search.seen
                typos.earlier = search.results
                // Beside exact matches, a typo reading must be clearly more plausible than
                // the best of them ("delih": Delhi after Delihlitas), and is looked for with
                // a bounded effort and one edit: the person may well have typed a rare name
                // correctly, and a query that spells the start of a real name is far less
                // likely to hold two typos than one.
                let besideExact = !search.results.isEmpty
                typos.floor = search.results.first.map { $0.score + _Ranking.weights.typoOverExact }
                typos.typoExpansions = besideExact
                    ? _FuzzyFrontier.expansionsBesideExact(queryLength: plan.key.count) : _FuzzyFrontier.maxExpansions
                typos.relativeFloor = _Ranking.weights.typoSpread
                typos.limit = options.limit - search.results.count
                typos.addTypoSources(plan.key, budget: besideExact ? min(budget, 1) : budget)
                typos.run()
                let exactCount = search.results.count
                search.results += typos.results
                return (search.results, exactCount)
            }
        }
        return (search.results, search.results.count)
    }

    /// Adds one reading of the query to `search`: all of it as (the start of) a name, and
    /// its name/qualifier splits.
    func addReadings(of reading: _QueryPlan, bonus: Float, to search: inout _Search) {
        search.addSources(reading.key, bonus: bonus, split: nil, wholeNamesOnly: false)
        // A name followed by a qualifier must be a whole name ("paris tex"), unless a
        // comma marks where the name ends ("san fran, calif"): otherwise "san" + "fr"
        // would read as any name starting with "san" in France.
        // A qualifier token that no region or country word starts with rules its split out.
        for split in reading.splits(maxQualifierWords: source.qualifiers.longest)
        where split.qualifier.allSatisfy(source.qualifierPrefixes.mayStart) {
            search.addSources(split.name, bonus: bonus + _Ranking.weights.qualifiedMatch, split: split, wholeNamesOnly: !split.afterComma)
        }
    }
}

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

        /// Whether the two rows read the same: equal labels, and names with equal text.
        @inline(__always)
        func reads(like other: Row, _ names: _StringTable) -> Bool {
            guard admin1 == other.admin1, country == other.country, kind == other.kind,
                  canonical == other.canonical else { return false }
            if display == other.display { return true }
            return names.withBytes(Int(display)) { a in
                names.withBytes(Int(other.display)) { b in a.elementsEqual(b) }
            }
        }
    }

    /// Higher score first; ties to the more populous place, then the earlier one.
    func ranks(before other: _Match) -> Bool {
        if score != other.score { return score > other.score }
        if population != other.population { return population > other.population }
        return shown.place < other.shown.place
    }
}

/// The hard filters of `CompletionOptions`: they never let another place through.
struct _Filter {
    /// The requested ISO codes, upper-cased and packed two bytes to a number, so that a
    /// candidate is checked without making a string.
    let countries: Set<UInt16>
    /// Requested codes that are not two ASCII letters (custom gazetteers), compared as text.
    let otherCountries: Set<String>
    let kinds: Set<Place.Kind>
    let labels: [String]

    init(options: CompletionOptions, labels: [String]) {
        var packed = Set<UInt16>(), other = Set<String>()
        for code in options.countries {
            if let value = Self.pack(code.utf8) { packed.insert(value) } else { other.insert(code.uppercased()) }
        }
        countries = packed
        otherCountries = other
        kinds = options.kinds
        self.labels = labels
    }

    /// Two ASCII letters, upper-cased and packed; `nil` for anything else.
    @inline(__always)
    static func pack(_ utf8: String.UTF8View) -> UInt16? {
        guard utf8.count == 2, let a = utf8.first, let b = utf8.last, a < 0x80, b < 0x80 else { return nil }
        func upper(_ byte: UInt8) -> UInt16 { UInt16(byte >= 0x61 && byte <= 0x7A ? byte - 32 : byte) }
        return upper(a) << 8 | upper(b)
    }

    @inline(__always)
    func accepts(_ record: _PlaceRecord) -> Bool {
        if !kinds.isEmpty && !kinds.contains(record.kind) { return false }
        if !countries.isEmpty || !otherCountries.isEmpty {
            let code = labels[Int(record.countryCode)]
            if let value = Self.pack(code.utf8) {
                if !countries.contains(value) { return false }
            } else if !otherCountries.contains(code.uppercased()) {
                return false
            }
        }
        return true
    }
}

/// A completion's subtitle parts (at most three: the canonical name, the region, the
/// country or continent), each with the qualifier part it can highlight, joined into
/// one string with one allocation.
struct _SubtitleParts {
    private var first: (String, UInt8?)? = nil
    private var second: (String, UInt8?)? = nil
    private var third: (String, UInt8?)? = nil

    mutating func append(_ text: String, part: UInt8?) {
        if first == nil { first = (text, part) } else if second == nil { second = (text, part) } else { third = (text, part) }
    }

    var items: [(text: String, part: UInt8?)] {
        [first, second, third].compactMap { $0.map { (text: $0.0, part: $0.1) } }
    }

    /// The parts separated by ", ".
    func joined() -> String {
        var byteCount = 0, count = 0
        forEachText { text in
            byteCount += text.utf8.count
            count += 1
        }
        guard count > 0 else { return "" }
        byteCount += 2 * (count - 1)
        return String(unsafeUninitializedCapacity: byteCount) { out in
            var i = 0
            forEachText { text in
                if i > 0 {
                    out[i] = UInt8(ascii: ","); out[i + 1] = UInt8(ascii: " ")
                    i += 2
                }
                var text = text
                text.withUTF8 { bytes in
                    _ = UnsafeMutableBufferPointer(rebasing: out[i..<(i + bytes.count)]).initialize(fromContentsOf: bytes)
                    i += bytes.count
                }
            }
            return i
        }
    }

    private func forEachText(_ body: (String) -> Void) {
        if let first { body(first.0) }
        if let second { body(second.0) }
        if let third { body(third.0) }
    }
}
