import Foundation
import Testing
@testable import LocationSearch

/// Names coded as an edit of their folded key (`_NameFolds`): every name reads back from
/// a built completer and an index file exactly, whatever its case, script or punctuation;
/// damaged flags are load errors, and a damaged fold reference reads as wrong text, never
/// out of bounds.
@Suite("Names coded over their folds", .holdsItsThread)
struct NameFoldsTests: NameFoldsFixture {
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

    /// Every name reads back as it was, one at a time and in a scan, from the built
    /// completer and from its file, and most are coded over their folds (when it is
    /// built: the file stores them so).
    @Test(arguments: [0, 1])
    func everyNameReadsBack(_ which: Int) throws {
        let (gazetteer, completer) = which == 0
            ? (Self.gazetteer, Self.completer) : (Fixtures.gazetteer, Fixtures.completer)
        let loaded = try written(completer)
        let source = gazetteer._names
        let expected = (0..<source.count).map { Array(source.string($0).utf8) }
        #expect(!(0..<source.count).contains(where: source.folds.isFlagged))
        for read in [completer.gazetteer._names, loaded.gazetteer._names] {
            #expect(read.count == source.count)
            for i in 0..<source.count {
                #expect(Array(read.string(i).utf8) == expected[i], "name \(i): \(source.string(i))")
            }
            var scanned: [[UInt8]] = []
            read.forEach(in: 0..<read.count) { _, bytes in
                scanned.append(Array(bytes))
                return true
            }
            #expect(scanned == expected)
            let flagged = (0..<read.count).filter(read.folds.isFlagged)
            #expect(flagged.count * 2 > read.count)
            for a in 0..<min(read.count, 40) {
                for b in 0..<min(read.count, 40) {
                    // (Bytes, not `String`s: "São" and "Sa\u{0303}o" are equal strings.)
                    #expect(read.equal(a, b) == (expected[a] == expected[b]))
                }
            }
        }
        #expect((0..<source.count).allSatisfy {
            loaded.gazetteer._names.units($0) == completer.gazetteer._names.units($0)
                && loaded.gazetteer._names.folds.isFlagged($0) == completer.gazetteer._names.folds.isFlagged($0)
        })
        #expect(IndexFileTests.answersAlike(loaded, completer))
    }

    /// A completer built over a gazetteer whose names are coded over another index's
    /// folds (a file's) codes them again over its own: every name reads back.
    @Test func aGazetteerReadFromAFileBuildsAgain() throws {
        let loaded = try written(Self.completer)
        let rebuilt = LocationCompleter(gazetteer: loaded.gazetteer)
        let source = Self.gazetteer._names, read = rebuilt.gazetteer._names
        #expect((0..<source.count).allSatisfy { Array(read.string($0).utf8) == Array(source.string($0).utf8) })
        #expect(IndexFileTests.answersAlike(rebuilt, Self.completer))
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

    /// A name's fold as the rows read it from the key text (`copyFold`, for a name coded
    /// over its fold) is the fold of its bytes, and the showability decided from the folds
    /// (`isShowable(alias:canonical:)` of two names) is the one decided from the bytes,
    /// over the names as given, as coded over the folds, and as read from a file.
    @Test func foldsAndShowabilityReadAsFromTheBytes() throws {
        for names in [Self.gazetteer._names, Self.completer.gazetteer._names, try written(Self.completer).gazetteer._names,
                      Fixtures.completer.gazetteer._names] {
            var wrongFolds: [Int] = []
            for i in 0..<names.count {
                let expected = names.withBytes(i) { bytes in
                    var key: [UInt8] = []
                    _Folding.fold(utf8: bytes, into: &key)
                    return key
                }
                let copied = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(names.folds.longest, 1)) {
                    buffer in names.copyFold(i, into: buffer.baseAddress!).map { Array(buffer.prefix($0)) }
                }
                if let copied, copied != expected { wrongFolds.append(i) }
                if names.folds.isFlagged(i) && copied == nil { wrongFolds.append(i) }
            }
            #expect(wrongFolds.isEmpty, "\(wrongFolds.prefix(5).map(names.string))")
            let sample = 0..<min(names.count, 70)
            var shown = 0, wrong: [(String, String)] = []
            for a in sample {
                for c in sample {
                    let expected = names.withBytes(a) { x in
                        names.withBytes(c) { _NameQuality.isShowable(alias: x, canonical: $0) }
                    }
                    if expected { shown += 1 }
                    if names.isShowable(alias: a, canonical: c) != expected { wrong.append((names.string(a), names.string(c))) }
                }
            }
            #expect(wrong.isEmpty, "\(wrong.prefix(5))")
            #expect(shown > 0 && shown < sample.count * sample.count)
        }
    }

    /// A name's start read alone (`startBytes`) is where its decoding starts, for names
    /// coded over their folds (decoded whole) and names copying from them; with too little
    /// room for one coded over its fold, none is read.
    @Test func aNamesStartReadsAloneAsItsDecodingStarts() throws {
        for names in [Self.completer.gazetteer._names, try written(Self.completer).gazetteer._names,
                      Fixtures.completer.gazetteer._names] {
            #expect((0..<names.count).contains(where: names.folds.isFlagged))
            #expect(names.startsDisagreeing(capacity: 4_096).isEmpty)
            #expect(names.startsDisagreeing(allowingNil: true).isEmpty)
        }
        let names = Self.completer.gazetteer._names
        let long = try #require((0..<names.count).first {
            names.folds.isFlagged($0) && names.withBytes($0) { $0.count } > 200
        })
        let room = _CompressedStrings.startRoom(limit: 8)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
            #expect(names.startBytes(
                long, units: names.units(long), into: buffer.baseAddress!, capacity: room, limit: 8) == nil)
        }
    }

    /// A cursor reads every name as `withBytes` does: in order (each copying from the one
    /// before, still in its buffer), backwards and by leaps, over the names as given and
    /// as coded over the folds.
    @Test func aCursorReadsEveryNameAsWithBytesDoes() {
        for names in [Self.gazetteer._names, Self.completer.gazetteer._names, Fixtures.completer.gazetteer._names] {
            let expected = (0..<names.count).map { names.withBytes($0) { Array($0) } }
            let (inOrder, backwards, leaps) = names.withCursor { cursor in
                ((0..<names.count).map { Array(cursor.bytes($0)) },
                 (0..<names.count).reversed().map { Array(cursor.bytes($0)) },
                 stride(from: 0, to: names.count, by: 3).map { Array(cursor.bytes($0)) })
            }
            #expect(inOrder == expected)
            #expect(backwards == expected.reversed())
            #expect(leaps == stride(from: 0, to: names.count, by: 3).map { expected[$0] })
        }
    }

    /// The coder's choices: a name that is its fold or its title case takes two codes, in
    /// `.none` and `.title`; one with a word in lower case edits the name itself; none
    /// is coded in as many codes as its own, or more.
    @Test func theCoderTriesTheCheapModes() throws {
        let names = Self.completer.gazetteer._names
        let coder = try #require(_NameFolds.Coder(table: names.table))
        let scratch = _NameFolds.Coder.Scratch(coder.table)
        func coded(_ display: String, over fold: String, below budget: Int = 100) -> [UInt16]? {
            var codes: [UInt16] = []
            let done = Array(display.utf8).withUnsafeBufferPointer { display in
                Array(fold.utf8).withUnsafeBufferPointer { fold in
                    coder.encoder.withLookup {
                        _NameFolds.Coder.code(display, fold: fold, $0, below: budget, scratch, into: &codes)
                    }
                }
            }
            return done ? codes : nil
        }
        #expect(coded("москва", over: "москва") == [0, 0])
        #expect(coded("San Francisco", over: "san francisco") == [1, 0])
        #expect(coded("Αθήνα", over: "αθηνα").map { $0[0] } == 1)
        #expect(coded("Rio de Janeiro", over: "rio de janeiro").map { $0[0] } == 0)
        #expect(coded("Saint-Étienne", over: "saint etienne").map { $0[0] } == 1)
        #expect(coded("San Francisco", over: "san francisco", below: 2) == nil)
        #expect(coded("Saint-Étienne", over: "saint etienne", below: 4) == nil)
    }

    /// A table whose encoder would number its symbols otherwise (an unused code between
    /// two symbols) has no coder: its names keep their codes.
    @Test func aTableWithAHoleHasNoCoder() {
        let table = Self.completer.gazetteer._names.table
        #expect(_NameFolds.Coder(table: table) != nil)
        var lengths = Array(table.lengths.buffer)
        lengths[_SymbolTable.firstSymbol] = 0
        var symbols = Array(table.symbols.buffer)
        symbols[_SymbolTable.firstSymbol] = 0
        #expect(_NameFolds.Coder(table: _SymbolTable(symbols: _Column(symbols), lengths: _Column(lengths))) == nil)
    }

    /// A name whose fold's text number does not fit a header (an index of more than 2^21
    /// texts) keeps its own codes: `foldCoded` given such numbers flags none.
    @Test func aTextNumberAHeaderCannotHoldKeepsTheOwnCodes() {
        let names = Self.gazetteer._names
        let coded = (0..<names.count).map {
            _CompressedStrings.FoldCodedName(name: UInt32($0), ref: 0, end: UInt32(2 * $0 + 2))
        }
        let codes = [UInt16](repeating: 0, count: 2 * names.count)
        for number in [UInt32(1 << _NameFolds.textBits), UInt32.max] {
            let result = names.foldCoded(coded, codes: codes, textNumbers: [number])
            #expect(!(0..<result.count).contains(where: result.folds.isFlagged))
            #expect((0..<names.count).allSatisfy { result.string($0) == names.string($0) })
            #expect(result.codes.buffer.elementsEqual(names.codes.buffer))
        }
    }
}

/// What the suites over `NameFoldsTests.names` share: the gazetteer of those names, its
/// completer, and a completer written to an index file and read back.
protocol NameFoldsFixture {}

extension NameFoldsFixture {
    static var gazetteer: Gazetteer { NameFoldsTests.gazetteer }
    static var completer: LocationCompleter { NameFoldsTests.completer }

    /// `completer` written to an index file and read back.
    func written(_ completer: LocationCompleter) throws -> LocationCompleter {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ls-folds-\(UUID()).lsindex")
        defer { try? FileManager.default.removeItem(at: file) }
        try completer.writeIndex(to: file)
        return try LocationCompleter(indexFile: file)
    }
}
