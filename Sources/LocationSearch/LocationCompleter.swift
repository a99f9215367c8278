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
/// The query and every name are folded (case, diacritics, punctuation).
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
/// and prefix matches (the README's "How matching and ranking work" lists every weight).
/// One completion per place, and no two completions that read the same, best first.
public struct LocationCompleter: Sendable {
    /// The immutable data, behind one reference: completions and searches hold it, and
    /// copying it is one retain (its parts held by value would be retained one by one).
    let source: _CompletionSource
    /// The answers to the heaviest queries (see `_PrecomputedAnswers`).
    private(set) var answers: _PrecomputedAnswers

    /// Why the index could not be cached: set for a completer of the bundled gazetteer
    /// loaded with a cache folder (`init()`, `init(bundledCacheDirectory:)`) that held no
    /// valid index, so the index was built, and that could not take the built one (a
    /// read-only or full disk, a file where the folder should be). Every such start builds
    /// the index again, about a second where a cached start takes milliseconds, so an app
    /// may want to say so. `nil` otherwise.
    ///
    /// ```swift
    /// let completer = try LocationCompleter()
    /// if let problem = completer.cacheError { print("not cached: \(problem)") }
    /// // not cached: cannot write to /home/me/.cache/location-search/bundled-….lsindex: Permission denied
    /// ```
    public private(set) var cacheError: GazetteerError?

    var gazetteer: Gazetteer { source.gazetteer }
    var index: _PrefixIndex { source.index }
    var qualifiers: _Qualifiers { source.qualifiers }
    var qualifierBits: _KeyQualifierBits { source.qualifierBits }
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
        self.init(gazetteer: gazetteer, progress: progress, minimumKeyWidth: 1)
    }

    /// `init(gazetteer:progress:)` with each key's name and score in words of at least
    /// `minimumKeyWidth` bytes (`_KeyNameScores`): tests pass more than a small gazetteer
    /// needs, to build the layouts a larger one gets.
    init(gazetteer: Gazetteer, progress: _BuildProgress?, minimumKeyWidth: Int) {
        // The qualifiers need only the gazetteer: they, and each place context's qualifier
        // first bytes, are worked out while the index builds (`_PrefixIndex.build`'s
        // `alongside`), which gives the whole-name keys' alternate-name bits.
        // The index build also codes the names over their folds (`_NameFolds`), as a file
        // stores them: the completer reads its names so, once the stored answers are
        // worked out over the names as given (the same text, read without the folds).
        let (index, names, alternateKeys, qualifying) = _PrefixIndex.build(
            gazetteer, progress: progress, minimumWidth: minimumKeyWidth
        ) {
            let qualifiers = _Qualifiers(gazetteer)
            return (qualifiers: qualifiers, prefixes: _QualifierPrefixes(gazetteer, qualifiers),
                    contexts: _KeyQualifierBits.contexts(gazetteer, qualifiers))
        }
        let searching = LocationCompleter(
            gazetteer: gazetteer, index: index, answers: .empty,
            qualifierBits: _KeyQualifierBits(contexts: qualifying.contexts, alternateKeys: alternateKeys),
            qualifierPrefixes: qualifying.prefixes, qualifiers: qualifying.qualifiers)
        progress?("Precomputing answers", 0)
        let answers = _PrecomputedAnswers.build(for: searching.source)
        progress?("Precomputing answers", 1)
        source = searching.source.with(gazetteer: gazetteer.with(names: names))
        self.answers = answers
        // Not in every debug build: on the bundled data the check was a third of a debug
        // build's 100 s first run, which every app under development paid for the library's
        // own invariants. Tests check the built indexes (the bundled one as loaded, in
        // `BundledGazetteerTests`); `-Xswiftc -DLOCATIONSEARCH_INTERNAL_CHECKS` checks every
        // build, as swift-collections' `COLLECTIONS_INTERNAL_CHECKS` does.
        #if LOCATIONSEARCH_INTERNAL_CHECKS
        index._checkInvariants()
        #endif
    }

    /// A completer over these parts: worked out with the index when building one, read
    /// from the file when loading one.
    init(gazetteer: Gazetteer, index: _PrefixIndex, answers: _PrecomputedAnswers,
         qualifierBits: _KeyQualifierBits, qualifierPrefixes: _QualifierPrefixes,
         qualifiers: _Qualifiers, localization: _CompletionSource.Localization? = nil) {
        self.answers = answers
        self.source = _CompletionSource(
            gazetteer: gazetteer, index: index, qualifiers: qualifiers, qualifierBits: qualifierBits,
            qualifierPrefixes: qualifierPrefixes, localization: localization)
    }

    /// This completer with other precomputed answers (its qualifiers reused, not rebuilt).
    func with(answers: _PrecomputedAnswers) -> LocationCompleter {
        var copy = self
        copy.answers = answers
        return copy
    }

    /// This completer, saying why its index could not be cached (`cacheError`).
    func with(cacheError: GazetteerError?) -> LocationCompleter {
        var copy = self
        copy.cacheError = cacheError
        return copy
    }

    /// The number of places the completer knows.
    public var placeCount: Int { gazetteer.count }
}
