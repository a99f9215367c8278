import Testing
@testable import LocationSearch

@Suite("View positions (a run of rising numbers a view)", .holdsItsThread)
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

    /// Every position reads back, from every run, for gaps of every size (the reads
    /// themselves: `RisingNumbersTests`).
    @Test(arguments: [1, 2, 7, 300, 5_000, 70_000, 3_000_000])
    func everyPositionReadsBack(gap: Int) {
        let (positions, runStart) = Self.runs(gap: gap, seed: UInt64(gap))
        let stored = _ViewPositions(positions, runStart: runStart)
        #expect(stored.isConsistent() && stored.numbers.isConsistent())
        #expect(stored.count == positions.count && stored.runCount == runStart.count - 1)
        for r in 0..<stored.runCount {
            let run = Array(positions[Int(runStart[r])..<Int(runStart[r + 1])]), slice = stored.slice(run: r)
            #expect(Array(slice) == run)
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

    @Test func noPositions() {
        let stored = _ViewPositions([], runStart: [0, 0, 0])
        #expect(stored.isConsistent())
        #expect(stored.slice(run: 1).isEmpty && _RisingNumbers.Slice.empty.isEmpty)
        #expect(stored.numbers.blockCount == 0 && stored.numbers.bits.count == 2)
    }

    /// Runs a damaged file could hold, each refused: a run ending before it starts, runs
    /// not from 0, and runs that need more or fewer blocks than there are.
    @Test(arguments: [[0, 64, 10, 100], [1, 64, 100], [0, 65, 100], [0, 64, 129], [0, 64]] as [[UInt32]])
    func damagedRunsAreRefused(runStart: [UInt32]) {
        let stored = _ViewPositions(Array(0..<64) + Array(0..<36), runStart: [0, 64, 100])
        #expect(stored.isConsistent())
        #expect(!_ViewPositions(numbers: stored.numbers, runStart: _Column(runStart)).isConsistent())
    }
}
