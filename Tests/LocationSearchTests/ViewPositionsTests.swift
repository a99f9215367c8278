import Testing
@testable import LocationSearch

@Suite("View positions (Elias–Fano blocks of 64 in rising runs)", .holdsItsThread)
struct ViewPositionsTests {
    /// Rising runs of random lengths (some empty) with random gaps up to `gap`, one after
    /// another as the views' groups are.
    static func runs(gap: Int, seed: UInt64) -> (positions: [UInt32], runStart: [UInt32]) {
        var generator = SeededGenerator(seed: seed)
        var positions: [UInt32] = [], runStart: [UInt32] = [0]
        for _ in 0..<6 {
            var at = UInt32.random(in: 0..<1_000, using: &generator)
            for _ in 0..<Int.random(in: 0..<400, using: &generator) {
                positions.append(at)
                at += UInt32.random(in: 1...UInt32(gap), using: &generator)
            }
            runStart.append(UInt32(positions.count))
        }
        return (positions, runStart)
    }

    /// Every position reads back, from every run, for gaps of every size.
    @Test(arguments: [1, 2, 7, 300, 5_000, 70_000, 3_000_000])
    func everyPositionReadsBack(gap: Int) {
        let (positions, runStart) = Self.runs(gap: gap, seed: UInt64(gap))
        let stored = _ViewPositions(positions, runStart: runStart)
        #expect(stored.isConsistent())
        #expect(stored.count == positions.count && stored.runCount == runStart.count - 1)
        for r in 0..<stored.runCount {
            let run = Array(positions[Int(runStart[r])..<Int(runStart[r + 1])]), slice = stored.slice(run: r)
            #expect(Array(slice) == run)
            // In one pass from anywhere to anywhere in a block; past the end, the last again.
            for start in stride(from: 0, to: run.count, by: 7) {
                let n = min(11, 64 - start % 64)
                var read: [UInt32] = []
                slice.forEach(from: start, count: n) { k, position in
                    #expect(k == read.count)
                    read.append(position)
                }
                #expect(read == (start..<start + n).map { run[min($0, run.count - 1)] })
            }
        }
    }

    /// A run's first index at or above a value, from anywhere in it, is a linear search's.
    @Test(arguments: [1, 3, 900, 40_000])
    func firstIndexIsALinearSearchs(gap: Int) {
        var generator = SeededGenerator(seed: 7 &* UInt64(gap))
        let (positions, runStart) = Self.runs(gap: gap, seed: 11 &* UInt64(gap))
        let stored = _ViewPositions(positions, runStart: runStart)
        for _ in 0..<400 {
            let r = Int.random(in: 0..<stored.runCount, using: &generator)
            let run = Array(positions[Int(runStart[r])..<Int(runStart[r + 1])])
            let slice = stored.slice(run: r)
            let from = Int.random(in: 0...slice.count, using: &generator)
            let value = UInt32.random(in: 0...((run.last ?? 0) + 10), using: &generator)
            let expected = (from..<run.count).first { run[$0] >= value } ?? run.count
            #expect(slice.firstIndex(notBelow: value, from: from) == expected)
        }
    }

    /// The extremes: a block of consecutive keys (no low bits), positions at the top of
    /// the 32-bit range and a block spanning all of it (32 low bits), a run of one.
    @Test func extremes() {
        let runs: [[UInt32]] = [Array(0..<64), [0, 1, UInt32.max - 2, UInt32.max - 1], [5],
                                (0..<70).map { (1 << 31) + UInt32($0) * 7 }, [0, UInt32.max]]
        var runStart: [UInt32] = [0]
        for run in runs { runStart.append(runStart[runStart.count - 1] + UInt32(run.count)) }
        let stored = _ViewPositions(runs.flatMap { $0 }, runStart: runStart)
        #expect(stored.isConsistent())
        for (r, run) in runs.enumerated() { #expect(Array(stored.slice(run: r)) == run) }
        // The first block: two high words and no low words.
        #expect(stored.at[1] - stored.at[0] == 2)
    }

    @Test func noPositions() {
        let stored = _ViewPositions([], runStart: [0, 0, 0])
        #expect(stored.isConsistent())
        #expect(stored.slice(run: 1).isEmpty && _ViewPositions.Slice.empty.isEmpty)
        #expect(stored.first.isEmpty && stored.bits.count == 2)
    }

    /// A block takes the fewest low bits that leave each position's high part (above its
    /// block's first) below 64: none for 64 keys in a row, four for a step of 16.
    @Test func aBlockTakesTheLowBitsItsSpanNeeds() {
        for (step, low) in [(1, 0), (16, 4), (17, 5), (1_000, 10)] as [(UInt32, UInt32)] {
            let stored = _ViewPositions((0..<64).map { $0 * step }, runStart: [0, 64])
            #expect(stored.at[1] - stored.at[0] == 2 + low)
        }
    }

    /// The broadword select finds every set bit of random words.
    @Test func selectFindsEverySetBit() {
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<300 {
            let word = UInt64.random(in: .min ... .max, using: &generator)
                & UInt64.random(in: .min ... .max, using: &generator)
            let prefix = _ViewPositions.bytePrefix(word)
            #expect(Int(prefix >> 56) == word.nonzeroBitCount)
            let set = (0..<64).filter { word >> $0 & 1 == 1 }
            for (k, bit) in set.enumerated() { #expect(_ViewPositions.select(word, prefix, k) == bit) }
        }
    }
}
