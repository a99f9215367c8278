import Foundation
import Testing

/// The `location-search` executable's standard streams when they are closed, fail, or hold
/// what a person's files hold (long lines, a byte order mark), and its report of a bad
/// GeoNames dump: run as subprocesses, as a shell would run them.
@Suite("Command line: streams and bad input", .serialized, .holdsItsThread)
struct CommandLineStreamsTests {
    /// Runs the tool through `/bin/sh -c`, so that `redirections` (`2>&-`, `>&-`) close
    /// its streams as a shell does; standard input is `input`.
    static func shell(_ arguments: [String], redirections: String, input: Data = Data()) throws -> Subprocess.Result {
        let script = "exec \"$0\" \"$@\" \(redirections)"
        var quoted = ["-c", script, try Products.locationSearch().path]
        quoted += arguments
        return try run(quoted, program: URL(fileURLWithPath: "/bin/sh"), input: input)
    }

    /// `Subprocess.run` of the tool (or `program`), which must exit, not be killed by a signal.
    static func run(
        _ arguments: [String], program: URL? = nil, input: Data = Data(),
        brokenStdout: Bool = false, brokenStderr: Bool = false
    ) throws -> Subprocess.Result {
        let result = try Subprocess.run(
            arguments, input: input, program: program, brokenStdout: brokenStdout, brokenStderr: brokenStderr)
        #expect(result.exited, "killed by signal \(result.status)")
        return result
    }

    @Test func aClosedStderrIsNotACrash() throws {
        // A usage error, and an error loading a file, each with nowhere to say it.
        let usage = try Self.shell(["complete", "--bogus"], redirections: "2>&-")
        #expect(usage.status == 64)
        let missing = try Self.shell(["complete", "--index", "/nonexistent/x.lsindex", "paris"], redirections: "2>&-")
        #expect(missing.status == 2)
        // A query still answers.
        let answer = try Self.shell(["complete", "--color", "never", "--limit", "1", "paris"], redirections: "2>&-")
        #expect(answer.status == 0)
        #expect(answer.output == "Paris, Île-de-France, France\n")
    }

    @Test func aStderrPipeWithNoReaderIsNotACrash() throws {
        let usage = try Self.run(["complete", "--bogus"], brokenStderr: true)
        #expect(usage.status == 64)
        let missing = try Self.run(["complete", "--index", "/nonexistent/x.lsindex", "a"], brokenStderr: true)
        #expect(missing.status == 2)
    }

    @Test func aClosedStdoutIsAnErrorNotACrash() throws {
        let closed = try Self.shell(["complete", "paris"], redirections: ">&-")
        #expect(closed.status == 2)
        #expect(closed.stderr.hasPrefix("location-search: cannot write to standard output: "))
        let both = try Self.shell(["complete", "paris"], redirections: ">&- 2>&-")
        #expect(both.status == 2)
    }

    @Test func aStdoutPipeWithNoReaderEndsQuietly() throws {
        // `location-search < names | head -1`: once the reader has gone, stop with status 0.
        let input = Data(String(repeating: "paris\n", count: 1000).utf8)
        let result = try Self.run(["complete", "--json"], input: input, brokenStdout: true)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test func aLongLineIsOneQuery() throws {
        // 8 MB on one line, then a short line: both answered, in order.
        var input = Data(String(repeating: "san francisco ", count: 600_000).utf8)
        input += Data("\r\nberl\n".utf8)
        let result = try Subprocess.run(["complete", "--json", "--limit", "1"], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2)
        let long = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect((long["query"] as? String)?.utf8.count == 14 * 600_000)
        let short = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(short["query"] as? String == "berl")
        #expect(((short["results"] as? [[String: Any]])?.first?["title"]) as? String == "Berlin")
    }

    @Test func aByteOrderMarkOpeningStandardInputIsDropped() throws {
        let result = try Subprocess.run(
            ["complete", "--json", "--limit", "1"], input: Data("\u{FEFF}paris\n\u{FEFF}x\n".utf8))
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("{\"query\": \"paris\", \"results\": [{\"id\": \"geonames:2988507\"") == true)
        // Only at the very start: later, U+FEFF is part of the line.
        #expect(lines.last?.hasPrefix("{\"query\": \"\u{FEFF}x\"") == true)
    }

    /// A GeoNames download with `row` added to cities500.txt (as line 9), through
    /// `build-index`.
    static func buildIndex(addingRow row: String, byteOrderMark: Bool = false) throws -> Subprocess.Result {
        let directory = try GeoNamesFixture.write()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cities = directory.appendingPathComponent("cities500.txt")
        let contents = (byteOrderMark ? Data([0xEF, 0xBB, 0xBF]) : Data()) + (try Data(contentsOf: cities))
            + Data(row.utf8)
        try contents.write(to: cities)
        return try Subprocess.run([
            "build-index", "--geonames", directory.path, "--output", directory.appendingPathComponent("x.lsindex").path,
        ])
    }

    static func row(
        id: String = "42", name: String = "Springfield", featureClass: String = "P", population: String = "100"
    ) -> String {
        [id, name, name, "", "39.8", "-89.6", featureClass, "PPL", "US", "", "CA", "", "", "", population, "", "",
         "UTC", "2024-01-01"]
            .joined(separator: "\t") + "\n"
    }

    @Test func aGeoNamesDumpWithAByteOrderMarkBuilds() throws {
        let result = try Self.buildIndex(addingRow: Self.row(), byteOrderMark: true)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
    }

    @Test("A bad GeoNames row is an error with its file and line", arguments: [
        (row(id: "5391959"), "cities500.txt:9: geonameid 5391959 is also on line 1"),
        (row(population: "9223372036854775808"),
         "cities500.txt:9: population \"9223372036854775808\" is out of range (at most 9223372036854775807)"),
        (row(population: "9223372036854775807"),
         "cities500.txt:9: population 9223372036854775807 takes region US.CA's total past 9223372036854775807"),
        ("42\tSpringfield\n", "cities500.txt:9: expected 19 tab-separated columns, found 2"),
    ])
    func aBadRow(_ row: String, message: String) throws {
        let result = try Self.buildIndex(addingRow: row)
        #expect(result.status == 2)
        #expect(result.stderr == "location-search: \(message)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func skippedGeoNamesRowsAreReported() throws {
        let result = try Self.buildIndex(addingRow: Self.row(featureClass: "T") + Self.row(id: "43", name: "--"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == """
            location-search: cities500.txt: 1 row skipped: feature class is not P (populated place) (line 9)
            location-search: cities500.txt: 1 row skipped: no name has a letter or digit (line 10)

            """)
    }
}
