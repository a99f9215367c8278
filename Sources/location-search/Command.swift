import Foundation
import LocationSearch

/// A mistake in the command line: reported with the usage, exit status 64 (EX_USAGE).
struct UsageError: Error {
    var message: String
}

/// What the command line asked for.
enum Command {
    case complete(CompleteCommand)
    case demo(DemoCommand)
    case buildIndex(BuildIndexCommand)
    case bench(BenchCommand)
    case help

    static let usage = """
        USAGE: location-search [complete] [options] [QUERY]
               location-search demo [--near LAT,LON] [--country CC] [--lang TAG] [--limit N] [--color WHEN]
               location-search build-index [--output FILE] [--geonames DIR]
               location-search bench [--quick] [--every-country] [--synthetic N] [--seed S] [--slowest N]
                                     [--keep-synthetic-index FILE]
               location-search help

        Completes place names offline from the bundled GeoNames gazetteer.
        With QUERY, prints its completions; without, answers each line of standard input
        in order, one answer per line, until end of input.

        OPTIONS (complete):
          --json                  One JSON object per query, on one line.
          --limit N               At most N completions (default 10).
          --near LAT,LON          Rank places near this point higher (e.g. --near -33.87,151.21).
          --country CC[,CC...]    Only places in these countries (ISO 3166-1 alpha-2 codes).
          --kind KIND[,KIND...]   Only these kinds: city, region, country.
          --lang TAG              Show country and region names (and some cities') in this
                                  language (BCP 47, e.g. de, pt-BR); default: canonical names.
          --no-typos              Match only what was typed (no typo tolerance).
          --index FILE            Complete from an index file written by build-index.
          --color WHEN            Highlight matches: auto (default), always or never.
          -h, --help              Show this help.

        DEMO:
          An fzf-style picker on the terminal: type a place name, choose with Up/Down
          (or Ctrl-P/Ctrl-N, Tab), and Enter prints the place's details on standard output,
          so that `place=$(location-search demo)` works. Backspace, Ctrl-W (word) and
          Ctrl-U (line) edit. Exit status: 0 after a pick; 1 for Esc or Ctrl-D (no pick);
          130 for Ctrl-C; 2 without a terminal; 128+N when killed by signal N.
          --index FILE            Complete from an index file written by build-index.

        build-index: builds an index file, with a progress bar when stderr is a terminal.
          --output FILE           Where to write it; without it, refreshes the bundled
                                  gazetteer's cached index (the one complete reads).
          --geonames DIR          Build from GeoNames dump files in DIR (cities500.txt, or
                                  cities1000/5000/15000.txt or allCountries.txt, with
                                  admin1CodesASCII.txt and countryInfo.txt); needs --output.

        bench: measures load time, memory, index size and per-keystroke latency on the
        bundled gazetteer and a synthetic one, beside a naive linear scan (release builds).
          --quick                 A small run (synthetic 200,000 names, fewer queries).
          --synthetic N           Names in the synthetic gazetteer (default 10,000,000;
                                  0 skips it).
          --seed S                Random seed for the synthetic data and queries (default 42).
          --slowest N             Also list the N slowest exact keystrokes of each gazetteer.
          --every-country         Also time every country code's filter (and each kind's)
                                  on the first 1-3 letters of its places' names.
          --keep-synthetic-index FILE
                                  Keep the synthetic index in FILE (for complete --index).
        """

    static func parse(_ arguments: [String]) throws -> Command {
        guard let first = arguments.first else { return .complete(try CompleteCommand.parse([])) }
        switch first {
        case "complete": return .complete(try CompleteCommand.parse(Array(arguments.dropFirst())))
        case "demo": return .demo(try DemoCommand.parse(Array(arguments.dropFirst())))
        case "build-index": return .buildIndex(try BuildIndexCommand.parse(Array(arguments.dropFirst())))
        case "bench": return .bench(try BenchCommand.parse(Array(arguments.dropFirst())))
        case "help", "-h", "--help": return .help
        default: return .complete(try CompleteCommand.parse(arguments))
        }
    }

    @MainActor
    func run() async throws -> Int32 {
        switch self {
        case .help:
            print(Command.usage)
            return 0
        case .complete(let command):
            return try command.run()
        case .demo(let command):
            return await command.run()
        case .buildIndex(let command):
            return try command.run()
        case .bench(let command):
            return try command.run()
        }
    }
}

/// Reads options of the form `--name value` or `--name=value`, and positional words.
struct ArgumentReader {
    private var arguments: [String]
    private var position = 0
    private(set) var positional: [String] = []

    init(_ arguments: [String]) { self.arguments = arguments }

    /// The next option's name and inline value, or `nil` at the end. Positional arguments
    /// are collected on the way; everything after `--` is positional.
    mutating func nextOption() -> (name: String, inlineValue: String?)? {
        while position < arguments.count {
            let argument = arguments[position]
            position += 1
            if argument == "--" {
                positional += arguments[position...]
                position = arguments.count
                return nil
            }
            if argument.hasPrefix("-") && argument.count > 1 && !Self.isNumber(argument) {
                if let equals = argument.firstIndex(of: "=") {
                    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
                }
                return (argument, nil)
            }
            positional.append(argument)
        }
        return nil
    }

    /// The option's value: inline, or the next argument (which may start with "-", so
    /// that `--near -33.87,151.21` works).
    mutating func value(for option: (name: String, inlineValue: String?)) throws -> String {
        if let inline = option.inlineValue { return inline }
        guard position < arguments.count else { throw UsageError(message: "\(option.name) needs a value") }
        position += 1
        return arguments[position - 1]
    }

    static func isNumber(_ text: String) -> Bool {
        Double(text.split(separator: ",").first.map(String.init) ?? text) != nil
    }
}
