import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable @_spi(Benchmarking) import LocationSearch

/// Index files as a whole: a written index answers like the original, two builds write the
/// same bytes, the section table is what the writer wrote, and files that are not regular
/// files, or that change after a load, are handled.
@Suite("Index files", .holdsItsThread)
struct IndexFileTests {
    func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ls-index-\(UUID()).lsindex")
    }

    @Test func aWrittenIndexAnswersLikeTheOriginal() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Fixtures.completer.writeIndex(to: file)
        let loaded = try LocationCompleter(indexFile: file)
        loaded.index._checkInvariants()
        for query in ["san fr", "york", "wien", "東", "paris tex", "s", "sna francisco", "berjing", "mumbia"] {
            #expect(loaded.completions(for: query) == Fixtures.completer.completions(for: query))
        }
    }

    @Test func placeRecordsHaveNoImplicitPadding() {
        // Their bytes go to index files as they are: padding the compiler added would hold
        // whatever memory held, and two builds of the same data would differ.
        #expect(MemoryLayout<_PackedPlace>.size == MemoryLayout<_PackedPlace>.stride)
    }

    @Test func twoBuildsOfTheSameDataWriteTheSameBytes() throws {
        let a = temporaryFile(), b = temporaryFile()
        defer { for file in [a, b] { try? FileManager.default.removeItem(at: file) } }
        try LocationCompleter(gazetteer: Fixtures.gazetteer).writeIndex(to: a)
        _ = Array(repeating: UInt8(0xAB), count: 1 << 20)  // dirty some memory in between
        try LocationCompleter(gazetteer: Fixtures.gazetteer).writeIndex(to: b)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))
    }

    @Test func aMissingFileIsNamed() {
        let file = temporaryFile()
        #expect(throws: GazetteerError.missingFile(path: file.path)) { try LocationCompleter(indexFile: file) }
    }

    /// Every query of `queries` answers the same from both completers, typos on and off.
    static func answersAlike(_ a: LocationCompleter, _ b: LocationCompleter) -> Bool {
        let queries = ["san fr", "york", "wien", "東", "paris tex", "s", "sna francisco", "berjing", "mumbia", "p"]
        return queries.allSatisfy { query in
            a.completions(for: query) == b.completions(for: query)
                && a.completions(for: query, options: .init(typoTolerance: false))
                    == b.completions(for: query, options: .init(typoTolerance: false))
        }
    }

    /// A section that no type reads (another writer's) is an error, like a missing one.
    @Test func aSectionNoTypeReadsIsAnError() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        var writer = _IndexFile.writer(for: Fixtures.completer, sourceKey: "")
        writer.append("extra.section", _Column([UInt8](repeating: 1, count: 5)))
        try writer.write(to: file)
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: file) }
        try Fixtures.completer.writeIndex(to: file)
        #expect(throws: Never.self) { try LocationCompleter(indexFile: file) }
    }

    /// The sections a file lists are the writer's, and they tile the file: what the
    /// benchmark reports as the index's size is the file's.
    @Test func theSectionListingIsTheFilesTable() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Fixtures.completer.writeIndex(to: file)
        let listed = try #require(try _IndexFile.sections(of: file))
        #expect(listed == _IndexFile.writer(for: Fixtures.completer, sourceKey: "").sections)
        let size = try Data(contentsOf: file).count
        #expect(Fixtures.completer._indexLayout.bytes == size)
        #expect(try LocationCompleter._indexFileLayout(at: file).bytes == size)
        #expect(try _IndexFile.sections(of: temporaryFile()) == nil)
        let names = Set(listed.map(\.name))
        #expect(names.isSuperset(of: ["source.key", "whole.key.base", "trie.words.next", "answers.entries"]))
    }

    @Test func specialFilesAreRefusedWithoutBlocking() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-special-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo.lsindex")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: fifo) }
        let folder = directory.appendingPathComponent("folder.lsindex")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: folder) }
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: URL(fileURLWithPath: "/dev/zero")) }
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: URL(fileURLWithPath: "/dev/null")) }
    }

    /// The index is read, not mapped: truncating or rewriting its file afterwards leaves a
    /// loaded completer untouched (a mapped file would raise SIGBUS here).
    @Test func aFileChangedUnderneathDoesNotAffectALoadedCompleter() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Fixtures.completer.writeIndex(to: file)
        let loaded = try LocationCompleter(indexFile: file)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 4096))
        try handle.close()
        #expect(Self.answersAlike(loaded, Fixtures.completer))
        truncate(file.path, 0)
        #expect(Self.answersAlike(loaded, Fixtures.completer))
    }
}
