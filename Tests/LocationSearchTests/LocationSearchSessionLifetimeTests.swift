import Testing
import LocationSearch

/// A session's lifetime (cancelling the reader, dropping the session), the states it
/// delivers, and many sessions over one completer. The limit is a watchdog for a hang,
/// not a speed test.
@Suite("LocationSearchSession: lifetime, states and sharing", .timeLimit(.minutes(3)))
struct LocationSearchSessionLifetimeTests: SessionTesting {
    // MARK: - Cancellation and lifetime

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func cancellingTheReadingTaskEndsTheSequenceAndCancelsTheSearch() async {
        let search = ScriptedSearch()
        let session = LocationSearchSession(search: search.search)
        let reader = Reader(session.updates)

        session.setQueryFragment("lon")
        await search.log.wait(for: .started("lon"))
        reader.cancel()

        let delivered = await reader.value
        #expect(delivered == [searching("lon")])
        #expect(search.log.events == [.started("lon"), .cancelled("lon"), .finished("lon")])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func cancellingTheReadingTaskDuringTheDebounceLeavesNothingAsleep() async {
        let (session, clock, searched) = debouncedSession()
        let reader = Reader(session.updates)

        session.setQueryFragment("cir")
        await clock.log.wait(for: .sleep(until: .init(offset: .milliseconds(300))))
        reader.cancel()

        let delivered = await reader.value
        #expect(delivered == [searching("cir")])
        #expect(clock.sleeperCount == 0)
        #expect(searched.events.isEmpty)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func droppingTheSessionEndsTheSequenceAndCancelsTheSearch() async {
        let search = ScriptedSearch()
        var session: LocationSearchSession? = LocationSearchSession(search: search.search)
        let updates = session!.updates
        let reader = Reader(updates)

        session!.setQueryFragment("lon")
        await search.log.wait(for: .started("lon"))
        session = nil

        let delivered = await reader.value
        #expect(delivered == [searching("lon")])
        #expect(search.log.events == [.started("lon"), .cancelled("lon"), .finished("lon")])
        var iterator = updates.makeAsyncIterator()
        #expect(await iterator.next() == nil, "a dropped session's updates end at once")
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func droppingAnIdleSessionEndsTheSequence() async {
        var session: LocationSearchSession? = LocationSearchSession(search: AsyncFixture.search)
        let reader = Reader(session!.updates)
        session = nil
        let delivered = await reader.value
        #expect(delivered == [])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func aLaterIterationStartsByAnsweringTheCurrentFragment() async {
        let session = LocationSearchSession(search: AsyncFixture.search)
        session.setQueryFragment("cir")
        let first = Reader(session.updates, until: answered)
        let firstUpdates = await first.value
        #expect(firstUpdates == [searching("cir"), answer("cir")])

        // The view went away and came back: a new `for await` picks up where things are.
        let second = Reader(session.updates, until: answered)
        let secondUpdates = await second.value
        #expect(secondUpdates == [searching("cir"), answer("cir")])
    }

    // MARK: - States

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func everyKindOfAnswer() async {
        let search = ScriptedSearch()
        let session = LocationSearchSession(search: search.search)
        let reader = Reader(session.updates) { $0.queryFragment == "" }

        session.setQueryFragment("lon")
        await search.log.wait(for: .started("lon"))
        search.resolve("lon", with: .success(completer.completions(for: "lon")))
        await reader.log.wait(for: answer("lon"))

        session.setQueryFragment("lonx")
        await search.log.wait(for: .started("lonx"))
        search.resolve("lonx", with: .success([]))
        await reader.log.wait(for: Update(queryFragment: "lonx", state: .noResults))

        session.setQueryFragment("lony")
        await search.log.wait(for: .started("lony"))
        search.resolve("lony", with: .failure(Offline(code: 7)))
        await reader.log.wait(for: Update(queryFragment: "lony", state: .failed(Offline(code: 7))))

        session.setQueryFragment("")
        let delivered = await reader.value
        #expect(delivered.map(\.description) == [
            #"searching "lon""#,
            #"results "lon": London, England, United Kingdom"#,
            #"searching "lonx""#,
            #"noResults "lonx""#,
            #"searching "lony""#,
            #"failed "lony": Offline(code: 7)"#,
            #"idle """#,
        ])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func settingTheSameFragmentAgainDoesNotSearchAgainButNewOptionsDo() async {
        let searched = EventLog<String>()
        let session = LocationSearchSession { fragment, options in
            searched.record("\(fragment) \(options.limit)")
            return try await AsyncFixture.search.search(fragment, options: options)
        }
        let one = CompletionOptions(limit: 1)
        let reader = Reader(session.updates) { $0.options == one && $0.state != .searching }

        session.setQueryFragment("spring")
        await searched.wait(for: "spring 10")
        session.setQueryFragment("spring")
        session.setQueryFragment("spring", options: one)

        let delivered = await reader.value
        #expect(delivered.last == answer("spring", one))
        #expect(searched.events == ["spring 10", "spring 1"])
        #expect(answer("spring").state.completions.count == 2)
        #expect(answer("spring", one).state.completions.count == 1)
    }

    // MARK: - Sharing

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func manyConcurrentSessionsShareOneCompleter() async {
        let search = AsyncFixture.search
        let words = ["circleville", "cincinnati", "london", "lyon", "springfield", "zurich", "cairo", "chicago"]
        await withTaskGroup(of: (String, [Update]).self) { group in
            for index in 0..<64 {
                let word = words[index % words.count]
                group.addTask {
                    let session = LocationSearchSession(search: search)
                    let last = String(word.prefix(index % 5 + 2))
                    let reader = Reader(session.updates) { $0.queryFragment == last && $0.state != .searching }
                    for length in 1...last.count {
                        session.setQueryFragment(String(last.prefix(length)))
                        await Task.yield()
                    }
                    return (last, await reader.value)
                }
            }
            for await (last, updates) in group {
                #expect(updates.last == answer(last), "\(updates)")
            }
        }
    }
}

/// The session's values, apart from its searches: synchronous, so in the one lane.
@Suite("LocationSearchSession states", .holdsItsThread)
struct LocationSearchSessionStateTests {
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func failuresCompareByTheirErrors() {
        typealias State = LocationSearchSession.State
        #expect(State.failed(Offline(code: 7)) == .failed(Offline(code: 7)))
        #expect(State.failed(Offline(code: 7)) != .failed(Offline(code: 8)))
        #expect(State.failed(CancellationError()) == .failed(CancellationError()))
        #expect(State.failed(CancellationError()) != .failed(Offline(code: 7)))
        #expect(State.noResults != .idle)
        #expect(State.noResults.completions.isEmpty)
    }
}

/// The error a scripted search fails with.
struct Offline: Error, Equatable {
    var code: Int
}
