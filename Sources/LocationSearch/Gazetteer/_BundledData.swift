import Foundation
import LocationSearchGazetteer

/// Where the bundled GeoNames files are, if this build has them.
enum _BundledData {
    static var directory: URL? {
        guard let directory = BundledGazetteer.directory,
              FileManager.default.fileExists(atPath: directory.appendingPathComponent("cities500.txt").path)
        else { return nil }
        return directory
    }
}
