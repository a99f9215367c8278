/// One completion for a query: the place, the text to show and which parts of it matched.
///
/// The shape follows MapKit's `MKLocalSearchCompletion` (title, subtitle, highlight
/// ranges in UTF-16 units), so code written against a MapKit wrapper moves over
/// unchanged.
///
/// ```swift
/// let completion = try LocationCompleter().completions(for: "san fr")[0]
/// completion.title                  // "San Francisco"
/// completion.subTitle               // "California, United States"
/// completion.titleHighlightRanges   // [{0, 3}, {4, 2}]: "San" and "Fr"
/// completion.id                     // "geonames:5391959"
/// ```
///
/// `id` is the place's id, unique per place: unlike a `"title-subTitle"` id, two places
/// with the same name and region (there are several Springfields in some states) never
/// share it.
public struct LocalSearchCompletion: Identifiable, Equatable, Hashable, Sendable,
    CustomStringConvertible, CustomDebugStringConvertible
{
    /// The place's id: `"geonames:5391959"`, or `"admin1:DE.02"` for a region without a
    /// GeoNames id.
    public let id: String
    /// The name that matched: the canonical name, or the alternate name the query matched
    /// ("Wien" for Vienna).
    public let title: String
    /// Where the place is: "California, United States" for a city, the country for a
    /// region, the continent for a country; led by the canonical name when the title is
    /// an alternate name ("Vienna, Vienna, Austria" under "Wien").
    public let subTitle: String
    /// All highlighted spans of `title`, sorted and non-overlapping.
    public let titleHighlightRanges: [HighlightRange]
    /// All highlighted spans of `subTitle`, sorted and non-overlapping.
    public let subtitleHighlightRanges: [HighlightRange]
    /// The place itself.
    public let place: Place
    /// The alternate name that matched, or `nil` when the canonical name did.
    public let matchedName: String?

    /// The first highlighted span of the title, as MapKit wrappers expose it.
    public var titleHighlightRange: HighlightRange? { titleHighlightRanges.first }
    /// The first highlighted span of the subtitle.
    public var subtitleHighlightRange: HighlightRange? { subtitleHighlightRanges.first }

    init(
        place: Place, title: String, subTitle: String, matchedName: String?,
        titleHighlightRanges: [HighlightRange], subtitleHighlightRanges: [HighlightRange]
    ) {
        self.id = place.id
        self.place = place
        self.title = title
        self.subTitle = subTitle
        self.matchedName = matchedName
        self.titleHighlightRanges = titleHighlightRanges
        self.subtitleHighlightRanges = subtitleHighlightRanges
    }

    /// "San Francisco, California, United States".
    public var description: String { subTitle.isEmpty ? title : "\(title), \(subTitle)" }

    public var debugDescription: String {
        """
        LocalSearchCompletion(
            id: \(id)
            title: "\(title)"
            subTitle: "\(subTitle)"
            titleHighlightRanges: \(titleHighlightRanges)
            subtitleHighlightRanges: \(subtitleHighlightRanges)
        )
        """
    }
}
