import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line at the edges: what `build-index --output` may replace, a file-size
/// limit, a megabyte-long query echoed back, country codes that are not ASCII, and crash
/// signals another process sends to the demo.
@Suite("Command line: limits and hostile input", .serialized, .holdsItsThread)
struct CommandLineLimitsTests {
    /// A fresh empty folder for one test.
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ls-limits-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// What `lstat` says is at `path`: its `S_IFMT` bits.
    func fileType(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    @Test func buildIndexReplacesOnlyARegularFile() throws {
        let geoNames = try GeoNamesFixture.write()
        let directory = try folder()
        defer { for url in [geoNames, directory] { try? FileManager.default.removeItem(at: url) } }

        // A FIFO, a symbolic link to a file (which must keep its bytes) and a folder: each
        // left as it was, with a clear error and status 2.
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let target = directory.appendingPathComponent("target.txt")
        try Data("keep me".utf8).write(to: target)
        let link = directory.appendingPathComponent("link").path
        #expect(symlink(target.path, link) == 0)
        let subfolder = directory.appendingPathComponent("folder").path
        try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: false)

        for (path, type, kind) in [(fifo, S_IFIFO, "a FIFO"), (link, S_IFLNK, "a symbolic link"),
                                   (subfolder, S_IFDIR, "a directory")] {
            let result = try Subprocess.run(["build-index", "--geonames", geoNames.path, "--output", path])
            #expect(result.status == 2, "\(path): \(result.stderr)")
            #expect(result.stderr.contains("it is \(kind), and only a regular file is replaced"), "\(result.stderr)")
            #expect(fileType(path) == type, "\(path) left as it was")
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me")

        // A regular file is replaced, as before.
        let file = directory.appendingPathComponent("places.lsindex")
        try Data("old".utf8).write(to: file)
        let written = try Subprocess.run(["build-index", "--geonames", geoNames.path, "--output", file.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try Data(contentsOf: file).count > 1_000)
    }

    @Test func aFileSizeLimitIsAnErrorNotASilentDeath() throws {
        let geoNames = try GeoNamesFixture.write()
        let directory = try folder()
        defer { for url in [geoNames, directory] { try? FileManager.default.removeItem(at: url) } }
        let output = directory.appendingPathComponent("places.lsindex").path
        // `ulimit -f 1`: at most one block; the index is far larger. Spawned with every
        // signal's default action (`TerminalSession`), as from a shell: a test runner's
        // ignored SIGXFSZ would otherwise be inherited.
        let run = try TerminalSession(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "ulimit -f 1 && exec \"$0\" \"$@\"", try Products.locationSearch().path,
                        "build-index", "--geonames", geoNames.path, "--output", output],
            terminal: false)
        #expect(try run.waitForExit(timeout: 60) == .exited(2), "killed by SIGXFSZ? \(run.errorOutput)")
        #expect(run.errorOutput.hasPrefix("location-search: cannot write to "), "\(run.errorOutput)")
        #expect(run.errorOutput.contains("File too large"), "\(run.errorOutput)")
        #expect(fileType(output) == nil, "no partial index left")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers.isEmpty, "no temporary file left: \(leftovers)")
    }

    @Test func aLongUnmatchedQueryIsEchoedCutByColumnsAndBytes() throws {
        // A megabyte of combining marks is one character; the echo is cut all the same.
        let marks = "zzqqxx" + String(repeating: "\u{301}", count: 500_000)
        let wide = String(repeating: "東", count: 1_000)
        let result = try Subprocess.run(["complete", "--no-typos"], input: Data((marks + "\n" + wide + "\n").utf8))
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr.prefix(300))")
        for line in lines {
            #expect(line.utf8.count < 400, "\(line.utf8.count) bytes echoed")
            #expect(line.hasPrefix("No places match \""))
        }
        #expect(lines.first?.hasSuffix("… (1000006 bytes)\".") == true)
        // 60 columns: 30 wide characters.
        #expect(lines.last == "No places match \"\(String(repeating: "東", count: 30))… (3000 bytes)\".")
    }

    @Test("--country takes two ASCII letters", arguments: ["ÄÖ", "ß", "U", "USA", "U1", "Ｕｓ"])
    func countryCodesAreASCIILetters(_ code: String) throws {
        let result = try Subprocess.run(["complete", "--country", code, "paris"])
        #expect(result.status == 64, "\(code): \(result.output)")
        Subprocess.expectUsageMessage(result.stderr, help: "location-search complete --help")
        #expect(try Subprocess.run(["complete", "--country", "fr", "--limit", "1", "paris"]).status == 0)
    }

    @Test("The demo dies of a crash signal another process sends", arguments: [SIGSEGV, SIGABRT, SIGBUS])
    func crashSignalsSentByAnotherProcessEndTheDemo(_ signal: Int32) throws {
        // The runtime's crash reporter stays on, as in a person's shell.
        let demo = try TerminalSession(arguments: ["demo"])
        let before = try #require(demo.initialAttributes)
        try demo.waitForScreen("the prompt") { $0.isAlternateScreen && $0.text(row: 0).hasPrefix(">") }
        try demo.type("lima")
        try demo.waitForScreen("the query") { $0.text(row: 0) == "> lima" }
        demo.send(signal)
        let end = try demo.waitForExit(timeout: 30)
        #expect(end == .signaled(signal), "\(end)")
        try DemoTests().expectRestored(demo, before)
    }
}
