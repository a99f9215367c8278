import Testing
@testable import LocationSearch

/// The build's sort of the keys: by text, then best score first, then by name; whole, and
/// in two ranges of first bytes on two cores.
@Suite("Sorted keys", .holdsItsThread)
struct SortedKeysTests {
    /// Random 0-terminated texts (sharing long starts, some longer than 8 bytes, some
    /// empty, some beyond ASCII) and an entry for each, the last text ending at the end of
    /// the buffer, so that its first 8 bytes are read a byte at a time.
    static func fixture(seed: UInt64, count: Int) -> (folded: [UInt8], entries: [_SortedKeys.Entry]) {
        var random = SeededGenerator(seed: seed)
        let pieces: [[UInt8]] = ["a", "b", " ", "san ", "santa ", "é", "東", "abcdefgh"].map { Array($0.utf8) }
        var folded: [UInt8] = [], entries: [_SortedKeys.Entry] = []
        for name in 0..<count {
            let start = folded.count
            for _ in 0..<Int.random(in: 0...5, using: &random) { folded += pieces.randomElement(using: &random)! }
            folded.append(0)
            let score = Float(Int.random(in: 0...3, using: &random))
            entries.append(.init(key: UInt32(start), name: UInt32(name), score: score))
        }
        return (folded, entries)
    }

    /// The order the sort must give, by comparisons.
    static func reference(_ entries: [_SortedKeys.Entry], _ folded: [UInt8]) -> [_SortedKeys.Entry] {
        func text(_ e: _SortedKeys.Entry) -> ArraySlice<UInt8> {
            let start = Int(e.key)
            return folded[start..<folded[start...].firstIndex(of: 0)!]
        }
        return entries.sorted { a, b in
            let (x, y) = (text(a), text(b))
            if x != y { return x.lexicographicallyPrecedes(y) }
            if a.score != b.score { return a.score > b.score }
            return a.name < b.name
        }
    }

    static func names(_ entries: [_SortedKeys.Entry]) -> [UInt32] { entries.map(\.name) }

    @Test("Sorted by text, score and name", arguments: [0, 1, 2, 31, 33, 1_000, 20_000])
    func sortedByTextScoreAndName(count: Int) {
        let (folded, entries) = Self.fixture(seed: UInt64(count) + 1, count: count)
        let expected = Self.reference(entries, folded)
        #expect(Self.names(_SortedKeys.sorted(entries, folded: folded)) == Self.names(expected))
    }

    /// Two ranges of first bytes sort apart into one list, at every split, as one sort
    /// does; `sortSplit` counts the keys below the byte it returns.
    @Test func twoRangesOfFirstBytesSortAsOne() {
        let (folded, entries) = Self.fixture(seed: 9, count: 3_000)
        let expected = Self.names(Self.reference(entries, folded))
        let counts = _SortedKeys.firstByteCounts(of: entries, folded: folded)
        #expect(counts.reduce(0, +) == entries.count)
        for split in [0, 0x20, 0x61, 0x62, 0x73, 0xC3, 0xE6, 256] {
            let first = counts[..<split].reduce(0, +)
            // (One scratch for both, as the build's other core uses one for its sorts.)
            let scratch = _SortedKeys.SortScratch(count: entries.count)
            let sorted = [_SortedKeys.Entry](unsafeUninitializedCapacity: entries.count) { buffer, done in
                let a = _SortedKeys.sort(entries, folded: folded, firstBytes: 0..<split, count: first,
                                         into: UnsafeMutableBufferPointer(rebasing: buffer[..<first]),
                                         scratch: scratch)
                let b = _SortedKeys.sort(entries, folded: folded, firstBytes: split..<256,
                                         count: entries.count - first,
                                         into: UnsafeMutableBufferPointer(rebasing: buffer[first..<entries.count]),
                                         scratch: scratch)
                done = a + b
            }
            #expect(Self.names(sorted) == expected, "split at \(split)")
        }
        for words in [0, 1_000, 100_000] {
            let (byte, count) = _PrefixIndex.sortSplit(counts, words: words)
            #expect(count == counts[..<byte].reduce(0, +) && count <= (entries.count + words * 5 / 4) / 2)
        }
    }
}
