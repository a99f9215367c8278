import Observation
import Testing
@testable import LocationSearch

/// `LocationSearchCompleter`, the observable completer with MapKit's shape: its properties
/// follow the session's answers, one main-actor update an answer, and its observers hear of
/// each change.
@Suite("LocationSearchCompleter", .timeLimit(.minutes(2)))
@MainActor
struct LocationSearchCompleterTests {
    /// Returns once `condition` holds, woken by Observation's change notifications (so
    /// the test also checks that the properties it reads are observed).
    func wait(_ completer: LocationSearchCompleter, until condition: (LocationSearchCompleter) -> Bool) async {
        while !condition(completer) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                withObservationTracking {
                    _ = (completer.results, completer.isSearching, completer.error, completer.state)
                } onChange: {
                    continuation.resume()
                }
            }
        }
    }

    func completions(_ fragment: String, _ options: CompletionOptions = .init()) -> [LocalSearchCompletion] {
        AsyncFixture.completer.completions(for: fragment, options: options)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func aBurstOfFragmentsEndsOnTheLastFragmentsResultsInTwoUpdates() async {
        let clock = ManualClock()
        let searched = EventLog<String>()
        let completer = LocationSearchCompleter(debounce: .milliseconds(300), clock: clock) { fragment, options in
            searched.record(fragment)
            return try await AsyncFixture.search.search(fragment, options: options)
        }
        // One keystroke every 100 ms: each restarts the debounce.
        let fragments = ["c", "ci", "cir", "circ", "circl", "circle"]
        for (keystroke, fragment) in fragments.enumerated() {
            if keystroke > 0 { clock.advance(by: .milliseconds(100)) }
            completer.queryFragment = fragment
            await clock.log.wait(for: .sleep(until: .init(offset: .milliseconds(100 * keystroke + 300))))
        }
        await wait(completer) { $0.isSearching }
        #expect(completer.results.isEmpty && searched.events.isEmpty)
        clock.advance(by: .milliseconds(300))
        await wait(completer) { !$0.isSearching }

        #expect(completer.results == completions("circle"))
        #expect(completer.results.map(\.title) == ["Circleville"])
        #expect(completer.state == .results(completions("circle")))
        #expect(searched.events == ["circle"])
        // Six keystrokes, two answers to the main actor: searching, then the results.
        #expect(completer.deliveredUpdates == 2)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func resultsStayWhileTheNextFragmentIsSearchedAndErrorsClearResults() async {
        let search = ScriptedSearch()
        let completer = LocationSearchCompleter(search: search.search)

        completer.queryFragment = "lon"
        await search.log.wait(for: .started("lon"))
        await wait(completer) { $0.isSearching }
        search.resolve("lon", with: .success(completions("lon")))
        await wait(completer) { !$0.isSearching }
        #expect(completer.results.map(\.title) == ["London"] && completer.error == nil)

        // Typing on: the last results stay while the next fragment is searched.
        completer.queryFragment = "lony"
        await search.log.wait(for: .started("lony"))
        await wait(completer) { $0.isSearching }
        #expect(completer.results.map(\.title) == ["London"])
        search.resolve("lony", with: .failure(Offline(code: 7)))
        await wait(completer) { !$0.isSearching }
        #expect(completer.results.isEmpty)
        #expect((completer.error as? Offline) == Offline(code: 7))
        #expect(completer.state == .failed(Offline(code: 7)))

        // An empty fragment: idle at once, no error.
        completer.queryFragment = ""
        await wait(completer) { $0.state == .idle }
        #expect(completer.results.isEmpty && completer.error == nil && !completer.isSearching)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func resultTypesAndNearAreTheOptionsTheSearchGets() async {
        let asked = EventLog<String>()
        let completer = LocationSearchCompleter { fragment, options in
            let kinds = options.kinds.map(\.rawValue).sorted().joined(separator: "+")
            asked.record("\(fragment) [\(kinds)] \(options.near.map { "\($0.latitude)" } ?? "-")")
            return try await AsyncFixture.search.search(fragment, options: options)
        }
        completer.queryFragment = "ci"
        await asked.wait(for: "ci [] -")
        completer.resultTypes = [.city]
        await asked.wait(for: "ci [city] -")
        #expect(completer.resultTypes == [.city] && completer.options.kinds == [.city])
        completer.near = GeoCoordinate(latitude: 40, longitude: -83)
        await asked.wait(for: "ci [city] 40.0")
        completer.resultTypes = .all
        await asked.wait(for: "ci [] 40.0")
        // Setting what is already set searches nothing again.
        completer.resultTypes = [.city, .region, .country]
        completer.queryFragment = "ci"
        await wait(completer) { !$0.isSearching && !$0.results.isEmpty }
        #expect(asked.events == ["ci [] -", "ci [city] -", "ci [city] 40.0", "ci [] 40.0"])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func droppingTheCompleterCancelsItsSearch() async {
        let search = ScriptedSearch()
        var completer: LocationSearchCompleter? = LocationSearchCompleter(search: search.search)
        completer?.queryFragment = "lon"
        await search.log.wait(for: .started("lon"))
        weak let dropped = completer
        completer = nil
        await search.log.wait(for: .cancelled("lon"))
        #expect(dropped == nil)
    }
}

/// `LocationSearchCompleter.ResultType` and the kinds it stands for.
@Suite("LocationSearchCompleter.ResultType", .holdsItsThread)
struct ResultTypeTests {
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Test func resultTypesAreKindsAndNoneMeansAll() {
        typealias ResultType = LocationSearchCompleter.ResultType
        #expect(ResultType(kinds: []) == .all && ResultType.all.kinds.isEmpty)
        #expect(ResultType(kinds: [.city]) == .city && ResultType.city.kinds == [.city])
        #expect(ResultType([.region, .country]).kinds == [.region, .country])
        #expect(ResultType(kinds: [.city, .region, .country]) == .all)
        #expect(ResultType([]).kinds.isEmpty)
    }
}
