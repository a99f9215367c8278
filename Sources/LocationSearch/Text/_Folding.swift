/// Folding: the one place that decides which texts match.
///
/// Names and queries are folded the same way into UTF-8 *keys*: lowercase, without
/// diacritics, with every run of separators (spaces, hyphens, apostrophes, dots, commas
/// and other punctuation) collapsed to a single ASCII space, and no leading or trailing
/// space. "Saint-Étienne" and "saint etienne" both fold to `saint etienne`;
/// "Sa\u{0303}o Paulo" and "São Paulo" both to `sao paulo`.
///
/// ASCII is folded by a branch-free table; other scalars through `_foldingTable`, which
/// `generate_folding_table.py` derives from the Unicode data.
enum _Folding {
    /// The ASCII fold: lowercase letters and digits map to themselves, everything else to
    /// a space (0x20).
    static let ascii: [UInt8] = asciiTable.map { $0 }

    /// `ascii` as a tuple-backed table: reading it needs no array bounds check or retain.
    static let asciiTable: _ASCIITable = _ASCIITable((0..<128).map { byte -> UInt8 in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return UInt8(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return UInt8(byte) + 32
        default:
            return 0x20
        }
    })

    /// Appends the fold of `scalar` to `output`, without collapsing spaces.
    @inline(__always)
    static func appendFold(of scalar: Unicode.Scalar, to output: inout [UInt8]) {
        let value = scalar.value
        if value < 0x80 {
            output.append(ascii[Int(value)])
        } else {
            _foldingTable.appendFold(of: scalar, to: &output)
        }
    }

