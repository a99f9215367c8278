import Foundation
import Testing
@testable import LocationSearch

/// `_SimpleCase.startAlike` and `startsUnlike` against the `String` calls they stand for:
/// examples, random names and typed text, and the comparisons kept for a query.
@Suite("Simple case: comparisons", .holdsItsThread)
struct SimpleCaseComparisonTests {
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
    @Test func agreesWithTheStringCalls() {
        var random = SeededGenerator(seed: 19)
        var answered = 0, checked = 0, answeredMarked = 0
        for round in 0..<20_000 {
            func string(simpleOnly: Bool) -> String {
                SimpleCaseTests.randomText(simpleOnly: simpleOnly, using: &random)
            }
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
            let typed = SimpleCaseTests.randomText(simpleOnly: false, using: &random).lowercased()
            guard let compared = _SimpleCase.typed(ofLowercased: typed) else { continue }
            let verdicts = _SimpleCase.Verdicts()
            for _ in 0..<20 {
                var name = SimpleCaseTests.randomText(simpleOnly: round % 2 == 0, using: &random)
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
            let name = Array(SimpleCaseTests.randomText(simpleOnly: round % 2 == 0, using: &random).utf8)
            var typed = SimpleCaseTests.randomText(simpleOnly: round % 2 == 0, using: &random).lowercased()
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
}
