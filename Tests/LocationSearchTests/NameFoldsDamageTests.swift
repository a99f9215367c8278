import Foundation
import Testing
@testable import LocationSearch

/// Names coded over their folds in a damaged file, resealed so that its checksums pass:
/// damaged flags and marks are load errors or cost only spellings, and a damaged header
/// or edit decodes as wrong text, never out of bounds.
@Suite("Names coded over their folds: damage", .holdsItsThread)
struct NameFoldsDamageTests: NameFoldsFixture {
    /// Where a flagged name's codes and a literal name's are in the file of `completer`.
    func codes(_ completer: LocationCompleter) throws -> (flagged: Int, literal: [Int], short: Int?, texts: Int) {
        let read = try written(completer).gazetteer._names
        let flagged = try #require((0..<read.count).first(where: read.folds.isFlagged))
        let literal = (0..<read.count).filter { !read.folds.isFlagged($0) && read.copied($0) == nil }
        let short = literal.first { read.units($0).count < _NameFolds.headerCodes }
        return (read.units(flagged).lowerBound, literal, short, completer.index.keyText.count)
    }

    /// The file of `completer` with `damage` done and resealed (so the checksums pass),
    /// read: the damage must be one a load cannot see.
    func resealed(_ completer: LocationCompleter, _ damage: (IndexLayout, inout Data) -> Void) throws
        -> LocationCompleter {
        try IndexLayout.withResealedFile(of: completer, damage) { try LocationCompleter(indexFile: $0) }
    }

    /// Every name of `loaded` but the `damaged` ones (and those that copy from them)
    /// reads as in `Self.gazetteer`, and every name decodes (the damaged ones to wrong
    /// text, within their buffers), alone, in a scan and in completions.
    func expectOnlyDamaged(_ damaged: Set<Int>, in loaded: LocationCompleter) {
        let source = Self.gazetteer._names, read = loaded.gazetteer._names
        var affected = damaged
        for i in 0..<read.count where affected.contains(i - 1) && read.copied(i) != nil { affected.insert(i) }
        for i in 0..<source.count where !affected.contains(i) {
            #expect(Array(read.string(i).utf8) == Array(source.string(i).utf8), "name \(i)")
        }
        for i in damaged { _ = read.string(i) }
        var scanned = 0
        read.forEach(in: 0..<read.count) { _, _ in
            scanned += 1
            return true
        }
        #expect(scanned == read.count)
        for query in ["saint", "st et", "moskva", "alvan", "sao", "long name", "a", "x"] {
            _ = loaded.completions(for: query)
        }
    }

