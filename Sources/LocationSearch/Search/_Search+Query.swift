/// A whole query, run by the index: what `LocationCompleter` asks of it.
extension _Search {
    /// The best matches for `plan` under `options` over `source`, best first, and how many
    /// of them are exact (not typo) matches: those come first, and are what the search
    /// finds without typo tolerance.
    ///
    /// The exact and prefix readings (the query, its abbreviations read both ways, its
    /// name/qualifier splits; one run-together word that matched nothing, read as two),
    /// then, with `options.typoTolerance` and room left in the list, the typo pass after
    /// them (`init(typosAfter:key:budget:)`). `filterViews: false` walks the whole key
    /// lists under a filter, as tests compare.
    ///
    /// - Complexity: see `LocationCompleter.completions(for:options:)`.
    static func matches(
        for plan: _QueryPlan, options: CompletionOptions, in source: _CompletionSource, filterViews: Bool = true
    ) -> (matches: [_Match], exactCount: Int) {
        guard mayMatch(plan, in: source) else { return ([], 0) }
        var search = _Search(source: source, options: options, filterViews: filterViews)
        search.addReadings(of: plan, synonymBonus: _Ranking.weights.synonym)
        search.run()
        if search.results.isEmpty, mayBeTwoWords(plan) {
            search.addTwoWordReadings(of: plan, bonus: _Ranking.weights.joinedName)
            search.run()
        }
        let exactCount = search.results.count
        guard options.typoTolerance, exactCount < options.limit else { return (search.results.sorted(), exactCount) }
        let budget = _FuzzyFrontier.budget(for: plan.key)
        guard budget > 0 else { return (search.results.sorted(), exactCount) }
        var typos = _Search(typosAfter: search, key: plan.key, budget: budget)
        typos.run()
        return (typos.earlier + typos.results.sorted(), exactCount)
    }

    /// Whether `plan` can match anything in `source`: it has a key, no longer than the
    /// longest name with the most qualifier words after it.
    static func mayMatch(_ plan: _QueryPlan, in source: _CompletionSource) -> Bool {
        !plan.key.isEmpty
            && plan.key.count <= source.index.longestName + 1 + plan.qualifierAllowance(source.qualifiers.longest)
    }
}
