import Testing
import Observation
import Synchronization
import LocationSearch

// The model of the README's SwiftUI example ("In an app: async search and sessions"),
// word for word, so that the part of the example that can compile on Linux does, and works.
// Keep the two in step.

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor @Observable
final class PlaceSearchModel {
    /// Bound to the search field.
    var query = "" {
        didSet { session.setQueryFragment(query, options: options) }
    }
    /// The latest answer: idle, results, no results or a failure.
    private(set) var answer: LocationSearchSession.State = .idle
    /// Whether a search for `query` is under way (the previous answer stays on screen).
    private(set) var isSearching = false

    @ObservationIgnored private let session: LocationSearchSession
    @ObservationIgnored private let options = CompletionOptions(limit: 8)

    init(session: LocationSearchSession) {
        self.session = session
    }

    /// Follows the session for as long as the calling task runs: the view's `.task`, which
    /// SwiftUI cancels when the view goes away.
    func run() async {
        for await update in session.updates {
            if update.state == .searching {
                isSearching = true
            } else {
                isSearching = false
                answer = update.state
            }
        }
    }
}

@Suite("LocationSearchSession in a main-actor model", .timeLimit(.minutes(1)))
struct LocationSearchSessionModelTests {
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @MainActor @Test func theReadmeModelFollowsTheQuery() async {
        let model = PlaceSearchModel(session: LocationSearchSession(search: AsyncFixture.search))
        let run = Task { await model.run() }
        let limit = CompletionOptions(limit: 8)

        model.query = "spring"
        await until { model.answer != .idle && !model.isSearching }
        #expect(model.answer == .results(AsyncFixture.completer.completions(for: "spring", options: limit)))

        model.query = "qqqqq"  // no place, even allowing a typo
        await until { model.answer == .noResults }

        model.query = ""
        await until { model.answer == .idle }
        #expect(!model.isSearching)

        run.cancel()
        await run.value
    }
}

/// Returns once `condition` holds, re-checking it whenever an observed property it read
/// changes: no polling, no clock.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
/// Gives up when the task is cancelled (as the suite's time limit does), so a condition
/// that never comes fails the test instead of hanging the run.
@MainActor
func until(_ condition: @MainActor () -> Bool) async {
    while !condition() && !Task.isCancelled {
        let resumed = OnceContinuation()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                resumed.set(continuation)
                withObservationTracking {
                    _ = condition()
                } onChange: {
                    resumed.resume()
                }
                if Task.isCancelled { resumed.resume() }
            }
        } onCancel: {
            resumed.resume()
        }
    }
    #expect(condition(), "the condition never held")
}

/// A continuation resumed at most once, from whichever of observation and cancellation
/// comes first.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class OnceContinuation: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Void, Never>?, done: Bool)>((nil, false))

    func set(_ continuation: CheckedContinuation<Void, Never>) {
        let resumeNow = state.withLock { state -> Bool in
            if state.done { return true }
            state.continuation = continuation
            return false
        }
        if resumeNow { continuation.resume() }
    }

    func resume() {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.done = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }
}
