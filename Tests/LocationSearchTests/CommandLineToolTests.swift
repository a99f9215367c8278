import Foundation
import Testing

/// `location-search complete`, run as a subprocess on the bundled data.
@Suite("location-search complete", .serialized, .holdsItsThread)
struct CommandLineToolTests {
    #if os(Linux)
    /// The tool (and so the library) uses FoundationEssentials only: linking Foundation
    /// (as `import Foundation` anywhere, or SwiftPM's `Bundle.module` accessor in a Swift
    /// target with resources, would) loads it and ICU into every process, about 4 ms of
    /// start-up and 6 MB resident. Read from the dynamic linker's list of what it loads.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd"), "needs ldd"))
    func theToolLoadsNeitherFoundationNorICU() throws {
        let tool = try Products.locationSearch()
        let result = try Subprocess.run([tool.path], program: URL(fileURLWithPath: "/usr/bin/ldd"))
        try #require(result.status == 0, "ldd \(tool.path): \(result.stderr)")
        let libraries = result.output.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first }
        #expect(libraries.contains("libFoundationEssentials.so"), "\(libraries)")
        #expect(!libraries.contains("libFoundation.so"), "\(libraries)")
        #expect(!libraries.contains { $0.contains("ICU") || $0.contains("icu") }, "\(libraries)")
    }
    #endif

    @Test func aQueryPrintsCompletionsForAPerson() throws {
        let result = try Subprocess.run(["san fr"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output.split(separator: "\n").first == "San Francisco, California, United States")
        #expect(!result.output.contains("\u{1B}"))  // not a terminal: no escapes
        let explicit = try Subprocess.run(["complete", "--limit", "1", "san fr"])
        #expect(explicit.output == "San Francisco, California, United States\n")
        let unquoted = try Subprocess.run(["--limit", "1", "san", "fr"])
        #expect(unquoted.output == explicit.output)
    }

    /// A cache folder that cannot take the index (here its parent is a file): the answer
    /// still comes, and standard error says once, in one line, that every run builds it.
    @Test func anUncachableIndexIsSaidOnceOnStandardError() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("ls-not-a-folder-\(UUID())")
        try Data("x".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let result = try Subprocess.run(["--limit", "1", "san fr"], environment: ["XDG_CACHE_HOME": blocker.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output == "San Francisco, California, United States\n")
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "\(result.stderr)")
        #expect(lines[0].hasPrefix("location-search: cannot cache the index, so every run builds it again: "
                                   + "cannot write to \(blocker.path)/location-search/bundled-"), "\(result.stderr)")
        #expect(lines[0].hasSuffix("Not a directory"), "\(result.stderr)")
    }

    @Test func colourCanBeForced() throws {
        let result = try Subprocess.run(["complete", "--limit", "1", "--color", "always", "san fr"])
        #expect(result.output.contains("\u{1B}[1mSan\u{1B}[0m"))
        let forced = try Subprocess.run(["--limit", "1", "san fr"], environment: ["FORCE_COLOR": "1"])
        #expect(forced.output.contains("\u{1B}["))
    }

    @Test func jsonFollowsTheContract() throws {
        let result = try Subprocess.run(["complete", "--json", "--limit", "3", "san fr"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["query"] as? String == "san fr")
        #expect(object["micros"] is Double)
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == 3)
        let first = results[0]
        #expect(first["id"] as? String == "geonames:5391959")
        #expect(first["geonameId"] as? Int == 5391959)
        #expect(first["title"] as? String == "San Francisco")
        #expect(first["subtitle"] as? String == "California, United States")
        #expect(first["kind"] as? String == "city")
        #expect(first["countryCode"] as? String == "US")
        #expect(first["population"] as? Int == 827_526)
        #expect((first["latitude"] as? Double).map { abs($0 - 37.77493) < 0.001 } == true)
        let ranges = try #require(first["titleHighlightRanges"] as? [[String: Int]])
        #expect(ranges == [["location": 0, "length": 3], ["location": 4, "length": 2]])
        #expect((first["subtitleHighlightRanges"] as? [Any])?.isEmpty == true)
    }

    @Test func standardInputIsAnsweredLineByLineWhateverItHolds() throws {
        var input = Data("san fr\n\n\u{1}\u{7}\tx\n".utf8)
        input += Data([0x70, 0x61, 0xFF, 0xFE, 0x72, 0x0A])  // invalid UTF-8
        input += Data(String(repeating: "paris ", count: 180_000).utf8) + Data("\n".utf8)  // ~1 MB
        input += Data("\"quoted\\\" \u{2028}\r\n".utf8)
        input += Data("東京".utf8)  // no final newline
        let result = try Subprocess.run(["complete", "--json", "--near", "-33.87,151.21"], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 7)
        let answers = try lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(answers.map { ($0["query"] as? String)?.count ?? -1 }.prefix(3) == [6, 0, 4])
        #expect(answers[3]["query"] as? String == "pa\u{FFFD}\u{FFFD}r")
        #expect((answers[4]["results"] as? [Any])?.isEmpty == true)
        #expect(answers[5]["query"] as? String == "\"quoted\\\" \u{2028}")
        #expect(((answers[6]["results"] as? [[String: Any]])?.first?["id"]) as? String == "geonames:1850147")
    }

    @Test("Bad arguments: one line and where the help is on stderr, status 64", arguments: [
        ["--limit", "many", "x"], ["--limit"], ["--near", "100,0", "x"], ["--near", "1", "x"],
        ["--country", "USA", "x"], ["--kind", "town", "x"], ["--color", "sometimes", "x"],
        ["--bogus", "x"], ["--json=yes", "x"],
    ])
    func badArguments(_ arguments: [String]) throws {
        let result = try Subprocess.run(arguments)
        #expect(result.status == 64)
        Subprocess.expectUsageMessage(result.stderr, help: "location-search --help")
        #expect(result.output.isEmpty)
    }

    @Test func filtersAndNegativeCoordinates() throws {
        let result = try Subprocess.run(
            ["complete", "--json", "--country", "us", "--kind", "city", "--near", "-33.87,151.21", "--limit", "5",
             "paris"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(!results.isEmpty
                && results.allSatisfy { $0["countryCode"] as? String == "US" && $0["kind"] as? String == "city" })
    }

    @Test("Help, the tool's and each subcommand's, exits 0", arguments: [
        ["--help"], ["-h"], ["help"], ["complete", "--help"], ["demo", "--help"], ["build-index", "--help"],
        ["bench", "-h"], ["help", "demo"], ["help", "build-index"],
    ])
    func helpIsNotAnError(_ arguments: [String]) throws {
        let result = try Subprocess.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let subcommand = arguments.first { ["complete", "demo", "build-index", "bench"].contains($0) }
        #expect(result.output.hasPrefix("USAGE: location-search \(subcommand ?? "[complete]")"), "\(result.output)")
        // Built from the declarations: every option the parser takes is in the help.
        if subcommand == "demo" || subcommand == nil {
            for option in ["--limit", "--near", "--country", "--kind", "--no-typos", "--index", "--color"] {
                #expect(result.output.contains(option), "\(option) in \(arguments)")
            }
        }
        if subcommand == "demo" { #expect(result.output.contains("--query TEXT")) }
        if subcommand == "build-index" { #expect(result.output.contains("-o, --output FILE")) }
    }

    /// The help texts, built from the option declarations, pinned as snapshots: a new
    /// option shows in the diff (`SNAPSHOT_TESTING_RECORD=all swift test --filter helpTexts`).
    @Test func helpTexts() throws {
        for (name, arguments) in [("tool", ["--help"]), ("complete", ["complete", "--help"]),
                                  ("demo", ["demo", "--help"]), ("buildIndex", ["build-index", "--help"]),
                                  ("bench", ["bench", "--help"]), ("cache", ["cache", "--help"]),
                                  ("completions", ["completions", "--help"]), ("generateMan", ["--generate-man", "--help"])] {
            let result = try Subprocess.run(arguments)
            #expect(result.status == 0)
            for line in result.output.split(separator: "\n") {
                #expect(line.count <= 88, "\(name): a line wider than 88 columns: \(line)")
            }
            assertSnapshot(of: result.output, named: name)
        }
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try Subprocess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.contains(/^location-search \d+\.\d+\.\d+\n$/))
    }

    @Test("A mistyped subcommand is a usage error", arguments: [
        (["bulid-index"], "build-index"), (["demoo"], "demo"), (["hlep"], "help"), (["bnech"], "bench"),
        (["bulid-index", "--output", "x"], "build-index"), (["compleet", "paris"], "complete"),
    ] as [([String], String)])
    func mistypedSubcommand(_ arguments: [String], meant: String) throws {
        let result = try Subprocess.run(arguments)
        #expect(result.status == 64, "\(result.output)")
        #expect(result.stderr.hasPrefix("location-search: unknown command \(arguments[0]); did you mean `\(meant)`?"),
                "\(result.stderr)")
        #expect(result.output.isEmpty)
    }

    @Test("A place name near a subcommand's is still a query", arguments: ["bend", "bench", "dem", "dome", "helen"])
    func placeNamesNearSubcommandsAreQueries(_ word: String) throws {
        // `bench` itself is the subcommand: its run is not a query; the others are places.
        guard word != "bench" else { return }
        let result = try Subprocess.run(["--limit", "1", word])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.output.isEmpty)
    }

    @Test func noMatchGoesToStandardErrorShortenedAndEscapedWithStatus1() throws {
        let result = try Subprocess.run(["zzqqxx"])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.stderr == "No places match \"zzqqxx\".\n")

        let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J" + String(repeating: "q", count: 100_000)
        let echoed = try Subprocess.run(["complete", hostile])
        #expect(echoed.status == 1)
        #expect(!echoed.stderr.contains("\u{1B}") && !echoed.stderr.contains("\u{07}"), "no raw escapes echoed")
        #expect(echoed.stderr.hasPrefix("No places match \"\\u{1B}]0;pwned\\u{7}\\u{1B}[2Jqqq"),
                "\(echoed.stderr.prefix(120))")
        #expect(echoed.stderr.count < 200, "shortened: \(echoed.stderr.count) characters")
        #expect(echoed.stderr.hasSuffix("… (100014 bytes)\".\n"))

        // Reading standard input: one query matched, so status 0; the miss still on stderr.
        let lines = try Subprocess.run(["complete", "--limit", "1"], input: Data("zzqqxx\nparis\n".utf8))
        #expect(lines.status == 0)
        #expect(lines.output == "Paris, Île-de-France, France\n")
        #expect(lines.stderr == "No places match \"zzqqxx\".\n")
        // --json keeps its contract: every query answered on standard output.
        let json = try Subprocess.run(["complete", "--json"], input: Data("zzqqxx\n".utf8))
        #expect(json.status == 1)
        #expect(json.output.hasPrefix("{\"query\": \"zzqqxx\", \"results\": []"))
    }

    @Test("NO_COLOR: set and not empty turns colour off on a terminal; empty counts as unset",
          arguments: [(nil, true), ("", true), ("1", false), ("0", false)] as [(String?, Bool)])
    func noColorMeansSetAndNotEmpty(_ value: String?, colour: Bool) throws {
        var environment = TerminalSession.defaultEnvironment
        environment["NO_COLOR"] = value
        let run = try TerminalSession(
            arguments: ["--limit", "1", "san fr"], outputToTerminal: true,
            environment: environment)
        #expect(try run.waitForExit() == .exited(0))
        let output = run.terminalOutput(since: 0)
        #expect(output.contains("San") && output.contains("␛[1m") == colour,
                "NO_COLOR=\(value ?? "(unset)"): \(output)")
    }

    @Test func aFailedWriteSaysWhatFailed() throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
        let result = try Subprocess.run(["san fr"], stdoutFile: URL(fileURLWithPath: "/dev/full"))
        #expect(result.status == 2)
        #expect(result.stderr == "location-search: cannot write to standard output: No space left on device\n")
    }
}
