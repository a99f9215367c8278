import Foundation

/// Where the bundled GeoNames files live.
///
/// This target only carries data; `LocationSearch` reads it through
/// `Gazetteer.bundled()`. The files use GeoNames' own dump formats, so the same reader
/// loads an official download.
public enum BundledGazetteer {
    /// The folder holding `cities500.txt`, `admin1CodesASCII.txt` and `countryInfo.txt`,
    /// or `nil` if the resource bundle is missing from this build.
    public static var directory: URL? {
        if let file = Bundle.module.url(forResource: "cities500", withExtension: "txt", subdirectory: "Resources") {
            return file.deletingLastPathComponent()
        }
        let candidate = Bundle.module.bundleURL.appendingPathComponent("Resources", isDirectory: true)
        return FileManager.default.fileExists(atPath: candidate.appendingPathComponent("cities500.txt").path)
            ? candidate : nil
    }
}
