import Testing
@testable import LocationSearch

@Suite("Prefix index")
struct PrefixIndexTests {
    /// A seeded gazetteer of short names over a small alphabet, so that prefixes share
    /// buckets, hit bucket edges and include exact matches, spaces and UTF-8.
    static let completer: LocationCompleter = {
        var random = FastPathTests.Generator(state: 3)
        let alphabet = ["a", "b", "z", " ", "é", "9", "東"]
        var places: [Place] = []
        var alternates: [String: [String]] = [:]
        for i in 0..<600 {
            let lead = ["x", "a", "é", "東"][i % 4]
            let name = lead + (0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            let id = "p\(i)"
            places.append(Place(id: id, name: name,
                                countryCode: "US", countryName: "United States", population: Int.random(in: 0...1_000_000, using: &random)))
            alternates[id] = ["b" + name, "ab " + name]
        }
        return LocationCompleter(gazetteer: try! Gazetteer(places: places, alternateNames: alternates))
    }()

    /// What `range(of:in:)` must return: the keys starting with the query, by a scan.
    func reference(_ query: [UInt8], _ list: _SortedKeys, _ index: _PrefixIndex) -> (range: Range<Int>, exact: Int) {
        let matching = (0..<list.count).filter { index.key($0, in: list).starts(with: query) }
        let lower = (0..<list.count).first { !index.key($0, in: list).lexicographicallyPrecedes(query) } ?? list.count
        guard let first = matching.first, let last = matching.last else { return (lower..<lower, 0) }
        return (first..<(last + 1), matching.filter { index.key($0, in: list) == query }.count)
    }

    @Test func invariantsHold() {
        Self.completer.index._checkInvariants()
    }

    @Test func rangesMatchAScan() {
        let index = Self.completer.index
        var queries: Set<[UInt8]> = [[0x61], [0x78], [0xFF], [0x20], [0x61, 0x62, 0x20], [0xE6], [0x7A, 0x7A]]
        for list in [index.whole, index.words] {
            for i in 0..<list.count {
                let key = index.key(i, in: list)
                for length in 1...min(4, key.count) { queries.insert(Array(key.prefix(length))) }
                queries.insert(key + [0x61])
            }
        }
        for query in queries {
            for list in [index.whole, index.words] {
                let got = index.range(of: query, in: list), want = reference(query, list, index)
                #expect(got.range == want.range && got.exact == want.exact, "query \(query)")
            }
        }
    }
}
