/// A folded key together with where each of its bytes came from in the displayed text,
/// so that a match on the key can be highlighted on whole characters of the display.
///
/// Only results are folded this way (a handful per query), never the whole gazetteer.
struct _FoldedText {
    /// The key, exactly as `_Folding.fold(_:)` gives it.
    var key: [UInt8] = []
    /// For each key byte, the UTF-16 range of the character (grapheme) it came from:
    /// `characterStart[i] ..< characterEnd[i]`.
    var characterStart: [Int] = []
    var characterEnd: [Int] = []

    /// - Complexity: O(*n*) in the length of `text`.
    init(_ text: String) {
        key.reserveCapacity(text.utf8.count)
        characterStart.reserveCapacity(text.utf8.count)
        characterEnd.reserveCapacity(text.utf8.count)
        var utf16Offset = 0
        var writer = _KeyWriter<(start: Int, end: Int)>()
        for character in text {
            let width = character.utf16.count
            let range = (start: utf16Offset, end: utf16Offset + width)
            utf16Offset += width
            for scalar in character.unicodeScalars {
                _Folding.forEachByte(ofFoldOf: scalar) { writer.feed($0, from: range) { append($0, $1) } }
            }
        }
    }

    private mutating func append(_ byte: UInt8, _ range: (start: Int, end: Int)) {
        key.append(byte)
        characterStart.append(range.start)
        characterEnd.append(range.end)
    }

    /// The UTF-16 range of the display text covered by key bytes `bytes`, widened to
    /// whole characters; `nil` for an empty or out-of-bounds byte range.
    func highlight(_ bytes: Range<Int>) -> HighlightRange? {
        guard !bytes.isEmpty, bytes.lowerBound >= 0, bytes.upperBound <= key.count else { return nil }
        let start = characterStart[bytes.lowerBound]
        let end = characterEnd[bytes.upperBound - 1]
        return HighlightRange(location: start, length: end - start)
    }

    /// One highlight per word of `bytes` (spaces inside it are not highlighted), so that
    /// "san fr" over "San Francisco" marks "San" and "Fr"; words of one character are one
    /// highlight (`appendWord(_:to:)`).
    func wordHighlights(_ bytes: Range<Int>) -> [HighlightRange] {
        var ranges: [HighlightRange] = []
        var wordStart: Int? = nil
        for i in bytes.lowerBound...bytes.upperBound {
            let isSpace = i == bytes.upperBound || key[i] == 0x20
            if isSpace {
                if let start = wordStart, let range = highlight(start..<i) { Self.appendWord(range, to: &ranges) }
                wordStart = nil
            } else if wordStart == nil {
                wordStart = i
            }
        }
        return ranges
    }

    /// Appends the highlight of a word to the highlights of the words before it, keeping
    /// them rising and disjoint: a highlight that starts inside the last one extends it.
    ///
    /// Words are highlighted on whole characters, and one character can give two words:
    /// one whose fold has a space between letters ("½" folds to `1 2`, "ﷺ" to four Arabic
    /// words) or a grapheme with a separator among its scalars ("a🏻ः" folds to `a ः`).
    /// Both words' highlights are then that character; alone, they would overlap.
    /// A word starts no earlier than the one before it (key bytes come in the text's
    /// order), so only the last highlight can overlap it.
    static func appendWord(_ range: HighlightRange, to ranges: inout [HighlightRange]) {
        guard let last = ranges.last, range.location < last.upperBound else {
            ranges.append(range)
            return
        }
        ranges[ranges.count - 1].length = max(last.upperBound, range.upperBound) - last.location
    }
}
