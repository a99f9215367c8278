#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LocationSearch

/// The options `complete` and `demo` share, declared once.
struct CommonOptions {
    var completion = CompletionOptions()
    var color = ColorChoice.auto
    /// An index file from `build-index`; `nil` means the bundled gazetteer.
    var indexFile: String?

    /// The declarations; `--limit`'s help differs between `complete` (completions) and
    /// `demo` (rows).
    static func declarations(limitHelp: String) -> [OptionDeclaration<CommonOptions>] {
        [
            OptionDeclaration("--limit", value: "N", help: limitHelp) { options, text in
                guard let limit = Int(text), limit >= 0 else {
                    throw UsageError(message: "--limit needs a whole number >= 0, not \"\(Sanitized.text(text))\"")
                }
                options.completion.limit = limit
            },
            OptionDeclaration(
                "--near", value: "LAT,LON", help: "Rank places near this point higher (e.g. --near -33.87,151.21)."
            ) { options, text in
                options.completion.near = try parseCoordinate(text)
            },
            OptionDeclaration(
                "--country", value: "CC[,CC...]",
                help: "Only places in these countries (ISO 3166-1 alpha-2 codes, e.g. US or GB,FR)."
            ) { options, text in
                // Two ASCII letters each: "ÄÖ" (or "ß", which upper-cases to "SS") is no code.
                let words = text.split(separator: ",").map { $0._trimmingHorizontalSpace() }
                let codes = words.map { $0.uppercased() }
                guard !words.isEmpty, words.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } })
                else {
                    throw UsageError(message: "--country needs ISO 3166-1 alpha-2 codes such as US or GB,FR, "
                                     + "not \"\(Sanitized.text(text))\"")
                }
                options.completion.countries.formUnion(codes)
            },
            OptionDeclaration(
                "--kind", value: "KIND[,KIND...]", completion: .words(Place.Kind.allCases.map(\.rawValue)),
                help: "Only these kinds of place: city, region, country."
            ) { options, text in
                for word in text.split(separator: ",") {
                    guard let kind = Place.Kind(rawValue: word._trimmingHorizontalSpace().lowercased()) else {
                        throw UsageError(
                            message: "--kind takes city, region or country, not \"\(Sanitized.text(String(word)))\"")
                    }
                    options.completion.kinds.insert(kind)
                }
            },
            OptionDeclaration(
                "--lang", value: "TAG",
                help: "Show country and region names (and some cities') in this language (BCP 47, e.g. de, pt-BR); "
                    + "default: canonical names."
            ) { options, text in
                let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
                guard let primary = subtags.first, (2...3).contains(primary.count), primary.allSatisfy(\.isLetter),
                      primary.allSatisfy(\.isASCII),
                      subtags.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) })
                else {
                    throw UsageError(message: "--lang needs a BCP 47 language tag such as de or pt-BR, "
                                     + "not \"\(Sanitized.text(text))\"")
                }
                options.completion.language = text
            },
            OptionDeclaration("--no-typos", help: "Match only what was typed: no typo tolerance.") { options in
                options.completion.typoTolerance = false
            },
            OptionDeclaration(
                "--index", value: "FILE", completion: .file,
                help: "Complete from an index file written by `build-index --output FILE`."
            ) { options, text in
                options.indexFile = text
            },
            OptionDeclaration(
                "--color", "--colour", value: "WHEN", completion: .words(ColorChoice.allCases.map(\.rawValue)),
                help: "Highlight matches: auto (default: on a terminal, unless NO_COLOR is set and not empty, "
                    + "or TERM is dumb), always or never."
            ) { options, text in
                guard let choice = ColorChoice(rawValue: text) else {
                    throw UsageError(message: "--color takes auto, always or never, not \"\(Sanitized.text(text))\"")
                }
                options.color = choice
            },
        ]
    }

    /// The point in `--near LAT,LON`, in degrees.
    static func parseCoordinate(_ text: String) throws -> GeoCoordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0._trimmingHorizontalSpace()) }
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1],
              GeoCoordinate(latitude: latitude, longitude: longitude).isValid
        else {
            throw UsageError(message: "--near needs LAT,LON in degrees (-90...90, -180...180), "
                             + "not \"\(Sanitized.text(text))\"")
        }
        return GeoCoordinate(latitude: latitude, longitude: longitude)
    }
}
