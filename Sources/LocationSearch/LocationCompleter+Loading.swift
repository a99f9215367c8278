import Foundation

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
    /// `~/Library/Caches/location-search` on Apple platforms); later calls map that file,
    /// which takes milliseconds. The cache is keyed by the data's content, never trusted
    /// blindly (a damaged file is rebuilt), and if it cannot be written the completer
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
        if let cacheFile, let (cached, key) = try? _IndexFile.read(cacheFile), key == sourceKey {
            self = cached
            return
        }
        let built = LocationCompleter(gazetteer: try Gazetteer.bundled())
        if let cacheDirectory, let cacheFile {
            try? FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
            try? _IndexFile.write(built, sourceKey: sourceKey, to: cacheFile)
        }
        self = built
    }

    /// Builds the bundled gazetteer's index from its GeoNames files and writes it as the
    /// cached index in `cacheDirectory` (created if needed), which `init()` then maps;
    /// returns the file written. For `location-search build-index`.
    ///
    /// - Complexity: O(*n* log *n*) in the number of names (about two seconds for the
    ///   bundled data in a release build).
    @_spi(Tools)
    public static func buildBundledIndex(cacheDirectory: URL, progress: _BuildProgress?) throws -> URL {
        let sourceKey = try bundledSourceKey()
        let built = LocationCompleter(gazetteer: try Gazetteer.bundled(progress: progress), progress: progress)
        let file = bundledCacheFile(in: cacheDirectory, sourceKey: sourceKey)
        try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        progress?("Writing index", 0)
        try _IndexFile.write(built, sourceKey: sourceKey, to: file)
        return file
    }

    /// What the bundled files are, for the cache key (see `sourceKey(for:)`).
    static func bundledSourceKey() throws -> String {
        guard let directory = _BundledData.directory else { throw GazetteerError.bundledDataMissing }
        let files = ["cities500.txt", "admin1CodesASCII.txt", "countryInfo.txt", "alternateNamesV2.txt"].map {
            directory.appendingPathComponent($0)
        }
        return try sourceKey(for: files)
    }

    static func bundledCacheFile(in directory: URL, sourceKey: String) -> URL {
        directory.appendingPathComponent("bundled-\(String(_fnv1a(Array(sourceKey.utf8)), radix: 16)).lsindex")
    }

    /// Loads an index file written by `writeIndex(to:)` (or `location-search build-index`),
    /// by mapping it into memory: no parsing, no rebuilding.
    ///
    /// - Throws: `GazetteerError.missingFile`, or `.invalidIndexFile` if the file is not
    ///   an index this version can read (it is validated, so a damaged file is an error,
    ///   never a crash).
    /// - Complexity: O(*n*) to validate references, *n* the file's size; no allocation
    ///   proportional to it.
    public init(indexFile: URL) throws {
        guard let (completer, _) = try _IndexFile.read(indexFile) else {
            throw GazetteerError.missingFile(path: indexFile.path)
        }
        self = completer
    }

    /// Writes the completer's index to `url` (atomically), for `init(indexFile:)`.
    ///
    /// - Complexity: O(*s*), *s* the size of the index (about 70 bytes per name).
    public func writeIndex(to url: URL) throws {
        try _IndexFile.write(self, sourceKey: "", to: url)
    }

    /// The per-user cache folder for bundled indexes.
    public static var defaultCacheDirectory: URL? {
        let environment = ProcessInfo.processInfo.environment
        #if canImport(Darwin)
        if let home = environment["HOME"] {
            return URL(fileURLWithPath: home).appendingPathComponent("Library/Caches/location-search")
        }
        #else
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("location-search")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home).appendingPathComponent(".cache/location-search")
        }
        #endif
        return nil
    }

    /// Identifies the content of the source files cheaply: their sizes and a hash of
    /// 4 KiB samples every MiB (plus the last 4 KiB), with the index format version, the
    /// ranking weights and the folding table it was built with.
    /// Independent of paths and modification times, so every checkout of the same data
    /// shares one cached index.
    static func sourceKey(for files: [URL]) throws -> String {
        // Everything baked into the index besides the data: its layout, the static ranking
        // weights and the folding table.
        var parts = [
            "format \(_IndexFile.formatVersion)", "ranking \(_Ranking.indexFingerprint)",
            "folding \(_foldingTableSource.utf8.count)",
            "answers \(_PrecomputedAnswers.minimumKeys) \(_PrecomputedAnswers.depth) \(_PrecomputedAnswers.searchRevision)",
        ]
        for file in files {
            guard let handle = FileHandle(forReadingAtPath: file.path) else {
                throw GazetteerError.missingFile(path: file.path)
            }
            defer { try? handle.close() }
            let size = Int(handle.seekToEndOfFile())
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var offsets = Array(stride(from: 0, to: size, by: 1 << 20))
            offsets.append(max(0, size - 4096))
            for offset in offsets {
                handle.seek(toFileOffset: UInt64(offset))
                hash = _fnv1a(Array(handle.readData(ofLength: 4096)), seed: hash)
            }
            parts.append("\(file.lastPathComponent):\(size):\(String(hash, radix: 16))")
        }
        return parts.joined(separator: ";")
    }
}

/// 64-bit FNV-1a.
func _fnv1a(_ bytes: [UInt8], seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    var hash = seed
    for byte in bytes {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01B3
    }
    return hash
}
