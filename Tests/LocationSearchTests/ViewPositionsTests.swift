import Testing
@testable import LocationSearch

@Suite("View positions (base per block, 16 bits a position)", .holdsItsThread)
struct ViewPositionsTests {
    /// Rising runs with gaps of every size, one after another as groups are: every
    /// position reads back, from the whole and from any slice.
    @Test(arguments: [1, 7, 300, 5_000, 70_000, 3_000_000])
    func everyPositionReadsBack(gap: Int) {
        var generator = SeededGenerator(seed: UInt64(gap))
        var positions: [UInt32] = []
        for _ in 0..<5 {
            var at = UInt32.random(in: 0..<1_000, using: &generator)
            for _ in 0..<Int.random(in: 0..<400, using: &generator) {
                positions.append(at)
                at += UInt32.random(in: 1...UInt32(gap), using: &generator)
            }
        }
        let stored = _ViewPositions(positions)
        #expect(stored.isConsistent())
        #expect(Array(stored.slice(0..<positions.count)) == positions)
        for _ in 0..<20 {
            let start = Int.random(in: 0...positions.count, using: &generator)
            let end = Int.random(in: start...positions.count, using: &generator)
            #expect(Array(stored.slice(start..<end)) == Array(positions[start..<end]))
        }
    }

    /// A rising slice's first index at or above a value, from anywhere, is a linear
    /// search's, in slices that start and end anywhere in a block.
    @Test(arguments: [3, 900, 40_000])
    func firstIndexIsALinearSearchs(gap: Int) {
        var generator = SeededGenerator(seed: 7 &* UInt64(gap))
        var positions: [UInt32] = []
        var at: UInt32 = 0
        for _ in 0..<1_000 {
            positions.append(at)
            at += UInt32.random(in: 0...UInt32(gap), using: &generator)
        }
        let stored = _ViewPositions(positions)
        for _ in 0..<300 {
            let start = Int.random(in: 0...positions.count, using: &generator)
            let end = Int.random(in: start...positions.count, using: &generator)
            let slice = stored.slice(start..<end)
            let from = Int.random(in: 0...slice.count, using: &generator)
            let value = UInt32.random(in: 0...(at + 10), using: &generator)
            let expected = (from..<slice.count).first { positions[start + $0] >= value } ?? slice.count
            #expect(slice.firstIndex(notBelow: value, from: from) == expected)
        }
    }

    @Test func positionsAtTheTopOfTheRangeAreKeptWhole() {
        let positions: [UInt32] = [0, 1, UInt32.max - 2, UInt32.max - 1] + (0..<70).map { (1 << 31) + UInt32($0) }
        let stored = _ViewPositions(positions)
        #expect(stored.isConsistent())
        #expect(Array(stored.slice(0..<positions.count)) == positions)
        #expect(stored.wide.count == positions.count)
    }

    @Test func noPositions() {
        let stored = _ViewPositions([])
        #expect(stored.isConsistent())
        #expect(stored.slice(0..<0).isEmpty && _ViewPositions.Slice.empty.isEmpty)
    }

    /// The 16-bit form where a block spans fewer than 65,536 keys; whole numbers where it
    /// spans more.
    @Test func aBlockIsWideOnlyWhenItSpansTooMuch() {
        let narrow = _ViewPositions((0..<64).map { UInt32($0) * 1_000 })
        #expect(narrow.wide.isEmpty)
        let wide = _ViewPositions((0..<64).map { UInt32($0) * 2_000 })
        #expect(wide.wide.count == 64)
    }
}
