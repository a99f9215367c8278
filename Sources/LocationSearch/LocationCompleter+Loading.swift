#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension LocationCompleter {
    /// Loads the bundled GeoNames gazetteer.
    ///
    /// The first call on a machine builds the index from the GeoNames files (about two
    /// seconds in a release build) and caches it as an index file in the user's cache
    /// directory (`$XDG_CACHE_HOME/location-search`, `~/.cache/location-search`, or
    /// `~/Library/Caches/location-search` on Apple platforms); later calls read that file,
    /// which takes milliseconds. The cache is keyed by the data's content and by
    /// everything the library bakes into an index (format, ranking weights, folding,
    /// synonyms, the search), and never trusted blindly: a damaged, foreign or stale
    /// file is rebuilt and atomically replaced; if it cannot be written the completer
    /// still works, only without the speed-up.
    ///
    /// ```swift
    /// let completer = try LocationCompleter()
    /// completer.completions(for: "san fr").first?.title   // "San Francisco"
    /// ```
    ///
    /// - Throws: `GazetteerError.bundledDataMissing` if the data is not in this build, or
    ///   another `GazetteerError` if it is damaged.
    public init() throws {
        try self.init(bundledCacheDirectory: LocationCompleter.defaultCacheDirectory)
    }

    /// Loads the bundled gazetteer, caching its index in `cacheDirectory` (created if
    /// needed), or building it in memory every time when `cacheDirectory` is `nil`.
    public init(bundledCacheDirectory cacheDirectory: URL?) throws {
        let sourceKey = try Self.bundledSourceKey()
        let cacheFile = cacheDirectory.map { Self.bundledCacheFile(in: $0, sourceKey: sourceKey) }
        var rebuilt = false
        self = try Self.cached(in: cacheFile, sourceKey: sourceKey) {
            rebuilt = true
            return LocationCompleter(gazetteer: try Gazetteer.bundled())
        }
        if rebuilt, let cacheFile { Self.removeOldBundledCaches(besides: cacheFile) }
    }

    /// Builds the bundled gazetteer's index from its GeoNames files and writes it as the
    /// cached index in `cacheDirectory` (created if needed), which `init()` then reads;
    /// returns the file written. For `location-search build-index`.
    ///
    /// - Complexity: O(*n* log *n*) in the number of names (about a second for the
    ///   bundled data in a release build: docs/performance.md).
    @_spi(Tools)
    public static func buildBundledIndex(cacheDirectory: URL, progress: _BuildProgress?) throws -> URL {
        let sourceKey = try bundledSourceKey()
        let built = LocationCompleter(gazetteer: try Gazetteer.bundled(progress: progress), progress: progress)
        let file = bundledCacheFile(in: cacheDirectory, sourceKey: sourceKey)
        try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        progress?("Writing index", 0)
        _IndexFile.Seal.write(
            try _IndexFile.write(built, sourceKey: sourceKey, to: file, replacingAnyFile: true), for: file)
        removeOldBundledCaches(besides: file)
        return file
    }

    /// What the bundled files are, for the cache key (see `sourceKey(for:)`).
    ///
    /// The library's part (`libraryKey`: a reflection over the ranking weights and the
    /// tables' checksums, about 3 M instructions) is made on another thread while this one
    /// finds and samples the files, which take about as long: a cold start waits for the
    /// key before it can name the cached index.
    static func bundledSourceKey() throws -> String {
        let (files, library) = try _Concurrently.run({
            guard let directory = _BundledData.directory else { throw GazetteerError.bundledDataMissing }
            return try fileKeys(
                for: ["cities500.txt", "admin1CodesASCII.txt", "countryInfo.txt", "alternateNamesV2.txt"].map {
                    directory.appendingPathComponent($0)
                })
        }, alongside: { libraryKey })
        return ([library] + files).joined(separator: ";")
    }

    static func bundledCacheFile(in directory: URL, sourceKey: String) -> URL {
        directory.appendingPathComponent("bundled-\(String(_fnv1a(Array(sourceKey.utf8)), radix: 16)).lsindex")
    }

    /// Loads an index file written by `writeIndex(to:)` (or `location-search build-index`),
    /// by reading it into memory: no parsing, no rebuilding.
    ///
    /// - Throws: `GazetteerError.missingFile`, or `.invalidIndexFile` if the file is not
    ///   an index this version can read: every section's checksum and every reference
    ///   between sections is checked, so a damaged, truncated or foreign file is an error,
    ///   never a crash, and so is a FIFO, a device or a directory at `indexFile` (refused
    ///   without reading). The file is read, not mapped, so changing or truncating it
    ///   afterwards cannot affect the completer.
    /// - Complexity: O(*n*) to read, checksum and validate, *n* the file's size; one
    ///   allocation of *n* bytes, which the completer's columns point into.
    public init(indexFile: URL) throws {
        guard let completer = try _IndexFile.read(indexFile)?.completer else {
            throw GazetteerError.missingFile(path: indexFile.path)
        }
        self = completer
    }

    /// Writes the completer's index to `url` (atomically), for `init(indexFile:)`.
    ///
    /// - Throws: `GazetteerError.unwritableFile` if it cannot be written, or if something
    ///   other than a regular file is at `url` (a symbolic link, a FIFO, a device, a
    ///   folder): only a regular file is replaced.
    ///
    /// - Complexity: O(*s*), *s* the size of the index (about 32 bytes per indexed name:
    ///   39.9 MB for the bundled gazetteer's 1.24 million names).
    public func writeIndex(to url: URL) throws {
        try _IndexFile.write(self, sourceKey: "", to: url)
    }

    /// The per-user cache folder for bundled indexes.
    public static var defaultCacheDirectory: URL? {
        // (`getenv`, not `ProcessInfo.environment`, which copies the whole environment
        // into a dictionary: about 1 M instructions of a cold start.)
        func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        #if canImport(Darwin)
        if let home = environment("HOME") {
            return URL(fileURLWithPath: home).appendingPathComponent("Library/Caches/location-search")
        }
        #else
        if let cache = environment("XDG_CACHE_HOME"), cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("location-search")
        }
        if let home = environment("HOME"), !home.isEmpty {
            return URL(fileURLWithPath: home).appendingPathComponent(".cache/location-search")
        }
        #endif
        return nil
    }

    /// Identifies the content of the source files cheaply: their sizes and a hash of
    /// 4 KiB samples every MiB (plus the last 4 KiB), with `libraryKey`, what the library
    /// bakes into an index besides the data.
    /// Independent of paths and modification times, so every checkout of the same data
    /// shares one cached index.
    static func sourceKey(for files: [URL]) throws -> String {
        ([libraryKey] + (try fileKeys(for: files))).joined(separator: ";")
    }

    /// Each file's part of `sourceKey(for:)`: its name, size and samples' hash.
    private static func fileKeys(for files: [URL]) throws -> [String] {
        var parts: [String] = []
        for file in files {
            let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw GazetteerError.missingFile(path: file.path) }
            defer { close(descriptor) }
            let end = lseek(descriptor, 0, SEEK_END)
            guard end >= 0 else {
                throw GazetteerError.unreadableFile(path: file.path, reason: errnoDescription())
            }
            let size = Int(end)
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var offsets = Array(stride(from: 0, to: size, by: 1 << 20))
            offsets.append(max(0, size - 4096))
            var sample = [UInt8](repeating: 0, count: 4096)
            for offset in offsets {
                let count = sample.withUnsafeMutableBytes {
                    readFully(descriptor, $0.baseAddress!, $0.count, at: offset)
                }
                guard count >= 0 else {
                    throw GazetteerError.unreadableFile(path: file.path, reason: errnoDescription())
                }
                // (`_Checksum`, eight bytes a step: every start keys the bundled cache so.)
                hash = _Checksum.of(Array(sample[..<count]), seed: hash)
            }
            parts.append("\(file.lastPathComponent):\(size):\(String(hash, radix: 16))")
        }
        return parts
    }
}

