import Foundation
import Testing
@testable import LocationSearch

/// Names coded as an edit of their folded key (`_NameFolds`): every name reads back from
/// an index file exactly, whatever its case, script or punctuation, and damaged fold
/// references are load errors.
@Suite("Names coded over their folds", .holdsItsThread)
struct NameFoldsTests {
    /// Names that stress the case modes and the edits: title case, all capitals, lower
    /// case after a hyphen or apostrophe, diacritics, separators the fold drops or merges,
    /// scripts with and without case, letters whose upper case is longer or not two bytes.
    static let names = [
        "Saint-Étienne", "SAINT-ÉTIENNE", "saint-étienne", "Val-d'Or", "O'Higgins", "McAllen", "DeKalb",
        "İstanbul", "Москва", "МОСКВА", "москва", "Αθήνα", "ΑΘΗΝΑ", "Σίφνος", "Straße", "STRASSE", "Ærøskøbing",
        "Łódź", "Ǆemal", "ǅemal", "São Paulo", "Sa\u{0303}o Paulo", "  spaced   out ", "a--b", "x", "X", "東京",
        "東京都 Tokyo", "Ꭰ", "Ⴀbc", "Ağrı", "Nuku‘alofa", "Boneh-ye ‘Alvān", "ss", "ΐ", "Ὀδυσσεύς",
        String(repeating: "Long Name ", count: 30), "Dün-Ça", "ÀÉÎÕÜ", "Ÿpres", "ÿpres", "ǈubljana", "1st Street",
        "Ośrodek", "Ąb", "ĳssel", "Ĳssel", "Ŋa", "Ωmega", "Ϗ", "Ѐ", "Ѡѡ", "Ӂӂ", "Ԁԁ", "Աբ", "ﬀ",
    ]

    static let gazetteer: Gazetteer = {
        var places = names.enumerated().map { i, name in
            Place(geonameID: 100 + i, name: name, kind: .city, countryCode: "XX", countryName: "Nowhere",
                  population: 1_000 + i, coordinate: GeoCoordinate(latitude: 0, longitude: 0))
        }
        places.append(Place(geonameID: 99, name: "Alvan", kind: .city, countryCode: "XX", countryName: "Nowhere",
                            population: 5, coordinate: GeoCoordinate(latitude: 0, longitude: 0)))
        // Alternate names: some fold like the place's own (the index skips them), some differ.
        let alternates = ["geonames:99": ["Alvān", "ALVAN", "alvan", "‘Alvān", "Alwan", "Al-Van", "Alvanshahr"],
                          "geonames:100": ["Saint Etienne", "St-Étienne", "Sankt Etienne"]]
        return try! Gazetteer(places: places, alternateNames: alternates)
    }()

    static let completer = LocationCompleter(gazetteer: gazetteer)

    func written(_ completer: LocationCompleter) throws -> LocationCompleter {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ls-folds-\(UUID()).lsindex")
        defer { try? FileManager.default.removeItem(at: file) }
        try completer.writeIndex(to: file)
        return try LocationCompleter(indexFile: file)
    }

    /// Every name reads back as it was, one at a time and in a scan, and most are coded
    /// over their folds.
    @Test(arguments: [0, 1])
    func everyNameReadsBack(_ which: Int) throws {
        let completer = which == 0 ? Self.completer : Fixtures.completer
        let loaded = try written(completer)
        let built = completer.gazetteer._names, read = loaded.gazetteer._names
        #expect(read.count == built.count)
        for i in 0..<built.count {
            #expect(Array(read.string(i).utf8) == Array(built.string(i).utf8), "name \(i): \(built.string(i))")
        }
        var scanned: [String] = []
        read.forEach(in: 0..<read.count) { _, bytes in
            scanned.append(String(decoding: bytes, as: UTF8.self))
            return true
        }
        #expect(scanned.map { Array($0.utf8) } == (0..<built.count).map { Array(built.string($0).utf8) })
        let flagged = (0..<read.count).filter(read.folds.isFlagged)
        #expect(flagged.count * 2 > read.count)
        #expect(!(0..<built.count).contains(where: built.folds.isFlagged))
        for a in 0..<min(read.count, 40) {
            for b in 0..<min(read.count, 40) {
                // (Bytes, not `String`s: "São" and "Sa\u{0303}o" are equal strings.)
                #expect(read.equal(a, b) == (Array(built.string(a).utf8) == Array(built.string(b).utf8)))
            }
        }
        #expect(IndexFileTests.answersAlike(loaded, completer))
    }

