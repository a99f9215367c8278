#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LocationSearch

/// What the command line asked for.
enum Command {
    /// `complete`, named or not; `suspectedSubcommand` when the first word is within two
    /// typos of a subcommand's name (checked against the places before it runs).
    case complete(CompleteCommand, suspectedSubcommand: String?)
    case demo(DemoCommand)
    case buildIndex(BuildIndexCommand)
    case bench(BenchCommand)
    case cache(CacheCommand)
    case completions(CompletionsCommand)
    case manual(ManualCommand)
    /// The help of the tool (`nil`) or of a subcommand.
    case help(String?)
    case version

    /// The tool's version, as `--version` prints it.
    static let versionNumber = "0.9.0"

    /// The subcommands, in the order the help lists them, with their one-line abstracts:
    /// what the help, the completion scripts and the man page are made from.
    static let subcommands: [Subcommand] = {
        let commands = [
            Subcommand("complete", "Complete place names (the default: `complete` may be left out).",
                       CompleteCommand.declaration.summary),
            Subcommand("demo", "An fzf-style picker on the terminal.", DemoCommand.declaration.summary),
            Subcommand("build-index", "Build an index file, or refresh the cached one.",
                       BuildIndexCommand.declaration.summary),
            Subcommand("bench", "Measure load time, memory and per-keystroke latency.",
                       BenchCommand.declaration.summary),
            Subcommand("cache", "Show where the cached index is and its size, or clear it.",
                       CacheCommand.declaration.summary),
            Subcommand("completions", "Print a completion script for bash, zsh or fish.",
                       CompletionsCommand.declaration.summary),
        ]
        let help = CommandSummary(
            name: "help", abstract: "Shows the tool's help, or a subcommand's.",
            usage: "location-search help [SUBCOMMAND]", arguments: "[SUBCOMMAND]", discussion: "", options: [],
            words: commands.map(\.name))
        return commands + [Subcommand("help", "Show this help, or a subcommand's.", help)]
    }()

    /// What the tool does, for its help and its man page.
    static let summary = "Completes place names offline from the bundled GeoNames gazetteer (238,935 places). "
        + "With QUERY, prints its completions; without, answers each line of standard input."

    /// The usage lines, for the help and the man page's synopsis.
    static var usageLines: [String] {
        ["location-search [complete] [options] [QUERY]"] + subcommands.dropFirst().map(\.usage)
            + ["location-search --version", ManualCommand.declaration.usage]
    }

    /// The tool's own options, taken only as the first word: the help lists them with
    /// `complete`'s, the completions offer them there, the man page lists them first.
    static let toolOptions = [
        OptionSummary(names: ["--version", "-V"], value: nil, help: "Print the version.", completion: .text),
        OptionSummary(
            names: ["--generate-man"], value: nil,
            help: "Print the man page, location-search(1), in roff (or write it: --generate-man -o FILE).",
            completion: .text),
    ]

    /// `location-search --help`: the subcommands, then `complete`'s options (the default).
    static var help: String {
        var out = "USAGE: " + usageLines.joined(separator: "\n       ") + "\n\n"
        out += wrap(summary) + "\n"
        out += "\nSUBCOMMANDS:\n" + CommandDeclaration<Command>.table(subcommands.map { ($0.name, $0.abstract) })
        let complete = CompleteCommand.declaration
        out += "\nOPTIONS (complete):\n"
            + CommandDeclaration<Command>.table(complete.options.map { ($0.synopsis, $0.help) }
                + [("-h, --help", "Show this help.")] + toolOptions.map { ($0.synopsis, $0.help) })
        out += "\n" + wrap(complete.discussion) + "\n"
        out += "\nSee `location-search SUBCOMMAND --help` for a subcommand's options.\n"
        return out
    }

