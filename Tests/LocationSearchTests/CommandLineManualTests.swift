import Foundation
import Testing

/// `location-search --generate-man`: the man page in roff, made from the declarations: its sections,
/// every subcommand and option `--help` lists, and groff rendering it without a warning.
@Suite("Command line: man page", .holdsItsThread)
struct CommandLineManualTests {
    func page() throws -> String {
        let result = try Subprocess.run(["--generate-man"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        return result.output
    }

    @Test func theSectionsAManPageHas() throws {
        let page = try page()
        #expect(page.hasPrefix(".\\\" location-search(1)"), "\(page.prefix(200))")
        #expect(page.contains("\n.TH LOCATION\\-SEARCH 1 "))
        let sections = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
        #expect(sections == ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES",
                             "EXAMPLES", "SEE ALSO"])
        for name in ["NO_COLOR", "TERM", "XDG_CACHE_HOME", "HOME"] {
            #expect(page.contains(".B \(name)\n"), "ENVIRONMENT: \(name)")
        }
        for status in ["0", "1", "2", "64", "130"] {
            #expect(page.contains(".B \(status)\n"), "EXIT STATUS: \(status)")
        }
    }

    /// Each subcommand `--help` lists has its OPTIONS subsection, holding every option its
    /// help lists, as roff spells it (`\-\-output`).
    @Test func everySubcommandAndOptionTheHelpLists() throws {
        let page = try page()
        let help = CommandLineCompletionsTests()
        let parts = page.components(separatedBy: "\n.SS \"location\\-search ")
        for subcommand in try help.helpSubcommands() {
            let name = subcommand.replacingOccurrences(of: "-", with: "\\-")
            let part = try #require(parts.first { $0.hasPrefix(name + " ") || $0.hasPrefix(name + "\"") },
                                    "no subsection for \(subcommand)")
            // The tool's own options (`complete`'s help lists them) and -h, --help are listed
            // once, before the subsections.
            for option in try subcommand == "help" ? [] : help.helpOptions(subcommand) {
                let spelled = "\\fB" + option.replacingOccurrences(of: "-", with: "\\-") + "\\fR"
                let shared = subcommand == "complete" || option == "-h" || option == "--help"
                #expect(part.contains(spelled) || (shared && parts[0].contains(spelled)),
                        "\(subcommand)'s \(option) is not in the page")
            }
        }
    }

    @Test(.enabled(if: Shell.path("groff") != nil, "groff is not installed: the page is not rendered here"))
    func groffRendersItWithoutWarnings() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("location-search-\(UUID()).1")
        try page().write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let check = try Shell.run("groff", ["-man", "-Tutf8", "-ww", "-z", file.path])
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")
        let rendered = try Shell.run("groff", ["-man", "-Tutf8", "-P", "-cbou", file.path])
        #expect(rendered.status == 0 && rendered.stderr.isEmpty, "\(rendered.stderr)")
        #expect(rendered.output.contains("LOCATION-SEARCH(1)"))
        #expect(rendered.output.contains("print-query") && rendered.output.contains("--generate-man"),
                "\(rendered.output.prefix(500))")
    }

    /// `--output FILE` writes the same page; a write that fails is an error (exit 2).
    @Test func outputWritesTheFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("location-search-\(UUID()).1")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Subprocess.run(["--generate-man", "-o", file.path])
        #expect(result.status == 0 && result.output.isEmpty && result.stderr.isEmpty, "\(result.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == (try page()))
        let failed = try Subprocess.run(["--generate-man", "--output", "/nonexistent/folder/location-search.1"])
        #expect(failed.status == 2)
        #expect(failed.stderr == "location-search: cannot write to /nonexistent/folder/location-search.1: "
                    + "No such file or directory\n", "\(failed.stderr)")
    }

    @Test("Usage mistakes", arguments: [["extra"], ["--output"], ["--bogus"]])
    func usageMistakes(_ arguments: [String]) throws {
        let result = try Subprocess.run(["--generate-man"] + arguments)
        #expect(result.status == 64)
        Subprocess.expectUsageMessage(result.stderr, help: "location-search --generate-man --help")
    }
}
