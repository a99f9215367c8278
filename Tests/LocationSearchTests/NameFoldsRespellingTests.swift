import Foundation
import Testing
@testable import LocationSearch

/// The names a respelling may choose (`_NameFolds.respellable`): which are marked, and a
/// respelling that reads only those finds what a scan of all of a place's names finds.
@Suite("Names coded over their folds: respellable names", .holdsItsThread)
struct NameFoldsRespellingTests: NameFoldsFixture {
    /// The names a respelling can choose are marked (`_NameFolds.respellable`): exactly
    /// those with bytes beyond ASCII that fold like another name of their place (the
    /// first of them too: "Saint-Étienne" before "Saint Etienne"), in the built completer
    /// and in its file.
    @Test(arguments: [0, 1])
    func theRespellableNamesAreMarked(_ which: Int) throws {
        let (gazetteer, completer) = which == 0
            ? (Self.gazetteer, Self.completer) : (Fixtures.gazetteer, Fixtures.completer)
        let source = gazetteer._names
        var expected: [Int] = []
        for place in 0..<gazetteer._places.count {
            let record = gazetteer._places[place]
            let names = Int(record.firstName)..<Int(record.firstName + record.nameCount)
            let folds = names.map { n in
                source.withBytes(n) { bytes -> [UInt8] in
                    var key: [UInt8] = []
                    _Folding.fold(utf8: bytes, into: &key)
                    return key
                }
            }
            for (i, n) in names.enumerated() where !folds[i].isEmpty
                && source.withBytes(n, { $0.contains { $0 >= 0x80 } })
                && folds.indices.contains(where: { $0 != i && folds[$0] == folds[i] }) {
                expected.append(n)
            }
        }
        if which == 0 {
            #expect(expected.count >= 3)
            #expect(expected.contains(0))  // "Saint-Étienne", before "Saint Etienne"
        }
        for read in [completer.gazetteer._names, try written(completer).gazetteer._names] {
            #expect((0..<read.count).filter(read.folds.isRespellable) == expected)
            var scanned: [Int] = []
            read.folds.forEachRespellable(in: 0..<read.count) { n in
                scanned.append(n)
                return true
            }
            #expect(scanned == expected)
            let bounds = [(0, 0), (1, 2), (0, 63), (1, 65), (63, 64), (64, read.count), (3, read.count - 1)]
            for range in bounds.map({ min($0, read.count)..<min(max($0, $1), read.count) }) {
                var within: [Int] = []
                read.folds.forEachRespellable(in: range) { n in
                    within.append(n)
                    return true
                }
                #expect(within == expected.filter(range.contains), "\(range)")
            }
        }
    }

    /// A respelling that decodes only the marked names finds what a scan of all the
    /// place's names finds: every indexed name as a row's, typed as each of its place's
    /// names beyond ASCII (whole, and its first two and four characters), in the built
    /// completer and in its file.
    @Test func aRespellingOfTheMarkedNamesFindsWhatAScanOfAllFinds() throws {
        for completer in [Self.completer, try written(Self.completer)] {
            let source = completer.source, names = completer.gazetteer._names, index = completer.index
            var respelt = 0
            for name in 0..<index.nameDisplay.count {
                let place = index.namePlace[name], display = index.nameDisplay[name]
                let record = completer.gazetteer._places[Int(place)]
                let row = _CompletionRow(place: place, display: display, name: UInt32(name), keyOffset: 0,
                                         matchedLength: 0, qualifier: [])
                for n in record.firstName..<(record.firstName + record.nameCount) {
                    let lower = names.string(Int(n)).lowercased()
                    for typed in Set([lower, String(lower.prefix(2)), String(lower.prefix(4))])
                    where typed.utf8.contains(where: { $0 >= 0x80 }) {
                        let marked = source.respelled(row, typed: _TypedSpelling(typed))
                        let all = source.respelled(row, typed: _TypedSpelling(typed), scanningAll: true)
                        #expect(marked.display == all.display, "\(names.string(Int(display))) typed \(typed)")
                        if marked.display != display { respelt += 1 }
                    }
                }
            }
            #expect(respelt >= 4)
        }
    }
}