extension LocationCompleter {
    /// Everything this library bakes into an index besides the data, as one line: the
    /// index version (`_IndexFile.version`, one number for the format and the search),
    /// every ranking weight (`_Ranking.fingerprint()`, which reflects over all of them),
    /// checksums of every rule table the build reads (the folding and case tables, the
    /// synonyms, the region and country aliases), the typo walk's budgets and efforts,
    /// whose results the stored answers hold (`_FuzzyFrontier.policyFingerprint`), and the
    /// stored answers' parameters. Part of the bundled cache's key, so that a library whose
    /// index or answers would differ never reuses a cached one.
    static let libraryKey: String = {
        var synonyms: [UInt8] = []
        for entry in _Synonyms.entries {
            withUnsafeBytes(of: entry.word) { synonyms += $0 }
            for alternative in entry.alternatives { synonyms += alternative + [0] }
            synonyms.append(0xFF)
        }
        func checksum(_ text: String) -> String { String(_Checksum.of(Array(text.utf8)), radix: 16) }
        let ascii = _Checksum.of(_Folding.ascii)
        return [
            "version \(_IndexFile.version)",
            "ranking \(checksum(_Ranking.fingerprint()))",
            "folding \(checksum(_foldingTableSource)) \(String(ascii, radix: 16))",
            "case \(checksum(_simpleCaseTableSource)) \(checksum(_caseClassTableSource))",
            "synonyms \(String(_Checksum.of(synonyms), radix: 16))",
            "aliases \(checksum(_PlaceAliases.fingerprint))",
            "typos \(checksum(_FuzzyFrontier.policyFingerprint))",
            "answers \(_PrecomputedAnswers.minimumKeys) \(_PrecomputedAnswers.depth)",
        ].joined(separator: ";")
    }()
}
