import Testing
import LocationSearch

typealias Update = LocationSearchSession.Update

/// Reads `updates` in a task of its own until `stop` accepts one (kept) or the sequence
/// ends, logging each update as it comes so a test can wait for it.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
struct Reader {
    let log = EventLog<Update>()
    let task: Task<[Update], Never>

    init(_ updates: LocationSearchSession.Updates, until stop: @escaping @Sendable (Update) -> Bool = { _ in false }) {
        let log = log
        task = Task {
            for await update in updates {
                log.record(update)
                if stop(update) { break }
            }
            return log.events
        }
    }

    /// Everything read, once reading has stopped.
    var value: [Update] { get async { await task.value } }

    func cancel() { task.cancel() }
}

/// Stops at the first update that answers a fragment (anything but `.searching`).
let answered: @Sendable (Update) -> Bool = { $0.state != .searching }

/// What the session suites share: the fixture's completer, the update a session should
/// give for a fragment, and sessions over the fixture's search.
protocol SessionTesting {}

extension SessionTesting {
    var completer: LocationCompleter { AsyncFixture.completer }

    /// What the session should answer for `fragment`: the completer's completions.
    func answer(_ fragment: String, _ options: CompletionOptions = .init()) -> Update {
        let completions = completer.completions(for: fragment, options: options)
        return Update(queryFragment: fragment, options: options,
                      state: completions.isEmpty ? .noResults : .results(completions))
    }

    func searching(_ fragment: String, _ options: CompletionOptions = .init()) -> Update {
        Update(queryFragment: fragment, options: options, state: .searching)
    }

    /// The fixture search, logging each fragment it is asked for.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func loggedSearch(
        _ log: EventLog<String>
    ) -> @Sendable (String, CompletionOptions) async throws -> [LocalSearchCompletion] {
        { fragment, options in
            log.record(fragment)
            return try await AsyncFixture.search.search(fragment, options: options)
        }
    }

    /// A session that debounces 300 ms on a manual clock, with the log of the fragments it
    /// searched.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func debouncedSession() -> (LocationSearchSession, ManualClock, EventLog<String>) {
        let clock = ManualClock()
        let searched = EventLog<String>()
        return (LocationSearchSession(debounce: .milliseconds(300), clock: clock, search: loggedSearch(searched)),
                clock, searched)
    }
}

