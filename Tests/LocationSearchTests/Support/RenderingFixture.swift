@testable import LocationSearch

/// A tiny hand-picked gazetteer for rendering tests: each place is here for a Unicode or
/// matching case (populations are rounded real ones, so the ranking looks familiar).
enum RenderingFixture {
    static func completer() throws -> LocationCompleter {
        let places = [
            Place(id: "sf", name: "San Francisco", countryCode: "US", countryName: "United States",
                  admin1: "California", population: 870_000),
            Place(id: "sfe", name: "San Fernando", countryCode: "PH", countryName: "Philippines",
                  admin1: "Central Luzon", population: 350_000),
            Place(id: "sp", name: "São Paulo", countryCode: "BR", countryName: "Brazil",
                  admin1: "São Paulo", population: 12_300_000),
            Place(id: "tokyo", name: "Tokyo", countryCode: "JP", countryName: "Japan",
                  admin1: "Tokyo", population: 13_900_000),
            Place(id: "seoul", name: "Seoul", countryCode: "KR", countryName: "South Korea",
                  admin1: "Seoul", population: 9_700_000),
            Place(id: "vienna", name: "Vienna", countryCode: "AT", countryName: "Austria",
                  admin1: "Vienna", population: 1_900_000),
            Place(id: "cairo", name: "Cairo", countryCode: "EG", countryName: "Egypt",
                  admin1: "Cairo", population: 9_500_000),
            Place(id: "telaviv", name: "Tel Aviv", countryCode: "IL", countryName: "Israel",
                  admin1: "Tel Aviv", population: 460_000),
            // Stored decomposed (NFD): "Hà Nội" as H a U+0300 space N o U+0323 U+0302 i.
            Place(id: "hanoi", name: "Ha\u{300} No\u{323}\u{302}i", countryCode: "VN", countryName: "Vietnam",
                  admin1: "Hanoi", population: 8_000_000),
            Place(id: "zurich", name: "Zürich", countryCode: "CH", countryName: "Switzerland",
                  admin1: "Zurich", population: 420_000),
            Place(id: "paris", name: "Paris", countryCode: "FR", countryName: "France",
                  admin1: "Île-de-France", population: 2_100_000),
            Place(id: "paristx", name: "Paris", countryCode: "US", countryName: "United States",
                  admin1: "Texas", population: 25_000),
        ]
        let alternateNames = [
            "tokyo": ["東京", "東京都", "Tōkyō"],
            "seoul": ["서울"],
            "vienna": ["Wien"],
            "cairo": ["القاهرة"],
            "telaviv": ["תל אביב-יפו"],
        ]
        return LocationCompleter(gazetteer: try Gazetteer(places: places, alternateNames: alternateNames))
    }

    /// Every query of `queries` with its note, then its top 3 completions, one line each as
    /// `row` renders it: the text of a rendering snapshot.
    static func queriesRendered(_ row: (LocalSearchCompletion) -> String) throws -> String {
        let completer = try completer()
        var lines: [String] = []
        for (query, note) in queries {
            lines.append("\"\(SnapshotFormat.escaped(query))\"   (\(note))")
            let completions = completer.completions(for: query, options: .init(limit: 3))
            if completions.isEmpty { lines.append("    (no completions)") }
            for completion in completions { lines.append("    " + row(completion)) }
        }
        return lines.joined(separator: "\n")
    }

    /// Queries that exercise one case each, with what they show.
    static let queries: [(query: String, note: String)] = [
        ("san fr", "two words, two ranges"),
        ("san", "one range, several places"),
        ("fran", "a later word of the name"),
        ("sao", "diacritic folding: \"sao\" over \"São\""),
        ("Sa\u{303}o p", "decomposed input over a precomposed name"),
        ("ha no", "a decomposed name: whole characters with their marks"),
        ("zu\u{308}r", "decomposed input, precomposed name"),
        ("wien", "an alias: the canonical name leads the subtitle"),
        ("東京", "CJK alias"),
        ("東", "CJK prefix"),
        ("서", "Hangul"),
        ("القا", "Arabic, right to left"),
        ("תל", "Hebrew, right to left"),
        ("paris tex", "a qualifier highlights the subtitle"),
        ("paris, france", "a qualifier that matches the region's words first"),
        ("tōkyō", "macrons in the query"),
        ("xyz", "nothing matches"),
        ("sna francisco", "a typo: the part of the name the typo match covers"),
        ("zuerich", "a typo in a name with a diacritic"),
    ]
}

