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
            qualifierBits: qualifierBits ?? _Qualifiers.keyBits(gazetteer, index, qualifiers),
            qualifierPrefixes: qualifierPrefixes ?? _QualifierPrefixes(gazetteer, qualifiers))
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
        guard options.language != nil || typed != nil else {
            return found.map { LocalSearchCompletion(shared, $0.shown) }
        }
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
        _Search.matches(for: plan, options: options, in: source, filterViews: filterViews)
    }
}
