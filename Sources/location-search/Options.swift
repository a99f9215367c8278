import LocationSearch

/// A mistake in the command line: one line on standard error, a pointer to the help, exit
/// status 64 (EX_USAGE).
struct UsageError: Error {
    var message: String
    /// The subcommand whose help to point to (`nil`: the tool's).
    var command: String?

    init(message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    /// Throws the usage error of a `command` that takes options only, when `words` (its
    /// arguments that are not options) are not empty.
    static func requireNoArguments(_ words: [String], command: String) throws {
        guard words.isEmpty else {
            let words = Sanitized.text(words.joined(separator: " "))
            throw UsageError(message: "\(command) takes no arguments, only options: \"\(words)\"", command: command)
        }
    }

    /// `location-search: --limit needs a value` and `see `location-search demo --help``.
    var report: String {
        let help = ["location-search", command, "--help"].compactMap { $0 }.joined(separator: " ")
        return "location-search: \(message)\nsee `\(help)`\n"
    }
}

/// One option of a subcommand, declared once: its names, its value, its help, and what it
/// does to the command being parsed. The parser and the help are both built from these
/// declarations (swift-argument-parser's pattern, written out here: the package has no
/// dependencies).
struct OptionDeclaration<Command>: Sendable {
    /// The names, long first: `["--output", "-o"]`.
    var names: [String]
    /// The value's placeholder in the help (`"N"`), or `nil` for a flag.
    var value: String?
    /// What it does, one or more sentences; wrapped to the help's width.
    var help: String
    /// What a shell may offer for the value (`completions`, the man page).
    var completion: ValueCompletion
    /// Applies the option (with its value, for an option that takes one).
    var apply: @Sendable (inout Command, String) throws -> Void

    /// An option that takes a value.
    init(
        _ names: String..., value: String, completion: ValueCompletion = .text, help: String,
        apply: @escaping @Sendable (inout Command, String) throws -> Void
    ) {
        self.names = names
        self.value = value
        self.help = help
        self.completion = completion
        self.apply = apply
    }

    /// A flag: no value.
    init(_ names: String..., help: String, apply: @escaping @Sendable (inout Command) throws -> Void) {
        self.names = names
        self.value = nil
        self.help = help
        self.completion = .text
        self.apply = { command, _ in try apply(&command) }
    }

    /// The same option for a command that holds this one's at `path`.
    func lifted<Outer>(_ path: WritableKeyPath<Outer, Command> & Sendable) -> OptionDeclaration<Outer> {
        let apply = self.apply
        return OptionDeclaration<Outer>(
            names: names, value: value, help: help, completion: completion
        ) { outer, value in
            try apply(&outer[keyPath: path], value)
        }
    }

    fileprivate init(
        names: [String], value: String?, help: String, completion: ValueCompletion,
        apply: @escaping @Sendable (inout Command, String) throws -> Void
    ) {
        self.names = names
        self.value = value
        self.help = help
        self.completion = completion
        self.apply = apply
    }

    /// The option without its action: what the help, the completions and the man page read.
    var summary: OptionSummary {
        OptionSummary(names: names, value: value, help: help, completion: completion)
    }

    /// `--limit N` or `-o, --output FILE`, as the help shows it.
    var synopsis: String { summary.synopsis }
}

/// A subcommand: its name, what it is for, its options and positional arguments; parses
/// arguments and writes its own help from the same declarations.
struct CommandDeclaration<Command>: Sendable {
    /// `complete`, `demo`...
    var name: String
    /// One line: what the subcommand does.
    var abstract: String
    /// What goes after the options in the usage line: `[QUERY]`, or "" for none.
    var arguments: String
    /// More help after the options: exit statuses, keys, examples.
    var discussion: String
    var options: [OptionDeclaration<Command>]
    /// Takes the positional arguments (after the options are applied); throws a
    /// `UsageError` for arguments the subcommand does not take.
    var positional: @Sendable (inout Command, [String]) throws -> Void
    /// The words the first positional argument may be (`cache`'s `path`, `size`, `clear`),
    /// for the completions and the man page; empty for free text or none.
    var words: [String] = []

    /// The subcommand without its actions: what the completions and the man page read.
    var summary: CommandSummary {
        CommandSummary(name: name, abstract: abstract, usage: usage, arguments: arguments,
                       discussion: discussion, options: options.map(\.summary), words: words)
    }

    /// Every declaration gets `-h, --help` for free; `parse` reports it as `nil`.
    static var helpNames: [String] { ["-h", "--help"] }

