import Synchronization

/// A clock whose time moves only when a test calls `advance(by:)`, so debounce is tested
/// without sleeping.
///
/// ```swift
/// let clock = ManualClock()
/// let sleeper = Task { try await clock.sleep(for: .milliseconds(300)) }
/// await clock.log.wait(for: .sleep(until: .init(offset: .milliseconds(300))))
/// clock.advance(by: .milliseconds(299))   // still asleep
/// clock.advance(by: .milliseconds(1))     // wakes
/// try await sleeper.value
/// ```
///
/// Every `sleep(until:)` is recorded in `log`, so a test can wait until the code under
/// test has started a particular sleep before moving time on.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class ManualClock: Clock {
    struct Instant: InstantProtocol, CustomStringConvertible {
        /// Time since the clock was made.
        var offset: Duration

        func advanced(by duration: Duration) -> Self { Instant(offset: offset + duration) }
        func duration(to other: Self) -> Duration { other.offset - offset }
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
        var description: String { "\(offset)" }
    }

    enum Event: Equatable, Sendable {
        /// A task started sleeping until this instant.
        case sleep(until: Instant)
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextSleeperID = 0
    }

    private let state = Mutex(State())
    /// Every sleep started, in order.
    let log = EventLog<Event>()

    init() {}

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    /// How many tasks are asleep on this clock now.
    var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextSleeperID += 1 }
            return state.nextSleeperID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome {
                    continuation.resume(with: outcome)
                } else {
                    log.record(.sleep(until: deadline))
                }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?
                .continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on by `duration` and wakes every sleeper whose deadline has come.
    func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }
}
