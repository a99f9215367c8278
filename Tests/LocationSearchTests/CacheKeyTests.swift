import Foundation
import Testing
@testable import LocationSearch

/// The bundled cache's key covers everything baked into an index, by construction.
@Suite("Cache key", .holdsItsThread)
struct CacheKeyTests {
    @Test func theRankingFingerprintNamesEveryWeight() {
        let fields = Mirror(reflecting: _Ranking.weights).children.compactMap(\.label)
        let entries = _Ranking.fingerprint().split(separator: ",")
        #expect(fields.count >= 16)
        #expect(entries.count == fields.count)
        #expect(zip(entries, fields).allSatisfy { $0.hasPrefix("\($1)=") })
        // Every stored byte of the weights is a reflected field: nothing hides from the key.
        let reflected = Mirror(reflecting: _Ranking.weights).children.reduce(0) { sum, child in
            sum + (child.value is Double ? MemoryLayout<Double>.size : MemoryLayout<Float>.size)
        }
        #expect(reflected <= MemoryLayout<_Ranking.Weights>.size)
        #expect(MemoryLayout<_Ranking.Weights>.size <= reflected + MemoryLayout<Double>.alignment)
    }

    @Test(arguments: [\_Ranking.Weights.exactName, \.wordPrefix, \.typo, \.typoOverExact, \.synonym, \.qualifiedMatch,
                      \.exactNameFullLength, \.namePrefix, \.exactAlternateName, \.typoSpread, \.nearWeight]
          as [WritableKeyPath<_Ranking.Weights, Float> & Sendable])
    func changingAnyWeightChangesTheKey(_ weight: WritableKeyPath<_Ranking.Weights, Float> & Sendable) {
        var changed = _Ranking.weights
        changed[keyPath: weight] += 0.001
        #expect(_Ranking.fingerprint(changed) != _Ranking.fingerprint())
    }

    @Test func theLibraryKeyIsInTheSourceKey() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ls-key-\(UUID())")
        try Data("data".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let key = try LocationCompleter.sourceKey(for: [file])
        #expect(key.hasPrefix(LocationCompleter.libraryKey))
        for part in ["version \(_IndexFile.version)", "ranking ", "folding ", "synonyms "] {
            #expect(LocationCompleter.libraryKey.contains(part))
        }
    }
}
