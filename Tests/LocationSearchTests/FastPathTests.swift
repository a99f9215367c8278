import Testing
@testable import LocationSearch

/// The hot path's shortcuts give exactly what the general code gives.
@Suite("Fast paths", .holdsItsThread)
struct FastPathTests {
    /// The title highlights as `_FoldedText` gives them: the reference.
    func reference(_ title: String, _ keyBytes: Range<Int>) -> [HighlightRange] {
        let folded = _FoldedText(title)
        let end = min(folded.key.count, keyBytes.upperBound)
        return keyBytes.lowerBound < end ? folded.wordHighlights(keyBytes.lowerBound..<end) : []
    }

    @Test func asciiHighlightsMatchFoldedText() {
        var random = SeededGenerator(seed: 7)
        let alphabet = Array("aAbZz09 -'.,/()\t!")
        for _ in 0..<5_000 {
            let title = String((0..<Int.random(in: 0...14, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let folded = _FoldedText(title)
            let lower = Int.random(in: 0...(folded.key.count + 1), using: &random)
            let keyBytes = lower..<(lower + Int.random(in: 0...8, using: &random))
            let fast = Array(title.utf8).withUnsafeBufferPointer {
                _FoldedText.asciiWordHighlights($0, keyBytes: keyBytes)
            }
            #expect(fast == reference(title, keyBytes), "\(title) \(keyBytes)")
        }
    }

    /// The streaming highlighter agrees with `_FoldedText` on any script: diacritics,
    /// combining marks, ß (two key bytes from one character), emoji, CJK, CR LF.
    @Test func streamingHighlightsMatchFoldedText() {
        var random = SeededGenerator(seed: 11)
        let pieces = ["a", "Z", "é", "e\u{301}", "ß", "Ø", " ", "-", "'", "🇫🇷", "東", "Ж", "ﬁ", "\r\n", "ʻ", "1", "İ"]
        for _ in 0..<5_000 {
            let title = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let folded = _FoldedText(title)
            let lower = Int.random(in: 0...(folded.key.count + 1), using: &random)
            let keyBytes = lower..<(lower + Int.random(in: 0...8, using: &random))
            #expect(_FoldedText.wordHighlights(of: title, keyBytes: keyBytes)
                    == reference(title, keyBytes), "\(title.debugDescription) \(keyBytes)")
        }
    }

    @Test("Non-ASCII titles and CR take the general path", arguments: ["São Paulo", "a\r\nb", "東京"])
    func nonASCIIIsDeclined(_ title: String) {
        let fast = Array(title.utf8).withUnsafeBufferPointer { _FoldedText.asciiWordHighlights($0, keyBytes: 0..<2) }
        #expect(fast == nil)
    }

    @Test(arguments: [0, 7, 10, 5391959, 999_999_999_999, Int64.max])
    func geoNamesIDsAsInterpolated(_ id: Int64) {
        #expect(Gazetteer.geoNamesID(id) == "geonames:\(id)")
    }

    @Test func placeSetKeepsEveryPlaceOnceAcrossItsLimit() {
        var set = _PlaceSet()
        for place in UInt32(0)..<200 where place % 3 != 0 {
            #expect(!set.contains(place))
            set.insert(place)
            set.insert(place)
            #expect(set.contains(place))
        }
        for place in UInt32(0)..<200 { #expect(set.contains(place) == (place % 3 != 0)) }
    }
}
