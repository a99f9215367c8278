// Colour variants for Apple platforms. Each is one call to
// `highlightedTitle(textAttributes:highlightAttributes:)` (or the subtitle's), which holds
// the range logic and is tested on every platform; only the attribute keys differ, and
// they are named by type so that no other imported scope can make them ambiguous.
//
// UIKit is checked before AppKit so that Mac Catalyst, which can import both, gets one
// set of `foregroundColor:highlightColor:` overloads, not two ambiguous ones.

#if canImport(UIKit)
import UIKit

extension LocalSearchCompletion {
    /// The title in `foregroundColor`, its matched runs in `highlightColor` (and marked
    /// `searchHighlight`), for UIKit.
    ///
    /// ```swift
    /// label.attributedText = NSAttributedString(
    ///     completion.highlightedTitle(foregroundColor: .secondaryLabel, highlightColor: .label))
    /// // "San Francisco": "San" and "Fr" in .label, "ancisco" and the space in .secondaryLabel
    /// ```
    ///
    /// Never fails, like `highlightedTitle()`.
    public func highlightedTitle(
        foregroundColor: UIColor = .lightGray, highlightColor: UIColor = .white
    ) -> AttributedString {
        let (text, highlight) = Self._uiKitColors(foregroundColor, highlightColor)
        return highlightedTitle(textAttributes: text, highlightAttributes: highlight)
    }

    /// The subtitle in `foregroundColor`, its matched runs in `highlightColor` (and marked
    /// `searchHighlight`), for UIKit.
    ///
    /// ```swift
    /// completer.completions(for: "paris tex")[0]
    ///     .highlightedSubTitle(foregroundColor: .secondaryLabel, highlightColor: .label)
    /// // "Texas, United States": "Tex" in .label, the rest in .secondaryLabel
    /// ```
    ///
    /// Never fails, like `highlightedSubTitle()`.
    public func highlightedSubTitle(
        foregroundColor: UIColor = .lightGray, highlightColor: UIColor = .white
    ) -> AttributedString {
        let (text, highlight) = Self._uiKitColors(foregroundColor, highlightColor)
        return highlightedSubTitle(textAttributes: text, highlightAttributes: highlight)
    }

    private static func _uiKitColors(_ foreground: UIColor, _ highlight: UIColor)
        -> (text: AttributeContainer, highlight: AttributeContainer)
    {
        var text = AttributeContainer()
        text[AttributeScopes.UIKitAttributes.ForegroundColorAttribute.self] = foreground
        var highlighted = AttributeContainer()
        highlighted[AttributeScopes.UIKitAttributes.ForegroundColorAttribute.self] = highlight
        return (text, highlighted)
    }
}

#elseif canImport(AppKit)
import AppKit

extension LocalSearchCompletion {
    /// The title in `foregroundColor`, its matched runs in `highlightColor` (and marked
    /// `searchHighlight`), for AppKit.
    ///
    /// ```swift
    /// textField.attributedStringValue = NSAttributedString(
    ///     completion.highlightedTitle(foregroundColor: .secondaryLabelColor, highlightColor: .labelColor))
    /// // "San Francisco": "San" and "Fr" in .labelColor, the rest in .secondaryLabelColor
    /// ```
    ///
    /// Never fails, like `highlightedTitle()`.
    public func highlightedTitle(
        foregroundColor: NSColor = .lightGray, highlightColor: NSColor = .white
    ) -> AttributedString {
        let (text, highlight) = Self._appKitColors(foregroundColor, highlightColor)
        return highlightedTitle(textAttributes: text, highlightAttributes: highlight)
    }

    /// The subtitle in `foregroundColor`, its matched runs in `highlightColor` (and marked
    /// `searchHighlight`), for AppKit.
    ///
    /// ```swift
    /// completer.completions(for: "paris tex")[0]
    ///     .highlightedSubTitle(foregroundColor: .secondaryLabelColor, highlightColor: .labelColor)
    /// // "Texas, United States": "Tex" in .labelColor, the rest in .secondaryLabelColor
    /// ```
    ///
    /// Never fails, like `highlightedSubTitle()`.
    public func highlightedSubTitle(
        foregroundColor: NSColor = .lightGray, highlightColor: NSColor = .white
    ) -> AttributedString {
        let (text, highlight) = Self._appKitColors(foregroundColor, highlightColor)
        return highlightedSubTitle(textAttributes: text, highlightAttributes: highlight)
    }

    private static func _appKitColors(_ foreground: NSColor, _ highlight: NSColor)
        -> (text: AttributeContainer, highlight: AttributeContainer)
    {
        var text = AttributeContainer()
        text[AttributeScopes.AppKitAttributes.ForegroundColorAttribute.self] = foreground
        var highlighted = AttributeContainer()
        highlighted[AttributeScopes.AppKitAttributes.ForegroundColorAttribute.self] = highlight
        return (text, highlighted)
    }
}
#endif

#if canImport(SwiftUI)
import SwiftUI

extension LocalSearchCompletion {
    /// The title for SwiftUI's `Text`: in `color`, its matched runs in `highlightColor`
    /// and bold (and marked `searchHighlight`).
    ///
    /// ```swift
    /// Text(completion.highlightedTitle(color: .secondary, highlightColor: .primary))
    /// // "San Francisco": "San" and "Fr" bold in .primary, the rest in .secondary
    /// ```
    ///
    /// The labels differ from the UIKit/AppKit variants' (`foregroundColor:`) so that a
    /// call such as `highlightedTitle(foregroundColor: .white, ...)` is never ambiguous
    /// between `UIColor`/`NSColor` and `Color`. Never fails, like `highlightedTitle()`.
    public func highlightedTitle(color: Color, highlightColor: Color) -> AttributedString {
        let (text, highlight) = Self._swiftUIColors(color, highlightColor)
        return highlightedTitle(textAttributes: text, highlightAttributes: highlight)
    }

    /// The subtitle for SwiftUI's `Text`: in `color`, its matched runs in
    /// `highlightColor` and bold (and marked `searchHighlight`).
    ///
    /// ```swift
    /// Text(completer.completions(for: "paris tex")[0]
    ///     .highlightedSubTitle(color: .secondary, highlightColor: .primary))
    /// // "Texas, United States": "Tex" bold in .primary, the rest in .secondary
    /// ```
    ///
    /// Never fails, like `highlightedSubTitle()`.
    public func highlightedSubTitle(color: Color, highlightColor: Color) -> AttributedString {
        let (text, highlight) = Self._swiftUIColors(color, highlightColor)
        return highlightedSubTitle(textAttributes: text, highlightAttributes: highlight)
    }

    private static func _swiftUIColors(_ color: Color, _ highlight: Color)
        -> (text: AttributeContainer, highlight: AttributeContainer)
    {
        var text = AttributeContainer()
        text[AttributeScopes.SwiftUIAttributes.ForegroundColorAttribute.self] = color
        var highlighted = AttributeContainer()
        highlighted[AttributeScopes.SwiftUIAttributes.ForegroundColorAttribute.self] = highlight
        // Text draws strongly emphasized runs in bold, whatever its font.
        highlighted[AttributeScopes.FoundationAttributes.InlinePresentationIntentAttribute.self] = .stronglyEmphasized
        return (text, highlighted)
    }
}
#endif
