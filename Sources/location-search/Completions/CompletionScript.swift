/// A shell completion script for `location-search`, made from the subcommands' declarations
/// (`CommandSummary`), so that an option `--help` lists is offered too.
///
/// Each subcommand's part starts with a `# subcommand: NAME` comment line, in every shell's
/// script: the tests find each subcommand's options there.
struct CompletionScript {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// The subcommands, `complete` (the default) first.
    let subcommands: [Subcommand]
    /// The tool options that take options of their own, as a subcommand does
    /// (`--generate-man -o FILE`): completed like one after them, offered with `complete`'s
    /// options before.
    var optionCommands: [Subcommand] = [
        Subcommand("--generate-man", "Print the man page", ManualCommand.declaration.summary),
    ]

    /// The subcommands and the option commands: every part a script has.
    var parts: [Subcommand] { subcommands + optionCommands }

    /// `-h, --help`, which every subcommand takes.
    static let helpOption = OptionSummary(
        names: ["--help", "-h"], value: nil, help: "Show the help.", completion: .text)

    func text(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// A subcommand's options with `-h, --help`, and for `complete` the tool's own.
    func options(of subcommand: Subcommand) -> [OptionSummary] {
        subcommand.summary.options + [Self.helpOption] + (subcommand.name == "complete" ? Command.toolOptions : [])
    }

    /// The first sentence of `help`, for a one-line description: up to the first ". "
    /// that does not end an abbreviation ("e.g. ", "i.e. ").
    static func firstSentence(_ help: String) -> String {
        var text = help
        var searched = text.startIndex
        while let end = text[searched...].firstRange(of: ". ") {
            let before = text[..<end.lowerBound]
            if before.hasSuffix("e.g") || before.hasSuffix("i.e") {
                searched = end.upperBound
                continue
            }
            text = String(before)
            break
        }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
