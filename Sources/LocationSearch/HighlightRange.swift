#if canImport(Darwin)
import Foundation  // `NSRange`, which FoundationEssentials does not have
#else
import FoundationEssentials
#endif

/// A highlighted span of a completion's title or subtitle, in UTF-16 code units of the
/// displayed string: the same units as `NSRange` and MapKit's `titleHighlightRanges`.
///
/// Every range LocationSearch returns lies within its text and starts and ends on
/// character (grapheme cluster) boundaries.
///
/// ```swift
/// let range = HighlightRange(location: 0, length: 3)
/// "San Francisco"[range.range(in: "San Francisco")!]   // "San"
/// ```
public struct HighlightRange: Hashable, Sendable, Codable, CustomStringConvertible,
    CustomDebugStringConvertible
{
    /// The offset of the first highlighted UTF-16 code unit.
    public var location: Int
    /// The number of highlighted UTF-16 code units.
    public var length: Int

    /// Creates a range from a UTF-16 offset and length.
    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }

    #if canImport(Darwin)
    // Where Foundation is the platform's (Apple platforms). Elsewhere this library uses
    // only FoundationEssentials, which has no `NSRange`:
    // `NSRange(location: range.location, length: range.length)` is the same span.

    /// Creates a range from an `NSRange`.
    public init(_ range: NSRange) {
        self.init(location: range.location, length: range.length)
    }

    /// The same span as an `NSRange`.
    public var nsRange: NSRange { NSRange(location: location, length: length) }
    #endif

    /// The offset just past the last highlighted UTF-16 code unit.
    public var upperBound: Int { location + length }

    /// The span as a range of `string`'s indices, or `nil` if it does not lie within
    /// `string` or does not fall on character boundaries.
    ///
    /// - Complexity: O(*n*) in the length of `string`.
    public func range(in string: String) -> Range<String.Index>? {
        guard location >= 0, length >= 0, upperBound <= string.utf16.count else { return nil }
        let utf16 = string.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: location)
        let end = utf16.index(start, offsetBy: length)
        guard let lower = start.samePosition(in: string), let upper = end.samePosition(in: string)
        else { return nil }
        return lower..<upper
    }

    /// The span as a range of `attributedString`'s indices, or `nil` if it does not lie
    /// within the text or does not fall on character boundaries.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    public func toAttributedStringRange(in attributedString: AttributedString)
        -> Range<AttributedString.Index>?
    {
        let text = String(attributedString.characters)
        guard let range = range(in: text) else { return nil }
        let characters = attributedString.characters
        let lowerOffset = text.distance(from: text.startIndex, to: range.lowerBound)
        let count = text.distance(from: range.lowerBound, to: range.upperBound)
        let lower = characters.index(characters.startIndex, offsetBy: lowerOffset)
        let upper = characters.index(lower, offsetBy: count)
        return lower..<upper
    }

    /// `{location, length}`, as `NSStringFromRange` writes it.
    public var description: String { "{\(location), \(length)}" }
    public var debugDescription: String { "HighlightRange(location: \(location), length: \(length))" }
}
