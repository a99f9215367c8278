import Testing

/// The session tests lean on `ManualClock` and `EventLog`; these check that they do what
/// those tests assume.
@Suite("ManualClock", .timeLimit(.minutes(1)))
struct ManualClockTests {
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func sleepersWakeOnlyWhenTheirDeadlineComes() async throws {
        let clock = ManualClock()
        let woke = EventLog<String>()
        let sleeper = Task {
            try await clock.sleep(for: .milliseconds(300))
            woke.record("woke")
        }
        await clock.log.wait(for: .sleep(until: .init(offset: .milliseconds(300))))
        clock.advance(by: .milliseconds(299))
        #expect(clock.sleeperCount == 1)
        #expect(woke.events.isEmpty)
        clock.advance(by: .milliseconds(1))
        try await sleeper.value
        #expect(woke.events == ["woke"])
        #expect(clock.now == .init(offset: .milliseconds(300)))
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func cancellingASleeperThrowsAndForgetsIt() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.log.wait(for: .sleep(until: .init(offset: .seconds(1))))
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func aPastDeadlineDoesNotSleep() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(5))
        try await clock.sleep(until: .init(offset: .seconds(4)))
        #expect(clock.log.events.isEmpty)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test func waitingForARecordedEventReturnsAtOnce() async {
        let log = EventLog<Int>()
        log.record(1)
        await log.wait(for: 1)
        let waiter = Task { await log.wait(for: 2) }
        log.record(2)
        await waiter.value
        #expect(log.events == [1, 2])
    }
}
