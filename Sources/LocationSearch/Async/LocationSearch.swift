/// The app-facing front door: completions for a query fragment, from async code.
///
/// `LocationSearch` wraps a `LocationCompleter` for use from tasks: `search(_:options:)`
/// runs off the caller's actor and throws `CancellationError` when its task is cancelled,
/// so a superseded search never hands back stale results. Build one and share it: it is
/// an immutable value, so any number of tasks and sessions can use it at once.
///
/// ```swift
/// let search = try LocationSearch()                    // the bundled GeoNames gazetteer
/// for completion in try await search.search("san fr").prefix(2) {
///     print(completion.title, "|", completion.subTitle)
/// }
/// // San Francisco | California, United States
/// // San Francisco de Macorís | Duarte, Dominican Republic
/// ```
///
/// To follow a search field as someone types (debounce, latest query wins, idle,
/// searching, results, no results and error states), use a `LocationSearchSession`.
///
/// ## Quirk: the type and the module share a name
/// Code that imports the module sees the type `LocationSearch` shadow the module name, so a
/// module-qualified name such as `LocationSearch.CompletionOptions` is looked up as a
/// member of this type and does not compile. Write the unqualified name
/// (`CompletionOptions`); if another module declares the same name, disambiguate with a
/// `typealias` in a file that imports only one of them. For the same reason, a module
/// interface generated with library evolution needs
/// `-Xfrontend -alias-module-names-in-module-interface`.
public struct LocationSearch: Sendable {
    /// The engine that answers every search.
    public let completer: LocationCompleter

    /// Loads the bundled GeoNames gazetteer and builds its completer.
    ///
    /// The first load on a machine builds the index (about a second in a release build)
    /// and caches it; later loads read the cached file in milliseconds. Either way, do it
    /// once, away from the main actor, and share the result.
    ///
    /// ```swift
    /// let search = try await Task.detached { try LocationSearch() }.value
    /// search.completer.placeCount        // 238935
    /// ```
    ///
    /// - Throws: `GazetteerError.bundledDataMissing` if the data is not in this build, or
    ///   another `GazetteerError` if it is damaged.
    /// - Complexity: O(*n* log *n*) in the number of indexed name words.
    public init() throws {
        self.init(completer: try LocationCompleter())
    }

    /// Wraps a completer you built, for example over your own gazetteer.
    ///
    /// ```swift
    /// let gazetteer = try Gazetteer(places: [
    ///     Place(geonameID: 2643743, name: "London", countryCode: "GB",
    ///           countryName: "United Kingdom", population: 8_961_989),
    /// ])
    /// let search = LocationSearch(completer: LocationCompleter(gazetteer: gazetteer))
    /// try await search.search("lon").map(\.title)       // ["London"]
    /// ```
    ///
    /// - Complexity: O(1).
    public init(completer: LocationCompleter) {
        self.completer = completer
    }

    /// The best completions for `queryFragment`, best first.
    ///
    /// The work is `LocationCompleter.completions(for:options:)`: synchronous and quick
    /// (microseconds in release builds), run on the global concurrent executor rather than
    /// the caller's actor. Cancellation is checked before and after it, so a cancelled
    /// task never receives results.
    ///
    /// ```swift
    /// let search = try LocationSearch()
    /// let results = try await search.search("springfield il", options: CompletionOptions(limit: 1))
    /// print(results[0])
    /// // Springfield, Illinois, United States
    /// ```
    ///
    /// - Throws: `CancellationError` if the calling task is cancelled.
    /// - Complexity: O(*m* log *n* + *k* log *n*) for a query of *m* bytes and a limit of
    ///   *k*, where *n* is the number of indexed name words (see `LocationCompleter`).
    public func search(
        _ queryFragment: String, options: CompletionOptions = .init()
    ) async throws -> [LocalSearchCompletion] {
        try Task.checkCancellation()
        let completions = completer.completions(for: queryFragment, options: options)
        try Task.checkCancellation()
        return completions
    }
}