extension RenderingFixture {
    /// A completion with exactly these texts and ranges, valid or not: what the renderers
    /// must survive.
    static func completion(
        title: String, subTitle: String = "", titleRanges: [HighlightRange] = [],
        subtitleRanges: [HighlightRange] = []
    ) -> LocalSearchCompletion {
        LocalSearchCompletion(
            place: Place(id: "test", name: title, countryCode: "ZZ", countryName: "Nowhere"),
            title: title, subTitle: subTitle, matchedName: nil,
            titleHighlightRanges: titleRanges, subtitleHighlightRanges: subtitleRanges)
    }

    /// Titles and ranges that renderers must draw on whole characters or ignore.
    static let edgeCases: [(label: String, title: String, ranges: [HighlightRange])] = [
        ("single range", "San Francisco", [r(0, 3)]),
        ("multiple ranges", "San Francisco", [r(0, 3), r(4, 2)]),
        ("whole string", "San Francisco", [r(0, 13)]),
        ("no ranges", "San Francisco", []),
        ("empty text", "", []),
        ("empty text with a range", "", [r(0, 1)]),
        ("empty range", "San Francisco", [r(3, 0)]),
        ("negative location", "San Francisco", [r(-1, 3)]),
        ("negative length", "San Francisco", [r(3, -2)]),
        ("past the end", "San Francisco", [r(10, 10)]),
        ("starting at the end", "San Francisco", [r(13, 1)]),
        ("huge length", "San Francisco", [r(1, Int.max)]),
        ("huge location", "San Francisco", [r(Int.max, 1)]),
        ("one valid, one invalid", "San Francisco", [r(0, 3), r(50, 2)]),
        ("unsorted and overlapping", "San Francisco", [r(4, 2), r(0, 5)]),
        ("touching ranges merge", "San Francisco", [r(0, 3), r(3, 1)]),
        ("duplicate ranges", "San Francisco", [r(0, 3), r(0, 3)]),
        ("precomposed", "São Paulo", [r(0, 3)]),
        ("decomposed, whole character", "Sa\u{303}o Paulo", [r(0, 4)]),
        ("decomposed, cut before the mark", "Sa\u{303}o Paulo", [r(0, 2)]),
        ("the mark alone", "Sa\u{303}o Paulo", [r(2, 1)]),
        ("stacked marks, cut between them", "Ha\u{300} No\u{323}\u{302}i", [r(5, 2)]),
        ("CJK", "東京都", [r(0, 2)]),
        ("astral CJK, half a surrogate pair", "𠮷野家", [r(0, 1)]),
        ("Hangul", "서울", [r(0, 1)]),
        ("Hangul as conjoining jamo (2 + 3 scalars), cut inside the second",
         "\u{1109}\u{1165}\u{110B}\u{116E}\u{11AF}", [r(2, 1)]),
        ("Arabic (right to left)", "القاهرة", [r(0, 4)]),
        ("Arabic with vowel marks, cut inside", "مَدِينَة", [r(0, 3)]),
        ("Hebrew (right to left)", "תל אביב-יפו", [r(0, 2)]),
        ("emoji", "😀 Smile", [r(0, 2)]),
        ("emoji, half a surrogate pair", "😀 Smile", [r(1, 1)]),
        ("ZWJ family, first person only", "👩‍👩‍👧 Family", [r(0, 2)]),
        ("ZWJ family, whole", "👩‍👩‍👧 Family", [r(0, 8)]),
        ("flags, second one", "🇫🇷🇩🇪 Paris", [r(4, 4)]),
        ("flags, half of the first", "🇫🇷🇩🇪 Paris", [r(2, 2)]),
        ("skin tone", "👍🏽 ok", [r(0, 2)]),
        ("keycap", "1️⃣ one", [r(0, 1)]),
        ("CR LF is one character", "a\r\nb", [r(1, 1)]),
    ]

    private static func r(_ location: Int, _ length: Int) -> HighlightRange {
        HighlightRange(location: location, length: length)
    }
}
