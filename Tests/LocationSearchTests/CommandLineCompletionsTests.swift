import Foundation
import Testing

/// `location-search completions bash|zsh|fish`: each script offers every subcommand and
/// every option that `--help` lists (and `--generate-man --help`) (read from the help, which the declarations make, so an
/// option added there and missed by a script fails here), and each shell that is installed
/// loads its script without a word on standard error.
@Suite("Command line: completions", .holdsItsThread)
struct CommandLineCompletionsTests {
    /// The subcommands `location-search --help` lists.
    func helpSubcommands() throws -> [String] {
        let help = try Subprocess.run(["--help"]).output
        return section("SUBCOMMANDS:", of: help).compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// Every option name a subcommand's `--help` lists (`-o, --output FILE`: `-o`, `--output`),
    /// with, for `complete`, the tool's own (`--version`) from `location-search --help`.
    func helpOptions(_ subcommand: String) throws -> [String] {
        var rows = section("OPTIONS:", of: try Subprocess.run([subcommand, "--help"]).output)
        if subcommand == "complete" { rows += section("OPTIONS (complete):", of: try Subprocess.run(["--help"]).output) }
        var names: [String] = []
        for row in rows {
            let column = row.components(separatedBy: "  ").first ?? ""
            for synopsis in column.components(separatedBy: ", ") {
                if let name = synopsis.split(separator: " ").first, name.hasPrefix("-") { names.append(String(name)) }
            }
        }
        return Array(Set(names)).sorted()
    }

    /// The rows of a help section: from its heading to the next blank line, each row's
    /// first column (rows that start with two spaces and a word).
    func section(_ heading: String, of help: String) -> [String] {
        let lines = help.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map { String($0.dropFirst(2)) }
    }

    /// The part of `script` for `subcommand`: from its `# subcommand:` line to the next.
    func part(of script: String, for subcommand: String) -> String? {
        let parts = script.components(separatedBy: "# subcommand: ")
        return parts.first { $0.hasPrefix(subcommand + "\n") }
    }

    func script(_ shell: String) throws -> String {
        let result = try Subprocess.run(["completions", shell])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        return result.output
    }

    @Test("Every subcommand and option --help lists", arguments: ["bash", "zsh", "fish"])
    func everyOptionTheHelpLists(_ shell: String) throws {
        let script = try script(shell)
        let subcommands = try helpSubcommands()
        #expect(subcommands.count >= 7 && subcommands.contains("completions"), "\(subcommands)")
        for subcommand in subcommands + ["--generate-man"] {
            let piece = try #require(part(of: script, for: subcommand), "\(shell): no part for \(subcommand)")
            let options = subcommand == "help" ? [] : try helpOptions(subcommand)
            #expect(subcommand == "help" || options.contains("--help"), "\(subcommand): \(options)")
            for option in options {
                // fish names an option `-l output` or `-s o`; bash and zsh as typed.
                let spelled = shell != "fish" ? option
                    : option.hasPrefix("--") ? "-l \(option.dropFirst(2))" : "-s \(option.dropFirst())"
                let pattern = "(^|[^-A-Za-z])" + NSRegularExpression.escapedPattern(for: spelled) + "($|[^-A-Za-z])"
                #expect(piece.range(of: pattern, options: .regularExpression) != nil,
                        "\(shell): \(subcommand)'s \(option) is not offered")
            }
        }
    }

    /// bash sources the script, registers it, and completes values, words and paths.
    @Test(.enabled(if: Shell.path("bash") != nil, "bash is not installed"))
    func bashCompletes() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ls-completion-\(UUID()).bash")
        try script("bash").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let probe = """
            source \(file.path) || exit 9
            complete -p location-search
            t() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _location_search; echo "${COMPREPLY[*]}"; }
            t location-search --kind c
            t location-search demo --color a
            t location-search cache s
            t location-search completions ""
            t location-search build-index --output \(file.deletingLastPathComponent().path)/ls-completion-
            t location-search --vers
            t location-search --generate-man -o \(file.deletingLastPathComponent().path)/ls-completion-
            """
        let result = try Shell.run("bash", ["--norc", "--noprofile", "-c", probe])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.output.components(separatedBy: "\n")
        #expect(lines.count == 9, "\(result.output)")
        guard lines.count == 9 else { return }
        #expect(lines[0] == "complete -F _location_search location-search")
        #expect(lines[1] == "city country")
        #expect(lines[2] == "auto always")
        #expect(lines[3] == "size")
        #expect(lines[4] == "bash zsh fish")
        #expect(lines[5].contains(file.path), "a file for --output: \(lines[5])")
        #expect(lines[6] == "--version")
        #expect(lines[7].contains(file.path), "a file for --generate-man -o: \(lines[7])")
    }

    /// zsh sources the script with compinit loaded (it registers it with compdef) and
    /// without (it only defines the function), saying nothing either way.
    @Test(.enabled(if: Shell.path("zsh") != nil, "zsh is not installed: the zsh script is not sourced here"))
    func zshSourcesTheScript() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-zsh-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("_location-search")
        try script("zsh").write(to: file, atomically: true, encoding: .utf8)
        let withCompinit = try Shell.run("zsh", ["-f", "-c", """
            autoload -Uz compinit && compinit -u -d \(directory.path)/zcompdump
            source \(file.path) && print -r -- ${_comps[location-search]}
            """])
        #expect(withCompinit.status == 0 && withCompinit.stderr.isEmpty, "\(withCompinit.stderr)")
        #expect(withCompinit.output == "_location-search\n", "\(withCompinit.output)")
        let without = try Shell.run("zsh", ["-f", "-c", "source \(file.path) && print -r -- ${+functions[_location-search]}"])
        #expect(without.status == 0 && without.stderr.isEmpty && without.output == "1\n", "\(without.stderr)")
    }

    /// fish loads the script and completes from it.
    @Test(.enabled(if: Shell.path("fish") != nil, "fish is not installed: the fish script is not sourced here"))
    func fishCompletes() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ls-completion-\(UUID()).fish")
        try script("fish").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Shell.run("fish", ["--no-config", "-c", """
            source \(file.path); complete -C'location-search --kind c'; complete -C'location-search --generate-man --ou'
            """])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.output.contains("city") && result.output.contains("country"), "\(result.output)")
        #expect(result.output.contains("--output"), "\(result.output)")
    }

    @Test("Usage mistakes", arguments: [[], ["tcsh"], ["bash", "zsh"]])
    func usageMistakes(_ arguments: [String]) throws {
        let result = try Subprocess.run(["completions"] + arguments)
        #expect(result.status == 64)
        Subprocess.expectUsageMessage(result.stderr, help: "location-search completions --help")
    }
}

/// The shells on `PATH`, run as subprocesses.
enum Shell {
    static func path(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path(name)))
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
