extension StringProtocol {
    /// The text without the horizontal space at its ends: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` trims (tabs, every space separator, general
    /// category Zs: U+0020, U+00A0, U+3000, ..., and U+200B ZERO WIDTH SPACE, which
    /// Unicode no longer counts as one but Foundation's set still holds), which
    /// FoundationEssentials, this library's Foundation off Apple platforms, does not have.
    /// The same scalars as Foundation's set, checked over all of Unicode by `TrimmingTests`.
    ///
    ///     "\u{3000}東京 \t"._trimmingHorizontalSpace()   // "東京"
    ///
    /// Public (underscored) for the command-line tool, which has no Foundation either.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    public func _trimmingHorizontalSpace() -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        // (A slice at scalar boundaries keeps exactly those scalars, and copies as bytes.)
        let end = scalars.index(after: last)
        return first == startIndex && end == endIndex ? String(self) : String(self[first..<end])
    }
}
