import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The picker as fzf users expect it, through a real pseudo-terminal: keys that arrive in
/// one write (a paste, a script, a slow SSH link) each act on the state they were typed
/// in; the list scrolls through every match; options, paste, Ctrl-Z and signals.
///
/// Serialized, like `DemoTests`: each run loads the places.
@Suite("Demo picker through a pseudo-terminal", .serialized, .holdsItsThread)
struct DemoPickerTests {
    static let down = "\u{1B}[B"
    static let backspace = "\u{7F}"

    /// The demo started as `DemoTests` starts it, once its prompt shows.
    func startDemo(
        _ arguments: [String] = [], columns: Int = 80, rows: Int = 24
    ) throws -> (TerminalSession, TerminalAttributes) {
        try DemoTests().startDemo(arguments, columns: columns, rows: rows)
    }

    /// `DemoTests`' checks of the terminal after the demo exits, and bracketed paste off.
    func expectRestored(_ session: TerminalSession, _ before: TerminalAttributes) throws {
        try DemoTests().expectRestored(session, before)
        #expect(!session.screen.isBracketedPaste)
    }

    /// The pick on standard output, as `label: value` pairs.
    func pick(_ demo: TerminalSession) -> [String: String] {
        Dictionary(
            demo.output.split(separator: "\n").map { line -> (String, String) in
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { first, _ in first })
    }

    /// Waits until the list answers the query `query` (the prompt shows it and the status
    /// line counts matches).
    @discardableResult
    func waitForAnswer(
        _ demo: TerminalSession, _ query: String, _ condition: @escaping (VirtualScreen) -> Bool = { _ in true }
    ) throws -> VirtualScreen {
        try demo.waitForScreen("the answer to \"\(query)\"", timeout: DemoTests.loadTimeout) {
            $0.text(row: 0) == "> \(query)" && $0.text(row: 1).contains("match") && condition($0)
        }
    }

    /// What `complete` lists for `query`, one "title, subtitle" per line.
    func completions(_ query: String, _ arguments: [String]) throws -> [String] {
        let result = try Subprocess.run(["complete", "--color", "never"] + arguments + [query])
        return result.output.split(separator: "\n").map(String.init)
    }

    // MARK: Keys in one write

    @Test func parWaitThenIsTxEnterInOneWritePicksParisTexas() throws {
        let (demo, before) = try startDemo()
        try demo.type("par")
        try waitForAnswer(demo, "par") { $0.row(containing: "Paris") != nil }
        try demo.type("is tx\r")
        #expect(try demo.waitForExit() == .exited(0), "\(demo.report)")
        let place = pick(demo)
        #expect(place["name"] == "Paris" && place["region"] == "Texas", "\(demo.output)")
        try expectRestored(demo, before)
    }

    @Test func sanFraThenBackspaceAndDownInOneWriteKeepsTheDown() throws {
        let (demo, before) = try startDemo()
        try demo.type("san fra")
        try waitForAnswer(demo, "san fra")
        try demo.type(Self.backspace + Self.down)
        let screen = try waitForAnswer(demo, "san fr") { $0.inverseRow == 3 }
        let second = screen.text(row: 3)
        #expect(second.hasPrefix("▸ "))
        #expect(second.dropFirst(2) == (try completions("san fr", ["--limit", "2"]).last ?? "")[...])
        try demo.type("\r")
        #expect(try demo.waitForExit() == .exited(0))
        let name = try #require(pick(demo)["name"])
        #expect(second.contains(name))
        try expectRestored(demo, before)
    }

    /// The Enter acts on the answer to "londzzz", which has no match: fzf's "no match",
    /// status 1, nothing printed.
    @Test func londThenZzzEnterInOneWritePicksNothing() throws {
        let (demo, before) = try startDemo()
        try demo.type("lond")
        try waitForAnswer(demo, "lond") { $0.row(containing: "London") != nil }
        try demo.type("zzz\r")
        #expect(try demo.waitForExit() == .exited(1), "\(demo.report)")
        #expect(demo.output.isEmpty)
        try expectRestored(demo, before)
    }

    @Test func tokyoEnterInAFreshDemoWaitsForThePlacesAndPicksTokyo() throws {
        // Typed before the places load: the Enter waits for them and the answer.
        let demo = try TerminalSession(arguments: ["demo"])
        let before = try #require(demo.initialAttributes)
        try demo.type("tokyo\r")
        #expect(try demo.waitForExit(timeout: DemoTests.loadTimeout) == .exited(0), "\(demo.report)")
        #expect(pick(demo)["name"] == "Tokyo", "\(demo.output)")
        try expectRestored(demo, before)
    }

    // MARK: Scrolling and the count

    @Test func scrollsPastTheVisibleRowsAndPastAPageWithTheTrueCount() throws {
        // 8 rows: 6 visible; "springfield" has dozens of matches, more than a page (10).
        let expected = try completions("springfield", ["--limit", "1000"])
        #expect(expected.count > 20)
        let (demo, before) = try startDemo(columns: 100, rows: 8)
        try demo.type("springfield")
        var screen = try waitForAnswer(demo, "springfield") { $0.inverseRow == 2 }
        #expect(screen.text(row: 1).hasPrefix("  1/\(expected.count) matches ·"),
                "the true count: \(screen.text(row: 1))")
        #expect((2..<8).map { screen.text(row: $0).dropFirst(2) } == expected.prefix(6).map { $0[...] })

        // 14 downs in one write: past the 6 rows on screen and past the first page.
        try demo.type(String(repeating: Self.down, count: 14))
        screen = try demo.waitForScreen("row 15 selected") { $0.text(row: 1).hasPrefix("  15/") }
        #expect(screen.inverseRow == 7, "the current row stays at the bottom as the list scrolls")
        #expect((2..<8).map { screen.text(row: $0).dropFirst(2) } == expected[9..<15].map { $0[...] }, "\(screen.dump)")

        // PgDn to the end, then ↑ scrolls back one row at a time from the top of the view.
        try demo.type(String(repeating: "\u{1B}[6~", count: 20))
        screen = try demo.waitForScreen("the last row selected") {
            $0.text(row: 1).hasPrefix("  \(expected.count)/\(expected.count) ")
        }
        #expect(screen.text(row: 7).dropFirst(2) == (expected.last ?? "")[...])
        try demo.type("\u{1B}[5~\u{1B}[5~")  // PgUp twice
        screen = try demo.waitForScreen("two pages up") { $0.text(row: 1).hasPrefix("  \(expected.count - 12)/") }
        #expect(screen.inverseRow == 2)
        #expect(screen.text(row: 2).dropFirst(2) == expected[expected.count - 13][...], "\(screen.dump)")
        try demo.type("\r")
        #expect(try demo.waitForExit() == .exited(0))
        let name = try #require(pick(demo)["name"])
        #expect(expected[expected.count - 13].contains(name), "picked \(name)")
        try expectRestored(demo, before)
    }

