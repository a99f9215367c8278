#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AttributeScopes {
    /// The attributes LocationSearch puts on the text it renders: today one,
    /// `searchHighlight`, marking the characters a query matched.
    ///
    /// It works on every platform, Linux included, where Foundation has no colour or
    /// font attributes: style the marked runs however your UI likes.
    ///
    /// ```swift
    /// let title = completion.highlightedTitle()          // "San Francisco" for "san fr"
    /// for run in title.runs {
    ///     print(String(title.characters[run.range]), run.searchHighlight ?? false)
    /// }
    /// // San true
    /// //   false
    /// // Fr true
    /// // ancisco false
    /// ```
    ///
    /// The scope also includes Foundation's attributes, so that conversions given
    /// `including: \.locationSearch` keep both.
    public struct LocationSearchAttributes: AttributeScope {
        /// Whether the run is part of what the query matched: `true` on highlighted runs,
        /// absent (`nil`) elsewhere. For "san fr",
        /// `completion.highlightedTitle().runs.map(\.searchHighlight)` is
        /// `[true, nil, true, nil]` ("San", " ", "Fr", "ancisco").
        public let searchHighlight: SearchHighlightAttribute
        /// Foundation's own attributes (`link`, `languageIdentifier`, ...), so that
        /// `run.languageIdentifier` still reads the same through this scope:
        /// `"en"` after `string.languageIdentifier = "en"`.
        public let foundation: AttributeScopes.FoundationAttributes

        /// The key of `searchHighlight`: a `Bool`, named `"LocationSearch.searchHighlight"`
        /// when encoded.
        ///
        /// ```swift
        /// var text = AttributedString("San Francisco")
        /// text[text.range(of: "San")!].searchHighlight = true
        /// text.runs.map { $0.searchHighlight }             // [Optional(true), nil]
        /// ```
        ///
        /// Text typed next to a highlight does not inherit it
        /// (`inheritedByAddedText` is `false`): what the user adds did not match.
        public enum SearchHighlightAttribute: CodableAttributedStringKey {
            /// The value: `true` on highlighted runs (`run.searchHighlight == true`).
            public typealias Value = Bool
            /// The name the attribute is encoded under: `"LocationSearch.searchHighlight"`.
            public static let name = "LocationSearch.searchHighlight"
            /// `false`: `title.insert(AttributedString("ta"), at: afterSan)` on a title
            /// whose "San" is highlighted gives `[San]ta Francisco`, not `[Santa] Francisco`.
            public static let inheritedByAddedText = false
        }
    }

    /// The LocationSearch attribute scope, for the APIs that take a scope key path; on
    /// Apple platforms, converting to `NSAttributedString` keeps the highlights:
    ///
    /// ```swift
    /// let ns = try NSAttributedString(completion.highlightedTitle(), including: \.locationSearch)
    /// ns.attribute(.init("LocationSearch.searchHighlight"), at: 0, effectiveRange: nil)
    /// // Optional(1)
    /// ```
    public var locationSearch: LocationSearchAttributes.Type { LocationSearchAttributes.self }
}

extension AttributeDynamicLookup {
    /// Makes LocationSearch's attributes available by name on `AttributedString`, its
    /// substrings, runs and `AttributeContainer`: `run.searchHighlight`,
    /// `string[range].searchHighlight = true`.
    ///
    /// ```swift
    /// var container = AttributeContainer()
    /// container.searchHighlight = true
    /// AttributedString("Fr", attributes: container).runs.first?.searchHighlight   // true
    /// ```
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.LocationSearchAttributes, T>
    ) -> T {
        self[T.self]
    }
}
