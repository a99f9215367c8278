/// Completing a query: the stored answers to the heaviest queries, else a search of the
/// index, made into completions.
extension LocationCompleter {
    /// The best completions for `query`, best first.
    ///
    /// Any string is a valid query: one with no letters or digits, or longer than any
    /// name and qualifier, returns no completions.
    ///
    /// - Complexity: O(*m* log *n* + *k* log *n*) for a query of *m* bytes and a limit of
    ///   *k*, where *n* is the number of indexed name words: independent of how many
    ///   places match. A filter on countries, or on regions or countries only, walks
    ///   only the keys it lets through (O(*c* log *g*) more for *c* countries of at most
    ///   *g* keys each); a filter on cities and `near` add the cost of skipping the
    ///   better-ranked places they exclude; typo tolerance, when the exact matches do not
    ///   fill the list, adds a walk over the query's edit neighbourhood of at most 4,000
    ///   node expansions (beside exact matches, one edit and 800 expansions down to 10 as
    ///   the query grows).
    ///   The heaviest queries (a prefix that starts many keys, with the default options and
    ///   a limit up to 10) are answered from results stored in the index: O(*m* log *b* + *k*)
    ///   for *b* stored queries sharing the query's first two bytes.
    public func completions(for query: String, options: CompletionOptions = .init()) -> [LocalSearchCompletion] {
        guard options.limit > 0 else { return [] }
        let plan = _QueryPlan(query: query)
        if options._isServedByStoredAnswers, plan.tokensBeforeComma == nil,
           let stored = answers.entries(for: plan.key, typoTolerance: options.typoTolerance) {
            let nameDisplay = source.index.nameDisplay, namePlace = source.index.namePlace
            let language = options.language == nil ? -1 : source.language(options.language)
            let typed = Self.typedSpelling(query)
            let rows = stored.prefix(options.limit).map { entry in
                let row = _CompletionRow(
                    place: namePlace[Int(entry.name)], display: nameDisplay[Int(entry.name)], name: entry.name,
                    keyOffset: entry.keyOffset, matchedLength: Int32(entry.matchedLength), language: language,
                    qualifier: [])
                return typed.map { source.respelled(row, typed: $0) } ?? row
            }
            return source.droppingRowsThatReadAlike(rows).map { LocalSearchCompletion(source, $0) }
        }
        // (A closure over the source alone: a method of the completer as the closure
        // copied the whole completer, and retained each of its columns.)
        let shared = source
        return searchedRows(for: plan, query: query, options: options).map { LocalSearchCompletion(shared, $0) }
    }

    /// The rows a search shows for `query` (`plan`): its matches in the language asked
    /// for and the spelling typed, without those that read like a row before them.
    /// `matchCount(for:options:)` counts them too.
    func searchedRows(for plan: _QueryPlan, query: String, options: CompletionOptions) -> [_CompletionRow] {
        let found = matches(for: plan, options: options)
        let typed = Self.typedSpelling(query)
        let rows: [_CompletionRow]
        if options.language == nil && typed == nil {
            rows = found.map(\.shown)
        } else {
            let language = source.language(options.language)
            rows = found.map { match in
                var row = typed.map { source.respelled(match.shown, typed: $0) } ?? match.shown
                row.language = language
                return row
            }
        }
        return source.droppingRowsThatReadAlike(rows)
    }

    /// The query's name part (before any comma), lower-cased, when it has letters beyond
    /// ASCII: titles then show the spelling typed (see `_CompletionSource.respelled`).
    static func typedSpelling(_ query: String) -> _TypedSpelling? {
        guard query.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        // (Before the first comma byte, as `_QueryPlan` finds it.)
        let name = query.utf8.firstIndex(of: UInt8(ascii: ",")).map { query[..<$0] } ?? query[...]
        let typed = name._trimmingHorizontalSpace().lowercased()
        return typed.isEmpty ? nil : _TypedSpelling(typed)
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

extension CompletionOptions {
    /// Whether the index's stored answers (`_PrecomputedAnswers`) may answer under these
    /// options: only when they equal the defaults once the fields the stored answers serve
    /// are set to theirs. Those are a limit up to their depth (they are cut to it), typo
    /// tolerance (stored both ways) and the language (applied to the rows they give). Any
    /// other field, one added later included, keeps them out until it is served here.
    var _isServedByStoredAnswers: Bool {
        guard limit <= _PrecomputedAnswers.depth else { return false }
        let defaults = CompletionOptions()
        var rest = self
        rest.limit = defaults.limit
        rest.typoTolerance = defaults.typoTolerance
        rest.language = defaults.language
        return rest == defaults
    }
}
