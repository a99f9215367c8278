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
    /// An exact match on a whole name beats a prefix match by 10× population ("york"
    /// ranks York above New York City)...
    static let exactName: Float = 1.2
    /// ...but on a query of fewer than `exactNameFullLength` letters it counts in
    /// proportion, since the person is likely still typing ("par" is not the village Par).
    static let exactNameFullLength: Float = 4
    /// The query is a prefix of the name.
    static let namePrefix: Float = 0
    /// The query is a prefix of a later word of the name ("fran" in San Francisco).
    static let wordPrefix: Float = -1.3
    /// A match on an alternate name rather than the canonical one: GeoNames' alternate
    /// names include long formal names and nicknames ("San Francisco de Quito", "Paris of
    /// the North") that should not outrank canonical prefixes...
    static let alternateName: Float = -1.5
    /// ...but an exact alternate name is the person naming the place ("wien", "saigon",
    /// "new york"), and gets most of that back.
    static let exactAlternateName: Float = 1.0
    /// A city's alternate name that is another city's canonical name ("Islamabad", a former
    /// name of Chattogram; "Frisco" for San Francisco) loses this much more: that place's
    /// exact name beats it unless the alias's place is 100 times bigger (a well-known
    /// exonym: "Wien" is Vienna, not Wien in Wisconsin).
    static let shadowedAlternateName: Float = -1.5
    /// An alternate name written all in lower case in a cased script ("sankt. paulos" for
    /// São Paulo, "ke la si nuo ge er si ke" for Krasnogorsk): a transliteration artefact
    /// (`_NameQuality.isLowercaseOnly`), still found, but behind real names.
    static let artefactAlternateName: Float = -1.0
    /// Regions rank below a city of the same population (Berlin the city before Berlin
    /// the state). A region's population is the sum of its places in the gazetteer, which
    /// counts cities and their districts alike (New York State sums to 31 million, three
    /// times its real population), hence 1.5 (a factor of 30)...
    static let regionAdjustment: Float = -1.5
    /// ...and countries, whose populations are national totals, well below.
    static let countryAdjustment: Float = -1.0
    /// Query tokens after the name matched the place's region or country.
    static let qualifiedMatch: Float = 0.5
    /// The canonical name matched with its spaces left out ("newyork"), or a query read
    /// with a space put in ("britishcolumbia").
    static let joinedName: Float = -0.2
    /// An abbreviation read as its expansion ("st" as "saint"), or the reverse.
    static let synonym: Float = -0.1
    /// Each edit of a typo-tolerant match.
    static let typo: Float = -1.0
    /// Typo matches scoring more than this below the best typo match are not shown: a
    /// reading 100 times less plausible than the best one is noise (and finding it would
    /// mean walking most of the query's edit neighbourhood).
    static let typoSpread: Float = 2.0
    /// When some places match exactly, a typo match must beat the best of them by this
    /// much to be shown after them. Zero: any margin cost typo recall on the evaluation
    /// (a misspelt name often prefixes some obscure place exactly), and the walk beside
    /// exact matches is bounded anyway (`_FuzzyFrontier.expansionsBesideExact(queryLength:)`).
    static let typoOverExact: Float = 0.0
    /// Nearness: a place 100 km away loses 0.3, 1,000 km 1.04, 10,000 km 2.0.
    static let nearWeight: Float = 1.0
    static let nearScaleKm: Double = 100

    /// The weights baked into an index's static scores: part of an index cache's key, so
    /// that changing one rebuilds the cache.
    static var indexFingerprint: String {
        [alternateName, regionAdjustment, countryAdjustment, joinedName, shadowedAlternateName, artefactAlternateName].map { "\($0)" }.joined(separator: ",")
    }

    /// The static part of a place's score: importance and kind.
    static func importance(population: Int64, kind: Place.Kind) -> Float {
        let base = Float(log10(Double(max(population, 1))))
        switch kind {
        case .city: return base
        case .region: return base + regionAdjustment
        case .country: return base + countryAdjustment
        }
    }

    /// The bonus for an exact whole-name match on a query of `length` folded bytes.
    static func exactNameBonus(queryLength length: Int) -> Float {
        exactName * min(1, Float(length) / exactNameFullLength)
    }

    /// The (non-positive) nearness term for a place `meters` away.
    static func nearness(meters: Double) -> Float {
        -nearWeight * Float(log10(1 + meters / 1000 / nearScaleKm))
    }
}
