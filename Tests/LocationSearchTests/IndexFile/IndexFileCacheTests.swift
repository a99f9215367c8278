import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import LocationSearch

/// The cached loader: it rebuilds and replaces a bad cache, trusts only what its seal names,
/// never lets a forged seal make damage trap, and sweeps what killed writers and older
/// versions left in the cache folder.
@Suite("Index files: the cached loader", .holdsItsThread)
struct IndexFileCacheTests {
    /// The cached loader (as the bundled gazetteer uses it) rebuilds a damaged, foreign
    /// or special cache file and replaces it atomically; it never traps or hangs.
    @Test func theCachedLoaderRebuildsAndReplacesABadCache() throws {
        let cache = FixtureCache("ls-cache")
        defer { cache.remove() }
        let file = cache.file
        #expect(IndexFileTests.answersAlike(try cache.load(), Fixtures.completer))  // missing: built and written
        #expect(cache.builds == 1)
        #expect(IndexFileTests.answersAlike(try cache.load(), Fixtures.completer))  // read
        #expect(cache.builds == 1)
        let original = try Data(contentsOf: file)
        let layout = IndexLayout(original)
        var generator = SeededGenerator(seed: 7)
        var damaged: [Data] = [Data(), original.prefix(original.count / 3), original.prefix(original.count - 1),
                               Data((0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) })]
        for word in 0..<layout.headerWords {
            var data = original
            data[word * 8] ^= 0x80
            damaged.append(data)
        }
        for section in layout.sections where section.count > 0 {
            var data = original
            data[section.offset + section.count / 2] ^= 1
            damaged.append(data)
        }
        for data in damaged {
            try data.write(to: file)
            let before = cache.builds
            #expect(IndexFileTests.answersAlike(try cache.load(), Fixtures.completer))
            #expect(cache.builds == before + 1)
            #expect(try Data(contentsOf: file) == original, "the cache was not replaced")
        }
        // Another source key: stale, rebuilt.
        let stale = try LocationCompleter.cached(in: file, sourceKey: "fixture v2") {
            LocationCompleter(gazetteer: Fixtures.gazetteer)
        }
        #expect(IndexFileTests.answersAlike(stale, Fixtures.completer))
        #expect(try _IndexFile.read(file)?.sourceKey == "fixture v2")
        // A FIFO at the cache path: refused, rebuilt, and replaced by the index.
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        #expect(IndexFileTests.answersAlike(try cache.load(), Fixtures.completer))
        #expect(try _IndexFile.read(file)?.sourceKey == "fixture v1")
        // A directory at the cache path: refused and rebuilt; it cannot be replaced, and
        // the completer works without the cache.
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        let before = cache.builds
        #expect(IndexFileTests.answersAlike(try cache.load(), Fixtures.completer))
        #expect(cache.builds == before + 1)
    }

    /// The cached loader seals the file it writes (`_IndexFile.Seal`: its table checksum,
    /// beside it); a load of the sealed file checks everything but its sections'
    /// checksums, and answers alike. A seal that does not name the file, or is not a
    /// seal, means the full checks (and, once they pass, a new seal); a resealed file no
    /// longer matches its seal, so its damage is found and it is rebuilt; and a seal
    /// forged to name the resealed file still has its damage found, and rebuilt.
    @Test func theCachedLoaderTrustsOnlyWhatItsSealNames() throws {
        let cache = FixtureCache("ls-seal")
        defer { cache.remove() }
        let directory = cache.directory, file = cache.file
        let sealFile = _IndexFile.Seal.url(for: file)
        func loadsChecked() throws -> Bool? {
            try _IndexFile.read(file, seal: _IndexFile.Seal.read(for: file))?.checked
        }
        #expect(IndexFileTests.answersAlike(try cache.load(), Fixtures.completer))
        let full = try #require(try _IndexFile.read(file))
        #expect(full.checked)
        #expect(_IndexFile.Seal.read(for: file)?.checksum == full.tableChecksum)
        #expect(try loadsChecked() == false)
        #expect(IndexFileTests.answersAlike(try cache.load(), Fixtures.completer))
        #expect(cache.builds == 1)

        // Not this file's seal, or not a seal: checked in full, then sealed again.
        let seal = try Data(contentsOf: sealFile)
        var otherChecksum = seal
        otherChecksum[15] ^= 1
        var otherMagic = seal
        otherMagic[0] ^= 1
        var otherIdentity = seal
        otherIdentity[40] ^= 1
        for bad in [Data(), seal.prefix(71), seal + [0], Data(repeating: 0, count: 72), otherChecksum, otherMagic,
                    otherIdentity, seal.prefix(16)] {
            try bad.write(to: sealFile)
            #expect(try loadsChecked() == true)
            #expect(IndexFileTests.answersAlike(try cache.load(), Fixtures.completer))
            #expect(try Data(contentsOf: sealFile) == seal, "not sealed again")
        }
        // A FIFO or a folder at the seal's path: never blocks; checked in full, not replaced.
        try FileManager.default.removeItem(at: sealFile)
        #expect(mkfifo(sealFile.path, 0o600) == 0)
        #expect(_IndexFile.Seal.read(for: file) == nil)
        #expect(IndexFileTests.answersAlike(try cache.load(), Fixtures.completer))
        try FileManager.default.removeItem(at: sealFile)
        try FileManager.default.createDirectory(at: sealFile, withIntermediateDirectories: false)
        #expect(_IndexFile.Seal.read(for: file) == nil)
        #expect(IndexFileTests.answersAlike(try cache.load(), Fixtures.completer))
        try FileManager.default.removeItem(at: sealFile)
        #expect(cache.builds == 1)

        // Damage that only the structure checks find, resealed: the seal no longer names the
        // file, so the damage is found, and the cache rebuilt and sealed.
        _ = try cache.load()
        let original = try Data(contentsOf: file)
        var damaged = original
        let layout = IndexLayout(original)
        layout.set("scores", at: 4, layout.word("scores", at: 0, damaged), &damaged)
        layout.reseal(&damaged)
        try damaged.write(to: file)
        #expect(_IndexFile.Seal.read(for: file)?.checksum == full.tableChecksum)
        #expect(throws: GazetteerError.self) { try _IndexFile.read(file, seal: _IndexFile.Seal.read(for: file)) }
        #expect(IndexFileTests.answersAlike(try cache.load(), Fixtures.completer))
        #expect(cache.builds == 2)
        #expect(try Data(contentsOf: file) == original)
        #expect(try loadsChecked() == false)
        // The same damage with a seal forged to name it: found all the same, and rebuilt.
        try damaged.write(to: file)
        let forged = try #require(try _IndexFile.Reader(file, readingSections: false)).tableChecksum
        _IndexFile.Seal.write(forged, for: file)
        #expect(throws: GazetteerError.self) { try _IndexFile.read(file, seal: _IndexFile.Seal.read(for: file)) }
        #expect(IndexFileTests.answersAlike(try cache.load(), Fixtures.completer))
        #expect(cache.builds == 3)
        #expect(try Data(contentsOf: file) == original)
        #expect(try loadsChecked() == false)
        // A file opened by path has its sections hashed, even beside a seal that names it: a
        // byte of the source key changed without new checksums, then sealed, is what a
        // sealed load lets through (the structure is sound), and an error by path.
        let copy = directory.appendingPathComponent("copy.lsindex")
        var changed = original
        changed[layout.section("source.key").offset] ^= 1
        try changed.write(to: copy)
        _IndexFile.Seal.write(try #require(try _IndexFile.Reader(copy, readingSections: false)).tableChecksum,
                              for: copy)
        let sealedCopy = try #require(try _IndexFile.read(copy, seal: _IndexFile.Seal.read(for: copy)))
        #expect(!sealedCopy.checked && sealedCopy.sourceKey != "fixture v1")
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: copy) }
    }

    /// Damage that only the structure checks find, by name: unchecked, a start traps on the
    /// first three (`SIGILL`, `SIGSEGV`) and answers from the damaged records on the last.
    static let trappingDamage: [String: @Sendable (IndexLayout, inout Data) -> Void] = [
        "trie child beyond the nodes": { l, d in l.set("trie.whole.child.base", at: 0, UInt32(Int32.max), &d) },
        "a whole-name key's block beyond the text": { l, d in l.set("whole.key.base", at: 0, UInt32.max, &d) },
        "a name offset beyond the names": { l, d in l.set("name.display.base", at: 0, UInt32.max, &d) },
        "a place's context beyond the contexts": { l, d in
            l.setPlaceField(1, shift: _PlaceFields.contextShift, mask: l.placeFields(d).contextMask,
                            UInt64(l.section("places.contexts").count / 24), &d)
        },
    ]

    /// A cache damaged where a start would trap, its checksums remade and its seal forged
    /// to name it (someone who can write the cache folder): every start finds the damage
    /// and rebuilds. In a child process, so that a trap fails this test, not the run.
    @Test(arguments: trappingDamage.keys.sorted())
    func aForgedSealNeverLetsDamageTrap(_ damage: String) async {
        await #expect(processExitsWith: .success) { [damage] in
            let cache = FixtureCache("ls-forged")
            defer { cache.remove() }
            let file = cache.file
            _ = try cache.load()
            var data = try Data(contentsOf: file)
            let layout = IndexLayout(data)
            IndexFileCacheTests.trappingDamage[damage]!(layout, &data)
            layout.reseal(&data)
            try data.write(to: file)
            let forged = try #require(try _IndexFile.Reader(file, readingSections: false)).tableChecksum
            _IndexFile.Seal.write(forged, for: file)
            for _ in 0..<2 {
                let completer = try cache.load()
                for query in ["a", "s", "san", "pari", "lond", "new y", "tokyo", "wien", "sna fr", "zur"] {
                    _ = completer.completions(for: query).map { ($0.title, $0.subTitle, $0.titleHighlightRanges) }
                }
            }
            if cache.builds != 2 { exit(1) }
        }
    }

    @Test func staleTemporaryFilesAreRemovedOnTheNextWrite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-tmp-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cache.lsindex")
        // A writer killed before its rename (no process has a pid this large), one still
        // running (pid 1 always is), and another file's.
        let dead = directory.appendingPathComponent(_IndexFile.temporaryName(for: file, pid: Int32.max - 1))
        let running = directory.appendingPathComponent(_IndexFile.temporaryName(for: file, pid: 1))
        let other = directory.appendingPathComponent(".other.lsindex.\(Int32.max - 1).tmp")
        for leftover in [dead, running, other] { try Data(repeating: 1, count: 100).write(to: leftover) }
        try Fixtures.completer.writeIndex(to: file)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(names == [file.lastPathComponent, running.lastPathComponent, other.lastPathComponent])
    }

    /// A new bundled index leaves at most one other behind (the most recently written),
    /// so upgrades do not pile up 120 MB files; other files in the folder are kept.
    @Test func oldBundledIndexesAreRemovedAfterANewOneIsWritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-old-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let current = directory.appendingPathComponent("bundled-c0ffee.lsindex")
        let now = Date()
        for (name, age) in [("bundled-0001.lsindex", 300.0), ("bundled-0002.lsindex", 100.0),
                            ("bundled-0003.lsindex", 200.0), ("notes.txt", 400.0), (current.lastPathComponent, 0.0)] {
            let url = directory.appendingPathComponent(name)
            try Data(repeating: 1, count: 64).write(to: url)
            try FileManager.default.setAttributes(
                [.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: url.path)
        }
        // A temporary file of an old index whose writer was killed, and one of a writer still running.
        let dead = _IndexFile.temporaryName(
            for: directory.appendingPathComponent("bundled-0001.lsindex"), pid: Int32.max - 1)
        let running = _IndexFile.temporaryName(for: directory.appendingPathComponent("bundled-0009.lsindex"), pid: 1)
        for name in [dead, running] {
            try Data(repeating: 1, count: 64).write(to: directory.appendingPathComponent(name))
        }
        // Seals (`_IndexFile.Seal`): of the index kept, of one removed here, and of none.
        let seals = ["bundled-c0ffee.lsindex.seal", "bundled-0002.lsindex.seal", "bundled-0001.lsindex.seal",
                     "bundled-0042.lsindex.seal"]
        for name in seals { try Data(repeating: 1, count: 16).write(to: directory.appendingPathComponent(name)) }
        LocationCompleter.removeOldBundledCaches(besides: current)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(names == [current.lastPathComponent, "bundled-0002.lsindex", "notes.txt", running,
                          "bundled-c0ffee.lsindex.seal", "bundled-0002.lsindex.seal"])
    }
}

/// A cached load of the fixture gazetteer (as the bundled one loads) into a file in a
/// folder of its own, counting the builds; `remove()` removes the folder.
final class FixtureCache {
    let directory: URL, file: URL
    private(set) var builds = 0

    init(_ prefix: String) {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID())")
        file = directory.appendingPathComponent("cache.lsindex")
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    func load() throws -> LocationCompleter {
        try LocationCompleter.cached(in: file, sourceKey: "fixture v1") {
            builds += 1
            return LocationCompleter(gazetteer: Fixtures.gazetteer)
        }
    }
}
