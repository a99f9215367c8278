extension HighlightRange {
    /// `ranges` made valid for a text of `utf16Count` UTF-16 units, as every completion's
    /// ranges are: each cut to the text (a range wholly outside it, or empty, dropped),
    /// sorted by location, and overlapping ranges merged. Ranges that only touch stay two.
    ///
    /// ```swift
    /// HighlightRange.valid([.init(location: 4, length: 9), .init(location: 0, length: 3)],
    ///                      utf16Count: 10)
    /// // [{0, 3}, {4, 6}]
    /// ```
    ///
    /// - Complexity: O(*r* log *r*) for *r* ranges.
    public static func valid(_ ranges: [HighlightRange], utf16Count: Int) -> [HighlightRange] {
        var cut: [HighlightRange] = []
        cut.reserveCapacity(ranges.count)
        for range in ranges {
            // (No sum that can overflow, whatever the location and length.)
            var location = range.location, length = range.length
            guard length > 0, location < utf16Count else { continue }
            if location < 0 { (location, length) = (0, length + location) }
            guard length > 0 else { continue }
            cut.append(HighlightRange(location: location, length: min(length, utf16Count - location)))
        }
        guard !isValid(cut, utf16Count: utf16Count) else { return cut }
        cut.sort { ($0.location, $0.length) < ($1.location, $1.length) }
        var merged: [HighlightRange] = []
        for range in cut {
            if let last = merged.last, range.location < last.upperBound {
                merged[merged.count - 1].length = max(last.upperBound, range.upperBound) - last.location
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// Whether `ranges` are valid for a text of `utf16Count` UTF-16 units: each non-empty
    /// and inside the text, sorted by location, none overlapping the next.
    ///
    /// - Complexity: O(*r*) for *r* ranges.
    public static func isValid(_ ranges: [HighlightRange], utf16Count: Int) -> Bool {
        var end = 0
        for range in ranges {
            guard range.location >= end, range.length > 0, range.length <= utf16Count - range.location else {
                return false
            }
            end = range.upperBound
        }
        return true
    }
}
