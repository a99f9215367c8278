import Foundation
import Testing
@testable import LocationSearch

@Suite("Index files")
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
        for query in ["san fr", "york", "wien", "東", "paris tex", "s"] {
            #expect(loaded.completions(for: query) == Fixtures.completer.completions(for: query))
        }
    }

    @Test func aMissingFileIsNamed() {
        let file = temporaryFile()
        #expect(throws: GazetteerError.missingFile(path: file.path)) { try LocationCompleter(indexFile: file) }
    }

    @Test func damagedFilesAreErrorsNotCrashes() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Fixtures.completer.writeIndex(to: file)
        let original = try Data(contentsOf: file)
        var generator = SeededGenerator(seed: 99)
        var rejected = 0
        let damages: [(String, (inout Data) -> Void)] = [
            ("empty", { $0 = Data() }),
            ("truncated", { $0 = $0.prefix($0.count / 2) }),
            ("not an index", { $0 = Data(repeating: 0x41, count: 4096) }),
            ("other version", { $0[8] = 99 }),
            ("section out of bounds", { $0.replaceSubrange(72..<80, with: Data(repeating: 0xFF, count: 8)) }),
        ]
        for (_, damage) in damages {
            var data = original
            damage(&data)
            try data.write(to: file)
            #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: file) }
            rejected += 1
        }
        // Random byte flips: each file is either rejected or answers without trapping.
        for _ in 0..<200 {
            var data = original
            for _ in 0..<4 {
                data[Int.random(in: 0..<data.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            try data.write(to: file)
            if let completer = try? LocationCompleter(indexFile: file) {
                for query in ["s", "paris", "york"] { _ = completer.completions(for: query) }
            }
        }
        #expect(rejected == damages.count)
    }
}
