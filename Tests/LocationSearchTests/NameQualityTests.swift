import Testing
@testable import LocationSearch

@Suite("Name quality", .holdsItsThread)
struct NameQualityTests {
    /// The case class of `scalar` from its Unicode properties, as the counts define it.
    static func reference(_ scalar: Unicode.Scalar) -> UInt8 {
        guard scalar.properties.isAlphabetic else { return 0 }
        return scalar.properties.isUppercase ? 2 : scalar.properties.isLowercase ? 3 : 1
    }

    /// The table read from the generated ranges (`_caseClassTableSource`) is the
    /// properties' for every scalar of the Basic Multilingual Plane. If a toolchain's
    /// Unicode data differ, run `generate_case_classes.swift` (Sources/LocationSearch/Generated).
    @Test func theTableHoldsEveryBasicPlaneScalarsClass() {
        let table = _NameQuality.caseClasses
        #expect(table.count == 0x1_0000)
        var wrong: [UInt32] = []
        for value in UInt32(0)..<0x1_0000 {
            let expected = Unicode.Scalar(value).map(Self.reference) ?? 0
            if table[Int(value)] != expected { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func countsAgreeWithThePropertiesInEveryPlane() {
        // Runs of 64 scalars across all planes, each counted on its bytes and by properties.
        var value: UInt32 = 0
        var mismatches = 0
        while value < 0x11_0000 {
            let scalars = (value..<min(value + 64, 0x11_0000)).compactMap(Unicode.Scalar.init)
            value += 64
            var text = String(String.UnicodeScalarView(scalars))
            let counts = text.withUTF8 { _NameQuality.caseCounts($0) }
            let classes = scalars.map(Self.reference)
            let expected = (classes.filter { $0 == 2 }.count, classes.filter { $0 == 3 }.count, classes.filter { $0 != 0 }.count)
            if counts != expected { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("Counts of names", arguments: [
        ("Berlin", 1, 5, 6), ("münchen", 0, 7, 7), ("MÜNCHEN", 7, 0, 7), ("Москва", 1, 5, 6), ("北京", 0, 0, 2),
        ("São Paulo", 2, 6, 8), ("", 0, 0, 0), ("42", 0, 0, 0), ("𝐀b", 1, 1, 2),
    ])
    func countsOfNames(name: String, upper: Int, lower: Int, letters: Int) {
        let counts = _NameQuality.caseCounts(name)
        #expect(counts.upper == upper && counts.lower == lower && counts.letters == letters)
    }

    /// The case rules from the full counts, as `isShowable` first stated them.
    static func caseRulesFromCounts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let (upper, lower, letters) = _NameQuality.caseCounts(bytes)
        return !(upper > 0 && lower == 0 && letters <= 5) && !(lower > 0 && upper == 0)
    }

    /// `hasShowableCase` stops counting once both cases are seen, and answers as the full
    /// counts do: over names, and over runs of scalars across every plane (each alone and
    /// after an upper-case, a lower-case and an uncased letter).
    @Test func theCaseRulesStopEarlyWithTheSameAnswer() {
        var texts = ["Wien", "NYC", "PT", "ashn", "ΑΘΗΝΑ", "ΑΘΗΝΑΙ", "Москва", "北京", "", "42", "A", "a", "ABCDEf",
                     "abcdeF", "Ab北京", "北京aB", "𝐀b", "1st Street", "SAINT-ÉTIENNE"]
        var value: UInt32 = 0
        while value < 0x11_0000 {
            let scalars = (value..<min(value + 64, 0x11_0000)).compactMap(Unicode.Scalar.init)
            value += 64
            let run = String(String.UnicodeScalarView(scalars))
            texts += [run, "A" + run, "a" + run, "北" + run]
        }
        var wrong: [String] = [], wrongLowercase: [String] = []
        for var text in texts {
            let (early, full) = text.withUTF8 { (_NameQuality.hasShowableCase($0), Self.caseRulesFromCounts($0)) }
            if early != full { wrong.append(text) }
            let (lowercaseOnly, counts) = text.withUTF8 {
                (_NameQuality.isLowercaseOnly(utf8: $0), _NameQuality.caseCounts($0))
            }
            if lowercaseOnly != (counts.lower > 0 && counts.upper == 0) { wrongLowercase.append(text) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(3))")
        #expect(wrongLowercase.isEmpty, "\(wrongLowercase.prefix(3))")
    }

    /// The counts and `isLowercaseOnly`, which read a scalar's bytes themselves (and stop
    /// at the first upper-case letter), answer as the standard library's decoder does over
    /// random bytes: letters of every case and width, cut scalars, stray continuation
    /// bytes, overlong forms and surrogates.
    @Test func lowercaseOnlyAgreesWithTheCountsOnAnyBytes() {
        func decoderCounts(_ bytes: [UInt8]) -> (upper: Int, lower: Int, letters: Int) {
            var counts = (upper: 0, lower: 0, letters: 0), decoder = UTF8(), iterator = bytes.makeIterator()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    let caseClass = _NameQuality.caseClass(of: scalar)
                    if caseClass != 0 { counts.letters += 1 }
                    if caseClass == 2 { counts.upper += 1 } else if caseClass == 3 { counts.lower += 1 }
                case .error: continue
                case .emptyInput: break loop
                }
            }
            return counts
        }
        var random = SeededGenerator(seed: 7)
        let pieces: [[UInt8]] = ["a", "Z", " ", "é", "É", "東", "ω", "Ω", "𝐀", "𝐚", "ǅ", "1"]
            .map { Array($0.utf8) } + [[0x80], [0xC3], [0xC0, 0x81], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xFF]]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...6, using: &random) { bytes += pieces.randomElement(using: &random)! }
            let (lowercaseOnly, counts) = bytes.withUnsafeBufferPointer {
                (_NameQuality.isLowercaseOnly(utf8: $0), _NameQuality.caseCounts($0))
            }
            let expected = decoderCounts(bytes)
            #expect(lowercaseOnly == (counts.lower > 0 && counts.upper == 0), "\(bytes)")
            #expect(counts == expected && lowercaseOnly == (expected.lower > 0 && expected.upper == 0), "\(bytes)")
        }
    }

    @Test("Aliases fit to be titles", arguments: [
        ("Wien", "Vienna", true), ("NYC", "New York City", false), ("PT", "Portugal", false),
        ("ashn", "Ashland", false), ("Londn", "London", false), ("Lodnon", "London", false),
        ("Londres", "London", true), ("Rom", "Roma", false), ("Ro", "Rom", true), ("MOSCOW", "Moscow", true),
        ("ΑΘΗΝΑ", "Athens", false), ("ΑΘΗΝΑΙ", "Athens", true), ("北京", "Beijing", true), ("北京", "北京市", true),
        ("Bei Jing", "Beijing", false), ("Sao Paulo", "São Paulo", true), ("Sao Paolo", "São Paulo", false),
    ])
    func aliasesFitToBeTitles(alias: String, canonical: String, showable: Bool) {
        #expect(_NameQuality.isShowable(alias: alias, canonical: canonical) == showable)
    }

    @Test("One edit", arguments: [
        ("london", "londn", true), ("londn", "london", true), ("lodnon", "london", true), ("londen", "london", true),
        ("london", "london", false), ("lndno", "london", false), ("", "a", true), ("ab", "ba", true),
        ("abc", "ab", true), ("abcd", "ab", false), ("abc", "acb", true), ("abc", "bca", false),
    ])
    func oneEdit(a: String, b: String, expected: Bool) {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        #expect(x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { _NameQuality.isOneEdit(x, $0) } } == expected)
    }

    @Test func illFormedBytesAreNoLetters() {
        let bytes: [UInt8] = [0x41, 0xC3, 0x28, 0xFF, 0x62, 0xE2, 0x82]  // "A", bad, "(", bad, "b", cut
        let counts = bytes.withUnsafeBufferPointer { _NameQuality.caseCounts($0) }
        #expect(counts.upper == 1 && counts.lower == 1 && counts.letters == 2)
    }
}
