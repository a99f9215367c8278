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
///
/// A completion is small: it holds a reference to the completer's immutable data and a few
/// numbers, and makes its strings when they are read. A search therefore costs no string
/// building for rows nobody shows (a stale keystroke's list, rows below the fold), and the
/// value stays `Sendable` and cheap to copy. Each read of `title`, `subTitle`, `id`,
/// `place` or the highlight ranges makes that value again: keep it in a local if you read
/// it many times in a loop. A completion keeps the completer's data (the loaded index)
/// alive as long as it exists.
///
/// A completion is `Codable` (its strings, ranges and place are encoded, not the completer
/// it came from), so an app can store recent choices and show them again.
public struct LocalSearchCompletion: Identifiable, Equatable, Hashable, Sendable, Codable,
    CustomStringConvertible, CustomDebugStringConvertible
{
    private let storage: Storage

    private enum Storage: Sendable {
        /// Made on demand from the completer's data.
        case row(_CompletionSource, _CompletionRow)
        /// Given in full. (Boxed: the fields take 232 bytes, and unboxed every completion
        /// would too; a completion from a search is 40, so a list of them is a few cache
        /// lines, and a stored answer's ten rows cost half the instructions.)
        indirect case fields(Fields)
    }

    private struct Fields: Sendable {
        var id: String
        var title: String
        var subTitle: String
        var titleHighlightRanges: [HighlightRange]
        var subtitleHighlightRanges: [HighlightRange]
        var place: Place
        var matchedName: String?
    }

    /// The place's id: `"geonames:5391959"`, or `"admin1:DE.02"` for a region without a
    /// GeoNames id.
    ///
    /// - Complexity: O(1); makes the string.
    public var id: String { read({ $0.id($1) }, \.id) }

    /// The name that matched: the canonical name, or the alternate name the query matched
    /// ("Wien" for Vienna).
    ///
    /// - Complexity: O(*n*) in the name's length; makes the string.
    public var title: String { read({ $0.title($1) }, \.title) }

    /// Where the place is: "California, United States" for a city, the country for a
    /// region, the continent for a country; led by the canonical name when the title is
    /// an alternate name ("Vienna, Vienna, Austria" under "Wien").
    ///
    /// - Complexity: O(*n*) in the subtitle's length; makes the string.
    public var subTitle: String { read({ $0.subTitle($1) }, \.subTitle) }

    /// `subTitle`, spelt as MapKit's `MKLocalSearchCompletion.subtitle` spells it.
    ///
    /// - Complexity: O(*n*) in the subtitle's length; makes the string.
    public var subtitle: String { subTitle }

    /// All highlighted spans of `title`, sorted and non-overlapping.
    ///
    /// - Complexity: O(*n*) in the title's length.
    public var titleHighlightRanges: [HighlightRange] { read({ $0.titleHighlights($1) }, \.titleHighlightRanges) }

    /// All highlighted spans of `subTitle`, sorted and non-overlapping.
    ///
    /// - Complexity: O(1) without a qualifier in the query; else O(*n*) in the subtitle's
    ///   length.
    public var subtitleHighlightRanges: [HighlightRange] {
        read({ $0.subtitleHighlights($1) }, \.subtitleHighlightRanges)
    }

    /// The place itself.
    ///
    /// - Complexity: O(*n*) in the place's name length; makes the name and id strings.
    public var place: Place { read({ $0.place($1) }, \.place) }

    /// The alternate name that matched, or `nil` when the canonical name did.
    public var matchedName: String? { read({ $0.matchedName($1) }, \.matchedName) }

    /// A property's value: made from the completer's data, or the one given.
    @inline(__always)
    private func read<Value>(
        _ made: (_CompletionSource, _CompletionRow) -> Value, _ given: KeyPath<Fields, Value>
    ) -> Value {
        switch storage {
        case let .row(source, row): made(source, row)
        case let .fields(fields): fields[keyPath: given]
        }
    }

    /// The first highlighted span of the title, as MapKit wrappers expose it.
    public var titleHighlightRange: HighlightRange? { titleHighlightRanges.first }
    /// The first highlighted span of the subtitle.
    public var subtitleHighlightRange: HighlightRange? { subtitleHighlightRanges.first }

    /// A completion with these values as they are (the public initializer makes its
    /// ranges valid; tests give renderers invalid ones through this).
    init(
        place: Place, title: String, subTitle: String, matchedName: String?,
        titleHighlightRanges: [HighlightRange], subtitleHighlightRanges: [HighlightRange]
    ) {
        storage = .fields(Fields(
            id: place.id, title: title, subTitle: subTitle, titleHighlightRanges: titleHighlightRanges,
            subtitleHighlightRanges: subtitleHighlightRanges, place: place, matchedName: matchedName))
    }

    /// The completion `row` of `source` stands for, made when read.
    init(_ source: _CompletionSource, _ row: _CompletionRow) {
        storage = .row(source, row)
    }

    /// Equal when every property is equal. Two completions of one completer with the same
    /// row are equal without making their strings.
    public static func == (a: LocalSearchCompletion, b: LocalSearchCompletion) -> Bool {
        if case let .row(sourceA, rowA) = a.storage, case let .row(sourceB, rowB) = b.storage,
           sourceA === sourceB, rowA.isIdentical(to: rowB) {
            return true
        }
        return a.id == b.id && a.title == b.title && a.subTitle == b.subTitle
            && a.titleHighlightRanges == b.titleHighlightRanges
            && a.subtitleHighlightRanges == b.subtitleHighlightRanges
            && a.matchedName == b.matchedName && a.place == b.place
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, subtitle, titleHighlightRanges, subtitleHighlightRanges, place, matchedName
    }

    /// Decodes a completion encoded by `encode(to:)`: a completion with those values.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an id that is not the place's, or
    ///   highlight ranges that are not valid for their text
    ///   (`HighlightRange.isValid(_:utf16Count:)`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let place = try c.decode(Place.self, forKey: .place)
        let title = try c.decode(String.self, forKey: .title), subTitle = try c.decode(String.self, forKey: .subtitle)
        let titleRanges = try c.decode([HighlightRange].self, forKey: .titleHighlightRanges)
        let subtitleRanges = try c.decode([HighlightRange].self, forKey: .subtitleHighlightRanges)
        for (ranges, text, key) in [(titleRanges, title, CodingKeys.titleHighlightRanges),
                                    (subtitleRanges, subTitle, .subtitleHighlightRanges)]
        where !HighlightRange.isValid(ranges, utf16Count: text.utf16.count) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c,
                debugDescription: "highlight ranges \(ranges) are not sorted, disjoint ranges inside a text of \(text.utf16.count) UTF-16 units")
        }
        self.init(
            place: place, title: title, subTitle: subTitle,
            matchedName: try c.decodeIfPresent(String.self, forKey: .matchedName),
            titleHighlightRanges: titleRanges, subtitleHighlightRanges: subtitleRanges)
        let id = try c.decode(String.self, forKey: .id)
        guard id == place.id else {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: c, debugDescription: "id \"\(id)\" is not its place's id \"\(place.id)\"")
        }
    }

    /// Encodes the completion's strings, highlight ranges and place.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encode(subTitle, forKey: .subtitle)
        try c.encode(titleHighlightRanges, forKey: .titleHighlightRanges)
        try c.encode(subtitleHighlightRanges, forKey: .subtitleHighlightRanges)
        try c.encode(place, forKey: .place)
        try c.encodeIfPresent(matchedName, forKey: .matchedName)
    }

    /// Hashes the id and title (equal completions have equal ones).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(title)
    }

    /// "San Francisco, California, United States".
    public var description: String {
        let subTitle = subTitle  // (made once)
        return subTitle.isEmpty ? title : "\(title), \(subTitle)"
    }

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
