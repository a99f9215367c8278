/// The one place that turns highlight ranges into spans of text, for every renderer
/// (AttributedString, UIKit/AppKit/SwiftUI colours, ANSI).
///
/// It never fails: a range that is empty, negative or reaches past the end of the text is
/// ignored; a range that starts or ends inside a character (a combining mark, a surrogate
/// pair, a ZWJ emoji sequence, a flag) is widened to whole characters; overlapping and
/// touching ranges are merged, in any order.
struct _HighlightSpans {
    /// One run of text, highlighted or not.
    struct Run: Equatable {
        var range: Range<String.Index>
        var isHighlighted: Bool
    }

    /// Runs covering the whole text, in order, none empty, alternating between
    /// highlighted and not; empty for empty text.
    let runs: [Run]

    /// - Complexity: O(*n* + *k* log *k*) for a text of *n* UTF-16 code units and *k*
    ///   ranges.
    init(text: String, ranges: [HighlightRange]) {
        // Character boundaries, as UTF-16 offsets and string indices, end included.
        var offsets: [Int] = []
        var indices: [String.Index] = []
        var offset = 0
        for index in text.indices {
            offsets.append(offset)
            indices.append(index)
            offset += text[index].utf16.count
        }
        offsets.append(offset)
        indices.append(text.endIndex)
        let count = offset

        // Each valid range as boundary numbers, widened to whole characters.
        var spans: [(lower: Int, upper: Int)] = []
        for range in ranges {
            guard range.location >= 0, range.length > 0, range.location < count,
                  range.length <= count - range.location
            else { continue }
            let lower = Self.lastBoundary(atOrBefore: range.location, in: offsets)
            let upper = Self.firstBoundary(atOrAfter: range.location + range.length, in: offsets)
            spans.append((lower, upper))
        }
        spans.sort { $0.lower < $1.lower }
        var merged: [(lower: Int, upper: Int)] = []
        for span in spans {
            if let last = merged.last, span.lower <= last.upper {
                merged[merged.count - 1].upper = max(last.upper, span.upper)
            } else {
                merged.append(span)
            }
        }

        var runs: [Run] = []
        var cursor = 0
        for span in merged {
            if cursor < span.lower {
                runs.append(Run(range: indices[cursor]..<indices[span.lower], isHighlighted: false))
            }
            runs.append(Run(range: indices[span.lower]..<indices[span.upper], isHighlighted: true))
            cursor = span.upper
        }
        if cursor < indices.count - 1 {
            runs.append(Run(range: indices[cursor]..<text.endIndex, isHighlighted: false))
        }
        self.runs = runs
    }

    /// The position in `offsets` (sorted) of the last offset <= `value`.
    private static func lastBoundary(atOrBefore value: Int, in offsets: [Int]) -> Int {
        firstBoundary(atOrAfter: value + 1, in: offsets) - 1
    }

    /// The position in `offsets` (sorted) of the first offset >= `value`, or
    /// `offsets.count` if there is none.
    private static func firstBoundary(atOrAfter value: Int, in offsets: [Int]) -> Int {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
