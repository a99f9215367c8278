#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
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
            with control characters escaped and cut to 60 columns). A place's characters that \
            would act on a terminal (control and bidirectional formatting characters, from a custom \
            index) are shown as U+FFFD. With --json, one JSON \
            object per query on one line, with an empty "results" when nothing matches, and an \
            error is one JSON line on standard error, {"error": {"code": ..., "message": ...}}, \
            code "usage", "index" (the places cannot be loaded), "write" or "error".

            EXIT STATUS: 0 when at least one query had a completion; 1 when none had (as grep); \
            64 for a usage error; 2 for any other error (an unreadable index file, a failed write).
            """,
        options: [
            OptionDeclaration("--json", help: "One JSON object per query, on one line.") { $0.json = true },
        ] + CommonOptions.declarations(limitHelp: "At most N completions (default 10).")
            .map { $0.lifted(\.common) },
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
        CacheWarning.report(completer)
        if let suspectedSubcommand, let query {
            // A word close to a subcommand's name that no place starts with: a typo of
            // the subcommand, not a query.
            let exact = CompletionOptions(limit: 1, typoTolerance: false)
            if completer.completions(for: query, options: exact).isEmpty {
                let word = query.split(separator: " ").first.map(String.init) ?? query
                throw UsageError(message: "unknown command \(Sanitized.text(word)); did you mean "
                                 + "`\(suspectedSubcommand)`? (No place matches it either.)")
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
        ProcessLifetime.keep(completer)  // (freed by the exit that follows: see the type)
        return matchedAny ? 0 : Self.noMatchStatus
    }
}
