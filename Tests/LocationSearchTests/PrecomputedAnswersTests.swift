import Testing
@testable import LocationSearch

/// The answers stored for heavy queries are the search's own.
@Suite("Precomputed answers", .holdsItsThread)
struct PrecomputedAnswersTests {
    var completer: LocationCompleter { get async throws { try await bundledCompleter() } }

    /// The same completer without stored answers: every query runs the search.
    static func searching(_ completer: LocationCompleter) -> LocationCompleter {
        completer.with(answers: .empty)
    }

    /// A gazetteer with a stored answer that typo matches fill: 150 names of three small
    /// places start with "angau" (a key is stored from `minimumKeys` keys on), and twenty
    /// large places are called "Angan …", an edit away. (The bundled data has none since
    /// `minimumKeys` is 100: every key that many keys start with has ten places.)
    static func fewPlaces() throws -> LocationCompleter {
        var places: [Place] = [], alternates: [String: [String]] = [:]
        for i in 1...3 {
            let id = "angaur-\(i)"
            places.append(Place(id: id, name: "Angaur \(i)", countryCode: "PW", countryName: "Palau", population: 100 * i))
            alternates[id] = (1...49).map { "Angau \(i) \($0)" }
        }
        for i in 1...20 {
            places.append(Place(id: "angan-\(i)", name: "Angan \(i)", countryCode: "PW", countryName: "Palau",
                                population: 1_000_000 + i))
        }
        return LocationCompleter(gazetteer: try Gazetteer(places: places, alternateNames: alternates))
    }

    @Test func everyStoredAnswerIsWhatTheSearchFinds() async throws {
        let completer = try await completer
        #expect(completer.answers.keys.count > 100)
        let differing = try await onOwnThread { Self.keysWhoseAnswerDiffers(in: completer, typoTolerance: true) }
        #expect(differing.keys.isEmpty, "\(differing.keys.prefix(10))")
    }

    /// Without typo tolerance, a stored answer is its exact matches only: what the search
    /// finds without typo tolerance, for every stored key.
    @Test func everyStoredAnswerWithoutTyposIsWhatTheSearchFinds() async throws {
        let completer = try await completer
        let differing = try await onOwnThread { Self.keysWhoseAnswerDiffers(in: completer, typoTolerance: false) }
        #expect(differing.keys.isEmpty, "\(differing.keys.prefix(10))")
        print("stored answers with typo matches: \(differing.filledWithTypos) of \(completer.answers.keys.count)")
    }

    /// The same, where a stored answer holds typo matches: without typo tolerance, only its
    /// exact ones.
    @Test func storedAnswersWithTypoMatchesAreWhatTheSearchFinds() throws {
        let completer = try Self.fewPlaces()
        #expect(completer.answers.entries(for: Array("angau".utf8)) != nil, "angau should be stored")
        for typoTolerance in [true, false] {
            let differing = Self.keysWhoseAnswerDiffers(in: completer, typoTolerance: typoTolerance)
            #expect(differing.keys.isEmpty, "\(differing.keys.prefix(10))")
            if !typoTolerance { #expect(differing.filledWithTypos > 0) }
        }
        let stored = try #require(completer.answers.answer(for: Array("angau".utf8)))
        #expect(stored.exactCount == 3 && stored.entries.count == _PrecomputedAnswers.depth)
        #expect(completer.completions(for: "angau", options: CompletionOptions(typoTolerance: false)).map(\.title)
            == ["Angaur 3", "Angaur 2", "Angaur 1"])
    }

    /// The stored keys whose answer (with or without typo tolerance) is not what the search
    /// finds (its places, names, key offsets and matched lengths, in order), and how many
    /// stored answers with typo tolerance hold typo matches. Minutes of work in a debug
    /// build: run it on a thread of its own (`onOwnThread`).
    static func keysWhoseAnswerDiffers(
        in completer: LocationCompleter, typoTolerance: Bool
    ) -> (keys: [String], filledWithTypos: Int) {
        let answers = completer.answers
        let live = Self.searching(completer)
        var differing: [String] = [], filledWithTypos = 0
        for i in 0..<answers.keys.count {
            let key = answers.keys.withBytes(i) { Array($0) }
            let plan = _QueryPlan(key: key, tokensBeforeComma: nil)
            let found = live.matches(for: plan, options: CompletionOptions(typoTolerance: typoTolerance))
            guard let stored = answers.entries(for: key, typoTolerance: typoTolerance) else {
                differing.append(String(decoding: key, as: UTF8.self))
                continue
            }
            let same = found.map(\.shown.place) == stored.map { completer.index.namePlace[Int($0.name)] }
                && found.map(\.shown.name) == stored.map(\.name)
                && found.map(\.shown.keyOffset) == stored.map(\.keyOffset)
                && found.map(\.shown.matchedLength) == stored.map { Int32($0.matchedLength) }
            if !same { differing.append(String(decoding: key, as: UTF8.self)) }
            if !typoTolerance && stored.count < _PrecomputedAnswers.depth { filledWithTypos += 1 }
        }
        return (differing, filledWithTypos)
    }

