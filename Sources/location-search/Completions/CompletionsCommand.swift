/// `location-search completions bash|zsh|fish`: a completion script for the shell, made
/// from the same declarations as the help (`CompletionScript`).
struct CompletionsCommand {
    var shell: CompletionScript.Shell = .bash

    static let declaration = CommandDeclaration<CompletionsCommand>(
        name: "completions",
        abstract: """
            Prints a completion script for bash, zsh or fish, made from the same declarations as \
            --help: the subcommands, every option, the values of --kind and --color, paths for \
            --index and --output.
            """,
        arguments: "bash|zsh|fish",
        discussion: """
            INSTALL: bash: `source <(location-search completions bash)` in ~/.bashrc, or save it \
            as ~/.local/share/bash-completion/completions/location-search. zsh: save it as \
            _location-search in a folder of $fpath (before compinit runs), or source it after \
            compinit. fish: save it as ~/.config/fish/completions/location-search.fish.

            EXIT STATUS: 0 when written; 64 for a usage error; 2 for a failed write.
            """,
        options: [],
        positional: { command, words in
            guard words.count == 1, let shell = CompletionScript.Shell(rawValue: words[0]) else {
                let given = words.isEmpty ? "nothing" : "\"\(Sanitized.text(words.joined(separator: " ")))\""
                throw UsageError(message: "completions takes bash, zsh or fish, not \(given)", command: "completions")
            }
            command.shell = shell
        },
        words: CompletionScript.Shell.allCases.map(\.rawValue))

    static func parse(_ arguments: [String]) throws -> CompletionsCommand? {
        try declaration.parse(arguments, into: CompletionsCommand())
    }

    func run() throws -> Int32 {
        let output = OutputStream()
        output.write(CompletionScript(subcommands: Command.subcommands).text(for: shell))
        try output.flush()
        return 0
    }
}
