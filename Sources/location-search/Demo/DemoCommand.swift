#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LocationSearch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `location-search demo`: an fzf-style picker. Type a place name, choose with ↑/↓, and
/// Enter prints the place on standard output (its details, or with `--print` the JSON
/// object `complete --json` writes for it); the interface itself is drawn on the terminal
/// (`/dev/tty`), so `place=$(location-search demo --print)` works.
///
/// Exit status, as fzf's: 0 after a pick; 1 for Enter on a query with no match; 130 for
/// Esc, Ctrl-C, or Ctrl-D on an empty query (fzf's `abort`); 2 without a terminal or when
/// the places cannot be loaded; 128 + the signal's number for a caught signal (SIGTERM
/// 143, SIGHUP 129, SIGUSR1 138, ...). The terminal is restored on each of these ways
/// out, and on a crash.
struct DemoCommand {
    /// `--limit` (rows here), `--near`, `--country`, `--kind`, `--no-typos`, `--index` and
    /// `--color`, declared once for `complete` and `demo`.
    var common = CommonOptions()
    /// The query to start with (`--query`).
    var query = ""
    /// `--print`: the pick as one JSON line instead of the `label: value` block.
    var printJSON = false
    /// `--print-query`: the query typed, on the first line, before the pick.
    var printQuery = false
    /// Whether `--limit` was given: without it the list is as tall as the terminal.
    var rowLimit: Int { limitGiven ? common.completion.limit : .max }
    private var limitGiven = false

    static let declaration = CommandDeclaration<DemoCommand>(
        name: "demo",
        abstract: """
            An fzf-style picker on the terminal: type a place name, choose with Up/Down, and Enter \
            prints the place on standard output, so that `place=$(location-search demo --print)` works.
            """,
        arguments: "",
        discussion: """
            KEYS: typing, Backspace, Delete, Ctrl-W (word), Ctrl-U (line), Ctrl-K edit the query; \
            Left/Right, Home/End, Ctrl-A/Ctrl-E move the cursor; Up/Down, Ctrl-P/Ctrl-N, \
            Shift-Tab/Tab, PgUp/PgDn move through every match (the list scrolls); Enter picks (or, \
            with no match, leaves); Esc or Ctrl-C leaves without a pick, and so does Ctrl-D on an \
            empty query (otherwise it deletes the character under the cursor), as fzf's abort; \
            Ctrl-Z suspends (`fg` resumes); Ctrl-L redraws. A paste is inserted as text (its \
            newlines become spaces).

            OUTPUT: the pick's details, one `label: value` line each; with --print, the one-line \
            JSON object `complete --json` writes for it. --print-query writes the query typed \
            first, on a line of its own, also when Enter found no match (as fzf's --print-query).

            EXIT STATUS (as fzf's): 0 after a pick; 1 for Enter on a query with no match; 130 \
            for Esc, Ctrl-C, or Ctrl-D on an empty query; 2 without a terminal or when the places \
            cannot be loaded; 64 for a usage error; 128+N when stopped by signal N. The terminal \
            is restored on every way out.
            """,
        options: [
            OptionDeclaration("--query", value: "TEXT", help: "Start with this query typed in.") { command, text in
                command.query = text
            },
            OptionDeclaration(
                "--print", help: "Print the pick as one JSON line, the object `complete --json` writes for it."
            ) { command in
                command.printJSON = true
            },
            OptionDeclaration(
                "--print-query", help: "Print the query typed on the first line, before the pick (as fzf does)."
            ) { command in
                command.printQuery = true
            },
        ] + CommonOptions.declarations(
            limitHelp: "Show at most N rows at a time (default: as many as the terminal has room for); "
                + "every match is reachable by scrolling."
        ).map { declaration in
            var lifted = declaration.lifted(\DemoCommand.common)
            guard declaration.names.contains("--limit") else { return lifted }
            let apply = lifted.apply
            lifted.apply = { command, text in
                try apply(&command, text)
                guard command.common.completion.limit > 0 else {
                    throw UsageError(message: "--limit for demo needs a whole number >= 1", command: "demo")
                }
                command.limitGiven = true
            }
            return lifted
        },
        positional: { _, words in
            guard words.isEmpty else {
                let words = Sanitized.text(words.joined(separator: " "))
                throw UsageError(
                    message: "demo takes no query argument: type it once the demo runs, or give --query \"\(words)\"",
                    command: "demo")
            }
        })

