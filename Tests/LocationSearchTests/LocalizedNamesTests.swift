import Testing
@testable import LocationSearch

@Suite("Localized names", .holdsItsThread)
struct LocalizedNamesTests {
    /// Three places' names: place 2 in two languages after its qualifier end, place 5 in
    /// one, place 9 only a qualifier end.
    static let names = [
        _LocalizedName(place: 2, language: _LocalizedName.qualifierEnd, name: 14),
        _LocalizedName(place: 2, language: 3, name: 12),
        _LocalizedName(place: 2, language: 7, name: 15),
        _LocalizedName(place: 5, language: 3, name: 30),
        _LocalizedName(place: 9, language: _LocalizedName.qualifierEnd, name: 41),
    ]

    @Test func entriesAreGroupedByPlace() {
        let localized = _LocalizedNames(Self.names)
        #expect(Array(localized.places.buffer) == [2, 5, 9] && Array(localized.starts.buffer) == [0, 3, 4, 5])
        #expect(localized.name(of: 2, language: 3) == 12 && localized.name(of: 2, language: 7) == 15)
        #expect(localized.name(of: 5, language: 3) == 30 && localized.name(of: 5, language: 7) == nil)
        #expect(localized.name(of: 3, language: 3) == nil && localized.name(of: 10, language: 3) == nil)
        #expect(localized.qualifierEnd(of: 2) == 14 && localized.qualifierEnd(of: 9) == 41)
        #expect(localized.qualifierEnd(of: 5) == nil && localized.qualifierEnd(of: 0) == nil)
        #expect(localized.isConsistent(places: 10, names: 42, labels: 8))
        #expect(_LocalizedNames.empty.isConsistent(places: 0, names: 0, labels: 0))
        #expect(_LocalizedNames.empty.name(of: 0, language: 0) == nil)
    }

    @Test func damagedEntriesAreNotConsistent() {
        let localized = _LocalizedNames(Self.names)
        let places = Array(localized.places.buffer), starts = Array(localized.starts.buffer)
        let entries = Array(localized.entries.buffer)
        func consistent(places: [UInt32] = places, starts: [UInt32] = starts,
                        entries: [_LocalizedNames.Entry] = entries) -> Bool {
            _LocalizedNames(places: _Column(places), starts: _Column(starts), entries: _Column(entries))
                .isConsistent(places: 10, names: 42, labels: 8)
        }
        #expect(consistent())
        #expect(!localized.isConsistent(places: 9, names: 42, labels: 8), "a place past the places")
        #expect(!localized.isConsistent(places: 10, names: 41, labels: 8), "a name past the names")
        #expect(!localized.isConsistent(places: 10, names: 42, labels: 7), "a language past the labels")
        #expect(!consistent(places: [2, 9, 5]), "places not rising")
        #expect(!consistent(places: [2, 5]), "a start more than the places")
        #expect(!consistent(starts: [0, 3, 3, 5]), "a place with no entries")
        #expect(!consistent(starts: [1, 3, 4, 5]), "a first start past 0")
        #expect(!consistent(starts: [0, 3, 4, 4]), "an entry past the last start")
        #expect(!consistent(starts: [0, 3, 4, 6]), "a last start past the entries")
        var falling = entries
        falling.swapAt(1, 2)
        #expect(!consistent(entries: falling), "a place's languages not rising")
        var negative = entries
        negative[3].language = -2
        #expect(!consistent(entries: negative), "a language below the qualifier end")
    }
}
