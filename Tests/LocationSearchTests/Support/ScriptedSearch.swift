import Synchronization
import LocationSearch

/// A search function for `LocationSearchSession` whose calls finish only when the test says
/// so, in any order: for testing latest-query-wins against searches that finish out of
/// order, late, or not at all.
///
/// ```swift
/// let search = ScriptedSearch(honoursCancellation: false)
/// let session = LocationSearchSession(search: search.search)
/// session.setQueryFragment("a")
/// await search.log.wait(for: .started("a"))
/// search.resolve("a", with: .success([]))     // now the call for "a" returns []
/// ```
///
/// Calls are keyed by fragment, so a test must not run two calls for the same fragment at
/// once.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class ScriptedSearch: Sendable {
    enum Event: Equatable, Sendable, CustomStringConvertible {
        /// A call for this fragment started and is waiting for `resolve`.
        case started(String)
        /// The call for this fragment was cancelled.
        case cancelled(String)
        /// The call for this fragment returned or threw.
        case finished(String)

        var description: String {
            switch self {
            case .started(let fragment): "started \(fragment)"
            case .cancelled(let fragment): "cancelled \(fragment)"
            case .finished(let fragment): "finished \(fragment)"
            }
        }
    }

    typealias Answer = Result<[LocalSearchCompletion], any Error>

    let log = EventLog<Event>()
    /// Whether a cancelled call throws `CancellationError` at once (as it should), or keeps
    /// waiting for `resolve` (as a careless remote search might).
    let honoursCancellation: Bool
    private let pending = Mutex<[String: CheckedContinuation<Answer, Never>]>([:])

    init(honoursCancellation: Bool = true) {
        self.honoursCancellation = honoursCancellation
    }

    /// The search function to give the session.
    @Sendable func search(_ fragment: String, _ options: CompletionOptions) async throws -> [LocalSearchCompletion] {
        let answer = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
                let cancelledAlready = pending.withLock { pending in
                    if honoursCancellation && Task.isCancelled { return true }
                    pending[fragment] = continuation
                    return false
                }
                if cancelledAlready {
                    continuation.resume(returning: .failure(CancellationError()))
                } else {
                    log.record(.started(fragment))
                }
            }
        } onCancel: {
            log.record(.cancelled(fragment))
            if honoursCancellation {
                pending.withLock { $0.removeValue(forKey: fragment) }?
                    .resume(returning: .failure(CancellationError()))
            }
        }
        log.record(.finished(fragment))
        return try answer.get()
    }

    /// Lets the waiting call for `fragment` finish with `answer`; `false` if there is none
    /// (it was cancelled and honoured it, or never started).
    @discardableResult
    func resolve(_ fragment: String, with answer: Answer) -> Bool {
        guard let continuation = pending.withLock({ $0.removeValue(forKey: fragment) }) else { return false }
        continuation.resume(returning: answer)
        return true
    }
}
