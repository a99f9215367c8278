import Foundation
import Testing
@_spi(Tools) @testable import LocationSearch

/// Which names in the bundled index's cache folder are the library's
/// (`LocationCompleter._cacheFileRole(ofFileNamed:)`): what `location-search cache` counts
/// and clears, and nothing else.
@Suite("Cache file roles", .holdsItsThread)
struct CacheFileRoleTests {
    @Test("Names", arguments: [
        ("bundled-a8213ce4f9e345be.lsindex", _CacheFileRole.index),
        ("bundled-0.lsindex", .index),
        ("bundled-a8213ce4f9e345be.lsindex.seal", .seal),
        (".bundled-a8213ce4f9e345be.lsindex.4711.tmp", .temporary(writer: 4711)),
    ] as [(String, _CacheFileRole)])
    func theLibrarysNames(_ name: String, role: _CacheFileRole) {
        #expect(LocationCompleter._cacheFileRole(ofFileNamed: name) == role)
    }

    @Test("Names that are not the library's", arguments: [
        "notes.txt", "bundled-.lsindex", "bundled-A8213CE4.lsindex", "bundled-a8213ce4f9e345be0.lsindex",
        "bundled-xyz.lsindex", "bundled-abc.lsindex.bak", "bundled-abc.lsindex.seal.seal", "places.lsindex",
        ".bundled-abc.lsindex.tmp", ".bundled-abc.lsindex.x.tmp", ".bundled-abc.lsindex.-4.tmp",
        ".bundled-abc.lsindex.0.tmp", ".bundled-abc.lsindex.+4.tmp", ".other.lsindex.12.tmp", "..", ".", "",
        "bundled-abc.lsindex/", "../bundled-abc.lsindex", "bundled-abc.lsindex\n",
    ])
    func othersAreNot(_ name: String) {
        #expect(LocationCompleter._cacheFileRole(ofFileNamed: name) == nil, "\(name.debugDescription)")
    }

    /// Every file the cached loader and the index writer leave in the folder has a role:
    /// the names are the writers', not a copy of them.
    @Test func everyFileTheLoaderWritesHasARole() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-roles-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = LocationCompleter.bundledCacheFile(in: directory, sourceKey: "fixture v1")
        _ = try LocationCompleter.cached(in: file, sourceKey: "fixture v1") {
            LocationCompleter(gazetteer: Fixtures.gazetteer)
        }
        let temporary = _IndexFile.temporaryName(for: file, pid: 4242)
        try Data([1]).write(to: directory.appendingPathComponent(temporary))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names.count == 3, "\(names)")
        #expect(names.map { LocationCompleter._cacheFileRole(ofFileNamed: $0) }
                    == [.temporary(writer: 4242), .index, .seal], "\(names)")
    }
}
