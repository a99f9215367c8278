import Testing
@testable import LocationSearch

@Suite("Folding", .holdsItsThread)
struct FoldingTests {
    @Test("Unicode cases fold to the same key", arguments: [
        ("São Paulo", "sao paulo"),
        ("Sa\u{0303}o Paulo", "sao paulo"),
        ("Zürich", "zurich"),
        ("ZU\u{0308}RICH", "zurich"),
        ("Straße", "strasse"),
        ("Ørsta", "orsta"),
        ("Æbeltoft", "aebeltoft"),
        ("Łódź", "lodz"),
        ("Saint-Étienne", "saint etienne"),
        ("L'Aquila", "l aquila"),
        ("St. Louis", "st louis"),
        ("  New   York  ", "new york"),
        ("Winston-Salem", "winston salem"),
        ("Москва", "москва"),
        ("Ἀθῆναι", "αθηναι"),
        ("東京", "東京"),
        ("Ｔｏｋｙｏ", "tokyo"),
        ("Hawaiʻi", "hawai i"),
        ("ﬁre", "fire"),
        ("İstanbul", "istanbul"),
        ("!!!", ""),
        ("", ""),
    ])
    func folds(_ input: String, _ expected: String) {
        #expect(String(decoding: _Folding.fold(input), as: UTF8.self) == expected)
    }

