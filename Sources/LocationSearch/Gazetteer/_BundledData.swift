#if canImport(Darwin)
import Foundation  // `Bundle`, which FoundationEssentials does not have
#else
import FoundationEssentials
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the bundled GeoNames files are, if this build has them.
///
/// Looks where SwiftPM puts the `LocationSearchGazetteerData` target's resource bundle (beside
/// the executable, which is the build folder when the tool runs from there, or in an app's
/// resources), then in that target's own `Resources` folder, which the bundle copies (a
/// binary run after its build folder was cleaned). The target is C so that no
/// `Bundle.module` accessor (and with it Foundation and ICU) is linked into every program
/// using LocationSearch; see `Gazetteer/include/LocationSearchGazetteerData.h`.
enum _BundledData {
    /// The resource bundle's name, as SwiftPM makes it (`<package>_<target>`): a test
    /// checks that the build has a bundle of this name.
    static let bundleName = "LocationSearch_LocationSearchGazetteerData"

    /// The folder holding `cities500.txt`, `admin1CodesASCII.txt` and `countryInfo.txt`,
    /// or `nil` if the resource bundle is missing from this build (and loading throws
    /// `GazetteerError.bundledDataMissing`). Looked for once a process: a first run asks
    /// for it twice, for the cache key and for the build.
    static let directory: URL? = find()

    private static func find() -> URL? {
        for folder in bundleFolders {
            for suffix in ["resources", "bundle"] {
                let bundle = folder.appendingPathComponent("\(bundleName).\(suffix)", isDirectory: true)
                // SwiftPM copies the folder itself (`.copy("Resources")`); an Apple bundle
                // may keep its resources one level down.
                for candidate in [
                    bundle.appendingPathComponent("Resources", isDirectory: true),
                    bundle.appendingPathComponent("Contents/Resources/Resources", isDirectory: true),
                ] where hasData(candidate) {
                    return candidate
                }
            }
        }
        let source = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Gazetteer/Resources", isDirectory: true)
        return hasData(source) ? source : nil
    }

    /// The folders a resource bundle may be in: the executable's (and, through a symbolic
    /// link, its target's), and on Apple platforms the main bundle's resources and the
    /// loaded frameworks'.
    private static var bundleFolders: [URL] {
        var folders: [URL] = []
        if let executable = executablePath {
            folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        #if canImport(Darwin)
        folders.append(Bundle.main.bundleURL)
        if let resources = Bundle.main.resourceURL { folders.append(resources) }
        if let executable = Bundle.main.executableURL {
            folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        for framework in Bundle.allFrameworks {
            if let resources = framework.resourceURL { folders.append(resources) }
        }
        #endif
        return folders
    }

    /// The running executable's path with symbolic links resolved, or `nil` if it cannot
    /// be found.
    private static var executablePath: String? {
        #if os(Linux) || os(Android)
        return resolved("/proc/self/exe")
        #else
        guard let first = CommandLine.arguments.first, first.contains("/") else { return nil }
        return resolved(first)
        #endif
    }

    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    private static func hasData(_ directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("cities500.txt").path)
    }
}
