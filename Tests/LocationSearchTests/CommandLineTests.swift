import Foundation
import Testing

/// The `location-search` executable, run as a subprocess.
@Suite("Command line", .serialized, .holdsItsThread)
struct CommandLineTests {
    @Test func buildIndexFromGeoNamesThenCompleteFromIt() throws {
        let directory = try GeoNamesFixture.write()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("out.lsindex")
        let build = try Subprocess.run(["build-index", "--geonames", directory.path, "--output", file.path])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.output.hasPrefix("wrote \(file.path)"))
        // The size it gives is the file's, in MB (more than 0.0: it once said 0.0 for every file).
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)
        #expect(size.intValue >= 50_000, "the fixture's index rounds to 0.1 MB or more")
        #expect(build.output.contains("(\(String(format: "%.1f", size.doubleValue / 1e6)) MB) in "), "\(build.output)")
        #expect(build.stderr.isEmpty, "no progress bar when stderr is not a terminal")
        let complete = try Subprocess.run(["complete", "--index", file.path, "--color", "never", "san f"])
        #expect(complete.status == 0)
        #expect(complete.output == "San Francisco, California, United States\n")
        let json = try Subprocess.run(
            ["complete", "--json", "--index", file.path], input: Data("münchen\nberl\n".utf8))
        let lines = json.output.split(separator: "\n")
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
        let run = try Subprocess.run(arguments)
        #expect(run.status == 64)
        Subprocess.expectUsageMessage(run.stderr, help: "location-search \(arguments[0]) --help")
    }

    @Test func langShowsNamesInThatLanguage() throws {
        let german = try Subprocess.run(
            ["complete", "--color", "never", "--lang", "de", "--limit", "1"], input: Data("bavaria\nmunich\n".utf8))
        #expect(german.status == 0, "\(german.stderr)")
        #expect(german.output == "Bayern, Deutschland\nMunich, Bayern, Deutschland\n")
        let json = try Subprocess.run(["complete", "--json", "--lang", "de-AT", "--limit", "1", "germany"])
        #expect(json.output.contains("\"title\": \"Deutschland\"") && json.output.contains("\"name\": \"Germany\""))
        #expect(json.output.contains("\"timeZone\": null"))
    }

    @Test func missingIndexFileIsAnError() throws {
        let run = try Subprocess.run(["complete", "--index", "/nonexistent/x.lsindex", "paris"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("/nonexistent/x.lsindex"))
    }
}
