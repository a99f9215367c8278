import Foundation
import LocationSearch
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Place data that tries to act on the terminal: every C0 and C1 control, DEL, the line
/// separators and the bidirectional controls in a name, an alternate name, a region, a
/// country and a time zone, through every path that prints place text: `complete` plain,
/// coloured and under `NO_COLOR`, the demo's list in both modes, its prompt and its pick.
/// Nothing raw may reach the terminal; JSON keeps the exact text.
@Suite("Hostile place text on a terminal", .serialized, .holdsItsThread)
struct TerminalSafetyTests {
    /// Every scalar `TerminalText.isUnsafe(_:)` names.
    static let unsafeScalars: [Unicode.Scalar] =
        (Array(0x00..<0x20) + [0x7F] + Array(0x80..<0xA0)
            + [0x061C, 0x200E, 0x200F, 0x2028, 0x2029] + Array(0x202A...0x202E) + Array(0x2066...0x2069))
        .map { Unicode.Scalar($0)! }

    /// A place per unsafe scalar, the scalar inside each of its texts, and one whose name
    /// holds a whole OSC sequence (a window title) and a colour change.
    static func hostilePlaces() -> (places: [Place], alternates: [String: [String]]) {
        var places: [Place] = [], alternates: [String: [String]] = [:]
        for (i, scalar) in unsafeScalars.enumerated() {
            let x = String(Character(scalar))
            let id = "hostile:\(i)"
            places.append(Place(
                id: id, name: "Evil Bad\(x)Town \(i)", countryCode: "ZZ", countryName: "Coun\(x)try",
                admin1: "Reg\(x)ion", admin1Code: "R\(i)", population: 1_000 + i, timeZone: "Zone/\(x)Here",
                coordinate: GeoCoordinate(latitude: 10, longitude: Double(i) / 10)))
            alternates[id] = ["Vile Bad\(x)Burg \(i)"]
        }
        places.append(Place(
            id: "hostile:osc", name: "Evil\u{1B}]0;PWNED\u{7}\u{1B}[31mTown", countryCode: "ZZ",
            countryName: "Nowhere", population: 5_000_000))
        return (places, alternates)
    }

