#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every ranking rule, in one place.
///
/// A completion's score is a sum of terms in units of log10(population), so each weight
/// reads as "worth this many powers of ten of population":
///
///     score = importance(place)        log10(population), less kindAdjustment
///           + nameAdjustment           0 for the canonical name, alternateName if an alias,
///                                      joinedName for the canonical name without spaces
///           + matchQuality             exactName, namePrefix or wordPrefix
///           + synonym                  when an abbreviation was read as its expansion
///           + qualifiedMatch           when "name, region" tokens matched the region
///           + nearness                 -nearWeight * log10(1 + km / nearScaleKm), with `near`
///
/// Every term but `nearness` is known before the distance, and `nearness` is never
/// positive, so a best-first walk can stop as soon as the best score still to come
/// cannot beat the k-th result.
///
/// Typo-tolerant matches are a separate, lower tier: they are looked for only when the
/// exact and prefix matches do not fill the list, rank below all of them, are shown only
/// if they score `typoOverExact` above the best exact match (a typo reading must be
/// clearly more plausible than what was typed) and within `typoSpread` of the best typo
/// match, and lose `typo` per edit.
enum _Ranking {
    /// Every weight, as one value: code reads `_Ranking.weights.typo`, and a new weight is a
    /// new field of `Weights`, so `fingerprint` (which encodes every field, by reflection)
    /// covers it without a list to keep up to date (a weight written as a
    /// `static let` beside it would escape the key: don't).
    static let weights = Weights()

    /// The weights. Fields only (no computed weights): `fingerprint` reads them all.
    struct Weights: Sendable {
        /// An exact match on a whole name beats a prefix match by 10× population ("york"
        /// ranks York above New York City)...
        var exactName: Float = 1.2
        /// ...but on a query of fewer than `exactNameFullLength` letters it counts in
        /// proportion, since the person is likely still typing ("par" is not the village Par).
        var exactNameFullLength: Float = 4
        /// The query is a prefix of the name.
        var namePrefix: Float = 0
        /// The query is a prefix of a later word of the name ("fran" in San Francisco).
        var wordPrefix: Float = -1.3
        /// A match on an alternate name rather than the canonical one: GeoNames' alternate
        /// names include long formal names and nicknames ("San Francisco de Quito", "Paris of
        /// the North") that should not outrank canonical prefixes...
        var alternateName: Float = -1.5
        /// ...but an exact alternate name is the person naming the place ("wien", "saigon",
        /// "new york"), and gets most of that back.
        var exactAlternateName: Float = 1.0
        /// A city's alternate name that is another city's canonical name ("Islamabad", a
        /// former name of Chattogram; "Frisco" for San Francisco) loses this much more: that
        /// place's exact name beats it unless the alias's place is 100 times bigger (a
        /// well-known exonym: "Wien" is Vienna, not Wien in Wisconsin).
        var shadowedAlternateName: Float = -1.5
        /// An alternate name written all in lower case in a cased script ("sankt. paulos" for
        /// São Paulo, "ke la si nuo ge er si ke" for Krasnogorsk): a transliteration artefact
        /// (`_NameQuality.isLowercaseOnly`), still found, but behind real names.
        var artefactAlternateName: Float = -1.0
        /// Regions rank below a city of the same population (Berlin the city before Berlin
        /// the state). A region's population is the sum of its places in the gazetteer, which
        /// counts cities and their districts alike (New York State sums to 31 million, three
        /// times its real population), hence 1.5 (a factor of 30)...
        var regionAdjustment: Float = -1.5
        /// ...and countries, whose populations are national totals, well below.
        var countryAdjustment: Float = -1.0
        /// Query tokens after the name matched the place's region or country.
        var qualifiedMatch: Float = 0.5
        /// The canonical name matched with its spaces left out ("newyork"), or a query read
        /// with a space put in ("britishcolumbia").
        var joinedName: Float = -0.2
        /// An abbreviation read as its expansion ("st" as "saint"), or the reverse.
        var synonym: Float = -0.1
        /// Each edit of a typo-tolerant match.
        var typo: Float = -1.0
        /// Typo matches scoring more than this below the best typo match are not shown: a
        /// reading 100 times less plausible than the best one is noise (and finding it would
        /// mean walking most of the query's edit neighbourhood).
        var typoSpread: Float = 2.0
        /// When some places match exactly, a typo match must beat the best of them by this
        /// much to be shown after them. Zero: any margin cost typo recall on the evaluation
        /// (a misspelt name often prefixes some obscure place exactly), and the walk beside
        /// exact matches is bounded anyway (`_FuzzyFrontier.expansionsBesideExact(queryLength:)`).
        var typoOverExact: Float = 0.0
        /// Nearness: a place 100 km away loses 0.3, 1,000 km 1.04, 10,000 km 2.0.
        var nearWeight: Float = 1.0
        var nearScaleKm: Double = 100
    }

    /// Every weight's name and exact value, in declaration order: part of an index
    /// cache's key (the stored scores and answers depend on the weights), so that
    /// changing, adding or removing any weight rebuilds the cache. Built by reflecting
    /// over `Weights`, so it cannot leave one out; a field of another type than `Float` or
    /// `Double` is a programming error caught by the tests.
    static func fingerprint(_ weights: Weights = _Ranking.weights) -> String {
        Mirror(reflecting: weights).children.map { child in
            let value: String
            switch child.value {
            case let float as Float: value = String(float.bitPattern, radix: 16)
            case let double as Double: value = String(double.bitPattern, radix: 16)
            default: preconditionFailure("_Ranking.Weights.\(child.label ?? "?") is neither Float nor Double")
            }
            return "\(child.label ?? "?")=\(value)"
        }.joined(separator: ",")
    }

    /// The static part of a place's score: importance and kind.
    static func importance(population: Int64, kind: Place.Kind) -> Float {
        let base = Float(log10(Double(max(population, 1))))
        switch kind {
        case .city: return base
        case .region: return base + weights.regionAdjustment
        case .country: return base + weights.countryAdjustment
        }
    }

    /// The bonus for an exact whole-name match on a query of `length` folded bytes.
    static func exactNameBonus(queryLength length: Int) -> Float {
        weights.exactName * min(1, Float(length) / weights.exactNameFullLength)
    }

    /// The (non-positive) nearness term for a place `meters` away.
    static func nearness(meters: Double) -> Float {
        -weights.nearWeight * Float(log10(1 + meters / 1000 / weights.nearScaleKm))
    }
}
