import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `location-search demo`, run as a subprocess on a real pseudo-terminal.
///
/// Loading the bundled places takes a couple of seconds in a release build and much longer
/// in a debug build, hence the long timeouts for results; the prompt itself appears at
/// once, since the demo loads in the background. Serialized: each run loads the places,
/// and running them side by side only makes each slower.
@Suite("Demo through a pseudo-terminal", .serialized, .holdsItsThread)
struct DemoTests {
    /// The longest wait for the first completions: the places load first.
    static let loadTimeout = 240.0
    static let esc = "\u{1B}"
    static let down = "\u{1B}[B"

    func startDemo(
        _ arguments: [String] = [], columns: Int = 80, rows: Int = 24
    ) throws -> (TerminalSession, TerminalAttributes) {
        let session = try TerminalSession(arguments: ["demo"] + arguments, columns: columns, rows: rows)
        let before = try #require(session.initialAttributes)
        try session.waitForScreen("the prompt") { $0.isAlternateScreen && $0.text(row: 0).hasPrefix(">") }
        return (session, before)
    }

    /// After the demo exits: the attributes as before, the normal screen back, the cursor
    /// visible.
    func expectRestored(_ session: TerminalSession, _ before: TerminalAttributes) throws {
        let after = try session.attributes()
        #expect(after == before)
        #expect(after.isCooked)
        #expect(!session.screen.isAlternateScreen)
        #expect(session.screen.isCursorVisible)
    }