    /// The ASCII table, a string literal, says what its rule says of each byte: a letter
    /// lowered, a digit itself, anything else a space.
    @Test func theASCIITableLowersLettersAndKeepsDigits() {
        for byte in UInt8(0)..<128 {
            let expected: UInt8 = switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
            default: 0x20
            }
            #expect(_Folding.asciiTable[Int(byte)] == expected, "\(byte)")
            #expect(_Folding.ascii[Int(byte)] == expected, "\(byte)")
        }
    }

    @Test func queriesKeepOneTrailingSpace() {
        #expect(String(decoding: _Folding.fold("san  ", keepTrailingSpace: true), as: UTF8.self) == "san ")
        #expect(String(decoding: _Folding.fold("san  "), as: UTF8.self) == "san")
        #expect(String(decoding: _Folding.fold("São  ", keepTrailingSpace: true), as: UTF8.self) == "sao ")
        #expect(String(decoding: _Folding.fold("São  "), as: UTF8.self) == "sao")
    }

    /// The build's fold into a reused buffer gives the bytes of the fold that returns a new
    /// array, whatever the buffer held before (a longer key, a non-ASCII one).
    @Test func foldingIntoAReusedBufferGivesTheSameKey() {
        let texts = [
            "Zürich", "  San   Francisco  ", "", " ", "ÅLESUND", "St. John's", "東京", "a\u{0301}b", "ﬃ ligature",
            "Kraków-Nowa Huta", "\u{FDFA}", "A", "-", "Ærø", "Straße", "x\u{200B}y", "Ελλάδα", "ab c",
            // Keys longer than the fold's stack buffer (256 bytes), one scalar's long fold
            // across its end, and a separator run across it.
            String(repeating: "Zürich ", count: 60), String(repeating: "a\u{FDFA}", count: 20),
            String(repeating: "x", count: 255) + "---" + String(repeating: "y", count: 300),
            String(repeating: "b", count: 250) + "\u{FDFA}" + "c",
        ]
        var buffer: [UInt8] = Array(repeating: 0x61, count: 300)
        for text in texts + texts.reversed() {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { _Folding.fold(utf8: $0, into: &buffer) }
            let fresh = bytes.withUnsafeBufferPointer { _Folding.fold(utf8: $0, keepTrailingSpace: false) }
            #expect(buffer == fresh, "\(text)")
        }
        let invalid: [UInt8] = [0x41, 0xFF, 0x42, 0xC3]
        invalid.withUnsafeBufferPointer { _Folding.fold(utf8: $0, into: &buffer) }
        #expect(buffer == invalid.withUnsafeBufferPointer { _Folding.fold(utf8: $0, keepTrailingSpace: false) })
    }

    /// The fold, which reads a scalar's bytes itself, gives the key the standard library's
    /// UTF-8 decoder gives (`decoderFold`: each scalar's fold, each error a separator), for
    /// random bytes: text of every width, cut scalars, stray continuation bytes, overlong
    /// forms, surrogates and bytes past U+10FFFF among letters; into a reused buffer and
    /// into a new array.
    @Test func foldingOnBytesAgreesWithTheDecoder() {
        func decoderFold(_ bytes: [UInt8]) -> [UInt8] {
            var key: [UInt8] = [], writer = _KeyWriter<Void>(), decoder = UTF8(), iterator = bytes.makeIterator()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    _Folding.forEachByte(ofFoldOf: scalar) { writer.feed($0, from: ()) { byte, _ in key.append(byte) } }
                case .emptyInput: break loop
                case .error: writer.feed(0x20, from: ()) { byte, _ in key.append(byte) }
                }
            }
            writer.finish(keepTrailingSpace: false) { byte, _ in key.append(byte) }
            return key
        }
        var random = SeededGenerator(seed: 41)
        let pieces: [[UInt8]] = ["a", "Z", " ", "-", "é", "ß", "İ", "ﬃ", "東", "🇫🇷", "Ω", "\u{FDFA}", "a\u{301}"]
            .map { Array($0.utf8) } + [[0x80], [0xBF], [0xC0, 0x81], [0xC3], [0xE2, 0x82], [0xE0, 0x80, 0x80],
                                       [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xFF], [0xF0, 0x9F]]
        var buffer: [UInt8] = []
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...8, using: &random) { bytes += pieces.randomElement(using: &random)! }
            bytes.withUnsafeBufferPointer { _Folding.fold(utf8: $0, into: &buffer) }
            let fresh = bytes.withUnsafeBufferPointer { _Folding.fold(utf8: $0, keepTrailingSpace: false) }
            let decoded = decoderFold(bytes)
            #expect(buffer == decoded, "\(bytes)")
            #expect(fresh == decoded, "\(bytes)")
        }
    }

    /// `compareFold` answers as the key written out would: the same key, its start, or
    /// neither, for random texts against their own keys, another's, and the starts of
    /// either; and every start of a text's bytes, cut anywhere (in a scalar too), folds to
    /// the start of the text's key, so `.differs` tells that a text has another key.
    @Test func comparingAFoldAnswersAsTheKeyWrittenOut() {
        func fold(_ bytes: [UInt8]) -> [UInt8] {
            bytes.withUnsafeBufferPointer { _Folding.fold(utf8: $0, keepTrailingSpace: false) }
        }
        func compare(_ bytes: [UInt8], _ key: [UInt8]) -> _Folding.FoldComparison {
            bytes.withUnsafeBufferPointer { b in key.withUnsafeBufferPointer { _Folding.compareFold(of: b, with: $0) } }
        }
        func expected(_ bytes: [UInt8], _ key: [UInt8]) -> _Folding.FoldComparison {
            let folded = fold(bytes)
            return folded == key ? .equal : key.starts(with: folded) ? .prefix : .differs
        }
        #expect(compare(Array("Saint-É".utf8), Array("saint etienne".utf8)) == .prefix)
        #expect(compare(Array("Saint-Étienne".utf8), Array("saint etienne".utf8)) == .equal)
        #expect(compare(Array("Saint-Étiennes".utf8), Array("saint etienne".utf8)) == .differs)
        #expect(compare(Array("Saint- ".utf8), Array("saint etienne".utf8)) == .prefix)
        #expect(compare(Array("‘Isfiy".utf8), Array("ia lo sak leng".utf8)) == .differs)
        #expect(compare(Array("Straße".utf8).dropLast(1).map { $0 }, Array("strasse".utf8)) == .prefix)
        var random = SeededGenerator(seed: 31)
        var cuts = 0
        for round in 0..<5_000 {
            let text = Array(SimpleCaseTests.randomText(simpleOnly: round % 2 == 0, using: &random).utf8)
            let other = Array(SimpleCaseTests.randomText(simpleOnly: false, using: &random).utf8)
            let key = fold(text), otherKey = fold(other)
            #expect(compare(text, key) == .equal, "\(text)")
            for candidate in [otherKey, Array(key.prefix(key.count / 2)), Array(otherKey.prefix(2))] {
                #expect(compare(text, candidate) == expected(text, candidate), "\(text) \(candidate)")
            }
            for end in 0..<text.count {
                let start = Array(text[..<end])
                cuts += 1
                #expect(compare(start, key) != .differs, "\(text) \(end)")
                #expect(compare(start, otherKey) == expected(start, otherKey), "\(start) \(otherKey)")
            }
        }
        #expect(cuts > 10_000)
    }

    @Test func foldedTextMapsEveryByteToWholeCharacters() {
        let text = _FoldedText("Ste\u{0301}phane Straße 🇫🇷 Zürich")
        #expect(String(decoding: text.key, as: UTF8.self) == "stephane strasse zurich")
        for i in text.key.indices {
            let range = HighlightRange(location: text.characterStart[i], length: text.characterEnd[i] - text.characterStart[i])
            #expect(range.range(in: "Ste\u{0301}phane Straße 🇫🇷 Zürich") != nil)
        }
        // "ss" both come from "ß".
        let sharp = text.highlight(13..<15)
        #expect(sharp == HighlightRange(location: 14, length: 1))
    }
}
