@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension LocationSearchCompleter {
    /// The kinds of place a completer gives, as MapKit's `MKLocalSearchCompleter.ResultType`
    /// names its kinds of result.
    ///
    /// ```swift
    /// completer.resultTypes = [.city]              // cities only
    /// completer.resultTypes = [.region, .country]  // no cities
    /// completer.resultTypes = .all                 // every kind (the default)
    /// ```
    ///
    /// An empty set filters nothing: it completes every kind, as `.all` does.
    public struct ResultType: OptionSet, Hashable, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        public static let city = ResultType(rawValue: 1 << 0)
        public static let region = ResultType(rawValue: 1 << 1)
        public static let country = ResultType(rawValue: 1 << 2)
        /// Every kind of place.
        public static let all: ResultType = [.city, .region, .country]

        /// The kinds `kinds` names (`CompletionOptions.kinds`: none means all).
        init(kinds: Set<Place.Kind>) {
            guard !kinds.isEmpty else {
                self = .all
                return
            }
            self = []
            for kind in kinds { insert(Self.type(of: kind)) }
        }

        /// The kinds as `CompletionOptions.kinds` takes them: none for all (no filter).
        var kinds: Set<Place.Kind> {
            let chosen = Set(Place.Kind.allCases.filter { contains(Self.type(of: $0)) })
            return chosen.count == Place.Kind.allCases.count ? [] : chosen
        }

        private static func type(of kind: Place.Kind) -> ResultType {
            switch kind {
            case .city: .city
            case .region: .region
            case .country: .country
            }
        }
    }
}