    @Test func typeSanFrPickTheSecondAndRestoreTheTerminal() throws {
        let (demo, before) = try startDemo()
        #expect(try !demo.attributes().isCooked, "raw mode while running")

        try demo.type("san fr")
        let screen = try demo.waitForScreen("San Francisco", timeout: Self.loadTimeout) {
            $0.row(containing: "San Francisco, California, United States") != nil && $0.isCursorVisible
        }
        #expect(screen.text(row: 0) == "> san fr")
        #expect(screen.cursorRow == 0 && screen.cursorColumn == 8)
        #expect(screen.text(row: 1).contains(/\d+ match(es)? · \d+ µs/), "status line: \(screen.text(row: 1))")

        // The first row, selected: the matched parts bold, the subtitle dim.
        let row = try #require(screen.row(containing: "San Francisco, California"))
        #expect(row == 2)
        #expect(screen.annotatedText(row: row) == "▸ [San] [Fr]ancisco, California, United States")
        #expect(screen.inverseRow == row, "the current row in reverse video")
        #expect(screen.cell(row: row, column: 79).inverse, "to the last column")
        let subtitleStart = screen.text(row: row).distance(of: "California")
        #expect(screen.cell(row: row, column: subtitleStart).dim)
        #expect(!screen.cell(row: row, column: 8).dim && !screen.cell(row: row, column: 8).bold, "\"ancisco\" plain")

        // The second row is the one ↓ and Enter will pick.
        let second = screen.text(row: 3)
        #expect(second.hasPrefix("  San Fr"))

        // ↓ redraws only the status line (the current row's number) and the two rows whose
        // marker moved, with the cursor hidden meanwhile.
        let mark = demo.terminalBytes.count
        try demo.type(Self.down)
        try demo.waitForScreen("the selection on the second row") {
            $0.text(row: 3).hasPrefix("▸ ") && $0.inverseRow == 3 && $0.isCursorVisible
        }
        let frame = demo.terminalOutput(since: mark)
        #expect(frame.hasPrefix("␛[?25l") && frame.hasSuffix("␛[1;9H␛[?25h"), "\(frame)")
        #expect(frame.matches(of: /␛\[(\d+);1H/).map { Int($0.1)! } == [2, 3, 4], "\(frame)")
        try demo.type("\r")
        #expect(try demo.waitForExit() == .exited(0))

        let pick = Dictionary(
            demo.output.split(separator: "\n").map { line -> (String, String) in
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { first, _ in first })
        #expect(pick.keys.sorted()
                    == ["coordinates", "country", "geonames id", "name", "population", "region", "time zone"],
                "\(demo.output)")
        let name = try #require(pick["name"])
        #expect(second.contains(name), "picked \(name), second row \(second)")
        #expect(name != "San Francisco" || pick["region"] != "California")
        if let region = pick["region"], region != "-" { #expect(second.contains(region)) }
        let country = try #require(pick["country"]?.split(separator: " (").first)
        #expect(second.contains(country))
        #expect(pick["coordinates"]?.contains(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/) == true)
        #expect(pick["population"].flatMap { Int($0) } != nil)
        #expect(pick["geonames id"].flatMap { Int($0) } != nil)
        #expect(pick["time zone"]?.contains(/^[A-Za-z]+\/[A-Za-z_\/+-]+$/) == true, "\(demo.output)")

        // The pick went to standard output only, the interface to the terminal only.
        #expect(!demo.screen.lines.joined().contains("geonames id"))
        #expect(!demo.output.contains("\u{1B}"))
        try expectRestored(demo, before)
    }

    @Test func narrowTerminalWideCharactersResizeAndSIGTERM() throws {
        let (demo, before) = try startDemo()
        try demo.type("東京")
        try demo.waitForScreen("Tokyo", timeout: Self.loadTimeout) { $0.row(containing: "東京, Tokyo") != nil }

        // 20 columns: every line truncated, nothing wrapped onto the next line.
        try demo.resize(columns: 20, rows: 6)
        let screen = try demo.waitForScreen("the 20-column redraw") {
            $0.text(row: 2).hasSuffix("…") && $0.text(row: 1).hasPrefix("  ")
        }
        #expect(screen.text(row: 0) == "> 東京")
        #expect(screen.cursorColumn == 6, "after 2 + 2×2 columns")
        #expect(screen.text(row: 2) == "▸ 東京, Tokyo, Toky…")
        #expect(screen.annotatedText(row: 2).hasPrefix("▸ [東京]"))
        for row in 2..<screen.rows where !screen.text(row: row).isEmpty {
            let text = screen.text(row: row)
            #expect(text.hasPrefix("▸ ") || text.hasPrefix("  "), "row \(row) wrapped: \(screen.dump)")
        }
        // A wide character that does not fit is not cut in half.
        try demo.resize(columns: 6, rows: 6)
        try demo.waitForScreen("the 6-column redraw, 京 (which would straddle the edge) left out") {
            $0.text(row: 2) == "▸ 東…"
        }

        #expect(try !demo.attributes().isCooked)
        demo.send(SIGTERM)
        #expect(try demo.waitForExit() == .exited(128 + SIGTERM))
        #expect(demo.output.isEmpty)
        try expectRestored(demo, before)
    }

    @Test func editingRemovesWholeCharactersAndWords() throws {
        let (demo, before) = try startDemo()
        func expectPrompt(_ text: String, column: Int, _ comment: Comment? = nil) throws {
            // The screen model drops trailing spaces.
            let expected = String(("> " + text).reversed().drop(while: { $0 == " " }).reversed())
            let screen = try demo.waitForScreen("the prompt \"\(text)\" with the cursor at \(column)") {
                $0.text(row: 0) == expected && $0.cursorColumn == column
            }
            #expect(screen.text(row: 0) == expected, comment)
        }
        // "ü" as "u" and a combining diaeresis, typed in two reads; "東" split mid-character.
        try demo.type("zu")
        try expectPrompt("zu", column: 4)
        try demo.type("\u{0308}")
        try expectPrompt("zu\u{0308}", column: 4)
        try demo.type([0xE6, 0x9D])
        try demo.type([0xB1] + Array("京".utf8))
        try expectPrompt("zu\u{0308}東京", column: 8)
        try demo.type("\u{7F}")  // Backspace
        try expectPrompt("zu\u{0308}東", column: 6)
        try demo.type("\u{7F}\u{7F}")
        try expectPrompt("z", column: 3, "Backspace removes u and its mark together")
        try demo.type(" new york")
        try expectPrompt("z new york", column: 12)
        try demo.type("\u{17}")  // Ctrl-W
        try expectPrompt("z new", column: 8)
        try demo.type("\u{1B}[D\u{1B}[D\u{08}")  // ←, ←, Ctrl-H
        try expectPrompt("z nw", column: 5)
        try demo.type("\u{15}")  // Ctrl-U
        try expectPrompt("w", column: 2)
        try demo.type("\u{0B}")  // Ctrl-K
        try expectPrompt("", column: 2)
        try demo.type(Self.esc)
        #expect(try demo.waitForExit() == .exited(130))
        try expectRestored(demo, before)
    }

    /// fzf's `abort`: Esc, Ctrl-C, and Ctrl-D on an empty query (here after Ctrl-U) exit
    /// 130 and print nothing, not even the query.
    @Test(
        "Leaving without a pick",
        arguments: [("Esc", Self.esc, 130), ("Ctrl-U, Ctrl-D", "\u{15}\u{04}", 130), ("Ctrl-C", "\u{03}", 130)]
            as [(String, String, Int32)])
    func leaveWithoutPick(_ name: String, key: String, status: Int32) throws {
        let (demo, before) = try startDemo(["--print-query"])
        try demo.type("par")
        try demo.waitForScreen("the query") { $0.text(row: 0) == "> par" }
        try demo.type(key)
        #expect(try demo.waitForExit() == .exited(status), "\(name)")
        #expect(demo.output.isEmpty)
        try expectRestored(demo, before)
    }

    @Test("Signals restore the terminal", arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM])
    func signalRestoresTerminal(_ signal: Int32) throws {
        let (demo, before) = try startDemo()
        try demo.type("lon")
        try demo.waitForScreen("the query") { $0.text(row: 0) == "> lon" }
        #expect(try !demo.attributes().isCooked)
        demo.send(signal)
        #expect(try demo.waitForExit() == .exited(128 + signal))
        try expectRestored(demo, before)
    }

    @Test func withoutTerminalExits2PointingToComplete() throws {
        let demo = try TerminalSession(arguments: ["demo"], terminal: false)
        #expect(try demo.waitForExit() == .exited(2))
        #expect(demo.errorOutput.contains("needs a terminal"))
        #expect(demo.errorOutput.contains("location-search complete"))
        #expect(demo.output.isEmpty)
    }

    @Test(
        "Usage mistakes exit 64 with one line and where the help is",
        arguments: [["--limit", "0"], ["--color", "sometimes"], ["--near", "91,0"], ["san", "fr"], ["--json"]])
    func usageMistakes(_ arguments: [String]) throws {
        let demo = try TerminalSession(arguments: ["demo"] + arguments, terminal: false)
        #expect(try demo.waitForExit() == .exited(64))
        Subprocess.expectUsageMessage(demo.errorOutput, help: "location-search demo --help")
    }
}

extension String {
    /// The offset in characters of the first occurrence of `other` (or the end).
    fileprivate func distance(of other: String) -> Int {
        guard let range = range(of: other) else { return count }
        return distance(from: startIndex, to: range.lowerBound)
    }
}
