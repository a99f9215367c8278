import Testing
@testable import LocationSearch

/// The bundled cache's key names every rule the build or the stored answers read, so a
/// library that would build another index never reuses a cached one.
@Suite("The library's part of the cache key", .holdsItsThread)
struct LibraryKeyTests {
    @Test func theLibraryKeyNamesEveryRuleTable() {
        let parts = LocationCompleter.libraryKey.split(separator: ";").map { $0.split(separator: " ")[0] }
        #expect(parts == ["version", "ranking", "folding", "case", "synonyms", "aliases", "typos", "answers"])
    }

    @Test func theAliasesFingerprintIsTheTablesInOrder() {
        let fingerprint = _PlaceAliases.fingerprint
        #expect(fingerprint == _PlaceAliases.fingerprint, "the same from one read to the next")
        #expect(fingerprint.contains("CA.02=BC;CA.03=MB"))
        #expect(fingerprint.contains("GB=UK,Britain,Great Britain,U.K."))
        let regions = fingerprint.split(separator: "|")[0].split(separator: ";").map { $0.split(separator: "=")[0] }
        #expect(regions == regions.sorted())
        #expect(regions.count == _PlaceAliases.regions.count)
    }

    @Test func theTypoFingerprintFollowsTheBudgetsAndEfforts() {
        let fingerprint = _FuzzyFrontier.policyFingerprint
        #expect(fingerprint.hasPrefix("\(_FuzzyFrontier.maxExpansions) [0, 0, 0, 0, 1, 1, 1, 1, 2, 2"))
        #expect(fingerprint.contains("\(_FuzzyFrontier.expansionsBesideExact(queryLength: 9))"))
    }
}