    static func parse(_ arguments: [String]) throws -> DemoCommand? {
        try declaration.parse(arguments, into: DemoCommand())
    }

    /// The signals the demo catches so that it can restore the terminal first: every one
    /// whose default action ends or stops the process and that can be caught (SIGKILL and
    /// SIGSTOP cannot), and SIGWINCH and SIGCONT to redraw. The stop signals suspend the
    /// demo after restoring the terminal; a crash's signals are `CrashRestore`'s.
    static let caughtSignals: [Int32] = {
        var signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
                       SIGXCPU, SIGXFSZ, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGCONT, SIGWINCH]
        #if os(Linux)
        signals += [SIGPWR, SIGSTKFLT]
        #endif
        return signals
    }()

    @MainActor
    func run() async -> Int32 {
        let terminal: Terminal
        let events: EventPipe
        do {
            terminal = try Terminal()
            events = try EventPipe()
        } catch {
            Self.report(error)
            return 2
        }
        // From here on every way out, signals included, goes through `terminal.restore()`.
        events.catchSignals(Self.caughtSignals)
        let wake = events.writeEnd
        let options = common.completion
        let indexFile = common.indexFile
        let loader = Task.detached {
            defer { EventPipe.notify(wake, EventPipe.loaded) }
            return try indexFile.map { try LocationCompleter(indexFile: URL(fileURLWithPath: $0)) }
                ?? LocationCompleter()
        }
        let outcome: Result<DemoOutcome, any Error>
        do {
            try terminal.enterRawMode()
            let color = common.color.isEnabled(forFileDescriptor: terminal.descriptor)
            let session = DemoSession(
                terminal: terminal, events: events, options: options, rowLimit: rowLimit, query: query, color: color)
            outcome = .success(try await session.run(loading: loader))
        } catch {
            outcome = .failure(error)
        }
        terminal.restore()
        events.restorePreviousSignalActions()

        switch outcome {
        case .success(.picked(let completion, let query)):
            // (Said once the terminal is back, where the picker would draw over it; a pick
            // means the places loaded, so this does not wait.)
            if let completer = try? await loader.value { CacheWarning.report(completer) }
            let pick = printJSON ? JSONLine.result(completion) + "\n" : Self.details(of: completion.place)
            return write(query: query, then: pick) ?? 0
        case .success(.noMatch(let query)):
            return write(query: query, then: "") ?? 1
        case .success(.interrupted):
            return 130
        case .success(.signal(let number)):
            return 128 + number
        case .failure(let error):
            Self.report(error)
            return 2
        }
    }

    /// The pick, one `label: value` line per detail, for people and for scripts
    /// (`sed -n 's/^coordinates: *//p'`):
    ///
    /// ```
    /// name:        San Francisco
    /// region:      California
    /// country:     United States (US)
    /// coordinates: 37.77493, -122.41942
    /// population:  864816
    /// time zone:   America/Los_Angeles
    /// geonames id: 5391959
    /// ```
    ///
    /// "-" stands for what the gazetteer does not know. A value's characters that would act
    /// on a terminal (from a custom gazetteer or index file) are shown as escapes, as
    /// `Sanitized` shows them.
    static func details(of place: Place) -> String {
        let region = place.kind == .region ? place.name : place.admin1
        let coordinate = place.coordinate.map {
            formatted("%.5f, %.5f", $0.latitude, $0.longitude)
        }
        let fields: [(String, String?)] = [
            ("name", place.name),
            ("region", region),
            ("country", "\(place.countryName) (\(place.countryCode))"),
            ("coordinates", coordinate),
            ("population", String(place.population)),
            ("time zone", place.timeZone),
            ("geonames id", place.geonameID.map(String.init)),
        ]
        return fields.map { label, value in
            (label + ":").padded(to: 13) + (value.map { Sanitized.escaped($0) } ?? "-") + "\n"
        }.joined()
    }

    /// Writes the query (with `--print-query`) and `text` on standard output; `nil`, or 2
    /// when the write failed (reported).
    private func write(query: String, then text: String) -> Int32? {
        let output = OutputStream()
        // (Escaped as the details are: a pasted control character cannot reach a terminal.)
        if printQuery { output.write(Sanitized.escaped(query) + "\n") }
        output.write(text)
        do {
            try output.flush()
        } catch {
            Self.report(error)
            return 2
        }
        return nil
    }

    private static func report(_ error: any Error) {
        StandardError.write("location-search: \(Sanitized.message(String(describing: error)))\n")
    }
}
