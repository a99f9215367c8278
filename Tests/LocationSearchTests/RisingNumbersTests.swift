import Foundation
import Testing
@testable import LocationSearch

@Suite("Rising numbers (Elias–Fano blocks of 64)", .holdsItsThread)
struct RisingNumbersTests {
    /// A run of `count` numbers from `start` with steps drawn from `steps`.
    static func run(count: Int, from start: UInt32, steps: ClosedRange<UInt32>, seed: UInt64) -> [UInt32] {
        var generator = SeededGenerator(seed: seed)
        var numbers: [UInt32] = [], at = start
        for _ in 0..<count {
            numbers.append(at)
            at &+= UInt32.random(in: steps, using: &generator)
        }
        return numbers
    }

    /// The runs a table row names, as a plain array of arrays.
    static let cases: [(String, [[UInt32]])] = [
        ("no numbers", [[]]),
        ("one number", [[42]]),
        ("63 numbers", [run(count: 63, from: 5, steps: 0...9, seed: 1)]),
        ("64 numbers", [run(count: 64, from: 5, steps: 0...9, seed: 2)]),
        ("65 numbers", [run(count: 65, from: 5, steps: 0...9, seed: 3)]),
        ("equal numbers", [Array(repeating: 7, count: 130), [0, 0, 0, 1, 1, 1]]),
        ("consecutive numbers", [(0..<200).map { UInt32($0) }]),
        ("steps up to the 32-bit range", [[0, UInt32.max], [0, 1, UInt32.max - 2, UInt32.max - 1, UInt32.max],
                                          run(count: 100, from: 0, steps: 0...(UInt32.max / 100), seed: 4)]),
        ("a block spanning all of the range after equal numbers", [Array(repeating: 0, count: 63) + [UInt32.max]]),
        ("many runs, some empty", (0..<40).map { r in
            run(count: r % 7 == 0 ? 0 : r * 13, from: UInt32(r * 1_000), steps: 1...UInt32(1 << (r % 20)), seed: UInt64(r))
        }),
    ]

    /// The runs stored together, as an owner stores them.
    static func stored(_ runs: [[UInt32]]) -> (numbers: _RisingNumbers, slices: [_RisingNumbers.Slice]) {
        var runStart: [UInt32] = [0]
        for run in runs { runStart.append(runStart[runStart.count - 1] + UInt32(run.count)) }
        let numbers = _RisingNumbers(runs.flatMap { $0 }, runStart: runStart)
        var block = 0, slices: [_RisingNumbers.Slice] = []
        for run in runs {
            slices.append(numbers.slice(block: block, count: run.count))
            block += _RisingNumbers.blocks(count: run.count)
        }
        #expect(block == numbers.blockCount)
        return (numbers, slices)
    }

    /// Every number reads back, by index and in one pass through a block; past a run's
    /// end, a pass reads its last number again.
    @Test(arguments: cases)
    func everyNumberReadsBack(_ name: String, _ runs: [[UInt32]]) {
        let (numbers, slices) = Self.stored(runs)
        defer { withExtendedLifetime(numbers) {} }  // the slices read its memory
        #expect(numbers.isConsistent())
        for (run, slice) in zip(runs, slices) {
            #expect(Array(slice) == run)
            for start in stride(from: 0, to: run.count, by: 5) {
                let n = min(11, 64 - start % 64)
                var read: [UInt32] = []
                slice.forEach(from: start, count: n) { k, number in
                    #expect(k == read.count)
                    read.append(number)
                }
                #expect(read == (start..<start + n).map { run[min($0, run.count - 1)] })
            }
        }
    }

    /// A run's first index at or above a value, from anywhere in it, is a linear search's:
    /// every value in the run, each one less and one more, and the extremes.
    @Test(arguments: cases)
    func firstIndexIsALinearSearchs(_ name: String, _ runs: [[UInt32]]) {
        let (numbers, slices) = Self.stored(runs)
        defer { withExtendedLifetime(numbers) {} }  // the slices read its memory
        for (run, slice) in zip(runs, slices) {
            let values = Set(run.flatMap { [$0 &- 1, $0, $0 &+ 1] } + [0, UInt32.max])
            for from in Set([0, 1, 63, 64, 65, run.count / 2, run.count]) where from <= run.count {
                for value in values {
                    let expected = (from..<run.count).first { run[$0] >= value } ?? run.count
                    #expect(slice.firstIndex(notBelow: value, from: from) == expected)
                }
            }
        }
    }

    /// A block takes the fewest low bits that leave each number's high part (above its
    /// block's first) below 64: none for 64 numbers in a row, four for a step of 16, 26
    /// for a block spanning the 32-bit range.
    @Test(arguments: [(1, 0), (16, 4), (17, 5), (1_000, 10), (UInt32.max / 63, 26)] as [(UInt32, Int)])
    func aBlockTakesTheLowBitsItsSpanNeeds(step: UInt32, low: Int) {
        let numbers = _RisingNumbers((0..<64).map { $0 * step })
        #expect(numbers.isConsistent() && Int(numbers.at[1] - numbers.at[0]) == 2 + low)
        #expect(numbers.bits.count == 2 + low + 2 && numbers.byteCount == 4 + 8 + 8 * (4 + low))
    }

