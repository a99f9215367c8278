import Testing
@testable import LocationSearch

@Suite("Name places")
struct NamePlacesTests {
    @Test("Every name's place comes back", arguments: [0, 1, 63, 64, 65, 1_000])
    func everyPlaceComesBack(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        var places: [UInt32] = []
        var place: UInt32 = 0
        for _ in 0..<count {
            places.append(place)
            place += UInt32.random(in: 0...3, using: &generator)  // rising, as the build appends them
        }
        let stored = _NamePlaces(places)
        #expect(stored.shift == 6)
        #expect(stored.count == count)
        #expect(places.indices.map { stored[$0] } == places)
        #expect(places.indices.map { stored.buffers[$0] } == places)
        #expect(stored.isConsistent(places: Int(place) + 1))
    }

    @Test func aBlockSpanningManyPlacesFallsBackToBlocksOfOneName() {
        let places: [UInt32] = [0, 1, 2, 300, 301, 70_000, 5]
        let stored = _NamePlaces(places)
        #expect(stored.shift == 0)
        #expect(places.indices.map { stored[$0] } == places)
        #expect(stored.isConsistent(places: 70_001))
        #expect(!stored.isConsistent(places: 70_000), "a place out of range")
    }

    @Test func damagedColumnsAreNotConsistent() {
        let stored = _NamePlaces([0, 0, 1, 2, 2, 3])
        #expect(stored.isConsistent(places: 4))
        let wrongShift = _NamePlaces(base: stored.base, delta: stored.delta, shift: 5)
        #expect(!wrongShift.isConsistent(places: 4))
        let shortBase = _NamePlaces(base: _Column([]), delta: stored.delta, shift: 6)
        #expect(!shortBase.isConsistent(places: 4))
        let bigDelta = _NamePlaces(base: stored.base, delta: _Column([0, 0, 1, 2, 255, 3]), shift: 6)
        #expect(!bigDelta.isConsistent(places: 4))
    }
}