    @Test("Stored answers without typo tolerance complete as the search does",
          arguments: [(true, "angau"), (true, "Angau"), (false, "s"), (false, "san "), (false, "saint")])
    func storedAnswersWithoutTypos(_ fewPlaces: Bool, _ query: String) async throws {
        let completer = fewPlaces ? try Self.fewPlaces() : try await completer
        let live = Self.searching(completer)
        #expect(completer.answers.entries(for: _QueryPlan(query: query).key) != nil, "\(query) should be stored")
        for limit in [1, 3, 10] {
            let options = CompletionOptions(limit: limit, typoTolerance: false)
            #expect(completer.completions(for: query, options: options) == live.completions(for: query, options: options))
        }
    }

    @Test("Typed queries that hit a stored answer complete as the search does",
          arguments: ["S", "s", "San ", "sAn", "Sã", "saint", "st", "Mü", "la "])
    func storedAnswersServeTypedQueries(_ query: String) async throws {
        let completer = try await completer
        let live = Self.searching(completer)
        let plan = _QueryPlan(query: query)
        #expect(completer.answers.entries(for: plan.key) != nil, "\(query) should be stored")
        #expect(completer.completions(for: query) == live.completions(for: query))
        for limit in [1, 3, 5, 9] {
            let options = CompletionOptions(limit: limit)
            #expect(completer.completions(for: query, options: options) == live.completions(for: query, options: options))
        }
    }

    @Test("Options the answers were not made for run the search",
          arguments: [
            CompletionOptions(limit: 11),
            CompletionOptions(limit: 10, countries: ["FR"]),
            CompletionOptions(limit: 10, kinds: [.region]),
            CompletionOptions(limit: 10, near: GeoCoordinate(latitude: 48.85, longitude: 2.35)),
          ])
    func otherOptionsSearch(_ options: CompletionOptions) async throws {
        let completer = try await completer
        #expect(completer.completions(for: "s", options: options) == Self.searching(completer).completions(for: "s", options: options))
        #expect(completer.completions(for: "s, fr") == Self.searching(completer).completions(for: "s, fr"))
    }

    /// Every field of `CompletionOptions`, and whether the stored answers serve a value
    /// other than its default. A field added to the options fails the first check until it
    /// is listed here; until it is served by `_isServedByStoredAnswers`, a value other than
    /// its default keeps the stored answers out by construction.
    static let servedFields: [(field: String, changed: CompletionOptions, served: Bool)] = [
        ("limit", CompletionOptions(limit: 3), true),
        ("near", CompletionOptions(near: GeoCoordinate(latitude: 1, longitude: 2)), false),
        ("countries", CompletionOptions(countries: ["FR"]), false),
        ("kinds", CompletionOptions(kinds: [.city]), false),
        ("typoTolerance", CompletionOptions(typoTolerance: false), true),
        ("language", CompletionOptions(language: "de"), true),
    ]

    @Test func theStoredAnswersServeTheFieldsTheyWereMadeForAndNoOther() {
        let fields = Mirror(reflecting: CompletionOptions()).children.compactMap(\.label)
        #expect(fields == Self.servedFields.map(\.field), "a new option: say whether the stored answers serve it")
        #expect(CompletionOptions()._isServedByStoredAnswers)
        for (field, changed, served) in Self.servedFields {
            #expect(changed != CompletionOptions(), "\(field) changed")
            #expect(changed._isServedByStoredAnswers == served, "\(field)")
        }
        #expect(!CompletionOptions(limit: _PrecomputedAnswers.depth + 1)._isServedByStoredAnswers)
    }

    @Test func damagedAnswersAreRejected() async throws {
        let completer = try await completer
        let answers = completer.answers
        #expect(answers.isConsistent(with: completer.index))
        // Keys out of order.
        var keys = _StringTable.Builder()
        keys.append("b")
        keys.append("a")
        let entry = answers.entries.run(from: 0, count: 1)[0]
        let twoKeys = Array(repeating: entry, count: 2 * _PrecomputedAnswers.depth)
        let full = UInt8(_PrecomputedAnswers.depth)
        #expect(!_PrecomputedAnswers(
            keys: _StringTable(keys), entries: .init(twoKeys)!, exactCounts: _Column([full, full]))
            .isConsistent(with: completer.index))
        // An entry naming a name the index does not have.
        var oneKey = _StringTable.Builder()
        oneKey.append("a")
        var wrong = Array(repeating: entry, count: _PrecomputedAnswers.depth)
        wrong[3].name = UInt32(completer.index.namePlace.count)
        #expect(!_PrecomputedAnswers(keys: _StringTable(oneKey), entries: .init(wrong)!, exactCounts: _Column([full]))
            .isConsistent(with: completer.index))
        // Too few entries for the keys.
        #expect(!_PrecomputedAnswers(keys: _StringTable(oneKey), entries: .init([entry])!, exactCounts: _Column([full]))
            .isConsistent(with: completer.index))
        // A matched length longer than any query, and an exact count above the depth.
        var long = Array(repeating: entry, count: _PrecomputedAnswers.depth)
        long[0].matchedLength = UInt32(completer.index.longestName + 3)
        #expect(!_PrecomputedAnswers(keys: _StringTable(oneKey), entries: .init(long)!, exactCounts: _Column([full]))
            .isConsistent(with: completer.index))
        let right = Array(repeating: entry, count: _PrecomputedAnswers.depth)
        #expect(_PrecomputedAnswers(keys: _StringTable(oneKey), entries: .init(right)!, exactCounts: _Column([full]))
            .isConsistent(with: completer.index))
        #expect(!_PrecomputedAnswers(
            keys: _StringTable(oneKey), entries: .init(right)!, exactCounts: _Column([full + 1]))
            .isConsistent(with: completer.index))
    }
}
