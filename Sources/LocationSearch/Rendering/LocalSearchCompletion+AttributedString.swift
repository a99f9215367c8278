#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension LocalSearchCompletion {
    /// The title as an `AttributedString` whose matched runs carry
    /// `searchHighlight == true`.
    ///
    /// ```swift
    /// let title = completer.completions(for: "san fr")[0].highlightedTitle()
    /// title.runs.map { "\(String(title.characters[$0.range]))=\($0.searchHighlight ?? false)" }
    /// // ["San=true", " =false", "Fr=true", "ancisco=false"]
    /// ```
    ///
    /// It never fails: ranges that are empty or lie outside the title are ignored, and a
    /// range that ends inside a character is widened to the whole character, so combining
    /// marks, emoji ZWJ sequences and flags are never split. An empty title gives an
    /// empty string.
    ///
    /// - Complexity: O(*n* + *k* log *k*) for a title of *n* UTF-16 code units and *k*
    ///   highlight ranges.
    public func highlightedTitle() -> AttributedString {
        Self._highlighted(title, titleHighlightRanges)
    }

    /// The subtitle as an `AttributedString` whose matched runs carry
    /// `searchHighlight == true`: the region a qualifier matched ("tex" in "paris tex").
    ///
    /// ```swift
    /// let subtitle = completer.completions(for: "paris tex")[0].highlightedSubTitle()
    /// subtitle.runs.map { "\(String(subtitle.characters[$0.range]))=\($0.searchHighlight ?? false)" }
    /// // ["Tex=true", "as, United States=false"]
    /// ```
    ///
    /// Never fails, like `highlightedTitle()`.
    ///
    /// - Complexity: O(*n* + *k* log *k*) for a subtitle of *n* UTF-16 code units and *k*
    ///   highlight ranges.
    public func highlightedSubTitle() -> AttributedString {
        Self._highlighted(subTitle, subtitleHighlightRanges)
    }

    /// The title with `textAttributes` on every character and `highlightAttributes`
    /// merged over them on the matched runs, which also carry `searchHighlight == true`.
    ///
    /// Any attribute scope works, so this is the way to style highlights with your UI
    /// framework's attributes:
    ///
    /// ```swift
    /// var highlight = AttributeContainer()
    /// highlight.languageIdentifier = "en"                  // or .foregroundColor, .font...
    /// let title = completion.highlightedTitle(highlightAttributes: highlight)
    /// title.runs.map { $0.languageIdentifier }             // ["en", nil, "en", nil]
    /// ```
    ///
    /// - Complexity: O(*n* + *k* log *k*), as `highlightedTitle()`.
    public func highlightedTitle(
        textAttributes: AttributeContainer = AttributeContainer(),
        highlightAttributes: AttributeContainer
    ) -> AttributedString {
        Self._highlighted(title, titleHighlightRanges, text: textAttributes, highlight: highlightAttributes)
    }

    /// The subtitle with `textAttributes` on every character and `highlightAttributes`
    /// merged over them on the matched runs, which also carry `searchHighlight == true`.
    ///
    /// ```swift
    /// var highlight = AttributeContainer()
    /// highlight.languageIdentifier = "en"
    /// completer.completions(for: "paris tex")[0]
    ///     .highlightedSubTitle(highlightAttributes: highlight).runs.map { $0.languageIdentifier }
    /// // ["en", nil]
    /// ```
    ///
    /// - Complexity: O(*n* + *k* log *k*), as `highlightedSubTitle()`.
    public func highlightedSubTitle(
        textAttributes: AttributeContainer = AttributeContainer(),
        highlightAttributes: AttributeContainer
    ) -> AttributedString {
        Self._highlighted(subTitle, subtitleHighlightRanges, text: textAttributes, highlight: highlightAttributes)
    }

    /// Builds the attributed text run by run from `_HighlightSpans`.
    static func _highlighted(
        _ text: String, _ ranges: [HighlightRange],
        text textAttributes: AttributeContainer = AttributeContainer(),
        highlight highlightAttributes: AttributeContainer = AttributeContainer()
    ) -> AttributedString {
        var highlight = textAttributes
        highlight.merge(highlightAttributes)
        highlight.searchHighlight = true
        var result = AttributedString()
        for run in _HighlightSpans(text: text, ranges: ranges).runs {
            result.append(AttributedString(
                String(text[run.range]), attributes: run.isHighlighted ? highlight : textAttributes))
        }
        return result
    }
}