    /// A flagged name's text number past the key text's (the largest a header holds),
    /// resealed: the load does not read the headers (a quarter of a cold start), so the
    /// name decodes with no fold, its edits only.
    @Test(arguments: [0xFFF, 0x7FF])
    func aFoldReferenceBeyondTheTextsDecodesWithoutAFold(_ high: Int) throws {
        let (flagged, _, _, texts) = try codes(Self.completer)
        #expect(texts < (high << 9))
        let read = try written(Self.completer).gazetteer._names
        let name = try #require((0..<read.count).first(where: read.folds.isFlagged))
        let loaded = try resealed(Self.completer) { l, d in Self.setCode(l, flagged + 1, high, &d) }
        #expect(loaded.gazetteer._names.foldTextNumber(name).map { $0 >= texts } == true)
        let units = loaded.gazetteer._names.units(name)
        if units.count == _NameFolds.headerCodes { #expect(loaded.gazetteer._names.string(name).isEmpty) }
        expectOnlyDamaged([name], in: loaded)
    }

    /// A name of one code flagged as coded over a fold, resealed: it is shorter than a
    /// header, so it decodes as empty; the names after it (which may copy from it) stay
    /// in bounds.
    @Test func aFlaggedNameTooShortForItsHeaderDecodesAsEmpty() throws {
        let short = try #require(try codes(Self.completer).short)
        let loaded = try resealed(Self.completer) { l, d in
            l.setByte("names.folds", at: short / 8, l.byte("names.folds", at: short / 8, d) | 1 << (short % 8), &d)
        }
        #expect(loaded.gazetteer._names.folds.isFlagged(short))
        #expect(loaded.gazetteer._names.string(short).isEmpty)
        expectOnlyDamaged([short], in: loaded)
    }

    /// The names' bit columns (the coded names' flags, the respellable marks) are
    /// checked alike at load.
    static let bitSections = ["names.folds", "names.respellable"]

    @Test(arguments: bitSections) func aBitBeyondTheNamesIsAnError(_ name: String) throws {
        try IndexLayout.expectResealedDamageIsAnError(Self.completer, "\(name): a bit beyond the names") { l, d in
            let last = l.section(name).count - 1
            l.setByte(name, at: last, 0xFF, &d)
        }
    }

    @Test(arguments: bitSections) func bitsOfTheWrongLengthAreAnError(_ name: String) throws {
        try IndexLayout.expectResealedDamageIsAnError(Self.completer, "\(name): a word too few") { l, d in
            guard let section = l.sections.firstIndex(where: { $0.name == name }) else { return }
            l.setTable(section, word: IndexLayout.offsetWord + 1, UInt64(l.section(name).count - 8), &d)
        }
    }
    /// The respellable marks damaged, resealed (every name marked, or none): the load
    /// cannot tell (the marks are not checked against the names, which would decode them
    /// all), and it costs only spellings: every name reads as it was and every query
    /// completes; with every name marked, a respelling decodes them all and finds what a
    /// scan finds; with none, a row keeps its spelling.
    @Test(arguments: [UInt8(0xFF), 0x00])
    func damagedRespellableMarksCostOnlySpellings(_ value: UInt8) throws {
        let count = Self.gazetteer._names.count
        let loaded = try resealed(Self.completer) { l, d in
            for at in 0..<l.section("names.respellable").count {
                let names = count - at * 8
                let bits = names >= 8 ? value : names > 0 ? value & UInt8((1 << names) - 1) : 0
                l.setByte("names.respellable", at: at, bits, &d)
            }
        }
        expectOnlyDamaged([], in: loaded)
        let marked = (0..<count).filter(loaded.gazetteer._names.folds.isRespellable)
        #expect(marked == (value == 0 ? [] : Array(0..<count)))
        for query in ["saint-é", "Saint-Ét", "alvā", "‘alv", "ålvan", "москва", "sã", "ÀÉ"] {
            let titles = loaded.completions(for: query).map(\.title)
            if value != 0 { #expect(titles == Self.completer.completions(for: query).map(\.title), "\(query)") }
        }
    }

    /// Every flagged name's edit codes damaged to the largest copy, skip and literal (an
    /// edit that reads past its name's codes and its fold's end), resealed: each decodes
    /// within its buffer.
    @Test func editsPastTheFoldAndTheCodesStayInBounds() throws {
        let read = try written(Self.completer).gazetteer._names
        let edited = (0..<read.count).filter { read.folds.isFlagged($0) && read.units($0).count > 2 }
        #expect(!edited.isEmpty)
        let loaded = try resealed(Self.completer) { l, d in
            for name in edited { Self.setCode(l, read.units(name).lowerBound + 2, 0xFFF, &d) }
        }
        expectOnlyDamaged(Set(edited), in: loaded)
    }

    /// Each byte of a flagged name's codes set to each of a few values (a header naming
    /// any text, any mode, edits of any copy, skip and literal), for a name that is its
    /// fold and one with edits, and a flag set on a name of symbols, resealed: the load
    /// reads no header, and every name decodes within its buffers.
    @Test func anyByteOfACodedNameDecodesInBounds() throws {
        let read = try written(Self.completer).gazetteer._names
        let flagged = (0..<read.count).filter(read.folds.isFlagged)
        let names = [flagged.first { read.units($0).count == 2 }, flagged.first { read.units($0).count > 3 }]
            .compactMap { $0 }
        #expect(names.count == 2)
        for name in names {
            let units = read.units(name)
            for at in (units.lowerBound * 3 / 2)..<((units.upperBound * 3 + 1) / 2) {
                for value: UInt8 in [0x00, 0x5A, 0xA5, 0xFF] {
                    let loaded = try resealed(Self.completer) { l, d in l.setByte("names.codes", at: at, value, &d) }
                    expectOnlyDamaged(Set([name - 1, name, name + 1].filter { (0..<read.count).contains($0) }),
                                      in: loaded)
                }
            }
        }
        let literal = try #require((0..<read.count).first { !read.folds.isFlagged($0) && read.units($0).count > 2 })
        let loaded = try resealed(Self.completer) { l, d in
            let flags = l.byte("names.folds", at: literal / 8, d)
            l.setByte("names.folds", at: literal / 8, flags | 1 << (literal % 8), &d)
        }
        #expect(loaded.gazetteer._names.folds.isFlagged(literal))
        expectOnlyDamaged([literal], in: loaded)
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
