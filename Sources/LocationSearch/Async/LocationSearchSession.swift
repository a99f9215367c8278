/// Follows a search field as someone types, in the spirit of MapKit's
/// `MKLocalSearchCompleter`: set the query fragment on every keystroke, and read the
/// answers from `updates`.
///
/// A session gives each app the search-as-you-type behaviour it would otherwise hand-roll
/// with `Task`, `sleep` and cancellation, and gets it right:
///
/// - **Debounce.** With a `debounce` other than zero, a search starts only once the
///   fragment has stopped changing for that long. The default is zero: completions take
///   microseconds, so every keystroke can be answered; set 150–300 ms for fewer updates.
/// - **Latest query wins.** A newer fragment cancels the wait or the search for an older
///   one, and an update for an older fragment is never delivered after one for a newer.
/// - **Empty clears at once.** An empty (or all-whitespace) fragment delivers `.idle` at
///   once, without waiting for the debounce.
/// - **Nothing leaks.** All searching runs inside the task that iterates `updates`:
///   cancel that task, or drop the session, and the work stops and the sequence ends.
///
/// ```swift
/// let session = LocationSearchSession(search: try LocationSearch(),
///                                     debounce: .milliseconds(200))
/// let reader = Task {
///     for await update in session.updates {
///         print(update)
///     }
/// }
/// for fragment in ["c", "ca", "cam", "camb"] {     // typed faster than 200 ms apart
///     session.setQueryFragment(fragment)
/// }
/// // searching "camb"        (or "c": whichever was current when the reader started)
/// // results "camb": Cambodia, Asia; Cambridge, England, United Kingdom; …
/// session.setQueryFragment("")
/// // idle ""
/// ```
///
/// ## The updates, in order
/// - For a non-empty fragment: `.searching`, unless the last update already was (typing
///   on does not repeat it), then exactly one answer, `.results`, `.noResults` or
///   `.failed`, for the fragment that was still current when its search finished.
/// - For an empty fragment: `.idle`, unless the last update already was. Reading starts
///   idle, so it begins with the answer for the current fragment, if it is not empty.
///
/// Each `Update` carries the fragment and options it answers. See `State`.
///
/// ## Reading updates
/// Iterate `updates` from one task (a SwiftUI `.task`, for instance). The searching
/// happens in that task, so nothing runs while nobody reads, and an iteration started
/// later (the view came back) picks up the current fragment. Iterating from several tasks
/// at once is safe, but each runs its own searches.
///
/// ## Lifetime
/// A session owns one task, which hands each fragment you set to the readers in order
/// and waits while you type nothing. It ends when the session is released, and so does
/// every iteration of `updates`, cancelling any wait or search under way.
///
/// ## Testing
/// Pass a clock to control time (any `Clock` whose `Duration` is `Swift.Duration`), and
/// a search function to control latency and failures; see
/// `init(debounce:clock:search:)`.
public final class LocationSearchSession: Sendable {
    /// The answers to the fragments set with `setQueryFragment(_:options:)`, as they
    /// become ready. The sequence ends when the session is dropped or the iterating task
    /// is cancelled.
    ///
    /// ```swift
    /// for await update in session.updates {
    ///     if case .results(let completions) = update.state {
    ///         print(update.queryFragment, completions.map(\.title))
    ///     }
    /// }
    /// // san fr ["San Francisco", "San Francisco de Macorís", …]
    /// ```
    public let updates: Updates

    private let requests: AsyncStream<_SessionRequest>.Continuation

    /// Creates a session that answers with `search`.
    ///
    /// ```swift
    /// let session = LocationSearchSession(search: try LocationSearch(),
    ///                                     debounce: .milliseconds(250))
    /// ```
    ///
    /// - Parameters:
    ///   - search: the searcher; share one between all sessions.
    ///   - debounce: how long the fragment must stay unchanged before it is searched.
    ///     Zero (the default) searches every fragment at once.
    ///   - clock: the clock the debounce is measured on; `ContinuousClock` by default.
    /// - Complexity: O(1).
    public convenience init<C: Clock>(
        search: LocationSearch, debounce: Duration = .zero, clock: C = ContinuousClock()
    ) where C.Duration == Duration {
        self.init(debounce: debounce, clock: clock) { fragment, options in
            try await search.search(fragment, options: options)
        }
    }

    /// Creates a session that answers with your own search function: a remote geocoder
    /// with a local fallback, a logging wrapper, or a test double with controlled latency.
    ///
    /// ```swift
    /// let local = try LocationSearch()
    /// let session = LocationSearchSession(debounce: .milliseconds(300)) { fragment, options in
    ///     let results = try await local.search(fragment, options: options)
    ///     print("searched \(fragment): \(results.count)")
    ///     return results
    /// }
    /// let reader = Task { for await _ in session.updates {} }
    /// session.setQueryFragment("lond")
    /// // searched lond: 10       (300 ms later, if nothing else was typed)
    /// ```
    ///
    /// The session calls `search` for one fragment at a time, from the task iterating
    /// `updates`, and cancels the call when a newer fragment arrives. It should return
    /// soon after cancellation (throwing `CancellationError` or not): the next search
    /// starts when it has. An error it throws, other than for cancellation, is delivered
    /// as `.failed`.
    ///
    /// - Parameters:
    ///   - debounce: how long the fragment must stay unchanged before it is searched.
    ///     Zero (the default) searches every fragment at once.
    ///   - clock: the clock the debounce is measured on; `ContinuousClock` by default.
    ///   - search: answers a fragment with the given options.
    /// - Complexity: O(1).
    public init<C: Clock>(
        debounce: Duration = .zero, clock: C = ContinuousClock(),
        search: @escaping @Sendable (_ queryFragment: String, _ options: CompletionOptions) async throws
            -> [LocalSearchCompletion]
    ) where C.Duration == Duration {
        let mailbox = _SessionMailbox()
        let (stream, continuation) = AsyncStream.makeStream(
            of: _SessionRequest.self, bufferingPolicy: .bufferingNewest(1))
        self.requests = continuation
        self.updates = Updates(
            mailbox: mailbox, debounce: max(debounce, .zero),
            sleep: { try await clock.sleep(for: $0) }, search: search)
        // The one task a session owns: it hands requests to the mailbox in the order they
        // were made, and ends (finishing the mailbox, which ends every iteration) when
        // `deinit` finishes the stream. It holds the stream and the mailbox, never `self`.
        Task {
            for await request in stream {
                await mailbox.post(request)
            }
            await mailbox.finish()
        }
    }

    deinit {
        requests.finish()
    }

    /// Sets what the person has typed so far, and the options to search it with.
    ///
    /// Call it on every change of the search field; it returns at once. The answer
    /// arrives on `updates`. Setting the fragment and options it already has does nothing.
    ///
    /// ```swift
    /// session.setQueryFragment("springfield", options: CompletionOptions(countries: ["US"]))
    /// // on updates: searching "springfield", then
    /// // results "springfield": Springfield, Missouri, United States; …
    /// ```
    ///
    /// - Parameters:
    ///   - queryFragment: the text so far; empty (or all whitespace) goes idle at once.
    ///   - options: the limit, location bias and filters for this search.
    /// - Complexity: O(1).
    public func setQueryFragment(_ queryFragment: String, options: CompletionOptions = .init()) {
        requests.yield(_SessionRequest(queryFragment: queryFragment, options: options))
    }
}
