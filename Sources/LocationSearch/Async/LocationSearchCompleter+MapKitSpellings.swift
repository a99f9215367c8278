/// MapKit's spellings that have no counterpart here, declared unavailable so that the
/// compiler says what to write instead.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension LocationSearchCompleter {
    @available(*, unavailable, renamed: "near", message: "rank places near a point with near (a GeoCoordinate)")
    public var region: GeoCoordinate? {
        get { fatalError("unavailable") }
        set {}
    }

    @available(*, unavailable,
               message: "no delegate: observe results, isSearching and error (Observation), or read state")
    public var delegate: AnyObject? {
        get { fatalError("unavailable") }
        set {}
    }
}

extension LocationSearchSession {
    @available(*, unavailable, renamed: "setQueryFragment(_:options:)",
               message: "call setQueryFragment(_:options:), or use LocationSearchCompleter, which has queryFragment")
    public var queryFragment: String {
        get { fatalError("unavailable") }
        set {}
    }

    @available(*, unavailable,
               message: "iterate updates (each update's state holds the completions), or use LocationSearchCompleter, which has results")
    public var results: [LocalSearchCompletion] { fatalError("unavailable") }
}
