import Foundation
import LocationSearch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `location-search complete`: one query from the arguments, or one per line of stdin.
struct CompleteCommand {
    var query: String?
    var json = false
    /// `--limit`, `--near`, `--country`, `--kind`, `--no-typos`, `--index` and `--color`,
    /// declared once for `complete` and `demo`.
    var common = CommonOptions()

    var options: CompletionOptions {
        get { common.completion }
        set { common.completion = newValue }
    }
    var color: ColorChoice { common.color }
    var indexFile: String? { common.indexFile }

    /// Exit status when no query had a completion (as `grep` and `rg` exit 1 when nothing
    /// matched); usage errors exit 64, other errors 2.
    static let noMatchStatus: Int32 = 1

    static let declaration = CommandDeclaration<CompleteCommand>(
        name: "complete",
        abstract: """
            Completes place names offline from the bundled GeoNames gazetteer. With QUERY, prints \
            its completions; without, answers each line of standard input in order, until end of input.
            """,
        arguments: "[QUERY]",
        discussion: """
            A QUERY of several words needs no quotes (`location-search san fr`); `complete` itself \
            may be left out (`location-search san fr`), except when the first word is within two \
            typos of a subcommand's name and the query matches no place (`location-search demoo` \
            is a mistyped subcommand, not a query).

            OUTPUT: one completion per line, "title, subtitle"; matches in bold on a terminal. \
            When nothing matches, "No places match ..." goes to standard error (the query shown \
            with control characters escaped and cut to 60 characters). With --json, one JSON \
            object per query on one line, with an empty "results" when nothing matches.

            EXIT STATUS: 0 when at least one query had a completion; 1 when none had (as grep); \
            64 for a usage error; 2 for any other error (an unreadable index file, a failed write).
            """,
        options: [
            OptionDeclaration("--json", help: "One JSON object per query, on one line.") { $0.json = true },
        ] + CommonOptions.declarations(limitHelp: "At most N completions (default 10).").map { $0.lifted(\.common) },
        positional: { command, words in
            // `location-search san fr` means the query "san fr", as if quoted.
            command.query = words.isEmpty ? nil : words.joined(separator: " ")
        })

    static func parse(_ arguments: [String]) throws -> CompleteCommand? {
        try declaration.parse(arguments, into: CompleteCommand())
    }

    func run(suspectedSubcommand: String? = nil) throws -> Int32 {
        let completer = try indexFile.map { try LocationCompleter(indexFile: URL(fileURLWithPath: $0)) }
            ?? LocationCompleter()
        if let suspectedSubcommand, let query {
            // A word close to a subcommand's name that no place starts with: a typo of
            // the subcommand, not a query.
            let exact = CompletionOptions(limit: 1, typoTolerance: false)
            if completer.completions(for: query, options: exact).isEmpty {
                throw UsageError(message: "unknown command \(Sanitized.text(query.split(separator: " ").first.map(String.init) ?? query)); did you mean `\(suspectedSubcommand)`? (No place matches it either.)")
            }
        }
        let useColor = color.isEnabled(forFileDescriptor: STDOUT_FILENO)
        let output = OutputStream()
        var matchedAny = false
        func answer(_ query: String) throws {
            let start = DispatchTime.now().uptimeNanoseconds
            let completions = completer.completions(for: query, options: options)
            let micros = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
            if !completions.isEmpty { matchedAny = true }
            if json {
                output.write(JSONLine.answer(query: query, completions: completions, micros: micros))
            } else if completions.isEmpty {
                try output.flush()
                StandardError.write(HumanOutput.noMatch(query))
            } else {
                output.write(HumanOutput.answer(query: query, completions: completions, color: useColor))
            }
            try output.flush()
        }
        if let query {
            try answer(query)
        } else {
            while let line = StandardInput.readLine() { try answer(line) }
        }
        return matchedAny ? 0 : Self.noMatchStatus
    }
}

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
            OptionDeclaration("--near", value: "LAT,LON",
                              help: "Rank places near this point higher (e.g. --near -33.87,151.21).") { options, text in
                options.completion.near = try parseCoordinate(text)
            },
            OptionDeclaration("--country", value: "CC[,CC...]",
                              help: "Only places in these countries (ISO 3166-1 alpha-2 codes, e.g. US or GB,FR).") { options, text in
                let codes = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
                guard !codes.isEmpty, codes.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isLetter) }) else {
                    throw UsageError(message: "--country needs ISO 3166-1 alpha-2 codes such as US or GB,FR, not \"\(Sanitized.text(text))\"")
                }
                options.completion.countries.formUnion(codes)
            },
            OptionDeclaration("--kind", value: "KIND[,KIND...]", help: "Only these kinds of place: city, region, country.") { options, text in
                for word in text.split(separator: ",") {
                    guard let kind = Place.Kind(rawValue: word.trimmingCharacters(in: .whitespaces).lowercased()) else {
                        throw UsageError(message: "--kind takes city, region or country, not \"\(Sanitized.text(String(word)))\"")
                    }
                    options.completion.kinds.insert(kind)
                }
            },
            OptionDeclaration("--lang", value: "TAG",
                              help: "Show country and region names (and some cities') in this language (BCP 47, e.g. de, pt-BR); default: canonical names.") { options, text in
                let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
                guard let primary = subtags.first, (2...3).contains(primary.count), primary.allSatisfy(\.isLetter),
                      primary.allSatisfy(\.isASCII), subtags.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) })
                else {
                    throw UsageError(message: "--lang needs a BCP 47 language tag such as de or pt-BR, not \"\(Sanitized.text(text))\"")
                }
                options.completion.language = text
            },
            OptionDeclaration("--no-typos", help: "Match only what was typed: no typo tolerance.") { options in
                options.completion.typoTolerance = false
            },
            OptionDeclaration("--index", value: "FILE", help: "Complete from an index file written by `build-index --output FILE`.") { options, text in
                options.indexFile = text
            },
            OptionDeclaration("--color", "--colour", value: "WHEN",
                              help: "Highlight matches: auto (default: on a terminal, unless NO_COLOR is set and not empty, or TERM is dumb), always or never.") { options, text in
                guard let choice = ColorChoice(rawValue: text) else {
                    throw UsageError(message: "--color takes auto, always or never, not \"\(Sanitized.text(text))\"")
                }
                options.color = choice
            },
        ]
    }

    static func parseCoordinate(_ text: String) throws -> GeoCoordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1],
              GeoCoordinate(latitude: latitude, longitude: longitude).isValid
        else {
            throw UsageError(message: "--near needs LAT,LON in degrees (-90...90, -180...180), not \"\(Sanitized.text(text))\"")
        }
        return GeoCoordinate(latitude: latitude, longitude: longitude)
    }
}

/// `--color`: whether to highlight matches with terminal escapes.
enum ColorChoice: String {
    case auto, always, never

    /// `auto` means the output is a terminal, `TERM` is not `dumb` and `NO_COLOR` is unset
    /// or empty (no-color.org: "when present and not an empty string"); `FORCE_COLOR` (set
    /// and not "0") turns it on.
    func isEnabled(forFileDescriptor descriptor: Int32) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let force = environment["FORCE_COLOR"], force != "0" { return true }
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return isatty(descriptor) == 1
        }
    }
}

/// A write that failed: `cannot write to standard output: No space left on device`.
struct OutputError: Error, CustomStringConvertible {
    var stream: String
    var errno: Int32

    var description: String { "cannot write to \(stream): \(String(cString: strerror(errno)))" }
}
