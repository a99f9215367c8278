import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `location-search cache path|size|clear`, as a subprocess, on a cache folder of its own
/// (`XDG_CACHE_HOME` in a temporary folder) filled by hand.
@Suite("Command line: cache", .holdsItsThread)
struct CommandLineCacheTests {
    /// A temporary `XDG_CACHE_HOME`; its `location-search` folder is the cache folder.
    struct Home {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ls-cache-cli-\(UUID())")
        var folder: URL { url.appendingPathComponent("location-search") }

        func run(_ arguments: [String]) throws -> Subprocess.Result {
            try Subprocess.run(["cache"] + arguments, environment: ["XDG_CACHE_HOME": url.path])
        }

        /// Writes `bytes` bytes at `name` in the cache folder.
        func file(_ name: String, bytes: Int) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(repeating: 7, count: bytes).write(to: folder.appendingPathComponent(name))
        }

        var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }
    }

    func withHome(_ body: (Home) throws -> Void) throws {
        let home = Home()
        try FileManager.default.createDirectory(at: home.url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home.url) }
        try body(home)
    }

    /// No process has a pid this large; pid 1 always runs.
    static let deadWriter = Int32.max - 1

    @Test func pathSizeAndClearTheLibrarysFiles() throws {
        try withHome { home in
            let path = try home.run(["path"])
            #expect(path.status == 0 && path.output == home.folder.path + "\n", "\(path.output)\(path.stderr)")
            let empty = try home.run(["size"])
            #expect(empty.status == 0 && empty.output == "0 B (0 bytes) in 0 files\n", "\(empty.output)\(empty.stderr)")

            try home.file("bundled-c0ffee.lsindex", bytes: 1_500_000)
            try home.file("bundled-c0ffee.lsindex.seal", bytes: 72)
            try home.file(".bundled-c0ffee.lsindex.\(Self.deadWriter).tmp", bytes: 28)
            try home.file(".bundled-c0ffee.lsindex.1.tmp", bytes: 400)  // a running writer's
            let size = try home.run(["size"])
            #expect(size.output == "1.5 MB (1500500 bytes) in 4 files\n", "\(size.output)\(size.stderr)")

            let clear = try home.run(["clear"])
            #expect(clear.status == 0, "\(clear.stderr)")
            #expect(clear.output == "removed 3 files (1.5 MB) from \(home.folder.path)\n"
                        + "kept .bundled-c0ffee.lsindex.1.tmp (process 1 is writing it)\n", "\(clear.output)")
            #expect(home.names == [".bundled-c0ffee.lsindex.1.tmp"])
            try FileManager.default.removeItem(at: home.folder.appendingPathComponent(".bundled-c0ffee.lsindex.1.tmp"))
            try home.file("bundled-1.lsindex", bytes: 10)
            #expect(try home.run(["clear"]).status == 0)
            #expect(!FileManager.default.fileExists(atPath: home.folder.path), "the emptied folder is removed")
            let again = try home.run(["clear"])
            #expect(again.status == 0 && again.output == "nothing to clear in \(home.folder.path)\n")
        }
    }

    /// Anything that is not the library's (another file, a folder, a symbolic link with an
    /// index's name that points out of the folder, a name with control characters): clear
    /// removes nothing, names what it found without raw control bytes, and exits 2.
    @Test("clear refuses a folder holding something else", arguments: [
        "notes.txt", "link", "folder", "evil\u{1B}[2J",
    ])
    func clearRefusesTheUnexpected(_ kind: String) throws {
        try withHome { home in
            try home.file("bundled-c0ffee.lsindex", bytes: 100)
            let outside = home.url.appendingPathComponent("precious.txt")
            try Data("keep me".utf8).write(to: outside)
            switch kind {
            case "link":
                try FileManager.default.createSymbolicLink(
                    at: home.folder.appendingPathComponent("bundled-0.lsindex"), withDestinationURL: outside)
            case "folder":
                try FileManager.default.createDirectory(
                    at: home.folder.appendingPathComponent("bundled-1.lsindex"), withIntermediateDirectories: false)
            default:
                try home.file(kind, bytes: 3)
            }
            let before = home.names
            let result = try home.run(["clear"])
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("location-search: cache folder \(home.folder.path): it holds what is not "),
                    "\(result.stderr)")
            #expect(result.stderr.contains("removed nothing"))
            #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stderr)")
            #expect(home.names == before)
            #expect(try String(contentsOf: outside, encoding: .utf8) == "keep me")
        }
    }

    /// A cache folder that is itself a symbolic link is not followed, by size or clear.
    @Test func aFolderThatIsASymbolicLinkIsNotFollowed() throws {
        try withHome { home in
            let elsewhere = home.url.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            try Data(repeating: 1, count: 10).write(to: elsewhere.appendingPathComponent("bundled-c0ffee.lsindex"))
            try FileManager.default.createSymbolicLink(at: home.folder, withDestinationURL: elsewhere)
            for action in ["size", "clear"] {
                let result = try home.run([action])
                #expect(result.status == 2, "\(action): \(result.output)")
                #expect(result.stderr.contains("it is a symbolic link; refusing to follow it"), "\(result.stderr)")
            }
            #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("bundled-c0ffee.lsindex").path))
        }
    }

    @Test("Usage mistakes", arguments: [[], ["bogus"], ["size", "clear"], ["--all"]])
    func usageMistakes(_ arguments: [String]) throws {
        let result = try Subprocess.run(["cache"] + arguments)
        #expect(result.status == 64)
        Subprocess.expectUsageMessage(result.stderr, help: "location-search cache --help")
    }

    @Test func withoutHomeThereIsNoFolder() throws {
        let result = try Subprocess.run(["cache", "path"], environment: ["XDG_CACHE_HOME": "", "HOME": ""])
        #expect(result.status == 2)
        #expect(result.stderr == "location-search: no cache folder: HOME is not set\n")
    }
}