    static func helpText(for name: String?) -> String {
        switch name {
        case "complete": CompleteCommand.declaration.help
        case "demo": DemoCommand.declaration.help
        case "build-index": BuildIndexCommand.declaration.help
        case "bench": BenchCommand.declaration.help
        case "cache": CacheCommand.declaration.help
        case "completions": CompletionsCommand.declaration.help
        case "--generate-man": ManualCommand.declaration.help
        default: help
        }
    }

    static func parse(_ arguments: [String]) throws -> Command {
        guard let first = arguments.first else {
            return .complete(try CompleteCommand.parse([]) ?? CompleteCommand(), suspectedSubcommand: nil)
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "complete":
            return try CompleteCommand.parse(rest).map { .complete($0, suspectedSubcommand: nil) } ?? .help("complete")
        case "demo": return try DemoCommand.parse(rest).map(Command.demo) ?? .help("demo")
        case "build-index": return try BuildIndexCommand.parse(rest).map(Command.buildIndex) ?? .help("build-index")
        case "bench": return try BenchCommand.parse(rest).map(Command.bench) ?? .help("bench")
        case "cache": return try CacheCommand.parse(rest).map(Command.cache) ?? .help("cache")
        case "completions":
            return try CompletionsCommand.parse(rest).map(Command.completions) ?? .help("completions")
        case "help", "-h", "--help":
            guard let topic = rest.first else { return .help(nil) }
            guard subcommands.contains(where: { $0.name == topic }), rest.count == 1 else {
                throw UsageError(message: "no help for \(Sanitized.text(rest.joined(separator: " "))); "
                                 + "the subcommands are " + subcommands.map(\.name).joined(separator: ", "))
            }
            return .help(topic)
        case "--version", "-V":
            guard rest.isEmpty else { throw UsageError(message: "--version takes no arguments") }
            return .version
        case "--generate-man":
            return try ManualCommand.parse(rest).map(Command.manual) ?? .help("--generate-man")
        default:
            let suspect = first.hasPrefix("-") ? nil : nearSubcommand(first)
            do {
                guard let command = try CompleteCommand.parse(arguments) else { return .help(nil) }
                return .complete(command, suspectedSubcommand: suspect)
            } catch var error as UsageError {
                // `bulid-index --output x`: the options are another subcommand's.
                if let suspect {
                    error = UsageError(message: "unknown command \(Sanitized.text(first)); did you mean `\(suspect)`?")
                } else {
                    error.command = nil  // `location-search --bogus`: the tool's help
                }
                throw error
            }
        }
    }

    /// The subcommand `word` may be a typo of: within two edits (one for words of up to
    /// four letters, so that short place names stay queries), case aside.
    static func nearSubcommand(_ word: String) -> String? {
        let word = word.lowercased()
        let best = subcommands.map { ($0.name, editDistance(word, $0.name)) }.min { $0.1 < $1.1 }
        guard let (name, distance) = best, distance > 0, distance <= (word.count <= 4 ? 1 : 2) else { return nil }
        return name
    }

    @MainActor
    func run() async throws -> Int32 {
        switch self {
        case .help(let topic):
            let output = OutputStream()
            output.write(Self.helpText(for: topic))
            try output.flush()
            return 0
        case .version:
            let output = OutputStream()
            output.write("location-search \(Self.versionNumber)\n")
            try output.flush()
            return 0
        case .complete(let command, let suspect):
            return try command.run(suspectedSubcommand: suspect)
        case .demo(let command):
            return await command.run()
        case .buildIndex(let command):
            return try command.run()
        case .bench(let command):
            return try command.run()
        case .cache(let command):
            return try command.run()
        case .completions(let command):
            return try command.run()
        case .manual(let command):
            return try command.run()
        }
    }
}

/// A subcommand as the tool's help lists it: its name, a one-line abstract, and its
/// declaration without the actions.
struct Subcommand: Sendable {
    var name: String
    var abstract: String
    var summary: CommandSummary
    var usage: String { summary.usage }

    init(_ name: String, _ abstract: String, _ summary: CommandSummary) {
        self.name = name
        self.abstract = abstract
        self.summary = summary
    }
}
