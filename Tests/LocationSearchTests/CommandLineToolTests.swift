import Foundation
import Testing

/// `location-search complete`, run as a subprocess on the bundled data.
@Suite("location-search complete", .serialized)
struct CommandLineToolTests {
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
        let answers = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(answers.map { ($0["query"] as? String)?.count ?? -1 }.prefix(3) == [6, 0, 4])
        #expect(answers[3]["query"] as? String == "pa\u{FFFD}\u{FFFD}r")
        #expect((answers[4]["results"] as? [Any])?.isEmpty == true)
        #expect(answers[5]["query"] as? String == "\"quoted\\\" \u{2028}")
        #expect(((answers[6]["results"] as? [[String: Any]])?.first?["id"]) as? String == "geonames:1850147")
    }

    @Test("Bad arguments: usage on stderr, status 64", arguments: [
        ["--limit", "many", "x"], ["--limit"], ["--near", "100,0", "x"], ["--near", "1", "x"],
        ["--country", "USA", "x"], ["--kind", "town", "x"], ["--color", "sometimes", "x"],
        ["--bogus", "x"], ["--json=yes", "x"],
    ])
    func badArguments(_ arguments: [String]) throws {
        let result = try Subprocess.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("USAGE: location-search"))
        #expect(result.output.isEmpty)
    }

    @Test func filtersAndNegativeCoordinates() throws {
        let result = try Subprocess.run(["complete", "--json", "--country", "us", "--kind", "city", "--near", "-33.87,151.21", "--limit", "5", "paris"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(!results.isEmpty && results.allSatisfy { $0["countryCode"] as? String == "US" && $0["kind"] as? String == "city" })
    }

    @Test func helpIsNotAnError() throws {
        let result = try Subprocess.run(["--help"])
        #expect(result.status == 0 && result.output.contains("USAGE"))
    }
}
