/// Why a gazetteer could not be loaded or built.
///
/// Messages name the file, the line (1-based) and the reason, so a person can fix the
/// data:
///
/// ```swift
/// do { _ = try Gazetteer(geoNamesDirectory: url) } catch { print(error) }
/// // cities500.txt:12: expected 19 tab-separated columns, found 4
/// ```
public enum GazetteerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file the loader needs is not there.
    case missingFile(path: String)
    /// A file exists but could not be read.
    case unreadableFile(path: String, reason: String)
    /// A file could not be written (an index file being saved).
    case unwritableFile(path: String, reason: String)
    /// A row does not follow the GeoNames format.
    case malformedRow(file: String, line: Int, reason: String)
    /// Two places share an id.
    case duplicatePlaceID(String)
    /// A place given to `Gazetteer(places:)` cannot be indexed.
    case invalidPlace(id: String, reason: String)
    /// The resource bundle with the bundled GeoNames data is not part of this build.
    case bundledDataMissing
    /// A file given as a serialized index is not one this library can read.
    case invalidIndexFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .missingFile(let path):
            "\(path): no such file"
        case .unreadableFile(let path, let reason):
            "\(path): cannot be read: \(reason)"
        case .unwritableFile(let path, let reason):
            "cannot write to \(path): \(reason)"
        case .malformedRow(let file, let line, let reason):
            "\(file):\(line): \(reason)"
        case .duplicatePlaceID(let id):
            "two places have the id \(id); ids must be unique"
        case .invalidPlace(let id, let reason):
            "place \(id): \(reason)"
        case .invalidIndexFile(let path, let reason):
            "\(path): not a usable index file: \(reason)"
        case .bundledDataMissing:
            "the bundled gazetteer (LocationSearch_LocationSearchGazetteerData resources) is missing "
                + "from this build; rebuild the package, or load GeoNames files with "
                + "Gazetteer(geoNamesDirectory:)"
        }
    }
}
