extension _FoldedText {
    /// `_FoldedText(title).wordHighlights(keyBytes)` (with `keyBytes` clamped to the key,
    /// and no highlight when it is empty) computed straight from the UTF-8 of an ASCII
    /// title, without building the key or its maps; `nil` when the title is not ASCII or
    /// holds a carriage return (the one ASCII pair, CR LF, that forms a single character),
    /// where the caller must use `_FoldedText`.
    ///
    /// In ASCII every byte is a character and a UTF-16 unit, so a key byte's character is
    /// the title byte it came from.
    ///
    /// - Complexity: O(*n*) in the title's length, stopping at the end of `keyBytes`.
    static func asciiWordHighlights(
        _ title: UnsafeBufferPointer<UInt8>, keyBytes: Range<Int>
    ) -> [HighlightRange]? {
        let ascii = _Folding.asciiTable
        var highlights = _WordHighlights(keyBytes: keyBytes)
        var writer = _KeyWriter<Int>()
        for (offset, byte) in title.enumerated() {
            guard byte < 0x80 && byte != 0x0D else { return nil }
            if highlights.isComplete { continue }  // only validating the rest
            writer.feed(ascii[Int(byte)], from: offset) { highlights.take($0, from: (start: $1, end: $1 + 1)) }
        }
        return highlights.finish()
    }

    /// `_FoldedText(title).wordHighlights(keyBytes)` (with `keyBytes` clamped to the key,
    /// and no highlight when it is empty), for any title, without building the key or its
    /// maps: it folds one character at a time and stops at the end of `keyBytes`.
    ///
    /// - Complexity: O(*n*), *n* the length of the title up to the end of `keyBytes`.
    static func wordHighlights(of title: String, keyBytes: Range<Int>) -> [HighlightRange] {
        var highlights = _WordHighlights(keyBytes: keyBytes)
        var writer = _KeyWriter<(start: Int, end: Int)>()
        var utf16Offset = 0
        for character in title {
            if highlights.isComplete { break }
            let range = (start: utf16Offset, end: utf16Offset + character.utf16.count)
            utf16Offset = range.end
            for scalar in character.unicodeScalars {
                _Folding.forEachByte(ofFoldOf: scalar) {
                    writer.feed($0, from: range) { highlights.take($0, from: $1) }
                }
            }
        }
        return highlights.finish()
    }
}

/// The word highlights of key bytes `keyBytes`, taken a key byte at a time with the UTF-16
/// range of the character it came from: a space ends a word, and a word's highlight runs
/// from its first byte's character to its last one's (joined with the one before when
/// they share a character: `_FoldedText.appendWord(_:to:)`).
private struct _WordHighlights {
    let keyBytes: Range<Int>
    /// Key bytes taken so far.
    private var keyCount = 0
    private var wordStart = -1, wordEnd = 0
    private var ranges: [HighlightRange] = []

    init(keyBytes: Range<Int>) {
        self.keyBytes = keyBytes
        ranges.reserveCapacity(4)
    }

    /// Whether every byte of `keyBytes` has been taken.
    var isComplete: Bool { keyCount >= keyBytes.upperBound }

    mutating func take(_ byte: UInt8, from character: (start: Int, end: Int)) {
        if keyBytes.contains(keyCount) {
            if byte == 0x20 {
                endWord()
            } else {
                if wordStart < 0 { wordStart = character.start }
                wordEnd = character.end
            }
        }
        keyCount += 1
    }

    private mutating func endWord() {
        if wordStart >= 0 {
            _FoldedText.appendWord(HighlightRange(location: wordStart, length: wordEnd - wordStart), to: &ranges)
        }
        wordStart = -1
    }

    mutating func finish() -> [HighlightRange] {
        endWord()
        return ranges
    }
}
