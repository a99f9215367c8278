/// What a completion query returns: how many results, biased toward where, restricted to
/// which countries and kinds of place.
///
/// ```swift
/// var options = CompletionOptions(limit: 5)
/// options.near = GeoCoordinate(latitude: 42.36, longitude: -71.06)   // Boston
/// options.countries = ["US"]
/// completer.completions(for: "springfield", options: options).first?.title
/// // "Springfield" (Massachusetts)
/// ```
public struct CompletionOptions: Hashable, Sendable, Codable {
    /// The most completions to return; 0 returns none. Default 10.
    public var limit: Int
    /// Where the user is: nearer places rank higher (see `LocationCompleter` for the
    /// formula). Ignored if not a valid coordinate.
    public var near: GeoCoordinate?
    /// ISO 3166-1 alpha-2 codes to restrict results to (case-insensitive); empty means
    /// every country. Fast whatever the countries: the index keeps each country's names
    /// apart, and a search walks only those of the countries asked for.
    public var countries: Set<String>
    /// The kinds of place to return; empty means every kind. Regions, countries, or both,
    /// are as fast as no filter (the index keeps their names apart).
    public var kinds: Set<Place.Kind>
    /// Whether to find places despite typing mistakes (default `true`): up to one
    /// Damerau-Levenshtein edit in a word of 4–7 letters and two from 8 letters ("londn",
    /// "philadelpia", "san fransisco"), not on the first letter. Typo matches only fill
    /// the list after every exact and prefix match, so a correctly typed query is never
    /// crowded by them.
    public var typoTolerance: Bool
    /// The language to show country and region names in, and city names where the
    /// gazetteer has them (a BCP 47 tag: "de", "pt-BR", "zh-Hant"; only its language
    /// subtag is used). `nil` (the default) shows the gazetteer's canonical names; so does a
    /// language it has no name in. Matching is unaffected: every name in every language
    /// is always found.
    ///
    /// ```swift
    /// completer.completions(for: "germany", options: .init(language: "de"))[0].title  // "Deutschland"
    /// ```
    public var language: String?

    public init(
        limit: Int = 10, near: GeoCoordinate? = nil, countries: Set<String> = [],
        kinds: Set<Place.Kind> = [], typoTolerance: Bool = true, language: String? = nil
    ) {
        self.limit = limit
        self.near = near
        self.countries = countries
        self.kinds = kinds
        self.typoTolerance = typoTolerance
        self.language = language
    }
}