    /// The hostile places' index file, written once.
    static let indexFile: Result<URL, any Error> = Result {
        let (places, alternates) = hostilePlaces()
        let completer = LocationCompleter(gazetteer: try Gazetteer(places: places, alternateNames: alternates))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID()).lsindex")
        try completer.writeIndex(to: file)
        return file
    }

    /// The unsafe scalars in `text`, other than the newlines that end its lines.
    static func rawControls(in text: String) -> [String] {
        text.unicodeScalars.filter { $0 != "\n" && TerminalText.isUnsafe($0) }
            .map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// `text` without the SGR sequences (`ESC [ … m`) the ANSI renderer writes.
    static func withoutStyles(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    @Test func theLibraryNamesEveryControlAndBidiCharacterUnsafe() {
        for scalar in Self.unsafeScalars { #expect(TerminalText.isUnsafe(scalar), "U+\(scalar.value)") }
        for scalar in ["a", " ", "é", "東", "\u{A0}", "\u{200B}", "\u{200D}", "\u{FFFD}"] as [Unicode.Scalar] {
            #expect(!TerminalText.isUnsafe(scalar), "U+\(scalar.value)")
        }
        #expect(TerminalText.sanitized("Evil\u{1B}]0;PWNED\u{7}Town") == "Evil\u{FFFD}]0;PWNED\u{FFFD}Town")
        #expect(TerminalText.sanitized("a\u{202E}b\u{85}c") { "<\($0.value)>" } == "a<8238>b<133>c")
        #expect(TerminalText.sanitized("San Francisco, 東京") == "San Francisco, 東京")
    }

    @Test func theANSIRendererReplacesEveryUnsafeCharacter() throws {
        let (places, alternates) = Self.hostilePlaces()
        let completer = LocationCompleter(gazetteer: try Gazetteer(places: places, alternateNames: alternates))
        let completions = completer.completions(for: "evil", options: .init(limit: 200))
        #expect(completions.count == places.count)
        for completion in completions {
            let line = completion.ansiHighlightedTitle(style: .bold, textStyle: .dim)
                + completion.ansiHighlightedSubTitle(style: .bold, textStyle: .dim)
            #expect(Self.rawControls(in: Self.withoutStyles(line)).isEmpty, "\(line.debugDescription)")
        }
    }

    @Test("complete: plain, coloured and NO_COLOR output show no raw control character",
          arguments: [(["--color", "never"], [:]), (["--color", "always"], [:]), ([], ["NO_COLOR": "1"])]
              as [([String], [String: String])])
    func completeOutput(_ arguments: [String], _ environment: [String: String]) throws {
        let file = try Self.indexFile.get()
        for query in ["evil", "vile"] {
            let result = try Subprocess.run(
                ["complete", "--index", file.path, "--limit", "200"] + arguments + [query], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.output.split(separator: "\n")
            #expect(lines.count == Self.unsafeScalars.count + (query == "evil" ? 1 : 0))
            #expect(Self.rawControls(in: Self.withoutStyles(result.output)).isEmpty)
            #expect(Self.withoutStyles(result.output).contains("Bad\u{FFFD}Town"))
            if query == "evil" {
                #expect(Self.withoutStyles(result.output).contains("Evil\u{FFFD}]0;PWNED\u{FFFD}\u{FFFD}[31mTown"))
            }
        }
    }

    @Test func jsonKeepsTheExactText() throws {
        let file = try Self.indexFile.get()
        let result = try Subprocess.run(["complete", "--json", "--index", file.path, "--limit", "200", "evil"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let rows = try #require(object["results"] as? [[String: Any]])
        let titles = Set(rows.compactMap { $0["title"] as? String })
        #expect(titles == Set(Self.hostilePlaces().places.map(\.name)))
        #expect(rows.contains { ($0["timeZone"] as? String) == "Zone/\u{1B}Here" })
    }

    @Test("demo: the list, the prompt and the pick show no raw control character", arguments: ["never", "always"])
    func demo(_ color: String) throws {
        let file = try Self.indexFile.get()
        let demo = try TerminalSession(
            arguments: ["demo", "--index", file.path, "--color", color], columns: 100, rows: 40)
        try demo.waitForScreen("the prompt") { $0.isAlternateScreen && $0.text(row: 0).hasPrefix(">") }
        // A bidirectional override typed (or pasted) into the prompt is shown, not obeyed.
        try demo.type("\u{202E}evil")
        try demo.waitForScreen("the hostile places", timeout: DemoTests.loadTimeout) {
            $0.text(row: 0) == "> \u{FFFD}evil" && $0.row(containing: "Bad\u{FFFD}Town") != nil
        }
        try demo.type(DemoTests.down)  // (The second row: a place with every field hostile.)
        try demo.type("\r")
        #expect(try demo.waitForExit() == .exited(0))

        let drawn = String(decoding: demo.terminalBytes, as: UTF8.self)
        for scalar in Self.unsafeScalars {
            // The demo writes ESC, CR, LF and BS itself; place text never follows its marker.
            let x = String(Character(scalar))
            for marker in ["Bad", "Coun", "Reg"] {
                #expect(!drawn.contains(marker + x), "\(marker) + U+\(String(scalar.value, radix: 16))")
            }
            if !["\u{1B}", "\r", "\n", "\u{8}"].contains(scalar) {
                #expect(!drawn.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) drawn")
            }
        }
        #expect(!drawn.contains("]0;PWNED\u{7}"))
        #expect(demo.output.hasPrefix("name:"), "\(demo.output)")
        #expect(Self.rawControls(in: demo.output).isEmpty, "the pick's details: \(demo.output.debugDescription)")
    }
}
