import Foundation
import Testing
@testable import LocationSearch

/// Highlights over a character whose fold is several words: "½" folds to `1 2`, "ﷺ" to
/// four Arabic words. Each word of a match is highlighted on the characters it came from,
/// so two words of one character name the same span; a completion still has one range
/// there, its ranges rising, disjoint and within its title and subtitle.
@Suite("Highlights of characters that fold to several words", .holdsItsThread)
struct FoldedWordsHighlightTests {
    /// Every scalar whose fold holds a space between letters or digits (the folding
    /// table's generator lists exactly these): the vulgar fractions, ↉, and two Arabic
    /// ligatures of phrases.
    static let characters: [Character] = [
        "½", "¼", "¾", "⅐", "⅑", "⅒", "⅓", "⅔", "⅕", "⅖", "⅗", "⅘", "⅙", "⅚", "⅛", "⅜", "⅝", "⅞", "↉",
        "\u{FDFA}", "\u{FDFB}",
    ]

    /// Two cities named with `c` in a region and a country named with it; the second has a
    /// lower-case alternate name, which matches but is not shown (its title is the
    /// canonical name, highlighted as far as the folds agree).
    static func completer(_ c: Character) throws -> LocationCompleter {
        let gazetteer = try Gazetteer(places: [
            Place(geonameID: 1, name: "Half \(c) Town", countryCode: "XX", countryName: "Land \(c) Realm",
                  admin1: "Shire \(c) Vale", population: 2_000),
            Place(geonameID: 2, name: "\(c) Town", countryCode: "XX", countryName: "Land \(c) Realm",
                  admin1: "Shire \(c) Vale", population: 1_000),
        ], alternateNames: ["geonames:2": ["\(c) townsend"]])
        return LocationCompleter(gazetteer: gazetteer)
    }

    /// Queries over `c`, each with the completion title it must find and whether the
    /// subtitle's region is highlighted too: `c` itself, its fold written out ("1/2"), the
    /// fold cut before its last scalar ("1/1" for "⅒"), the fold written without spaces
    /// (the joined key "12town"), words around `c`, the unshown alternate name, and `c` as
    /// a qualifier of the region.
    static func queries(_ c: Character) -> [(query: String, title: String, subtitle: Bool)] {
        let fold = String(decoding: _Folding.fold(String(c)), as: UTF8.self)
        let written = fold.replacingOccurrences(of: " ", with: "/")
        let joined = fold.replacingOccurrences(of: " ", with: "")
        return [
            (String(c), "\(c) Town", false),
            (written, "\(c) Town", false),
            (String(written.dropLast()), "\(c) Town", false),
            ("half \(c)", "Half \(c) Town", false),
            ("\(c) t", "\(c) Town", false),
            ("\(joined)t", "\(c) Town", false),
            ("\(c) towns", "\(c) Town", false),
            ("half \(c) town, \(c)", "Half \(c) Town", true),
        ]
    }

    @Test(arguments: characters)
    func rangesStayDisjointOverACharacterOfSeveralWords(_ c: Character) throws {
        #expect(_Folding.fold(String(c)).contains(0x20), "\(c) folds to one word")
        let completer = try Self.completer(c)
        for (query, title, subtitle) in Self.queries(c) {
            let completions = completer.completions(for: query)
            for completion in completions {
                for (ranges, text) in [(completion.titleHighlightRanges, completion.title),
                                       (completion.subtitleHighlightRanges, completion.subTitle)] {
                    if let problem = Self.problem(ranges, in: text) {
                        Issue.record("\(query.debugDescription) → \(text.debugDescription) \(ranges): \(problem)")
                    }
                }
            }
            guard let found = completions.first(where: { $0.title == title }) else {
                Issue.record("\(query.debugDescription) does not find \(title.debugDescription)")
                continue
            }
            #expect(Self.covers(found.titleHighlightRanges, c, in: found.title),
                    "\(query.debugDescription) → \(found.title.debugDescription) \(found.titleHighlightRanges)")
            if subtitle {
                #expect(found.subTitle == "Shire \(c) Vale, Land \(c) Realm")
                #expect(Self.covers(found.subtitleHighlightRanges, c, in: found.subTitle),
                        "\(query.debugDescription) → \(found.subTitle.debugDescription) \(found.subtitleHighlightRanges)")
            }
        }
    }

    /// A grapheme can hold a separator between two letters: "a🏻ः" (a letter, an emoji
    /// modifier, a spacing mark) folds to `a ः`, two words of one character.
    @Test func rangesStayDisjointOverAGraphemeOfSeveralWords() throws {
        let name = "Tala\u{1F3FB}\u{0903} Town"
        #expect(name.count == 9)
        let completer = LocationCompleter(gazetteer: try Gazetteer(places: [
            Place(geonameID: 1, name: name, countryCode: "XX", countryName: "Nowhere", population: 10),
        ]))
        for query in ["tala\u{0903}", "tala \u{0903}", "tala \u{0903} t"] {
            let completion = try #require(completer.completions(for: query).first)
            #expect(completion.title == name)
            #expect(Self.problem(completion.titleHighlightRanges, in: name) == nil,
                    "\(query.debugDescription): \(completion.titleHighlightRanges)")
            #expect(Self.covers(completion.titleHighlightRanges, "a\u{1F3FB}\u{0903}", in: name))
        }
    }

    /// Why `ranges` are not valid highlights of `text` (each non-empty, within it, on
    /// character boundaries, after the one before it without overlapping), or `nil`.
    static func problem(_ ranges: [HighlightRange], in text: String) -> String? {
        var previousEnd = 0
        for range in ranges {
            if range.length <= 0 { return "\(range) is empty" }
            if range.location < previousEnd { return "\(range) starts before \(previousEnd), where the one before ends" }
            if range.range(in: text) == nil {
                return "\(range) is not within \(text.utf16.count) UTF-16 units on character boundaries"
            }
            previousEnd = range.upperBound
        }
        return nil
    }

    /// Whether one of `ranges` covers the first `c` of `text`.
    static func covers(_ ranges: [HighlightRange], _ c: Character, in text: String) -> Bool {
        guard let index = text.firstIndex(of: c) else { return false }
        let start = text.utf16.distance(from: text.startIndex, to: index)
        let end = start + c.utf16.count
        return ranges.contains { $0.location <= start && end <= $0.upperBound }
    }
}
