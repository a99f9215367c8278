// What a developer coming from MapKit's MKLocalSearchCompleter, or from a MapKit wrapper's
// LocalSearchCompletion, types first: each line the library does not take must fail with
// a diagnostic that says what to write instead. `.ci/check-mapkit-habits` type-checks this
// file against the library with the compiler's `-verify`, which fails on any diagnostic
// not expected below and on any expected one that does not come.
import LocationSearch

// The observable completer has MapKit's shape.
@MainActor
func observableCompleter(search: LocationSearch) {
    let completer = LocationSearchCompleter(search: search, debounce: .milliseconds(150))
    completer.queryFragment = "san fr"
    completer.resultTypes = [.city, .region]
    completer.near = GeoCoordinate(latitude: 37.77, longitude: -122.42)
    let titles: [String] = completer.results.map(\.title)
    let busy: Bool = completer.isSearching
    let failure: (any Error)? = completer.error
    _ = (titles, busy, failure)

    completer.region = nil  // expected-error {{'region' has been renamed to 'near': rank places near a point with near (a GeoCoordinate)}}
    completer.delegate = nil  // expected-error {{'delegate' is unavailable: no delegate: observe results, isSearching and error (Observation), or read state}}
}

// The synchronous engine is not MapKit's completer, and says which type is.
func engine(completer: LocationCompleter) {
    var engine = completer
    engine.queryFragment = "san fr"  // expected-error {{'queryFragment' is unavailable: LocationCompleter answers at once: call completions(for:options:), or use LocationSearchCompleter, which has MKLocalSearchCompleter's queryFragment}}
    _ = engine.results  // expected-error {{'results' is unavailable: LocationCompleter answers at once: call completions(for:options:), or use LocationSearchCompleter, which has MKLocalSearchCompleter's results}}
    engine.resultTypes = [.city]  // expected-error {{'resultTypes' is unavailable: choose kinds of place with CompletionOptions.kinds in completions(for:options:), or LocationSearchCompleter.resultTypes}}
    _ = engine.completions(for: "san fr")
}

// The session takes fragments by a method and answers in `updates`.
func session(_ session: LocationSearchSession) {
    session.queryFragment = "san fr"  // expected-error {{'queryFragment' has been renamed to 'setQueryFragment(_:options:)': call setQueryFragment(_:options:), or use LocationSearchCompleter, which has queryFragment}}
    _ = session.results  // expected-error {{'results' is unavailable: iterate updates (each update's state holds the completions), or use LocationSearchCompleter, which has results}}
    session.setQueryFragment("san fr")
}

// Highlight ranges are plain values.
func ranges(_ completion: LocalSearchCompletion) {
    let range: HighlightRange? = completion.titleHighlightRanges.first
    _ = range?.rangeValue  // expected-error {{'rangeValue' is unavailable: a HighlightRange is not an NSValue: read location and length}}
    _ = (completion.title, completion.subtitle, completion.subTitle, completion.titleHighlightRange)
}

// Previews and an app's own rows need no completer.
func fixtures() {
    let samples: [LocalSearchCompletion] = LocalSearchCompletion.previewSamples
    let home = LocalSearchCompletion(
        place: Place(id: "app:home", name: "Home", countryCode: "GB", countryName: "United Kingdom"),
        titleHighlightRanges: [HighlightRange(location: 0, length: 2)])
    _ = (samples, home)
}
