import Foundation
import Testing
@testable import LocationSearch

@Suite("Simple case", .holdsItsThread)
struct SimpleCaseTests {
    /// A starter that is not a mark, a control or unassigned, and not excluded from
    /// composition: as `generate_simple_case.swift` defines it.
    static func isStarterLetterLike(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format, .surrogate, .privateUse,
             .unassigned, .lineSeparator, .paragraphSeparator:
            return false
        default:
            return properties.canonicalCombiningClass == .notReordered && !properties.isFullCompositionExclusion
        }
    }

    /// The lower case of `scalar` if it is simple (and its lower case lies in the blocks
    /// `_SimpleCase` covers), from its Unicode properties.
    static func reference(_ value: UInt32) -> UInt32? {
        guard let scalar = Unicode.Scalar(value), isStarterLetterLike(scalar) else { return nil }
        let lower = Array(scalar.properties.lowercaseMapping.unicodeScalars)
        guard lower.count == 1, isStarterLetterLike(lower[0]),
              Array(lower[0].properties.lowercaseMapping.unicodeScalars) == [lower[0]],
              covered(lower[0].value)
        else { return nil }
        return lower[0].value
    }

    static func covered(_ value: UInt32) -> Bool {
        (_SimpleCase.tableBlocks + _SimpleCase.caselessBlocks).contains { $0.contains(value) }
    }

    /// The simple scalars: every one of the table's blocks, every 7th of the caseless ones.
    static let simpleScalars: [UInt32] = {
        var scalars: [UInt32] = []
        for block in _SimpleCase.tableBlocks { scalars += block.filter { _SimpleCase.lowercase($0) != nil } }
        for block in _SimpleCase.caselessBlocks { scalars += stride(from: block.lowerBound, through: block.upperBound, by: 7) }
        return scalars
    }()

    /// The table (`_simpleCaseTableSource`) is the properties' for every scalar of its
    /// blocks, every scalar of the caseless blocks is simple and its own lower case, and
    /// no other scalar of the Basic Multilingual Plane is simple. If a toolchain's Unicode
    /// data differ, run `generate_simple_case.swift` (Sources/LocationSearch/Generated).
    @Test func theTableHoldsThePropertiesLowerCase() {
        var wrong: [UInt32] = []
        for value in UInt32(0)..<0x1_0000 {
            let inTable = _SimpleCase.tableBlocks.contains { $0.contains(value) }
            let caseless = _SimpleCase.caselessBlocks.contains { $0.contains(value) }
            let expected: UInt32? = inTable ? Self.reference(value) : caseless ? value : nil
            if _SimpleCase.lowercase(value) != expected || (caseless && Self.reference(value) != value) {
                wrong.append(value)
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0, radix: 16) })")
        #expect(_SimpleCase.lowercase(0x10_0000) == nil && _SimpleCase.lowercase(0x1_F600) == nil)
        // Some the comparison must leave to the `String` calls.
        for value: UInt32 in [0x0D, 0x130, 0x301, 0x308, 0x37E, 0x212A, 0xE33, 0x1100, 0x3099] {
            #expect(_SimpleCase.lowercase(value) == nil, "U+\(String(value, radix: 16))")
        }
    }

    /// No two simple scalars are canonically equivalent (a set of `Character`s, which
    /// hashes equivalent ones alike, keeps every one), each is one `Character`, and stays
    /// one beside others of every block.
    @Test func simpleScalarsAreDistinctCharactersOfTheirOwn() {
        let scalars = Self.simpleScalars
        #expect(scalars.count > 2_000)
        let characters = Set(scalars.map { Character(Unicode.Scalar($0)!) })
        #expect(characters.count == scalars.count)
        let probes: [UInt32] = [0x20, 0x41, 0x7A, 0x2D, 0x27, 0xE9, 0x130 + 1, 0x1C5, 0x2BC, 0x391, 0x3C3, 0x410, 0x451,
                                0x531, 0x5D0, 0x627, 0x640, 0x10D0, 0x1E9E, 0x1EA1, 0x2018, 0x2019, 0x3042, 0x30A2, 0x4E2D, 0xAC00, 0xD7A3]
        var joined: [String] = []
        for value in scalars {
            let scalar = Unicode.Scalar(value)!
            for probe in probes {
                let other = Unicode.Scalar(probe)!
                var pair = String.UnicodeScalarView()
                pair.append(scalar)
                pair.append(other)
                var reversed = String.UnicodeScalarView()
                reversed.append(other)
                reversed.append(scalar)
                if String(pair).count != 2 || String(reversed).count != 2 {
                    joined.append(String(value, radix: 16) + "+" + String(probe, radix: 16))
                }
            }
        }
        #expect(joined.isEmpty, "\(joined.prefix(10))")
    }

    /// `String.lowercased()` then `hasPrefix` both ways, the `String` calls the comparison
    /// stands for.
    static func stringAnswer(_ name: String, _ typed: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasPrefix(typed) || typed.hasPrefix(lower)
    }

    static func bytesAnswer(_ name: String, _ typed: String) -> Bool? {
        guard let compared = _SimpleCase.typed(ofLowercased: typed) else { return nil }
        return Array(name.utf8).withUnsafeBufferPointer { _SimpleCase.startAlike($0, compared) }
    }

    @Test func examples() {
        let cases: [(String, String, Bool?)] = [
            ("München", "mün", true), ("München", "münchen am see", true), ("München", "müns", false), ("Munchen", "mün", false),
            ("Čakovec", "č", true), ("Cakovec", "č", false), ("", "ü", true), ("ÆRØ", "ærø", true),
            ("Σάμος", "σά", true), ("ΑΣ", "ασ", true), ("Москва", "моск", true), ("МОСКВА", "москвы", false),
            ("東京都", "東京", true), ("서울", "서울특별시", true), ("Ḩalab", "ḩa", true), ("ǅemal", "ǆe", true),
            ("Ma‘alot", "ma‘", true), ("Ma’alot", "ma‘", false),
            // A scalar after the one compared that is neither simple nor a plain mark: the `String` calls.
            ("Me\u{34F}x", "mé", nil),
            // A mark past the scalar after the comparison stops does not matter.
            ("Mex\u{301}", "me", true), ("Max\u{301}", "me", false),
            // Plain marks on the scalar the comparison stops at: its character with them.
            ("Ce\u{301}", "cx", false), ("H\u{331}olon", "ḥ", false), ("H\u{331}olon", "h", false),
            ("H\u{327}\u{331}alab", "ḩa", false), ("\u{627}\u{653}", "\u{627}", false), ("\u{5D7}\u{5B5}", "ח", false),
            // The same character, the comparison going on after it.
            ("Me\u{301}xico", "mé", true), ("Me\u{301}xico", "méx", true), ("Me\u{301}xico", "méz", false),
            ("H\u{331}olon", "ẖ", true), ("H\u{327}alab", "ḩa", true), ("\u{627}\u{653}", "\u{622}", true),
            ("Me\u{301}", "mé", true), ("Me\u{301}", "méxico", true), ("Me\u{301}\u{301}", "mé", false),
            // Typed with marks: compared a character at a time.
            ("S\u{332}h\u{332}ahr", "s\u{332}h\u{332}", true), ("Shahr", "s\u{332}h\u{332}", false),
            ("S\u{332}hahr", "s\u{332}h\u{332}", false), ("Ṣhahr", "s\u{332}", false), ("Z\u{327}afar", "z\u{327}", true),
            ("Zafar", "z\u{327}", false), ("Ẓafar", "z\u{327}", false), ("Ȩ", "e\u{327}", true), ("Ȩx", "e\u{327}y", false),
            ("E\u{327}\u{301}", "e\u{301}\u{327}", true), ("S\u{332}", "s\u{332}\u{344}", nil), ("S\u{34F}", "s\u{332}", nil),
            // "İ", lower-cased an i and a dot above.
            ("Mexico", "me\u{301}", false), ("İzmir", "i", false), ("İsfahan", "ī", false), ("İsfahan", "i", false), ("İsfahan", "i\u{307}s", true), ("Xİ", "x", true),
            ("Xİ", "xi\u{307}", true), ("İ\u{301}", "i\u{307}", false),
            ("\u{301}Mex", "m", nil), ("He\u{344}", "hé", nil), ("He\u{345}", "hé", false),
            // What was typed starts with a combining mark: no name that starts with a simple
            // scalar starts like it, nor it like the name; any other name, the `String` calls.
            ("Al Qadarif", "\u{650}al", false), ("A", "\u{650}", false), ("Ḩalab", "\u{331}h", false),
            ("\u{650}Al", "\u{650}al", nil), ("", "\u{650}a", nil), ("\u{301}", "\u{301}", nil), ("İzmir", "\u{307}i", nil),
        ]
        for (name, typed, expected) in cases {
            #expect(Self.bytesAnswer(name, typed) == expected, "\(name) \(typed)")
            if let expected { #expect(Self.stringAnswer(name, typed) == expected, "\(name) \(typed)") }
        }
    }

    /// Random names and typed queries, of simple scalars and of others (marks, "İ", the
    /// Kelvin sign, the Greek question mark, CR LF, Thai), a fifth of the queries typed
    /// with a mark first: wherever the comparison on bytes answers, it answers as the
    /// `String` calls do, and between simple scalars it always answers.
    /// Up to six random scalars: most from a small alphabet of letters with and without
    /// marks, the rest simple scalars or, unless `simpleOnly`, others (marks, "İ", the
    /// Kelvin sign, the Greek question mark, CR LF, Thai, joiners).
    static func randomText(simpleOnly: Bool, using random: inout SeededGenerator) -> String {
        let others: [UInt32] = [0x301, 0x308, 0x327, 0x130, 0x212A, 0x37E, 0x0D, 0x0A, 0xE33, 0xE01, 0x1F1E6, 0x200D,
                                0x1100, 0x1161, 0x3099, 0xFB01, 0x1F88, 0x323, 0x331, 0x340, 0x344, 0x345, 0x34F,
                                0x5B5, 0x650, 0x653]
        let alphabet: [UInt32] = Array("aeiouAEIOUéÉüÜσΣςяЯ東ḩḨǅǆ -'hHḥẖاآח".unicodeScalars.map(\.value))
        var view = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            let pick = Int.random(in: 0..<10, using: &random)
            let value = pick < 6 ? alphabet.randomElement(using: &random)!
                : pick < 9 || simpleOnly ? simpleScalars.randomElement(using: &random)!
                : others.randomElement(using: &random)!
            view.append(Unicode.Scalar(value)!)
        }
        return String(view)
    }

    @Test func agreesWithTheStringCalls() {
        var random = SeededGenerator(seed: 19)
        var answered = 0, checked = 0, answeredMarked = 0
        for round in 0..<20_000 {
            func string(simpleOnly: Bool) -> String { Self.randomText(simpleOnly: simpleOnly, using: &random) }
            let simpleOnly = round % 2 == 0
            let name = string(simpleOnly: simpleOnly)
            // What was typed is lower-cased, as `typedSpelling` makes it; often a prefix of the name's.
            var typed = string(simpleOnly: simpleOnly).lowercased()
            if round % 3 == 0 { typed = String(name.lowercased().unicodeScalars.prefix(Int.random(in: 0...4, using: &random))) }
            // A combining mark typed first, of several classes (and one of class 0, not a mark
            // to `startAlike`); names that start with marks come from `others`.
            let marked = round % 5 == 1
            if marked {
                let mark = [0x301, 0x331, 0x5B5, 0x650, 0x3099, 0x200D].randomElement(using: &random)!
                typed = String(Unicode.Scalar(UInt32(mark))!) + typed
            }
            guard !typed.isEmpty else { continue }
            checked += 1
            let bytes = Self.bytesAnswer(name, typed)
            if simpleOnly && !marked { #expect(bytes != nil, "\(Array(name.unicodeScalars)) \(Array(typed.unicodeScalars))") }
            if let bytes {
                answered += 1
                if marked { answeredMarked += 1 }
                #expect(bytes == Self.stringAnswer(name, typed),
                        "\(Array(name.unicodeScalars)) \(Array(typed.unicodeScalars))")
            }
        }
        #expect(checked > 15_000 && answered > checked / 2 && answeredMarked > 1_500)
    }

    /// A query's kept comparisons (`Verdicts`) change no answer: random typed queries, each
    /// against random names with one `Verdicts`, answer as without; and the marked
    /// characters of Israel's names against a typed "ḥ" are compared once.
    @Test func keptComparisonsChangeNoAnswer() {
        func answer(_ name: String, _ typed: _SimpleCase.Typed, _ verdicts: _SimpleCase.Verdicts?) -> Bool? {
            Array(name.utf8).withUnsafeBufferPointer { _SimpleCase.startAlike($0, typed, verdicts: verdicts) }
        }
        var random = SeededGenerator(seed: 37)
        var kept = 0
        for round in 0..<2_000 {
            let typed = Self.randomText(simpleOnly: false, using: &random).lowercased()
            guard let compared = _SimpleCase.typed(ofLowercased: typed) else { continue }
            let verdicts = _SimpleCase.Verdicts()
            for _ in 0..<20 {
                var name = Self.randomText(simpleOnly: round % 2 == 0, using: &random)
                if Bool.random(using: &random) { name = String(typed.unicodeScalars.prefix(2)) + name }
                #expect(answer(name, compared, verdicts) == answer(name, compared, nil),
                        "\(Array(name.unicodeScalars)) \(Array(typed.unicodeScalars))")
            }
            kept += verdicts.count
        }
        #expect(kept > 400)
        let verdicts = _SimpleCase.Verdicts(), typed = _SimpleCase.typed(ofLowercased: "ḥ")!
        for name in ["H\u{331}olon", "H\u{331}adera", "H\u{331}olon", "H\u{323}olon", "Ḥurfeish", "H\u{323}aifa"] {
            #expect(answer(name, typed, verdicts) == Self.stringAnswer(name, "ḥ"), "\(name)")
        }
        #expect(verdicts.count == 2)
    }

    /// `startsUnlike` of a name's start (any of its bytes but the last) answers true only
    /// where `startAlike` of the whole name, not settling, answers false: random names and
    /// queries as above, and examples where the first two scalars tell and where they do not.
    @Test func startsUnlikeOnlyWhenTheWholeNameDoes() {
        func unlike(_ start: [UInt8], _ typed: String) -> Bool {
            guard let compared = _SimpleCase.typed(ofLowercased: typed) else { return false }
            return start.withUnsafeBufferPointer { _SimpleCase.startsUnlike($0, compared) }
        }
        let examples: [(String, String, Bool)] = [
            ("Gerüsalem", "‘as", true), ("Sàng-tû-sṳ", "ç", true), ("Chengdú", "ç", true), ("Çengdu", "ç", false),
            ("C\u{327}engdu", "ç", false), ("Ce\u{327}ngdu", "ç", true), ("H\u{331}olon", "ḥ", false),
            ("Ḥolon", "ḥ", false), ("Holon", "ḥ", true),
            ("İzmir", "i", false), ("\u{301}Mex", "m", false), ("Al Qadarif", "\u{650}al", true),
            ("S\u{332}h\u{332}ahr", "s\u{332}h\u{332}", false), ("Shahr", "s\u{332}h\u{332}", false),
        ]
        for (name, typed, expected) in examples {
            #expect(unlike(Array(name.utf8), typed) == expected, "\(name) \(typed)")
        }
        var random = SeededGenerator(seed: 23)
        var checked = 0, unlikeStarts = 0
        for round in 0..<20_000 {
            let name = Array(Self.randomText(simpleOnly: round % 2 == 0, using: &random).utf8)
            var typed = Self.randomText(simpleOnly: round % 2 == 0, using: &random).lowercased()
            if round % 5 == 1 { typed = "\u{301}" + typed }
            guard !typed.isEmpty, name.count > 1, let compared = _SimpleCase.typed(ofLowercased: typed)
            else { continue }
            let whole = name.withUnsafeBufferPointer { _SimpleCase.startAlike($0, compared, settling: false) }
            for end in 1..<name.count where unlike(Array(name[..<end]), typed) {
                unlikeStarts += 1
                #expect(whole == false, "\(name) \(end) \(Array(typed.unicodeScalars))")
            }
            checked += 1
        }
        #expect(checked > 10_000 && unlikeStarts > 10_000)
    }

    /// Every plain mark joins the character before it, is its own lower case and has no
    /// canonical decomposition (Foundation's); the marks of its blocks it leaves out do not.
    @Test func plainMarks() {
        var plain = 0
        for block in [0x300...0x36F, 0x591...0x5C7, 0x610...0x61A, 0x64B...0x65F, 0x670...0x670] as [ClosedRange<UInt32>] {
            for value in block {
                let scalar = Unicode.Scalar(value)!, text = String(scalar)
                let own = text.lowercased() == text
                    && Array(text.decomposedStringWithCanonicalMapping.unicodeScalars) == [scalar]
                    && scalar.properties.canonicalCombiningClass != .notReordered
                #expect(_SimpleCase.isPlainMark(value) == own, "\(value)")
                if own { plain += 1; #expect(("a" + text).count == 1, "\(value)") }
            }
        }
        #expect(plain > 180)
    }

    /// Bytes that are not UTF-8 leave the answer to the `String` calls, and are never read
    /// past.
    @Test func bytesThatAreNotUTF8() {
        let typed: [UInt32] = [0x61]
        for bytes: [UInt8] in [[0x80], [0xC3], [0xC0, 0x81], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80],
                               [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xC3, 0x28], [0xFF]] {
            #expect(bytes.withUnsafeBufferPointer { _SimpleCase.startAlike($0, typed) } == nil, "\(bytes)")
        }
        // Decoded alike where they are UTF-8.
        for value: UInt32 in [0x41, 0xE9, 0x20AC, 0x1F600, 0x10FFFF, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000] {
            let bytes = Array(String(Unicode.Scalar(value)!).utf8)
            let decoded = bytes.withUnsafeBufferPointer { _SimpleCase.scalar($0, at: 0) }
            #expect(decoded?.0 == value && decoded?.1 == bytes.count)
        }
    }

    /// The files' UTF-8 check (`_isUTF8`, on bytes, eight ASCII bytes at a time) judges
    /// as `String(validating:as:)` does: random runs of ASCII, scalars of every width, cut
    /// scalars, stray continuation bytes, overlong forms, surrogates and bytes past
    /// U+10FFFF, at every alignment.
    @Test func theUTF8CheckAgreesWithTheStandardLibrary() {
        var random = SeededGenerator(seed: 23)
        let pieces: [[UInt8]] = ["a", "San Francisco\t", "é", "東", "🇫🇷", "\n"].map { Array($0.utf8) }
            + [[0x80], [0xBF], [0xC0, 0x81], [0xC1, 0xBF], [0xC3], [0xE2, 0x82], [0xE0, 0x80, 0x80],
               [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
               [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xF0, 0x9F]]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) { bytes += pieces.randomElement(using: &random)! }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(bytes.withUnsafeBufferPointer { $0._isUTF8 } == expected, "\(bytes)")
        }
    }
}
