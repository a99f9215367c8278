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
