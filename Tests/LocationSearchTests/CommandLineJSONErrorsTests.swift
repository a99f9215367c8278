import Foundation
import Testing

/// Under `--json`, every error that ends `location-search` is one JSON line on standard
/// error, `{"error": {"code": …, "message": …}}`, with the exit status the plain report
/// has; without `--json` the report is the plain one.
@Suite("Command line: errors under --json", .holdsItsThread)
struct CommandLineJSONErrorsTests {
    /// The one line of `stderr` as `(code, message)`; records an issue if it is anything else.
    func jsonError(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) -> (String, String)? {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "one line: \(stderr)", sourceLocation: sourceLocation)
        guard let object = try? JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any],
              object.count == 1, let error = object["error"] as? [String: Any], error.count == 2,
              let code = error["code"] as? String, let message = error["message"] as? String
        else {
            Issue.record("not {\"error\": {\"code\", \"message\"}}: \(stderr)", sourceLocation: sourceLocation)
            return nil
        }
        return (code, message)
    }

    @Test("Usage and load errors", arguments: [
        (["--json", "--limit", "x", "paris"], 64, "usage", "--limit needs a whole number"),
        (["complete", "--json", "--bogus", "paris"], 64, "usage", "unknown option --bogus"),
        (["--json", "--kind", "town", "paris"], 64, "usage", "--kind takes city, region or country"),
        (["--json", "--index", "/nonexistent/places.lsindex", "paris"], 2, "index", "/nonexistent/places.lsindex"),
    ] as [([String], Int32, String, String)])
    func errorsAreOneJSONLine(_ arguments: [String], status: Int32, code: String, message: String) throws {
        let result = try Subprocess.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.output.isEmpty)
        let error = jsonError(result.stderr)
        #expect(error?.0 == code)
        #expect(error?.1.contains(message) == true, "\(result.stderr)")

        // The same mistake without --json: the plain report, the same status.
        let plain = try Subprocess.run(arguments.filter { $0 != "--json" })
        #expect(plain.status == status)
        #expect(plain.stderr.hasPrefix("location-search: "), "\(plain.stderr)")
    }

    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full"), "needs /dev/full"))
    func aFailedWriteIsOneJSONLine() throws {
        let result = try Subprocess.run(["--json", "paris"], stdoutFile: URL(fileURLWithPath: "/dev/full"))
        #expect(result.status == 2)
        let error = jsonError(result.stderr)
        #expect(error?.0 == "write")
        #expect(error?.1 == "cannot write to standard output: No space left on device", "\(result.stderr)")
    }

    /// What the person typed is quoted in the message escaped, as in the plain report: no
    /// raw escape byte reaches a terminal through the JSON line.
    @Test func aMessageQuotingControlCharactersCarriesNoneRaw() throws {
        let result = try Subprocess.run(["--json", "--limit", "\u{1B}[2J\u{07}", "paris"])
        #expect(result.status == 64)
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stderr)")
        let error = jsonError(result.stderr)
        #expect(error?.1.contains("\\u{1B}[2J\\u{7}") == true, "\(result.stderr)")
    }
}
