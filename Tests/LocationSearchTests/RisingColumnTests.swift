import Testing
@testable import LocationSearch

@Suite("Rising columns", .holdsItsThread)
struct RisingColumnTests {
    @Test("Every number comes back", arguments: [0, 1, 63, 64, 65, 1_000])
    func everyPlaceComesBack(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        var places: [UInt32] = []
        var place: UInt32 = 0
        for _ in 0..<count {
            places.append(place)
            place += UInt32.random(in: 0...3, using: &generator)  // rising, as the build appends them
        }
        let stored = _RisingColumn(places)
        #expect(stored.shift == 6)
        #expect(stored.count == count)
        #expect(places.indices.map { stored[$0] } == places)
        #expect(places.indices.map { stored.buffers[$0] } == places)
        #expect(stored.isConsistent(below: Int(place) + 1))
    }

    @Test func aBlockSpanningMoreThanAByteFallsBackToBlocksOfOne() {
        let places: [UInt32] = [0, 1, 2, 300, 301, 70_000, 5]
        let stored = _RisingColumn(places)
        #expect(stored.shift == 0)
        #expect(places.indices.map { stored[$0] } == places)
        #expect(stored.isConsistent(below: 70_001))
        #expect(!stored.isConsistent(below: 70_000), "a place out of range")
    }

    @Test func damagedColumnsAreNotConsistent() {
        let stored = _RisingColumn([0, 0, 1, 2, 2, 3])
        #expect(stored.isConsistent(below: 4))
        let wrongShift = _RisingColumn(base: stored.base, delta: stored.delta, shift: 5)
        #expect(!wrongShift.isConsistent(below: 4))
        let shortBase = _RisingColumn(base: _Column([]), delta: stored.delta, shift: 6)
        #expect(!shortBase.isConsistent(below: 4))
        let bigDelta = _RisingColumn(base: stored.base, delta: _Column([0, 0, 1, 2, 255, 3]), shift: 6)
        #expect(!bigDelta.isConsistent(below: 4))
    }
}
