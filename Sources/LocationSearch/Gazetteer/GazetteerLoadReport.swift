/// What loading GeoNames files left out, and why: nothing in a dump is dropped without
/// being counted here.
///
/// A row that breaks the format is an error (`GazetteerError.malformedRow`, with its
/// file and line). A row that is well formed but is not a place LocationSearch completes
/// is skipped, counted under its reason, and its first lines are kept so that a person can
/// look at them:
///
/// ```swift
/// let gazetteer = try Gazetteer(geoNamesDirectory: url)
/// if !gazetteer.loadReport.isEmpty { print(gazetteer.loadReport) }
/// // allCountries.txt: 6912004 rows skipped: feature class is not P (populated place) (lines 1, 2, 3, 4, 5, ...)
/// // admin1CodesASCII.txt: 12 rows skipped: no place is in the region (lines 40, 118, 902, 1311, 1800, ...)
/// ```
///
/// A gazetteer not loaded from GeoNames files (bundled index files, `Gazetteer(places:)`)
/// has an empty report.
public struct GazetteerLoadReport: Sendable, Hashable, CustomStringConvertible {
    /// Why rows were skipped.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// A places row whose feature class (column 7) is set and is not `P`: a mountain, a
        /// river, an administrative area. `allCountries.txt` is mostly such rows.
        case notAPopulatedPlace
        /// A places row none of whose names (name, ASCII name, alternate names) has a
        /// letter or a digit, so there is nothing a person could type to find it.
        case noSearchableName
        /// An `admin1CodesASCII.txt` row for a region that none of the places is in; a
        /// region is completable only through its places' population and position.
        case regionWithoutPlaces

        /// The reason in words, for messages.
        public var explanation: String {
            switch self {
            case .notAPopulatedPlace: "feature class is not P (populated place)"
            case .noSearchableName: "no name has a letter or digit"
            case .regionWithoutPlaces: "no place is in the region"
            }
        }
    }

    /// Rows of one file skipped for one reason.
    public struct Skipped: Sendable, Hashable {
        /// The file's name (`cities500.txt`).
        public var file: String
        public var reason: Reason
        /// How many rows.
        public var count: Int
        /// The 1-based numbers of the first rows skipped (at most `exampleLimit`).
        public var lines: [Int]

        /// How many line numbers `lines` keeps.
        public static let exampleLimit = 5
    }

    /// The skipped rows, per file and reason, in the order they were first met.
    public internal(set) var skipped: [Skipped] = []

    public init() {}

    /// Whether every row became a place.
    public var isEmpty: Bool { skipped.isEmpty }

    /// The number of rows skipped for `reason`, in all files.
    public func count(of reason: Reason) -> Int {
        skipped.lazy.filter { $0.reason == reason }.reduce(0) { $0 + $1.count }
    }

    /// Counts a skipped row.
    ///
    /// - Complexity: O(*r*), *r* the number of (file, reason) pairs so far (at most a few).
    mutating func skip(file: String, line: Int, reason: Reason) {
        if let i = skipped.firstIndex(where: { $0.reason == reason && $0.file == file }) {
            skipped[i].count += 1
            if skipped[i].lines.count < Skipped.exampleLimit { skipped[i].lines.append(line) }
        } else {
            skipped.append(Skipped(file: file, reason: reason, count: 1, lines: [line]))
        }
    }

    /// One line per file and reason:
    /// `cities500.txt: 2 rows skipped: feature class is not P (populated place) (lines 4, 9)`.
    public var description: String {
        skipped.map { entry in
            let rows = entry.count == 1 ? "1 row" : "\(entry.count) rows"
            let lines = entry.lines.map(String.init).joined(separator: ", ")
                + (entry.count > entry.lines.count ? ", ..." : "")
            let lineWord = entry.count == 1 ? "line" : "lines"
            return "\(entry.file): \(rows) skipped: \(entry.reason.explanation) (\(lineWord) \(lines))"
        }.joined(separator: "\n")
    }
}