/// The limit is a watchdog for a hang, not a speed test: `updatesNeverGoBackToAnOlderFragment`
/// runs 150 random typing trials of many scheduler turns each, which in a debug build on a
/// busy 2-core machine takes most of a minute.
@Suite("LocationSearchSession", .timeLimit(.minutes(3)))
struct LocationSearchSessionTests: SessionTesting {
    // MARK: - Debounce

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func rapidTypingWithinTheDebounceSearchesOnlyTheLastFragment() async {
        let (session, clock, searched) = debouncedSession()
        let reader = Reader(session.updates, until: answered)

        // One keystroke every 100 ms: each restarts the 300 ms debounce.
        let fragments = ["c", "ci", "cir", "circ", "circl", "circle"]
        for (keystroke, fragment) in fragments.enumerated() {
            if keystroke > 0 { clock.advance(by: .milliseconds(100)) }
            session.setQueryFragment(fragment)
            await clock.log.wait(for: .sleep(until: .init(offset: .milliseconds(100 * keystroke + 300))))
        }
        clock.advance(by: .milliseconds(299))
        #expect(clock.sleeperCount == 1, "the debounce for \"circle\" is not over yet")
        #expect(searched.events.isEmpty)
        clock.advance(by: .milliseconds(1))

        let delivered = await reader.value
        #expect(delivered == [searching("c"), answer("circle")])
        #expect(searched.events == ["circle"])
        #expect(answer("circle").state.completions.map(\.title) == ["Circleville"])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func aPauseAsLongAsTheDebounceSearchesThatFragment() async {
        let (session, clock, searched) = debouncedSession()
        let reader = Reader(session.updates) { $0.queryFragment == "cin" && $0.state != .searching }

        session.setQueryFragment("ci")
        await clock.log.wait(for: .sleep(until: .init(offset: .milliseconds(300))))
        clock.advance(by: .milliseconds(300))
        await reader.log.wait(for: answer("ci"))
        session.setQueryFragment("cin")
        await clock.log.wait(for: .sleep(until: .init(offset: .milliseconds(600))))
        clock.advance(by: .milliseconds(300))

        let delivered = await reader.value
        #expect(delivered == [searching("ci"), answer("ci"), searching("cin"), answer("cin")])
        #expect(searched.events == ["ci", "cin"])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func anEmptyFragmentGoesIdleAtOnceWithoutWaitingForTheDebounce() async {
        let (session, clock, searched) = debouncedSession()
        let reader = Reader(session.updates, until: answered)

        session.setQueryFragment("ci")
        await clock.log.wait(for: .sleep(until: .init(offset: .milliseconds(300))))
        session.setQueryFragment("")

        // The clock never moved: the idle update did not wait.
        let delivered = await reader.value
        #expect(delivered == [searching("ci"), Update(queryFragment: "", state: .idle)])
        #expect(clock.sleeperCount == 0, "the debounce for \"ci\" was cancelled")
        #expect(searched.events.isEmpty)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test(arguments: ["", " ", "  \t"])
    func aBlankFragmentCancelsARunningSearch(_ blank: String) async {
        let search = ScriptedSearch()
        let session = LocationSearchSession(search: search.search)
        let reader = Reader(session.updates, until: answered)

        session.setQueryFragment("lon")
        await search.log.wait(for: .started("lon"))
        session.setQueryFragment(blank)

        let delivered = await reader.value
        #expect(delivered == [searching("lon"), Update(queryFragment: blank, state: .idle)])
        #expect(search.log.events == [.started("lon"), .cancelled("lon"), .finished("lon")])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func idleIsDeliveredOnlyAfterAnotherState() async {
        let session = LocationSearchSession(search: AsyncFixture.search)
        let reader = Reader(session.updates) { $0.queryFragment == "ly" && $0.state != .searching }

        // Reading starts idle: blank fragments before any search say nothing.
        session.setQueryFragment("")
        session.setQueryFragment(" ")
        session.setQueryFragment("lon")
        await reader.log.wait(for: answer("lon"))
        session.setQueryFragment("")
        await reader.log.wait(for: Update(queryFragment: "", state: .idle))
        session.setQueryFragment("  ")
        session.setQueryFragment("ly")

        let delivered = await reader.value
        #expect(delivered == [
            searching("lon"), answer("lon"), Update(queryFragment: "", state: .idle), searching("ly"), answer("ly"),
        ])
    }

    // MARK: - Latest query wins

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test("a stale search that finishes late is never delivered", arguments: [true, false])
    func staleSearchFinishingLateIsDiscarded(honoursCancellation: Bool) async {
        let search = ScriptedSearch(honoursCancellation: honoursCancellation)
        let session = LocationSearchSession(search: search.search)
        let reader = Reader(session.updates, until: answered)
        let staleResults = completer.completions(for: "lon")

        session.setQueryFragment("l")
        await search.log.wait(for: .started("l"))
        session.setQueryFragment("ly")
        await search.log.wait(for: .cancelled("l"))
        // The stale search for "l" finishes only now, with results, if it is still running.
        #expect(search.resolve("l", with: .success(staleResults)) == !honoursCancellation)
        await search.log.wait(for: .started("ly"))
        search.resolve("ly", with: .success(completer.completions(for: "ly")))

        let delivered = await reader.value
        #expect(delivered == [searching("l"), answer("ly")])
        #expect(search.log.events == [.started("l"), .cancelled("l"), .finished("l"), .started("ly"), .finished("ly")])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func updatesNeverGoBackToAnOlderFragment() async {
        // Random typing against a search with random latency (in scheduler turns), many
        // times over: whatever the interleaving, the fragments of the updates only move
        // forward, every answer is right, and the last fragment is answered.
        var random = SeededGenerator(seed: 0x5EED_CAFE)
        let alphabet = Array("cirlonyspgfaz ")
        for trial in 0..<150 {
            let count = Int.random(in: 2...10, using: &random)
            let fragments = (0..<count).map { _ in
                String((0..<Int.random(in: 1...4, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
                    .replacingBlank()
            }
            let latencies = (0..<count).map { _ in Int.random(in: 0...6, using: &random) }
            let pauses = (0..<count).map { _ in Int.random(in: 0...6, using: &random) }

            // Each fragment is set with `limit` = its position + 1, so every update says
            // which keystroke it answers, even when a fragment repeats.
            let session = LocationSearchSession { fragment, options in
                for _ in 0..<latencies[options.limit - 1] { await Task.yield() }
                return try await AsyncFixture.search.search(fragment, options: options)
            }
            let reader = Reader(session.updates) { $0.options.limit == count && $0.state != .searching }
            for (position, fragment) in fragments.enumerated() {
                session.setQueryFragment(fragment, options: CompletionOptions(limit: position + 1))
                for _ in 0..<pauses[position] { await Task.yield() }
            }
            let updates = await reader.value

            let positions = updates.map { $0.options.limit }
            #expect(positions == positions.sorted(), "trial \(trial): \(updates)")
            #expect(updates.last == answer(fragments[count - 1], CompletionOptions(limit: count)), "trial \(trial)")
            for update in updates where update.state != .searching {
                #expect(update == answer(update.queryFragment, update.options), "trial \(trial)")
            }
        }
    }
}

extension String {
    /// Blank fragments go idle; the ordering test wants every fragment searched.
    fileprivate func replacingBlank() -> String {
        allSatisfy(\.isWhitespace) ? "x" + self : self
    }
}
