import Testing
@testable import LocationSearch

@Suite("Prefix filter")
struct PrefixFilterTests {
    /// Sorted 0-terminated keys in one text, as a key list holds them.
    struct Keys {
        var text: [UInt8] = []
        var offsets: [UInt32] = []

        init(_ keys: [[UInt8]]) {
            for key in keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                offsets.append(UInt32(text.count))
                text += key + [0]
            }
        }

        func filter() -> _PrefixFilter {
            offsets.withUnsafeBufferPointer { keys in text.withUnsafeBufferPointer { _PrefixFilter(keys: keys, text: $0) } }
        }
    }

    static func randomKey(_ generator: inout SeededGenerator, length: ClosedRange<Int> = 1...14) -> [UInt8] {
        (0..<Int.random(in: length, using: &generator)).map { _ in UInt8.random(in: 0x61...0x7A, using: &generator) }
    }

    @Test func holdsEveryPrefixOfEveryKey() {
        var generator = SeededGenerator(seed: 11)
        let keys = (0..<2_000).map { _ in Self.randomKey(&generator) } + [Array("san francisco".utf8), Array("東京".utf8)]
        let list = Keys(keys)
        let filter = list.filter()
        #expect(filter.isConsistent && !filter.words.isEmpty)
        for key in keys {
            for length in 1...key.count {
                // Past `maxLength` bytes, a string is tested by its first `maxLength`.
                #expect(filter.mayContain(_PrefixFilter.hash(key[..<length])), "\(key) up to \(length)")
            }
        }
        list.offsets.withUnsafeBufferPointer { keys in list.text.withUnsafeBufferPointer { filter._checkInvariants(keys: keys, text: $0) } }
    }

    @Test func rulesOutMostStringsThatStartNoKey() {
        var generator = SeededGenerator(seed: 12)
        let keys = (0..<5_000).map { _ in Self.randomKey(&generator, length: 6...12) }
        let filter = Keys(keys).filter()
        let prefixes = Set(keys.flatMap { key in (1...min(key.count, _PrefixFilter.maxLength)).map { Array(key[..<$0]) } })
        var absent = 0, passed = 0
        while absent < 20_000 {
            let string = Self.randomKey(&generator, length: 5...8)
            guard !prefixes.contains(string) else { continue }
            absent += 1
            if filter.mayContain(_PrefixFilter.hash(string)) { passed += 1 }
        }
        // About 1.5% at 10 bits a prefix; the bound leaves room for the block sizes' rounding.
        #expect(Double(passed) / Double(absent) < 0.04, "\(passed) of \(absent) absent strings passed")
    }

    @Test func anExtensionIsItsBytesAppendedOneByOne() {
        var generator = SeededGenerator(seed: 13)
        for _ in 0..<100 {
            let start = Self.randomKey(&generator), rest = Self.randomKey(&generator)
            var appended = _PrefixFilter.Extension()
            for byte in rest { appended.append(byte) }
            let hash = start.reduce(_PrefixFilter.emptyHash, _PrefixFilter.extend)
            #expect(appended.applied(to: hash) == (start + rest).reduce(_PrefixFilter.emptyHash, _PrefixFilter.extend))
        }
        #expect(_PrefixFilter.Extension().applied(to: 12_345) == 12_345)
    }

    @Test func anEmptyFilterRulesOutNothing() {
        let filter = Keys([]).filter()
        #expect(filter.words.isEmpty && filter.isConsistent)
        #expect(filter.mayContain(_PrefixFilter.hash(Array("paris".utf8))))
    }

    @Test(arguments: [(8, true), (16, true), (32, true), (0, true), (12, false), (24, false), (40, false)])
    func onlyWholeBlocksOfAPowerOfTwoAreConsistent(words: Int, consistent: Bool) {
        #expect(_PrefixFilter(words: _Column([UInt32](repeating: 0, count: words))).isConsistent == consistent)
    }
}
