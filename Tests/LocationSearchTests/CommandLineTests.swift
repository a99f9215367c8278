import Foundation
import Testing

/// The `location-search` executable, run as a subprocess.
@Suite("Command line")
struct CommandLineTests {
    static var executable: URL {
        // Tests run from the products folder's test bundle; the tool is built beside it.
        let products = Bundle.main.bundleURL
        let beside = products.appendingPathComponent("location-search")
        if FileManager.default.fileExists(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/location-search")
    }

    struct Run { var status: Int32; var stdout: String; var stderr: String }

    static func run(_ arguments: [String], stdin: String = "") throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                   stderr: String(decoding: err, as: UTF8.self))
    }

    @Test func buildIndexFromGeoNamesThenCompleteFromIt() throws {
        let directory = try GeoNamesFixture.write()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("out.lsindex")
        let build = try Self.run(["build-index", "--geonames", directory.path, "--output", file.path])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.hasPrefix("wrote \(file.path)"))
        #expect(build.stderr.isEmpty, "no progress bar when stderr is not a terminal")
        let complete = try Self.run(["complete", "--index", file.path, "--color", "never", "san f"])
        #expect(complete.status == 0)
        #expect(complete.stdout == "San Francisco, California, United States\n")
        let json = try Self.run(["complete", "--json", "--index", file.path], stdin: "münchen\nberl\n")
        let lines = json.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"geonameId\": 2867714") == true)
    }

    @Test("Bad arguments exit 64 with one line and where the help is", arguments: [
        ["build-index", "--geonames", "/nowhere"],
        ["build-index", "extra"],
        ["build-index", "--bogus"],
        ["bench", "--synthetic", "many"],
        ["bench", "--seed", "-1"],
        ["bench", "extra"],
        ["complete", "--index"],
        ["complete", "--lang"],
        ["complete", "--lang", "german", "paris"],
        ["complete", "--lang", "d", "paris"],
    ])
    func badArguments(_ arguments: [String]) throws {
        let run = try Self.run(arguments)
        #expect(run.status == 64)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("location-search: "), "\(run.stderr)")
        #expect(lines.last == "see `location-search \(arguments[0]) --help`")
    }

    @Test func langShowsNamesInThatLanguage() throws {
        let german = try Self.run(["complete", "--color", "never", "--lang", "de", "--limit", "1"], stdin: "bavaria\nmunich\n")
        #expect(german.status == 0, "\(german.stderr)")
        #expect(german.stdout == "Bayern, Deutschland\nMunich, Bayern, Deutschland\n")
        let json = try Self.run(["complete", "--json", "--lang", "de-AT", "--limit", "1", "germany"])
        #expect(json.stdout.contains("\"title\": \"Deutschland\"") && json.stdout.contains("\"name\": \"Germany\""))
        #expect(json.stdout.contains("\"timeZone\": null"))
    }

    @Test func missingIndexFileIsAnError() throws {
        let run = try Self.run(["complete", "--index", "/nonexistent/x.lsindex", "paris"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("/nonexistent/x.lsindex"))
    }
}