    /// Folds `text` into a key.
    ///
    /// - Parameter keepTrailingSpace: keep one trailing space if the text ends with
    ///   separators. Queries use it: "san " matches "san jose" but not "sandusky".
    /// - Complexity: O(*n*), where *n* is the length of `text` in UTF-8 code units.
    static func fold(_ text: some StringProtocol, keepTrailingSpace: Bool = false) -> [UInt8] {
        if let folded = text.utf8.withContiguousStorageIfAvailable({ foldASCII($0, keepTrailingSpace: keepTrailingSpace) }),
           let folded {
            return folded
        }
        var raw: [UInt8] = []
        raw.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            appendFold(of: scalar, to: &raw)
        }
        return collapse(raw, keepTrailingSpace: keepTrailingSpace)
    }

    /// `fold(_:keepTrailingSpace:)` of ASCII text in one pass and one allocation, or `nil`
    /// if `utf8` is not all ASCII. (Every ASCII byte is a scalar of its own, folded by the
    /// table; separators collapse as in `collapse`.)
    static func foldASCII(_ utf8: UnsafeBufferPointer<UInt8>, keepTrailingSpace: Bool) -> [UInt8]? {
        let table = asciiTable
        var isASCII = true
        // Written into uninitialized capacity (the fold is never longer than the text plus
        // a trailing space): no capacity check per byte, so a query of a whole file's line
        // (80 MB) folds in a fraction of the time appending took.
        let output = [UInt8](unsafeUninitializedCapacity: utf8.count + 1) { out, count in
            var n = 0
            var pendingSpace = false
            for byte in utf8 {
                guard byte < 0x80 else { isASCII = false; break }
                let folded = table[Int(byte)]
                if folded == 0x20 {
                    pendingSpace = n > 0
                } else {
                    if pendingSpace { out[n] = 0x20; n += 1 }
                    pendingSpace = false
                    out[n] = folded
                    n += 1
                }
            }
            if isASCII && pendingSpace && keepTrailingSpace { out[n] = 0x20; n += 1 }
            count = isASCII ? n : 0
        }
        return isASCII ? output : nil
    }

    /// Folds UTF-8 bytes (which must be valid UTF-8) into a key; the build path, which
    /// never makes a `String`.
    static func fold(utf8 bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        output.removeAll(keepingCapacity: true)
        var allASCII = true
        for byte in bytes where byte >= 0x80 {
            allASCII = false
            break
        }
        var raw: [UInt8] = []
        if allASCII {
            raw.reserveCapacity(bytes.count)
            for byte in bytes { raw.append(ascii[Int(byte)]) }
        } else {
            var decoder = UTF8()
            var iterator = bytes.makeIterator()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): appendFold(of: scalar, to: &raw)
                case .emptyInput: break loop
                case .error: raw.append(0x20)
                }
            }
        }
        output = collapse(raw, keepTrailingSpace: false)
    }

    /// Collapses runs of spaces into one and trims them at the start (and at the end
    /// unless `keepTrailingSpace`).
    static func collapse(_ raw: [UInt8], keepTrailingSpace: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var pendingSpace = false
        for byte in raw {
            if byte == 0x20 {
                pendingSpace = !output.isEmpty
            } else {
                if pendingSpace { output.append(0x20) }
                pendingSpace = false
                output.append(byte)
            }
        }
        if pendingSpace && keepTrailingSpace { output.append(0x20) }
        return output
    }
}

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
        var pendingSpace: (start: Int, end: Int)? = nil
        var scratch: [UInt8] = []
        for character in text {
            let width = character.utf16.count
            let range = (start: utf16Offset, end: utf16Offset + width)
            utf16Offset += width
            scratch.removeAll(keepingCapacity: true)
            for scalar in character.unicodeScalars {
                _Folding.appendFold(of: scalar, to: &scratch)
            }
            for byte in scratch {
                if byte == 0x20 {
                    if !key.isEmpty && pendingSpace == nil { pendingSpace = range }
                } else {
                    if let space = pendingSpace {
                        append(0x20, space)
                        pendingSpace = nil
                    }
                    append(byte, range)
                }
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
    static func asciiWordHighlights(_ title: UnsafeBufferPointer<UInt8>, keyBytes: Range<Int>) -> [HighlightRange]? {
        let ascii = _Folding.asciiTable
        var ranges: [HighlightRange] = []
        ranges.reserveCapacity(4)
        var keyCount = 0              // key bytes so far
        var pendingSpace = -1         // title offset of a separator run not yet in the key
        var wordStart = -1, wordEnd = 0
        func take(_ byte: UInt8, at offset: Int) {
            if keyCount >= keyBytes.lowerBound && keyCount < keyBytes.upperBound {
                if byte == 0x20 {
                    if wordStart >= 0 { ranges.append(HighlightRange(location: wordStart, length: wordEnd - wordStart)) }
                    wordStart = -1
                } else {
                    if wordStart < 0 { wordStart = offset }
                    wordEnd = offset + 1
                }
            }
            keyCount += 1
        }
        for (offset, byte) in title.enumerated() {
            guard byte < 0x80 && byte != 0x0D else { return nil }
            if keyCount >= keyBytes.upperBound { continue }  // only validating the rest
            let folded = ascii[Int(byte)]
            if folded == 0x20 {
                if keyCount > 0 && pendingSpace < 0 { pendingSpace = offset }
            } else {
                if pendingSpace >= 0 {
                    take(0x20, at: pendingSpace)
                    pendingSpace = -1
                }
                take(folded, at: offset)
            }
        }
        if wordStart >= 0 { ranges.append(HighlightRange(location: wordStart, length: wordEnd - wordStart)) }
        return ranges
    }

    /// `_FoldedText(title).wordHighlights(keyBytes)` (with `keyBytes` clamped to the key,
    /// and no highlight when it is empty), for any title, without building the key or its
    /// maps: it folds one character at a time and stops at the end of `keyBytes`.
    ///
    /// - Complexity: O(*n*), *n* the length of the title up to the end of `keyBytes`.
    static func wordHighlights(of title: String, keyBytes: Range<Int>) -> [HighlightRange] {
        var ranges: [HighlightRange] = []
        var keyCount = 0              // key bytes so far
        var pendingSpace = false      // a separator run not yet in the key
        var wordStart = -1, wordEnd = 0
        var utf16Offset = 0
        var scratch: [UInt8] = []
        scratch.reserveCapacity(8)
        for character in title {
            if keyCount >= keyBytes.upperBound { break }
            let start = utf16Offset
            utf16Offset += character.utf16.count
            scratch.removeAll(keepingCapacity: true)
            for scalar in character.unicodeScalars { _Folding.appendFold(of: scalar, to: &scratch) }
            for byte in scratch {
                if byte == 0x20 {
                    pendingSpace = pendingSpace || keyCount > 0
                    continue
                }
                if pendingSpace {
                    // The space enters the key: it ends a highlighted word.
                    if keyBytes.contains(keyCount) && wordStart >= 0 {
                        ranges.append(HighlightRange(location: wordStart, length: wordEnd - wordStart))
                        wordStart = -1
                    }
                    keyCount += 1
                    pendingSpace = false
                }
                if keyBytes.contains(keyCount) {
                    if wordStart < 0 { wordStart = start }
                    wordEnd = utf16Offset
                }
                keyCount += 1
            }
        }
        if wordStart >= 0 { ranges.append(HighlightRange(location: wordStart, length: wordEnd - wordStart)) }
        return ranges
    }

    /// One highlight per word of `bytes` (spaces inside it are not highlighted), so that
    /// "san fr" over "San Francisco" marks "San" and "Fr".
    func wordHighlights(_ bytes: Range<Int>) -> [HighlightRange] {
        var ranges: [HighlightRange] = []
        var wordStart: Int? = nil
        for i in bytes.lowerBound...bytes.upperBound {
            let isSpace = i == bytes.upperBound || key[i] == 0x20
            if isSpace {
                if let start = wordStart, let range = highlight(start..<i) { ranges.append(range) }
                wordStart = nil
            } else if wordStart == nil {
                wordStart = i
            }
        }
        return ranges
    }
}

/// 128 bytes indexed by an ASCII byte, stored inline.
struct _ASCIITable: Sendable, Sequence {
    private var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    init(_ values: [UInt8]) {
        precondition(values.count == 128)
        withUnsafeMutableBytes(of: &bytes) { buffer in
            for (i, value) in values.enumerated() { buffer[i] = value }
        }
    }

    /// The entry for `index` (0..<128; checked).
    @inline(__always)
    subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < 128)
        return withUnsafeBytes(of: bytes) { $0[index] }
    }

    func makeIterator() -> IndexingIterator<[UInt8]> {
        (0..<128).map { self[$0] }.makeIterator()
    }
}
