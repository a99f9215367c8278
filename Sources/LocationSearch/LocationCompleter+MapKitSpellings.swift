/// MapKit's `MKLocalSearchCompleter` spellings, declared unavailable on the synchronous
/// engine so that the compiler points at the type that has them.
extension LocationCompleter {
    @available(*, unavailable,
               message: "LocationCompleter answers at once: call completions(for:options:), or use LocationSearchCompleter, which has MKLocalSearchCompleter's queryFragment")
    public var queryFragment: String {
        get { fatalError("unavailable") }
        set {}
    }

    @available(*, unavailable,
               message: "LocationCompleter answers at once: call completions(for:options:), or use LocationSearchCompleter, which has MKLocalSearchCompleter's results")
    public var results: [LocalSearchCompletion] { fatalError("unavailable") }

    @available(*, unavailable,
               message: "choose kinds of place with CompletionOptions.kinds in completions(for:options:), or LocationSearchCompleter.resultTypes")
    public var resultTypes: Set<Place.Kind> {
        get { fatalError("unavailable") }
        set {}
    }

    @available(*, unavailable,
               message: "no delegate: completions(for:options:) returns the completions; LocationSearchCompleter is observable")
    public var delegate: AnyObject? {
        get { fatalError("unavailable") }
        set {}
    }
}