    /// The names in many scripts and cases: a file's completions show them as they were.
    @Test func completionsShowTheNamesAsTheyWere() throws {
        let loaded = try written(Self.completer)
        for query in ["saint", "st et", "moskva", "москва", "αθ", "strasse", "lodz", "alvan", "sao", "東", "long name"] {
            #expect(loaded.completions(for: query) == Self.completer.completions(for: query), "\(query)")
        }
    }

    /// `upper(_:)` and the coder's `lower(_:)` undo each other on the two-byte letters
    /// that have a case; every other two-byte scalar is kept.
    @Test func upperAndLowerUndoEachOther() {
        for scalar in UInt32(0x80)...0x7FF {
            let upper = _NameFolds.upper(scalar)
            #expect(upper >= 0x80 && upper <= 0x7FF)
            if let lower = _NameFolds.Coder.lower(scalar) { #expect(_NameFolds.upper(lower) == scalar) }
            if upper != scalar { #expect(_NameFolds.Coder.lower(upper) != nil) }
        }
    }

    /// Each case mode upper-cases what `lowered` lowered.
    @Test(arguments: ["Saint-Étienne", "Val-d'Or", "ΑΘΗΝΑ", "Москва", "O'Higgins", "a b-c d", "Ÿ"])
    func loweringThenApplyingTheCaseGivesTheName(_ name: String) {
        let display = Array(name.utf8)
        var lowered: [UInt8] = []
        for mode in _NameFolds.Mode.allCases {
            let ok = display.withUnsafeBufferPointer { _NameFolds.Coder.lowered($0, mode, into: &lowered) }
            guard ok else { continue }
            lowered.withUnsafeMutableBufferPointer { _NameFolds.applyCase(mode, $0.baseAddress!, count: $0.count) }
            #expect(lowered == display, "\(name) in mode \(mode)")
        }
    }

    /// Where a flagged name's codes and a literal name's are in the file of `completer`.
    func codes(_ completer: LocationCompleter) throws -> (flagged: Int, literal: [Int], short: Int?, keys: Int) {
        let read = try written(completer).gazetteer._names
        let flagged = try #require((0..<read.count).first(where: read.folds.isFlagged))
        let literal = (0..<read.count).filter { !read.folds.isFlagged($0) && read.copied($0) == nil }
        let short = literal.first { read.units($0).count < _NameFolds.headerCodes }
        return (read.units(flagged).lowerBound, literal, short, completer.index.whole.count)
    }

    @Test func aFoldReferenceBeyondTheKeysIsAnError() throws {
        let code = try codes(Self.completer).flagged + 1
        try IndexLayout.expectResealedDamageIsAnError(Self.completer, "a fold beyond the keys") { l, d in
            Self.setCode(l, code, 0xFFF, &d)
        }
    }

    @Test func aFlagBeyondTheNamesIsAnError() throws {
        try IndexLayout.expectResealedDamageIsAnError(Self.completer, "a flag beyond the names") { l, d in
            let last = l.section("names.folds").count - 1
            l.setByte("names.folds", at: last, 0xFF, &d)
        }
    }

    @Test func aFlaggedNameTooShortForItsHeaderIsAnError() throws {
        let short = try #require(try codes(Self.completer).short)
        try IndexLayout.expectResealedDamageIsAnError(Self.completer, "a flagged name of one code") { l, d in
            l.setByte("names.folds", at: short / 8, l.byte("names.folds", at: short / 8, d) | 1 << (short % 8), &d)
        }
    }

    /// The gazetteer has what the damage needs: a name of one code and some names coded
    /// over a fold, in a file whose flags end in a partial word.
    @Test func theGazetteerHasWhatTheDamageNeeds() throws {
        #expect(try codes(Self.completer).short != nil)
        #expect(Self.gazetteer._names.count % 64 != 0)
    }

    /// Sets 12-bit code `k` of the names' packed codes to `value`.
    static func setCode(_ l: IndexLayout, _ k: Int, _ value: Int, _ d: inout Data) {
        let at = k * 3 / 2
        var pair = Int(l.byte("names.codes", at: at, d)) | Int(l.byte("names.codes", at: at + 1, d)) << 8
        let shift = (k & 1) * 4
        pair = pair & ~(0xFFF << shift) | value << shift
        l.setByte("names.codes", at: at, UInt8(pair & 0xFF), &d)
        l.setByte("names.codes", at: at + 1, UInt8(pair >> 8), &d)
    }
}