    /// The example of the type's documentation.
    @Test func theDocumentedExample() {
        let numbers = _RisingNumbers([3, 5, 5, 9, 200])
        let slice = numbers.slice(block: 0, count: 5)
        #expect(slice[3] == 9 && slice.firstIndex(notBelow: 6, from: 0) == 3)
        #expect(numbers.first[0] == 3 && numbers.at[1] == 4)
        #expect(numbers.bits[0] == 0b1_0111 | UInt64.max << 53 && numbers.bits[1] == (1 << 49) - 1)
        #expect(numbers.bits[2] & 0x3FF == 0b01_10_10_10_00)
    }

    /// The broadword select finds every set bit of random words.
    @Test func selectFindsEverySetBit() {
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<300 {
            let word = UInt64.random(in: .min ... .max, using: &generator)
                & UInt64.random(in: .min ... .max, using: &generator)
            let prefix = _RisingNumbers.bytePrefix(word)
            #expect(Int(prefix >> 56) == word.nonzeroBitCount)
            let set = (0..<64).filter { word >> $0 & 1 == 1 }
            for (k, bit) in set.enumerated() { #expect(_RisingNumbers.select(word, prefix, k) == bit) }
        }
    }

    /// A change to the columns `first`, `at` and `bits`.
    typealias Damage = @Sendable (inout [UInt32], inout [UInt32], inout [UInt64]) -> Void

    /// Columns a damaged file could hold, each refused: so that no read of them leaves
    /// the columns.
    @Test(arguments: [
        ("a block's words not from the start", { @Sendable f, a, b in a[0] = 1 }),
        ("a block's words beyond the bits", { @Sendable f, a, b in a[1] = .max }),
        ("a block with 27 low bits a number", { @Sendable f, a, b in
            b += repeatElement(0, count: 27 - Int(a[1] - 2))
            a[1] = 2 + 27 }),
        ("a block shorter than its high words", { @Sendable f, a, b in a[1] = a[0] + 1 }),
        ("the padding cut", { @Sendable f, a, b in b.removeLast() }),
        ("more padding", { @Sendable f, a, b in b.append(0) }),
        ("a high bit cleared", { @Sendable f, a, b in b[0] &= b[0] - 1 }),
        ("a high bit more", { @Sendable f, a, b in b[1] |= 1 << 63 }),
        ("a block without its start", { @Sendable f, a, b in a.removeLast() }),
        ("a first number more", { @Sendable f, a, b in f.append(0) }),
    ] as [(String, Damage)])
    func damagedColumnsAreRefused(_ name: String, _ damage: Damage) {
        let good = _RisingNumbers((0..<64).map { $0 * 37 })  // one block of 6 low bits
        var first = Array(good.first), at = Array(good.at), bits = Array(good.bits)
        #expect(_RisingNumbers(first: _Column(first), at: _Column(at), bits: _Column(bits)).isConsistent())
        damage(&first, &at, &bits)
        #expect(!_RisingNumbers(first: _Column(first), at: _Column(at), bits: _Column(bits)).isConsistent())
    }

    /// The numbers go through an index file as three sections and come back the same; a
    /// file whose blocks do not fit together is an error.
    @Test func throughAFile() throws {
        let numbers = _RisingNumbers(Self.run(count: 300, from: 9, steps: 0...5_000, seed: 5))
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("rising-\(UInt64.random(in: 0 ... .max)).lsindex")
        defer { try? FileManager.default.removeItem(at: file) }
        for damaged in [false, true] {
            var writer = _IndexFile.Writer(recordLayout: 0)
            // Damaged: every block after the first starts a word later.
            let at = _Column([0] + numbers.at.dropFirst().map { $0 + 1 })
            let stored = damaged ? _RisingNumbers(first: numbers.first, at: at, bits: numbers.bits) : numbers
            stored.write(to: &writer, prefix: "test.numbers")
            _ = try writer.write(to: file, replacingAnyFile: true)
            let reader = try #require(try _IndexFile.Reader(file))
            #expect(reader.sections.map(\.name) == ["test.numbers.first", "test.numbers.at", "test.numbers.bits"])
            if damaged {
                #expect(throws: GazetteerError.self) { try _RisingNumbers(reading: reader, prefix: "test.numbers") }
            } else {
                let read = try _RisingNumbers(reading: reader, prefix: "test.numbers")
                #expect(Array(read.first) == Array(numbers.first) && Array(read.at) == Array(numbers.at)
                        && Array(read.bits) == Array(numbers.bits))
                try reader.finish()
            }
        }
    }
}