    @Test func limitCapsTheRowsNotTheMatches() throws {
        let expected = try completions("san", ["--limit", "40"])
        let (demo, before) = try startDemo(["--limit", "3"])
        try demo.type("san")
        var screen = try waitForAnswer(demo, "san")
        #expect(screen.text(row: 5).isEmpty, "3 rows: \(screen.dump)")
        let count = try #require(screen.text(row: 1).firstMatch(of: /1\/([\d,]+) matches/)).1
        #expect(Int(count.replacingOccurrences(of: ",", with: ""))! > 1_000, "every place starting with san: \(count)")
        try demo.type(String(repeating: Self.down, count: 30))
        screen = try demo.waitForScreen("row 31") { $0.text(row: 1).hasPrefix("  31/") }
        #expect((2..<5).map { screen.text(row: $0).dropFirst(2) } == expected[28..<31].map { $0[...] },
                "\(screen.dump)")
        try demo.type(DemoTests.esc)
        #expect(try demo.waitForExit() == .exited(130))
        try expectRestored(demo, before)
    }

    // MARK: Options

    @Test func queryKindAndNoTyposOptions() throws {
        let (demo, before) = try startDemo(["--query", "fran", "--kind", "country"])
        let screen = try waitForAnswer(demo, "fran")
        #expect(screen.text(row: 2).hasPrefix("▸ France"), "\(screen.dump)")
        #expect(screen.row(containing: "Paris") == nil && screen.row(containing: "Frankfurt") == nil, "countries only")
        try demo.type("\r")
        #expect(try demo.waitForExit() == .exited(0))
        #expect(pick(demo)["name"] == "France")
        try expectRestored(demo, before)

        let (strict, strictBefore) = try startDemo(["--query", "philadelpia", "--no-typos"])
        try waitForAnswer(strict, "philadelpia") { $0.text(row: 1).contains("no matches") }
        try strict.type(DemoTests.esc)
        #expect(try strict.waitForExit() == .exited(130))
        try expectRestored(strict, strictBefore)
    }

    @Test func indexFileOption() throws {
        let directory = try GeoNamesFixture.write()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("fixture.lsindex")
        let build = try Subprocess.run(["build-index", "--geonames", directory.path, "--output", file.path])
        #expect(build.status == 0, "\(build.stderr)")
        let (demo, before) = try startDemo(["--index", file.path, "--query", "paris"])
        let screen = try waitForAnswer(demo, "paris")
        #expect(screen.text(row: 1).contains("2 matches"), "the fixture's two Parises: \(screen.dump)")
        try demo.type(DemoTests.esc)
        #expect(try demo.waitForExit() == .exited(130))
        try expectRestored(demo, before)
    }

    // MARK: Paste, Ctrl-Z, signals

    @Test func bracketedPasteIsTextEvenWithNewlinesAndEsc() throws {
        let (demo, before) = try startDemo()
        #expect(demo.screen.isBracketedPaste)
        try demo.type("\u{1B}[200~new\r\nyork\u{1B}\u{1B}[201~")
        let screen = try waitForAnswer(demo, "new york") { $0.row(containing: "New York") != nil }
        #expect(screen.inverseRow == 2)
        #expect(demo.termination == nil, "neither the pasted newline nor the Esc acted as a key")
        try demo.type("\r")
        #expect(try demo.waitForExit() == .exited(0))
        #expect(pick(demo)["name"]?.hasPrefix("New York") == true, "\(demo.output)")
        try expectRestored(demo, before)
    }

    @Test func ctrlZGivesTheTerminalBackAndResumesWithTheScreenRestored() throws {
        // The test's process group is orphaned (no shell above it), so the kernel discards
        // the stop itself; what the demo does around it shows on the terminal.
        let (demo, before) = try startDemo()
        try demo.type("oslo")
        try waitForAnswer(demo, "oslo") { $0.row(containing: "Oslo") != nil }
        let mark = demo.terminalBytes.count
        try demo.type("\u{1A}")  // Ctrl-Z
        let screen = try demo.waitForScreen("the demo back after Ctrl-Z") {
            $0.isAlternateScreen && $0.text(row: 0) == "> oslo" && $0.row(containing: "Oslo") != nil
                && demo.terminalOutput(since: mark).contains("␛[?1049h")
        }
        let frame = demo.terminalOutput(since: mark)
        let left = try #require(frame.range(of: "␛[?1049l"), "left the alternate screen: \(frame)")
        let back = try #require(frame.range(of: "␛[?1049h"))
        #expect(left.upperBound <= back.lowerBound)
        #expect(screen.inverseRow == 2)
        #expect(try !demo.attributes().isCooked, "raw mode again")
        try demo.type(DemoTests.esc)
        #expect(try demo.waitForExit() == .exited(130))
        try expectRestored(demo, before)
    }

    @Test func ctrlZUnderAShellStopsTheDemoAndFgResumesIt() throws {
        // A shell with job control (bash -m) runs the demo as a foreground job: Ctrl-Z
        // stops it and hands the terminal back, `fg` continues it.
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("ls-fg-\(UUID())").path
        guard mkfifo(fifo, 0o600) == 0 else { throw HarnessError(description: "mkfifo failed: errno \(errno)") }
        defer { unlink(fifo) }
        // (Job control needs the terminal on standard error: the test's pipe moves to 3.)
        let script = #"exec 3>&2 2>/dev/tty; set -m; "$0" demo 2>&3; echo "[stopped $?]" >&3; read -r _ < "$1"; fg"#
        let shell = try TerminalSession(
            executable: URL(fileURLWithPath: "/bin/bash"),
            arguments: ["-c", script, try Products.locationSearch().path, fifo])
        let before = try #require(shell.initialAttributes)
        try shell.waitForScreen("the prompt") { $0.isAlternateScreen && $0.text(row: 0).hasPrefix(">") }
        try shell.type("oslo")
        try waitForAnswer(shell, "oslo") { $0.row(containing: "Oslo") != nil }
        try shell.type("\u{1A}")  // Ctrl-Z
        let deadline = Date().addingTimeInterval(30)
        while !shell.errorOutput.contains("[stopped 148]") {  // 128 + SIGTSTP
            guard Date() < deadline else { throw HarnessError(description: "not stopped\n\(shell.report)") }
            _ = try? shell.waitForScreen("", timeout: 0.2) { _ in false }
        }
        // Stopped: the terminal is the shell's again, as it was.
        #expect(try shell.attributes() == before)
        #expect(!shell.screen.isAlternateScreen && shell.screen.isCursorVisible && !shell.screen.isBracketedPaste)

        let writer = open(fifo, O_WRONLY)
        #expect(writer >= 0)
        _ = write(writer, "\n", 1)
        close(writer)
        // Continued: raw mode, the alternate screen and the list as they were.
        let screen = try waitForAnswer(shell, "oslo") {
            $0.isAlternateScreen && $0.row(containing: "Oslo") != nil && $0.isCursorVisible
        }
        #expect(screen.inverseRow == 2)
        #expect(try !shell.attributes().isCooked)
        try shell.type("\r")
        #expect(try shell.waitForExit() == .exited(0), "fg returns the demo's status")
        #expect(pick(shell)["name"]?.hasPrefix("Oslo") == true, "\(shell.output)")
        try expectRestored(shell, before)
    }

    @Test func aCrashRestoresTheTerminal() throws {
        // The runtime's backtracer, which the demo hands a crash on to, would wait for
        // keys on the terminal: off, the process dies of the signal.
        var environment = TerminalSession.defaultEnvironment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let demo = try TerminalSession(arguments: ["demo"], environment: environment)
        let before = try #require(demo.initialAttributes)
        try demo.waitForScreen("the prompt") { $0.isAlternateScreen && $0.text(row: 0).hasPrefix(">") }
        try demo.type("lima")
        try demo.waitForScreen("the query") { $0.text(row: 0) == "> lima" }
        demo.send(SIGSEGV)
        let end = try demo.waitForExit()
        #expect(end == .signaled(SIGSEGV) || end == .exited(128 + SIGSEGV), "\(end)")
        try expectRestored(demo, before)
    }
}
