import Foundation

/// Where SwiftPM put the products of this build: the executables sit next to the test
/// bundle, as swift-argument-parser's tests find theirs. The one place the tests look for
/// the tool, for `Subprocess` and `TerminalSession` alike.
enum Products {
    static var directory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return Bundle.main.bundleURL
    }

    /// The built `location-search`, or `LOCATION_SEARCH_EXECUTABLE` if that is set: beside
    /// the test bundle (or up to two folders above it), else in the package's
    /// `.build/debug` or `.build/release`.
    static func locationSearch() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["LOCATION_SEARCH_EXECUTABLE"] {
            return URL(fileURLWithPath: path)
        }
        var candidates: [URL] = []
        var folder = directory
        for _ in 0..<3 {
            candidates.append(folder.appendingPathComponent("location-search"))
            folder.deleteLastPathComponent()
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        for configuration in ["debug", "release"] {
            candidates.append(package.appendingPathComponent(".build/\(configuration)/location-search"))
        }
        guard let url = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw HarnessError(
                description: "no location-search executable at \(candidates[0].path): build it with `swift build`")
        }
        return url
    }
}

/// The bundled index's cache for the tests, apart from the user's own: `.build/test-cache`
/// in the package. The in-process completer is given it, and the tool's subprocesses find
/// it through `XDG_CACHE_HOME` (`Subprocess`, `TerminalSession.defaultEnvironment`), so a
/// test run neither reads a cache another build of the library wrote nor writes one for
/// the person's own `location-search`. (On Apple platforms the tool reads
/// `~/Library/Caches` and does not read `XDG_CACHE_HOME`: its subprocesses share the
/// person's cache there.)
enum TestCache {
    static let home: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/test-cache")

    /// Where the library keeps the bundled index under `home`, as it does under
    /// `XDG_CACHE_HOME`.
    static var directory: URL { home.appendingPathComponent("location-search") }

    /// `environment` with `XDG_CACHE_HOME` set to `home`.
    static func environment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        environment["XDG_CACHE_HOME"] = home.path
        return environment
    }
}
