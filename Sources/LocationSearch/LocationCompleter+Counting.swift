/// How many places a query matches in all, beyond the `limit` of a list: what a picker
/// shows as "8 of 1,204 matches" while it pages through the completions.
extension LocationCompleter {
    /// The number of places that match `query` under `options`, whatever `options.limit`.
    ///
    /// ```swift
    /// let completer = try LocationCompleter()
    /// completer.completions(for: "springfield").count     // 10: the limit
    /// completer.matchCount(for: "springfield")            // 42: every Springfield
    /// ```
    ///
    /// Every place one of whose names, or a later word of one, starts with the query (read
    /// the ways `completions(for:options:)` reads it: abbreviations, a name followed by its
    /// region or country, run-together words), that passes the country and kind filters.
    /// When those are fewer than `matchCountWithTypos`, the count is that of the whole
    /// list `completions(for:options:)` returns with a limit large enough to hold every
    /// match (typo matches included, with `typoTolerance`). Above it, typo matches (which
    /// would rank below all of those) are not counted, and rows that read the same as a
    /// better one (two places both called "Springfield, Illinois") are not left out: 1–3%
    /// more than the list holds on the bundled data ("par": 2,137 counted, 2,107 rows).
    /// `near` does not change the count.
    ///
    /// Separate from `completions(for:options:)`, which never counts: a list's keystroke
    /// costs the same whatever the number of matches.
    ///
    /// - Complexity: O(*m* log *n* + *r* + *p* / 64) for a query of *m* bytes matching *r*
    ///   keys among *n*, over *p* places: one pass over the matching keys, no ranking.
    ///   Below `matchCountWithTypos` matches, add a search with a limit of twice that.
    public func matchCount(for query: String, options: CompletionOptions = .init()) -> Int {
        let plan = _QueryPlan(query: query)
        let count = exactMatchCount(for: plan, options: options)
        guard count < Self.matchCountWithTypos else { return count }
        // Few enough to list: the list itself is the count, typo matches and all.
        var listed = options
        listed.limit = 2 * Self.matchCountWithTypos
        return searchedRows(for: plan, query: query, options: listed).count
    }

    /// The places matching `plan` exactly or as a prefix, counted without ranking: a bit
    /// per place.
    func exactMatchCount(for plan: _QueryPlan, options: CompletionOptions) -> Int {
        _Search.placeCount(for: plan, options: options, in: source)
    }

    /// Below this many exact and prefix matches, `matchCount(for:options:)` counts the
    /// completions themselves (typo matches included, rows that read alike once).
    public static var matchCountWithTypos: Int { 500 }
}
