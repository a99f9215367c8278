import Synchronization

/// A thread-safe record of what happened, in order, that a test can wait on.
///
/// ```swift
/// let log = EventLog<String>()
/// Task { log.record("started") }
/// await log.wait(for: "started")     // returns once it has been recorded
/// log.events                         // ["started"]
/// ```
///
/// `wait(for:)` returns as soon as the event is in the log, however long that takes: tests
/// synchronise on events, never on wall-clock time. If the event never comes, the test's
/// time limit cancels the wait.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class EventLog<Event: Equatable & Sendable>: Sendable {
    private struct State {
        var events: [Event] = []
        var waiters: [Int: (event: Event, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextWaiterID = 0
    }

    private let state = Mutex(State())

    init() {}

    /// Everything recorded so far, oldest first.
    var events: [Event] { state.withLock { $0.events } }

    /// Appends `event` and wakes whoever waits for it.
    func record(_ event: Event) {
        let woken = state.withLock { state in
            state.events.append(event)
            let matching = state.waiters.filter { $0.value.event == event }
            for id in matching.keys { state.waiters[id] = nil }
            return matching.values.map(\.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns once `event` has been recorded (at once if it already has), or the task is
    /// cancelled.
    func wait(for event: Event) async {
        let id = state.withLock { state in
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let done = state.withLock { state in
                    if Task.isCancelled || state.events.contains(event) { return true }
                    state.waiters[id] = (event, continuation)
                    return false
                }
                if done { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
        }
    }
}
