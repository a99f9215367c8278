extension LocationSearchSession {
    /// The answers of a session, as an `AsyncSequence` of `Update`s; see
    /// `LocationSearchSession.updates`.
    ///
    /// All the work (waiting out the debounce, searching) happens inside `next()`, in the
    /// iterating task: each call races the running wait or search against a newer fragment
    /// in a task group, and cancels the loser. Cancelling the iterating task cancels both
    /// and ends the sequence; dropping the session ends it too.
    ///
    /// ```swift
    /// var iterator = session.updates.makeAsyncIterator()
    /// session.setQueryFragment("san fr")
    /// await iterator.next()      // searching "san fr"
    /// await iterator.next()      // results "san fr": San Francisco, California, United States; …
    /// ```
    public struct Updates: AsyncSequence, Sendable {
        /// Each element is one `Update`: `for await update in session.updates { … }`.
        public typealias Element = Update

        let mailbox: _SessionMailbox
        let debounce: Duration
        let sleep: @Sendable (Duration) async throws -> Void
        let search: @Sendable (String, CompletionOptions) async throws -> [LocalSearchCompletion]

        /// Starts reading updates from the session's current fragment on; `for await`
        /// calls it for you.
        ///
        /// ```swift
        /// var iterator = session.updates.makeAsyncIterator()
        /// await iterator.next()      // the answer for the current fragment, or the next one's
        /// ```
        ///
        /// - Complexity: O(1).
        public func makeAsyncIterator() -> Iterator {
            Iterator(updates: self)
        }

        /// Reads a session's updates, one `next()` at a time; see `Updates`.
        ///
        /// ```swift
        /// var iterator = session.updates.makeAsyncIterator()
        /// session.setQueryFragment("")
        /// session.setQueryFragment("lyo")
        /// await iterator.next()      // searching "lyo" (reading starts idle: no idle "")
        /// ```
        public struct Iterator: AsyncIteratorProtocol {
            let updates: Updates
            /// The generation of the newest request taken from the mailbox.
            var seen = 0
            /// The request taken but not yet answered.
            var pending: _SessionRequest?
            /// What the last update delivered said; an iteration starts idle.
            var delivered = _Delivered.idle

            /// The next update, or `nil` once the session is dropped or the calling task is
            /// cancelled.
            ///
            /// ```swift
            /// session.setQueryFragment("lyo")
            /// await iterator.next()      // searching "lyo"
            /// await iterator.next()      // results "lyo": Lyon, Auvergne-Rhône-Alpes, France;
            ///                            //   Lyon 03, Auvergne-Rhône-Alpes, France; …
            /// ```
            ///
            /// - Complexity: one debounce wait and one search per fragment that stays
            ///   current long enough; superseded waits and searches are cancelled.
            public mutating func next() async -> Update? {
                while !Task.isCancelled {
                    let request: _SessionRequest
                    if let pending {
                        request = pending
                    } else {
                        guard let (generation, newer) = await updates.mailbox.request(after: seen) else {
                            return nil
                        }
                        seen = generation
                        request = newer
                        pending = newer
                    }

                    if request.isBlank {
                        pending = nil
                        // Idle is news only after another state.
                        if delivered == .idle { continue }
                        delivered = .idle
                        return Update(queryFragment: request.queryFragment, options: request.options, state: .idle)
                    }
                    if delivered != .searching {
                        delivered = .searching
                        return Update(queryFragment: request.queryFragment, options: request.options, state: .searching)
                    }

                    switch await race(request) {
                    case .newer(let generation, let newer):
                        seen = generation
                        pending = newer
                    case .ended:
                        return nil
                    case .answered(let state):
                        pending = nil
                        // A newer fragment may have come in as the search finished: answer it
                        // instead, so results never arrive for a fragment already replaced.
                        if await updates.mailbox.generation > seen { continue }
                        delivered = .answer
                        return Update(queryFragment: request.queryFragment, options: request.options, state: state)
                    }
                }
                return nil
            }

            /// Waits out the debounce and searches `request`, unless a newer request or the
            /// end of the session comes first; the loser is cancelled and awaited.
            private func race(_ request: _SessionRequest) async -> _SessionOutcome {
                let updates = updates
                let seen = seen
                return await withTaskGroup(of: _SessionOutcome.self) { group in
                    group.addTask {
                        guard let (generation, newer) = await updates.mailbox.request(after: seen) else {
                            return .ended
                        }
                        return .newer(generation, newer)
                    }
                    group.addTask {
                        do {
                            if updates.debounce > .zero {
                                try await updates.sleep(updates.debounce)
                            }
                            let completions = try await updates.search(request.queryFragment, request.options)
                            return .answered(State(completions))
                        } catch {
                            // Cancelled: a newer request won, or the reader went away.
                            if Task.isCancelled { return .ended }
                            return .answered(.failed(error))
                        }
                    }
                    let first = await group.next() ?? .ended
                    group.cancelAll()
                    return first
                }
            }
        }
    }
}

/// The kind of the last update an iterator delivered.
enum _Delivered {
    case idle, searching, answer
}

/// How a race between a search and the session's next request ended.
enum _SessionOutcome: Sendable {
    /// A newer request came first.
    case newer(Int, _SessionRequest)
    /// The search finished first, in this state.
    case answered(LocationSearchSession.State)
    /// The session is gone or the task was cancelled.
    case ended
}
