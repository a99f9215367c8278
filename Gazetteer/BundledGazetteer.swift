import Foundation

/// Where the bundled GeoNames files live.
///
/// This target only carries data; `LocationSearch` reads it through
/// `Gazetteer.bundled()`. The files use GeoNames' own dump formats, so the same reader
/// loads an official download.
public enum BundledGazetteer {
    /// The folder holding `cities500.txt`, `admin1CodesASCII.txt` and `countryInfo.txt`,
    /// or `nil` if the resource bundle is missing from this build.
    ///
    /// Looks where SwiftPM puts the resource bundle (beside the executable, which is the
    /// build folder when the tool runs from there, or in an app's resources), then in this
    /// package's own `Resources` folder, which the bundle copies (a binary copied elsewhere
    /// after its build folder was cleaned). SwiftPM's `Bundle.module` is not asked first:
    /// on Linux it traps when its bundle is in neither of its two places, where this
    /// returns `nil` (and loading throws `GazetteerError.bundledDataMissing`).
    public static var directory: URL? {
        for bundle in bundleCandidates {
            if let directory = dataDirectory(in: Bundle(url: bundle)) { return directory }
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources", isDirectory: true)
        if hasData(source) { return source }
        #if canImport(Darwin)
        // Xcode lays out package resources its own way, and its `Bundle.module` knows it.
        return dataDirectory(in: Bundle.module)
        #else
        return nil
        #endif
    }

    /// The resource bundle's possible places: beside the executable (and the executable
    /// a symbolic link points to), and in the main bundle's resources.
    private static var bundleCandidates: [URL] {
        let name = "LocationSearch_LocationSearchGazetteer"
        var folders = [Bundle.main.bundleURL]
        if let resources = Bundle.main.resourceURL { folders.append(resources) }
        if let executable = Bundle.main.executableURL {
            folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        return folders.flatMap { folder in
            ["resources", "bundle"].map { folder.appendingPathComponent("\(name).\($0)", isDirectory: true) }
        }
    }

    private static func dataDirectory(in bundle: Bundle?) -> URL? {
        guard let bundle else { return nil }
        if let file = bundle.url(forResource: "cities500", withExtension: "txt", subdirectory: "Resources") {
            return file.deletingLastPathComponent()
        }
        let candidate = bundle.bundleURL.appendingPathComponent("Resources", isDirectory: true)
        return hasData(candidate) ? candidate : nil
    }

    private static func hasData(_ directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("cities500.txt").path)
    }
}