    /// Parses `arguments` (without the subcommand's name) into `command`.
    ///
    /// Options are `--name value` or `--name=value`; a flag takes no value. A value may
    /// start with "-" (`--near -33.87,151.21`). Everything after `--` is positional.
    ///
    /// - Returns: the command, or `nil` if the arguments ask for help.
    /// - Throws: `UsageError` for an unknown option, a missing or malformed value, or
    ///   arguments the subcommand does not take.
    func parse(_ arguments: [String], into command: Command) throws -> Command? {
        do {
            return try parseOptions(arguments, into: command)
        } catch var error as UsageError {
            error.command = error.command ?? name
            throw error
        }
    }

    private func parseOptions(_ arguments: [String], into command: Command) throws -> Command? {
        var command = command
        var positional: [String] = []
        var position = 0
        while position < arguments.count {
            let argument = arguments[position]
            position += 1
            if argument == "--" {
                positional += arguments[position...]
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1, !Self.isNumber(argument) else {
                positional.append(argument)
                continue
            }
            let (name, inline) = argument.firstIndex(of: "=").map {
                (String(argument[..<$0]), String(argument[argument.index(after: $0)...]) as String?)
            } ?? (argument, nil)
            if Self.helpNames.contains(name) { return nil }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                throw UsageError(message: "unknown option \(Sanitized.text(name)) for \(self.name)", command: self.name)
            }
            if option.value == nil {
                guard inline == nil else { throw UsageError(message: "\(name) takes no value", command: self.name) }
                try option.apply(&command, "")
            } else if let inline {
                try option.apply(&command, inline)
            } else {
                guard position < arguments.count else {
                    throw UsageError(message: "\(name) needs a value (\(option.synopsis))", command: self.name)
                }
                position += 1
                try option.apply(&command, arguments[position - 1])
            }
        }
        try self.positional(&command, positional)
        return command
    }

    /// A negative number or coordinate pair is an argument, not an option.
    static func isNumber(_ text: String) -> Bool {
        Double(text.split(separator: ",").first.map(String.init) ?? text) != nil
    }

    /// `location-search demo [options]`.
    var usage: String {
        let options = options.isEmpty ? "" : " [options]"
        return "location-search \(name)\(options)\(arguments.isEmpty ? "" : " " + arguments)"
    }

    /// The subcommand's help: usage, abstract, options (each with its help, wrapped), the
    /// discussion.
    var help: String {
        var out = "USAGE: \(usage)\n\n\(wrap(abstract))\n"
        let all = options.map { ($0.synopsis, $0.help) } + [("-h, --help", "Show this help.")]
        out += "\nOPTIONS:\n" + Self.table(all)
        if !discussion.isEmpty { out += "\n" + wrap(discussion) + "\n" }
        return out
    }

    /// Two columns: names at 2, help at 28 (or on the next line when the names are longer),
    /// wrapped at 88 columns.
    static func table(_ rows: [(String, String)]) -> String {
        let indent = 28, width = 88
        var out = ""
        for (names, help) in rows {
            var line = "  " + names
            var lines: [String] = []
            if line.count + 2 > indent {
                lines.append(line)
                line = ""
            }
            line = line.padded(to: indent)
            for word in help.split(separator: " ") {
                if line.count + 1 + word.count > width && line.count > indent {
                    lines.append(line)
                    line = String(repeating: " ", count: indent)
                }
                line += (line.count == indent ? "" : " ") + word
            }
            lines.append(line)
            out += lines.joined(separator: "\n") + "\n"
        }
        return out
    }
}

/// `text` with each paragraph's lines filled to `width` columns; lines that start with
/// spaces (tables, examples) are kept as they are.
func wrap(_ text: String, width: Int = 88) -> String {
    var out: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        guard !line.hasPrefix(" "), line.count > width else {
            out.append(String(line))
            continue
        }
        var current = ""
        for word in line.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                out.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        out.append(current)
    }
    return out.joined(separator: "\n")
}

/// What a shell may offer for an option's value.
enum ValueCompletion: Sendable, Equatable {
    /// Free text: nothing to offer.
    case text
    /// One of these words (`--color`: auto, always, never).
    case words([String])
    /// A file's path.
    case file
    /// A folder's path.
    case directory
}

/// An option as the help, the completions and the man page describe it.
struct OptionSummary: Sendable, Equatable {
    var names: [String]
    var value: String?
    var help: String
    var completion: ValueCompletion

    /// `--limit N` or `-o, --output FILE`, as the help shows it.
    var synopsis: String {
        let shown = names.sorted { $0.count < $1.count }.joined(separator: ", ")
        return value.map { "\(shown) \($0)" } ?? shown
    }
}

/// A subcommand as the completions and the man page describe it.
struct CommandSummary: Sendable {
    var name: String
    var abstract: String
    var usage: String
    var arguments: String
    var discussion: String
    var options: [OptionSummary]
    var words: [String]
}
