#if canImport(Darwin)
import Foundation  // `NSRange`, `NSValue`

/// The spellings of MapKit's `NSValue` highlight ranges, declared unavailable so that the
/// compiler says what to write instead. (Apple platforms only, as `nsRange` is.)
extension HighlightRange {
    @available(*, unavailable, renamed: "nsRange", message: "a HighlightRange is not an NSValue: read nsRange")
    public var rangeValue: NSRange { fatalError("unavailable") }

    @available(*, unavailable, renamed: "init(_:)",
               message: "make one from an NSRange (init(_:)), e.g. HighlightRange(value.rangeValue)")
    public init(nsValue: NSValue) { fatalError("unavailable") }
}
#else
extension HighlightRange {
    @available(*, unavailable, message: "a HighlightRange is not an NSValue: read location and length")
    public var rangeValue: Never { fatalError("unavailable") }
}
#endif
