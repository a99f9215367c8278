import Foundation
import Testing
@testable import LocationSearch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bundled index's cache folder, as the cached loader (`LocationCompleter.cached`) finds
/// it: what writers killed before their rename left there, and a folder that cannot take
/// the index.
@Suite("Cache folder", .holdsItsThread)
struct CacheFolderTests {
    func withFolder<R>(_ body: (URL) throws -> R) throws -> R {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-cache-folder-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    /// Loads the fixture through the cached loader at `file`, counting builds in `builds`.
    func load(_ file: URL, _ builds: inout Int) throws -> LocationCompleter {
        try LocationCompleter.cached(in: file, sourceKey: "fixture v1") {
            builds += 1
            return LocationCompleter(gazetteer: Fixtures.gazetteer)
        }
    }

    /// A `build-index` refresh killed before its rename leaves `.<index>.<pid>.tmp` beside
    /// a valid cache; the next start that opens the cache removes it (and any other dead
    /// writer's), keeps a running writer's and other files, and builds nothing.
    @Test func deadWritersFilesAreRemovedWhenAValidCacheIsOpened() throws {
        try withFolder { directory in
            let file = directory.appendingPathComponent("bundled-c0ffee.lsindex")
            var builds = 0
            _ = try load(file, &builds)
            // No process has a pid this large; pid 1 always runs.
            let dead = Int32.max - 1
            let deadFiles = [_IndexFile.temporaryName(for: file, pid: dead),
                             _IndexFile.temporaryName(for: directory.appendingPathComponent("bundled-0001.lsindex"),
                                                      pid: dead)]
            let kept = [_IndexFile.temporaryName(for: file, pid: 1), ".other.lsindex.\(dead).tmp", "notes.txt",
                        ".bundled-c0ffee.lsindex.x.tmp"]
            for name in deadFiles + kept {
                try Data(repeating: 1, count: 100).write(to: directory.appendingPathComponent(name))
            }
            #expect(IndexFileTests.answersAlike(try load(file, &builds), Fixtures.completer))
            #expect(builds == 1)
            let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
            #expect(names == Set(kept + [file.lastPathComponent, file.lastPathComponent + ".seal"]))
        }
    }

    /// A cache that cannot be written (here a file where its folder should be) leaves the
    /// completer working and saying why (`cacheError`, naming the cache file); a folder that
    /// takes it, and a start that reads it, say nothing.
    @Test func anUnwritableCacheIsReported() throws {
        try withFolder { directory in
            let blocker = directory.appendingPathComponent("not-a-folder")
            try Data("x".utf8).write(to: blocker)
            let file = blocker.appendingPathComponent("location-search/bundled-c0ffee.lsindex")
            var builds = 0
            let completer = try load(file, &builds)
            #expect(IndexFileTests.answersAlike(completer, Fixtures.completer))
            let problem = try #require(completer.cacheError)
            guard case .unwritableFile(let path, let reason) = problem else {
                Issue.record("\(problem)")
                return
            }
            #expect(path == file.path && reason.contains("Not a directory"), "\(problem)")
            #expect("\(problem)".hasPrefix("cannot write to \(file.path): "))
            _ = try load(file, &builds)
            #expect(builds == 2)

            let writable = directory.appendingPathComponent("folder/bundled-c0ffee.lsindex")
            #expect(try load(writable, &builds).cacheError == nil)
            #expect(try load(writable, &builds).cacheError == nil)
            #expect(builds == 3)
            #expect(Fixtures.completer.cacheError == nil)
        }
    }
}
