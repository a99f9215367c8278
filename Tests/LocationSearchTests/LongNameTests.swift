import Foundation
import Testing
@testable import LocationSearch

/// Names whose fold passes `_PrefixIndex.longestKey` bytes: indexed by their fold's first
/// bytes, cut at a scalar's end and never after a space, and shown whole.
@Suite("Long names", .holdsItsThread)
struct LongNameTests {
    static func x(_ count: Int) -> String { String(repeating: "x", count: count) }

    /// Each name, and the key it is indexed by: its fold, cut.
    static let cases: [(name: String, key: String)] = [
        ("X" + x(4_095), x(511)),
        (x(600), x(511)),
        // "ж" is two bytes: the 511th is its first, so the key ends before it.
        (x(510) + String(repeating: "ж", count: 50), x(510)),
        // "東" is three bytes, at 509 to 511.
        (x(509) + "東京" + x(10), x(509)),
        // The cut falls after a space, which is dropped.
        (x(510) + " Tail", x(510)),
        ("Ab " + String(repeating: "ab ", count: 169) + "abc", String(repeating: "ab ", count: 170) + "a"),
        (String(repeating: "É", count: 600), String(repeating: "e", count: 511)),
        (String(repeating: "Ж", count: 300), String(repeating: "ж", count: 255)),
    ]

    static let gazetteer: Gazetteer = try! Gazetteer(
        places: cases.enumerated().map { i, entry in
            Place(geonameID: 100 + i, name: entry.name, countryCode: "XX", countryName: "Nowhere", population: 10 + i)
        } + [Place(geonameID: 99, name: "Short", countryCode: "XX", countryName: "Nowhere", population: 5)],
        alternateNames: ["geonames:99": [String(repeating: "Alias ", count: 200)]])

    static let completer = LocationCompleter(gazetteer: gazetteer)

    func written(_ completer: LocationCompleter) throws -> LocationCompleter {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ls-long-\(UUID()).lsindex")
        defer { try? FileManager.default.removeItem(at: file) }
        try completer.writeIndex(to: file)
        return try LocationCompleter(indexFile: file)
    }

    /// Every key is at most `longestKey` bytes, so a reference's start bits stay at 9
    /// whatever the names, and each long name's key is its fold cut where the table says.
    @Test func longFoldsAreCutAtAScalarsEndWithoutASpace() {
        let index = Self.completer.index
        #expect(index.longestName == _PrefixIndex.longestKey)
        #expect(index.keyText.shift == 9)
        let texts = Set((0..<index.keyText.count).map { index.keyText.bytes(of: $0) })
        #expect(texts.allSatisfy { $0.count <= _PrefixIndex.longestKey })
        for (name, key) in Self.cases {
            #expect(texts.contains(Array(key.utf8)), "\(name.prefix(12))…: no key \(key.prefix(12))… of \(key.utf8.count)")
        }
        // An alternate name's too: 85 "alias " and an "a".
        #expect(texts.contains(Array(String(repeating: "alias ", count: 85).utf8) + [0x61]))
    }

    /// A fold's kept length: all of a short one; of a long one, up to a scalar's end
    /// before byte 511, without a space at the end.
    static let lengths: [(fold: [UInt8], kept: Int)] = {
        let a = { (count: Int) -> [UInt8] in [UInt8](repeating: 0x61, count: count) }
        return [
            (a(2), 2), (a(511), 511), (a(512), 511), (a(510) + [0x20, 0x62], 510),
            (a(509) + [0xE6, 0x9D, 0xB1, 0x61], 509), (a(508) + [0xF0, 0x9F, 0x98, 0x80, 0x61], 508),
            (a(511) + [0xD0, 0xB6], 511),
        ]
    }()

    @Test(arguments: 0..<lengths.count)
    func keyLength(_ number: Int) {
        let (fold, kept) = Self.lengths[number]
        let folded = [0x7A, 0x7A] + fold
        #expect(_PrefixIndex.keyLength(of: folded, start: 2, count: fold.count) == kept)
    }

    /// A long name reads back whole, from the built completer and from its file, where it
    /// may be coded over its cut fold (`_NameFolds`): some are.
    @Test func longNamesReadBackWhole() throws {
        let loaded = try written(Self.completer)
        let source = Self.gazetteer._names
        for completer in [Self.completer, loaded] {
            let names = completer.gazetteer._names
            for i in 0..<source.count { #expect(names.string(i) == source.string(i), "name \(i)") }
            #expect(Array(completer.gazetteer.places).map(\.name) == Array(Self.gazetteer.places).map(\.name))
        }
        let flagged = (0..<Self.cases.count).filter { loaded.gazetteer._names.folds.isFlagged($0) }
        #expect(!flagged.isEmpty, "no long name is coded over its fold")
    }

    /// A query finds a long name while it is the start of its key: the title is the whole
    /// name, the highlight the part typed. A query past the key (the rest of the name)
    /// finds it no more.
    @Test(arguments: 0..<cases.count)
    func queriesFindALongNameByItsKey(_ number: Int) throws {
        let (name, key) = Self.cases[number]
        let exact = CompletionOptions(typoTolerance: false)
        for completer in [Self.completer, try written(Self.completer)] {
            for typed in [String(key.prefix(3)), key] {
                let found = completer.completions(for: typed, options: exact).first { $0.place.geonameID == 100 + number }
                let completion = try #require(found, "\(typed.prefix(12))… of \(typed.utf8.count) bytes")
                #expect(completion.title == name)
                let highlighted = completion.titleHighlightRanges.compactMap { range in
                    range.range(in: name).map { String(name[$0]) }
                }.joined(separator: " ")
                #expect(_Folding.fold(highlighted) == _Folding.fold(typed), "\(completion.titleHighlightRanges)")
                #expect(completion.highlightsAreValid)
            }
            if name.utf8.count > key.utf8.count + 2 {
                let whole = completer.completions(for: name, options: exact)
                #expect(!whole.contains { $0.place.geonameID == 100 + number })
            }
        }
    }

    /// With one name of 65,536 bytes, an index of 40,000 names: its key is cut, so the
    /// references keep 23 bits for the texts' numbers. Uncut, the name took 17 bits and
    /// left room for 32,768 texts: the build trapped ("the names need references of more
    /// than 32 bits").
    @Test func oneHugeNameLeavesRoomForTheOthers() async {
        await #expect(processExitsWith: .success) {
            let places = (0..<40_000).map {
                Place(geonameID: $0 + 1, name: "Place \($0)", countryCode: "XX", countryName: "Nowhere")
            } + [Place(geonameID: 50_000, name: String(repeating: "y", count: 65_536), countryCode: "XX",
                       countryName: "Nowhere")]
            let completer = LocationCompleter(gazetteer: try! Gazetteer(places: places))
            guard completer.completions(for: "yyy").first?.place.geonameID == 50_000,
                  completer.completions(for: "place 39999").first?.place.geonameID == 40_000
            else { exit(1) }
        }
    }
}
