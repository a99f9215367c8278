import Observation

/// A search field's completer in the shape of MapKit's `MKLocalSearchCompleter`: set
/// `queryFragment` as the person types, and show `results`. Observable, so SwiftUI redraws
/// what reads it, and main-actor bound, as a view model is.
///
/// ```swift
/// @MainActor @Observable final class PlacePicker {
///     let completer = LocationSearchCompleter(search: search, debounce: .milliseconds(150))
/// }
///
/// completer.queryFragment = "san fr"   // on every keystroke
/// // a moment later:
/// completer.results.map(\.title)       // ["San Francisco", "San Fernando", …]
/// completer.isSearching                // false
/// ```
///
/// It is a `LocationSearchSession` with its answers kept in properties: the debounce, the
/// latest fragment winning over older ones, and an empty fragment clearing at once all
/// behave as the session documents. The searching runs off the main actor; each answer
/// comes back to it as one update of `results`, `isSearching`, `error` and `state`.
///
/// What it keeps while a new fragment is searched: the results of the last answer, so a
/// list does not flash empty between keystrokes (`isSearching` is true meanwhile).
///
/// ## Coming from MapKit
/// | `MKLocalSearchCompleter` | `LocationSearchCompleter` |
/// | --- | --- |
/// | `queryFragment` | `queryFragment` |
/// | `results` | `results` |
/// | `isSearching` | `isSearching` |
/// | `resultTypes` (`.address`, `.pointOfInterest`, `.query`) | `resultTypes` (`.city`, `.region`, `.country`) |
/// | `region` | `near`: a point to rank nearby places higher |
/// | delegate's `completerDidUpdateResults(_:)` | observe `results` (or `state`) |
/// | delegate's `completer(_:didFailWithError:)` | observe `error` |
/// | (none) | `options`: the limit, countries, language and typo tolerance |
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@Observable
public final class LocationSearchCompleter {
    /// The text typed so far. Setting a new fragment starts its search (after the
    /// debounce); setting the one there is does nothing.
    public var queryFragment: String = "" {
        didSet { if queryFragment != oldValue { submit() } }
    }

    /// How completions are chosen: the limit, a point to rank nearby places higher, the
    /// countries and kinds of place, typo tolerance and the language of names. Setting new
    /// options searches the fragment again.
    public var options: CompletionOptions {
        didSet { if options != oldValue { submit() } }
    }

    /// A point to rank nearby places higher (MapKit's `region`): `options.near`.
    public var near: GeoCoordinate? {
        get { options.near }
        set { options.near = newValue }
    }

    /// The kinds of place to complete (MapKit's `resultTypes`): `options.kinds`, all kinds
    /// when that is empty.
    public var resultTypes: ResultType {
        get { ResultType(kinds: options.kinds) }
        set { options.kinds = newValue.kinds }
    }

    /// The completions of the last answer, best first: empty when nothing matched, the
    /// fragment is empty or the search failed.
    public private(set) var results: [LocalSearchCompletion] = []

    /// Whether a search for the current fragment is waiting out the debounce or running.
    public private(set) var isSearching = false

    /// The error of the last answer, if its search threw (only a custom search function
    /// can); `nil` after any other answer.
    public private(set) var error: (any Error)?

    /// The last answer in full, for a view that shows each state its own way (see
    /// `LocationSearchSession.State`).
    public private(set) var state: LocationSearchSession.State = .idle

    /// The session that does the work. (Its updates are read by `reader`.)
    @ObservationIgnored private let session: LocationSearchSession
    /// How many updates have come back to the main actor (tests).
    @ObservationIgnored private(set) var deliveredUpdates = 0

    /// A completer that answers with `search` (share one `LocationSearch` between all).
    ///
    /// - Parameters:
    ///   - search: the searcher.
    ///   - options: the options each fragment is completed with.
    ///   - debounce: how long the fragment must stay unchanged before it is searched. Zero
    ///     (the default) answers every keystroke; 150–300 ms gives fewer updates.
    ///   - clock: the clock the debounce is measured on.
    public convenience init<C: Clock>(
        search: LocationSearch, options: CompletionOptions = CompletionOptions(), debounce: Duration = .zero,
        clock: C = ContinuousClock()
    ) where C.Duration == Duration {
        self.init(session: LocationSearchSession(search: search, debounce: debounce, clock: clock), options: options)
    }

    /// A completer that answers with your own search function: a remote geocoder with a
    /// local fallback, or a test double (see `LocationSearchSession.init(debounce:clock:search:)`).
    public convenience init<C: Clock>(
        options: CompletionOptions = CompletionOptions(), debounce: Duration = .zero, clock: C = ContinuousClock(),
        search: @escaping @Sendable (_ queryFragment: String, _ options: CompletionOptions) async throws
            -> [LocalSearchCompletion]
    ) where C.Duration == Duration {
        self.init(session: LocationSearchSession(debounce: debounce, clock: clock, search: search), options: options)
    }

    /// A completer over `session`: it sets the session's fragment and reads its updates
    /// (nothing else should read them).
    public init(session: LocationSearchSession, options: CompletionOptions = CompletionOptions()) {
        self.session = session
        self.options = options
        // The reader holds the updates and a weak reference: when the completer goes, so
        // does its session, which ends the updates and this task.
        let updates = session.updates
        Task { [weak self] in
            for await update in updates {
                guard let self else { return }
                self.apply(update)
            }
        }
    }

    private func submit() {
        session.setQueryFragment(queryFragment, options: options)
    }

    /// Takes in one answer, each property written only if it changes (an observer then
    /// sees a change only where there is one).
    private func apply(_ update: LocationSearchSession.Update) {
        deliveredUpdates += 1
        if state != update.state { state = update.state }
        let searching = update.state == .searching
        if isSearching != searching { isSearching = searching }
        switch update.state {
        case .searching:
            break
        case .results(let completions):
            if results != completions { results = completions }
            if error != nil { error = nil }
        case .idle, .noResults:
            if !results.isEmpty { results = [] }
            if error != nil { error = nil }
        case .failed(let failure):
            if !results.isEmpty { results = [] }
            error = failure
        }
    }
}
