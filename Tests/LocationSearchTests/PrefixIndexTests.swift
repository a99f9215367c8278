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

@Suite("Walk shortcuts")
struct WalkShortcutTests {
    static var completer: LocationCompleter { PrefixIndexTests.completer }

    /// The same completer with other shortcuts.
    static func completer(with shortcuts: _WalkShortcuts) -> LocationCompleter {
        let c = completer
        return LocationCompleter(gazetteer: c.gazetteer, index: c.index.withShortcuts(shortcuts),
                                 longestQualifier: c.longestQualifier)
    }

    /// Every one- to four-byte prefix of every name key.
    static var shortQueries: [String] {
        let index = completer.index
        var queries = Set<String>()
        for i in 0..<index.whole.count {
            let key = index.key(i, in: index.whole)
            for length in 1...min(4, key.count) {
                if let text = String(validating: key.prefix(length), as: UTF8.self) { queries.insert(text) }
            }
        }
        return queries.sorted()
    }

    @Test func thereAreShortcuts() {
        #expect(Self.completer.index.shortcuts.count > 3)
    }

    @Test func storedKeysAreTheWalksFirstKeys() {
        let index = Self.completer.index, shortcuts = index.shortcuts
        for e in 0..<shortcuts.count {
            let w = Array(shortcuts.signatures.buffer[(e * 10)..<((e + 1) * 10)])
            var walk = _BestFirst()
            for s in 0..<3 {
                walk.add(Int(w[2 * s])..<Int(w[2 * s + 1]), of: w[6] >> s & 1 == 1 ? index.words : index.whole,
                         bonus: Float(bitPattern: w[7 + s]))
            }
            for y in Int(shortcuts.starts[e])..<Int(shortcuts.starts[e + 1]) {
                let next = walk.next()
                #expect(next?.position == Int(shortcuts.yields[y] & 0x3FFF_FFFF) && next?.source == Int(shortcuts.yields[y] >> 30)
                        && next?.score == shortcuts.bounds[y])
            }
        }
    }

    /// Limits past the stored depth make the walk fall back to the real one, skipping
    /// what was served.
    @Test(arguments: [1, 10, 60, 200])
    func answersAreTheSameWithoutShortcuts(limit: Int) {
        let plain = Self.completer(with: .none)
        var options = CompletionOptions(limit: limit)
        for query in Self.shortQueries {
            #expect(Self.completer.completions(for: query, options: options) == plain.completions(for: query, options: options), "\(query)")
        }
        options.countries = ["FR"]  // a filter that rejects every place: the walk runs to its end
        for query in Self.shortQueries.prefix(20) {
            #expect(Self.completer.completions(for: query, options: options) == plain.completions(for: query, options: options))
        }
    }

    /// Shortcuts whose stored keys are shuffled change some answers: so completions(for:)
    /// does consult them (its sources for a one-token query match the signatures).
    @Test func completionsConsultTheShortcuts() {
        let real = Self.completer.index.shortcuts
        var yields = Array(real.yields.buffer), bounds = Array(real.bounds.buffer)
        for e in 0..<real.count {
            let entry = Int(real.starts[e])..<Int(real.starts[e + 1])
            yields[entry].reverse()
            bounds[entry].reverse()
        }
        let tampered = Self.completer(with: _WalkShortcuts(
            signatures: real.signatures, starts: real.starts, yields: _Column(yields), bounds: _Column(bounds)))
        let changed = Self.shortQueries.filter { tampered.completions(for: $0) != Self.completer.completions(for: $0) }
        #expect(!changed.isEmpty)
    }
}
