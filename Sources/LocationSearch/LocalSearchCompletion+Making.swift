extension LocalSearchCompletion {
    /// A completion with these values, for an app's own rows, tests and SwiftUI previews
    /// (see also `previewSamples`).
    ///
    /// ```swift
    /// let home = Place(id: "app:home", name: "Home", countryCode: "GB",
    ///                  countryName: "United Kingdom", admin1: "England")
    /// let row = LocalSearchCompletion(place: home,
    ///                                 titleHighlightRanges: [HighlightRange(location: 0, length: 2)])
    /// row.title      // "Home"
    /// row.subtitle   // "England, United Kingdom"
    /// row.id         // "app:home"
    /// ```
    ///
    /// - Parameters:
    ///   - place: the place; the completion's `id` is its id.
    ///   - title: the text to show; the place's name by default.
    ///   - subtitle: the line below it; by default, as a search writes it for the kind of
    ///     place: the region and country for a city, the country for a region, nothing for
    ///     a country (a search shows its continent, which a `Place` does not hold).
    ///   - titleHighlightRanges: the title's matched parts, in UTF-16 units; made valid for
    ///     it (`HighlightRange.valid(_:utf16Count:)`): cut to the text, sorted, overlaps
    ///     merged.
    ///   - subtitleHighlightRanges: the subtitle's, made valid the same way.
    ///   - matchedName: the alternate name the row was found by, if not the canonical name.
    /// - Complexity: O(*n*) in the length of the text and the number of ranges.
    public init(
        place: Place, title: String? = nil, subtitle: String? = nil,
        titleHighlightRanges: [HighlightRange] = [], subtitleHighlightRanges: [HighlightRange] = [],
        matchedName: String? = nil
    ) {
        let title = title ?? place.name
        let subtitle = subtitle ?? Self.subtitle(of: place)
        self.init(
            place: place, title: title, subTitle: subtitle, matchedName: matchedName,
            titleHighlightRanges: HighlightRange.valid(titleHighlightRanges, utf16Count: title.utf16.count),
            subtitleHighlightRanges: HighlightRange.valid(subtitleHighlightRanges, utf16Count: subtitle.utf16.count))
    }

    /// The subtitle a search writes for `place`, from what a `Place` holds.
    private static func subtitle(of place: Place) -> String {
        switch place.kind {
        case .city: [place.admin1, place.countryName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        case .region: place.countryName
        case .country: ""
        }
    }
}
