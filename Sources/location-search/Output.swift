import Foundation
import LocationSearch

/// The `--json` contract: one object per query, on one line.
enum JSONLine {
    static func answer(query: String, completions: [LocalSearchCompletion], micros: Double) -> String {
        var out = "{\"query\": \(string(query)), \"results\": ["
        for (i, c) in completions.enumerated() {
            if i > 0 { out += ", " }
            let place = c.place
            out += "{\"id\": \(string(c.id)), \"geonameId\": \(place.geonameID.map(String.init) ?? "null")"
            out += ", \"title\": \(string(c.title)), \"subtitle\": \(string(c.subTitle))"
            out += ", \"titleHighlightRanges\": \(ranges(c.titleHighlightRanges))"
            out += ", \"subtitleHighlightRanges\": \(ranges(c.subtitleHighlightRanges))"
            out += ", \"kind\": \(string(place.kind.rawValue)), \"name\": \(string(place.name))"
            out += ", \"matchedName\": \(c.matchedName.map(string) ?? "null")"
            out += ", \"countryCode\": \(string(place.countryCode)), \"country\": \(string(place.countryName))"
            out += ", \"admin1\": \(place.admin1.map(string) ?? "null")"
            out += ", \"latitude\": \(number(place.coordinate?.latitude)), \"longitude\": \(number(place.coordinate?.longitude))"
            out += ", \"population\": \(place.population)}"
        }
        out += "], \"micros\": \(String(format: "%.2f", micros))}\n"
        return out
    }

    static func ranges(_ ranges: [HighlightRange]) -> String {
        "[" + ranges.map { "{\"location\": \($0.location), \"length\": \($0.length)}" }.joined(separator: ", ") + "]"
    }

    static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return String(format: "%.5f", value)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped; other
    /// text as UTF-8.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// Completions for a person: one per line, matches in bold when colour is on.
enum HumanOutput {
    static func answer(query: String, completions: [LocalSearchCompletion], color: Bool) -> String {
        guard !completions.isEmpty else { return "No places match \"\(query)\".\n" }
        var out = ""
        for c in completions {
            out += highlighted(c.title, c.titleHighlightRanges, color: color)
            if !c.subTitle.isEmpty {
                out += color ? "\u{1B}[2m, \u{1B}[0m" : ", "
                out += highlighted(c.subTitle, c.subtitleHighlightRanges, color: color, dim: true)
            }
            out += "\n"
        }
        return out
    }

    static func highlighted(_ text: String, _ ranges: [HighlightRange], color: Bool, dim: Bool = false) -> String {
        guard color else { return text }
        var out = dim ? "\u{1B}[2m" : ""
        let base = dim ? "\u{1B}[0m\u{1B}[2m" : "\u{1B}[0m"
        var cursor = text.startIndex
        for range in ranges {
            guard let r = range.range(in: text), r.lowerBound >= cursor else { continue }
            out += text[cursor..<r.lowerBound] + "\u{1B}[1m" + text[r] + base
            cursor = r.upperBound
        }
        out += text[cursor...]
        return out + "\u{1B}[0m"
    }
}
