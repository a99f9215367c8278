import Foundation
import LocationSearch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `location-search demo`: an fzf-style picker. Type a place name, choose with ↑/↓, and
/// Enter prints the place on standard output; the interface itself is drawn on the
/// terminal (`/dev/tty`), so `place=$(location-search demo)` works.
///
/// Exit status: 0 after a pick; 1 when left without one (Esc, Ctrl-D); 2 without a
/// terminal or when the places cannot be loaded; 130 for Ctrl-C; 128 + the signal's number
/// for SIGTERM (143), SIGHUP (129), SIGINT (130) and SIGQUIT (131). The terminal is
/// restored on each of these ways out.
struct DemoCommand {
    /// `--limit`, `--near`, `--country` and `--color`, parsed as `complete` parses them.
    var common = CommonOptions()
    var showHelp = false

    static func parse(_ arguments: [String]) throws -> DemoCommand {
        var command = DemoCommand()
        var reader = ArgumentReader(arguments)
        while let option = reader.nextOption() {
            switch option.name {
            case "-h", "--help":
                command.showHelp = true
            default:
                guard try command.common.parse(option, from: &reader) else {
                    throw UsageError(message: "unknown option \(option.name) for demo")
                }
            }
        }
        guard reader.positional.isEmpty else {
            throw UsageError(message: "demo takes no query (type it once the demo is running), not \"\(reader.positional.joined(separator: " "))\"")
        }
        guard command.common.completion.limit > 0 else {
            throw UsageError(message: "--limit for demo needs a whole number >= 1")
        }
        return command
    }

    /// The signals the demo catches so that it can restore the terminal first, and SIGWINCH.
    static let caughtSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH]

    @MainActor
    func run() async -> Int32 {
        if showHelp {
            print(Command.usage)
            return 0
        }
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
        let loader = Task.detached {
            defer { EventPipe.notify(wake, EventPipe.loaded) }
            return try LocationCompleter()
        }
        let outcome: Result<DemoOutcome, any Error>
        do {
            try terminal.enterRawMode()
            let color = common.color.isEnabled(forFileDescriptor: terminal.descriptor)
            let session = DemoSession(terminal: terminal, events: events, options: options, color: color)
            outcome = .success(try await session.run(loading: loader))
        } catch {
            outcome = .failure(error)
        }
        terminal.restore()
        events.restoreDefaultSignals()

        switch outcome {
        case .success(.picked(let place)):
            let output = OutputStream()
            output.write(Self.details(of: place))
            output.flush()
            return 0
        case .success(.cancelled):
            return 1
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
    /// "-" stands for what the gazetteer does not know.
    static func details(of place: Place) -> String {
        let region = place.kind == .region ? place.name : place.admin1
        let coordinate = place.coordinate.map {
            String(format: "%.5f, %.5f", $0.latitude, $0.longitude)
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
            (label + ":").padding(toLength: 13, withPad: " ", startingAt: 0) + (value ?? "-") + "\n"
        }.joined()
    }

    private static func report(_ error: any Error) {
        StandardError.write("location-search: \(error)\n")
    }
}
