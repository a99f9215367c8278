#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LocationSearch

/// The `--json` contract: one object per query, on one line.
enum JSONLine {
    static func answer(query: String, completions: [LocalSearchCompletion], micros: Double) -> String {
        var out = "{\"query\": \(string(query)), \"results\": ["
        for (i, c) in completions.enumerated() {
            if i > 0 { out += ", " }
            out += result(c)
        }
        out += "], \"micros\": \(fixed(micros, decimals: 2))}\n"
        return out
    }

    /// One completion as a JSON object: the objects of an answer's `results`, and the
    /// line `demo --print` writes for a pick.
    static func result(_ c: LocalSearchCompletion) -> String {
        // (The place's id is the completion's: read from the place, not made again.)
        let place = c.place
        var out = "{\"id\": \(string(place.id)), \"geonameId\": \(place.geonameID.map(String.init) ?? "null")"
        out += ", \"title\": \(string(c.title)), \"subtitle\": \(string(c.subTitle))"
        out += ", \"titleHighlightRanges\": \(ranges(c.titleHighlightRanges))"
        out += ", \"subtitleHighlightRanges\": \(ranges(c.subtitleHighlightRanges))"
        out += ", \"kind\": \(string(place.kind.rawValue)), \"name\": \(string(place.name))"
        out += ", \"matchedName\": \(c.matchedName.map(string) ?? "null")"
        out += ", \"countryCode\": \(string(place.countryCode)), \"country\": \(string(place.countryName))"
        out += ", \"admin1\": \(place.admin1.map(string) ?? "null")"
        out += ", \"latitude\": \(number(place.coordinate?.latitude))"
        out += ", \"longitude\": \(number(place.coordinate?.longitude))"
        out += ", \"population\": \(place.population)"
        out += ", \"timeZone\": \(place.timeZone.map(string) ?? "null")}"
        return out
    }

    static func ranges(_ ranges: [HighlightRange]) -> String {
        "[" + ranges.map { "{\"location\": \($0.location), \"length\": \($0.length)}" }.joined(separator: ", ") + "]"
    }

    static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return fixed(value, decimals: 5)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped; other
    /// text as UTF-8.
    static func string(_ text: String) -> String {
        // Most text needs no escape: copy it as UTF-8 in one piece (a query can be a
        // whole file's line, and appending it a scalar at a time took 2 s for 8 MB).
        let needsEscape = text.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }
        guard needsEscape else { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                out += formatted("\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// Completions for a person: one per line, "title, subtitle". With colour, matches are
/// bold and the subtitle dim, through the library's ANSI renderer; without, there are no
/// escape sequences at all. Either way a place's text cannot act on the terminal: what
/// would (control and bidirectional formatting characters, from a custom gazetteer or
/// index file) is shown as U+FFFD, as `TerminalText.sanitized(_:replacingWith:)` does.
enum HumanOutput {
    static func answer(query: String, completions: [LocalSearchCompletion], color: Bool) -> String {
        guard !completions.isEmpty else { return noMatch(query) }
        var out = ""
        for completion in completions {
            out += line(completion, color: color) + "\n"
        }
        return out
    }

    /// For standard error: `No places match "zzz".`, the query shown safely (control
    /// characters escaped, at most 60 characters: a 100 KB line is not echoed back).
    static func noMatch(_ query: String) -> String {
        "No places match \"\(Sanitized.text(query))\".\n"
    }

    /// One completion: `San Francisco, California, United States`.
    static func line(_ completion: LocalSearchCompletion, color: Bool) -> String {
        // (Each string made once: a completion makes its strings when they are read.)
        guard color else {
            return TerminalText.sanitized(plainLine(completion))
        }
        var line = completion.ansiHighlightedTitle(style: .bold)
        let subTitle = completion.ansiHighlightedSubTitle(style: .bold, textStyle: .dim)  // empty for none
        if !subTitle.isEmpty {
            line += TerminalStyle.dim.applied(to: ", ")
            line += subTitle
        }
        return line
    }

    /// "title, subtitle" (or the title alone), as the place's data has it: to be passed
    /// through `TerminalText.sanitized(_:replacingWith:)` before it is printed.
    static func plainLine(_ completion: LocalSearchCompletion) -> String {
        let title = completion.title, subTitle = completion.subTitle
        return subTitle.isEmpty ? title : "\(title), \(subTitle)"
    }
}
