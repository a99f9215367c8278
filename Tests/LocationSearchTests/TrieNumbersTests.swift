import Foundation
import Testing
@testable import LocationSearch

@Suite("Trie numbers", .holdsItsThread)
struct TrieNumbersTests {
    @Test("Every number comes back", arguments: [0, 1, 15, 16, 17, 1_000])
    func everyNumberComesBack(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        var numbers: [UInt32] = []
        var number: UInt32 = 0
        for i in 0..<count {
            // Rising by a few, with a far jump now and then and a fall to 0 (a new level).
            number = i == count / 2 ? 0 : number + UInt32.random(in: 0...(i % 97 == 5 ? 400 : 20), using: &generator)
            numbers.append(number)
        }
        let stored = _BlockedNumbers(numbers)
        #expect(stored.count == count)
        #expect(stored.isConsistent())
        #expect(numbers.indices.map { stored[$0] } == numbers)
        #expect(numbers.indices.map { stored.buffers[$0] } == numbers)
        #expect(stored.decoded() == numbers)
    }

    @Test func blocksSpanningMoreThanAByteAreWide() {
        let numbers: [UInt32] = Array(0..<16) + [0, 300] + Array(repeating: UInt32.max, count: 3) + [1 << 31, 1 << 31]
        let stored = _BlockedNumbers(numbers)
        #expect(stored.base[0] == 0 && stored.base[1] == _BlockedNumbers.wideFlag)
        #expect(stored.wide.count == 7, "the wide block holds its 7 numbers")
        #expect(numbers.indices.map { stored[$0] } == numbers)
        #expect(stored.isConsistent())
    }

    @Test func damagedBlocksAreNotConsistent() {
        let stored = _BlockedNumbers(Array(0..<20) + [5_000] + Array(0..<20))
        #expect(stored.isConsistent() && stored.wide.count == 16)
        func with(base: [UInt32]? = nil, delta: [UInt8]? = nil, wide: [UInt32]? = nil) -> _BlockedNumbers {
            _BlockedNumbers(base: base.map { _Column($0) } ?? stored.base,
                         delta: delta.map { _Column($0) } ?? stored.delta,
                         wide: wide.map { _Column($0) } ?? stored.wide)
        }
        #expect(!with(base: Array(stored.base.buffer.dropLast())).isConsistent(), "a block without a base")
        #expect(!with(base: Array(stored.base.buffer) + [0]).isConsistent(), "a base without a block")
        #expect(!with(wide: Array(stored.wide.buffer.dropLast())).isConsistent(), "a wide block cut short")
        #expect(!with(wide: Array(stored.wide.buffer) + [0]).isConsistent(), "wide numbers of no block")
        #expect(!with(base: [0, _BlockedNumbers.wideFlag | 1, 4]).isConsistent(), "a wide block not where the last ended")
        #expect(!with(base: [_BlockedNumbers.wideFlag, _BlockedNumbers.wideFlag | 16, 4]).isConsistent(),
                "a narrow block read as wide")
    }

    /// A seeded gazetteer whose tries have wide blocks of starts and of first children:
    /// two-word names over the whole alphabet, so that 16 nodes of the first levels hold
    /// more than 255 keys and have more than 255 children.
    static let completer: LocationCompleter = {
        var random = SeededGenerator(seed: 22)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        func word(_ count: Int) -> String { String((0..<count).map { _ in letters.randomElement(using: &random)! }) }
        let places = (0..<3_000).map { i in
            Place(id: "p\(i)", name: word(Int.random(in: 2...6, using: &random)) + " " + word(3), kind: .city,
                  countryCode: "IS", countryName: "Iceland", population: Int.random(in: 0...100_000, using: &random),
                  coordinate: GeoCoordinate(latitude: Double(i % 80), longitude: Double(i % 170)))
        }
        return LocationCompleter(gazetteer: try! Gazetteer(places: places))
    }()

    /// A larger file than the fixture's, whose tries have wide blocks, damaged there: every
    /// damage is an error when loading, never a trap or a wrong answer.
    @Test("Damage to wide blocks is an error", arguments: [
        ("a wide start beyond the keys", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("trie.whole.lower.wide", at: 4, UInt32.max, &d) }),
        ("a wide start before the one before", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("trie.words.lower.wide", at: 8, 0, &d) }),
        ("a wide block made narrow", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("trie.whole.lower.base", at: 0, 0, &d) }),
        ("a wide first child beyond the nodes", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("trie.whole.child.wide", at: 8, UInt32(Int32.max), &d) }),
    ] as [(String, @Sendable (IndexLayout, inout Data) -> Void)])
    func damageToWideBlocksIsAnError(_ name: String, _ damage: @Sendable (IndexLayout, inout Data) -> Void) throws {
        try IndexLayout.expectResealedDamageIsAnError(Self.completer, name, damage)
    }

    @Test func theLargerFileHasWideBlocks() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ls-trie-\(UUID()).lsindex")
        defer { try? FileManager.default.removeItem(at: file) }
        try Self.completer.writeIndex(to: file)
        let layout = IndexLayout(try Data(contentsOf: file))
        for list in ["whole", "words"] {
            for name in ["trie.\(list).lower.wide", "trie.\(list).child.wide"] {
                #expect(layout.section(name).count >= 4 * _BlockedNumbers.blockSize, "\(name)")
            }
        }
        let loaded = try LocationCompleter(indexFile: file)
        loaded.index._checkInvariants()
        for trie in [loaded.index.tries.whole, loaded.index.tries.words] {
            let starts = trie.lower.decoded()
            #expect(starts == (0..<trie.count).map { trie.lower[$0] })
            #expect(trie.upper.decoded(lower: starts) == (0..<trie.count).map { trie.upper[$0] })
        }
        #expect(IndexFileTests.answersAlike(loaded, Self.completer))
    }
}
