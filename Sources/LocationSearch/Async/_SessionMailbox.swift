/// One thing a session was asked to search for.
struct _SessionRequest: Hashable, Sendable {
    var queryFragment: String
    var options: CompletionOptions

    /// An empty or all-whitespace fragment: the session goes idle at once.
    var isBlank: Bool { queryFragment.allSatisfy(\.isWhitespace) }
}

/// The latest request of a session, numbered, and the iterators waiting for a newer one.
///
/// `LocationSearchSession.setQueryFragment(_:options:)` is synchronous, so it cannot call
/// into an actor; it yields into an `AsyncStream` instead, and one forwarding task (owned
/// by the session, ended when the session is dropped) posts each request here in the order
/// it was made. Iterators then ask for "a request newer than generation *g*", which is
/// what lets any number of them, started at any time, race a newer request against a
/// running search.
///
/// Generation 0 is the empty fragment a session starts with; a post equal to the latest
/// request is ignored, so setting the same fragment twice does not search twice.
actor _SessionMailbox {
    private var latest = _SessionRequest(queryFragment: "", options: CompletionOptions())
    /// How many distinct requests have been posted.
    private(set) var generation = 0
    /// Set when the session is gone: no request will ever come.
    private var isFinished = false
    private var waiters: [Int: CheckedContinuation<(generation: Int, request: _SessionRequest)?, Never>] = [:]
    private var nextWaiterID = 0

    /// Records `request` as the latest and wakes every waiter.
    func post(_ request: _SessionRequest) {
        guard !isFinished, request != latest else { return }
        latest = request
        generation += 1
        let woken = waiters
        waiters = [:]
        for (_, waiter) in woken {
            waiter.resume(returning: (generation, request))
        }
    }

    /// Marks the session as gone; every present and future waiter gets `nil`.
    func finish() {
        isFinished = true
        let woken = waiters
        waiters = [:]
        for (_, waiter) in woken {
            waiter.resume(returning: nil)
        }
    }

    /// The latest request once its generation is above `seen`, waiting if it is not yet;
    /// `nil` when the session is gone or the calling task is cancelled.
    func request(after seen: Int) async -> (generation: Int, request: _SessionRequest)? {
        if isFinished || Task.isCancelled { return nil }
        if generation > seen { return (generation, latest) }
        let id = nextWaiterID
        nextWaiterID += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: nil)
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            // The handler is synchronous and may run on any thread; hop onto the actor
            // to resume the waiter. The hop is a short task that ends at once.
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume(returning: nil)
    }
}
