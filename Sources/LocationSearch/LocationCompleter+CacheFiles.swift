/// What a file in the bundled index's cache folder is to the library, read from its name:
/// what `location-search cache` reports and clears, and nothing else.
///
///     LocationCompleter._cacheFileRole(ofFileNamed: "bundled-9f0c2a.lsindex")        // .index
///     LocationCompleter._cacheFileRole(ofFileNamed: ".bundled-9f0c2a.lsindex.412.tmp") // .temporary(writer: 412)
///     LocationCompleter._cacheFileRole(ofFileNamed: "notes.txt")                       // nil
@_spi(Tools)
public enum _CacheFileRole: Equatable, Sendable {
    /// `bundled-<key>.lsindex`: a cached index of the bundled data.
    case index
    /// `bundled-<key>.lsindex.seal`: the record of that index's last full check.
    case seal
    /// `.bundled-<key>.lsindex.<pid>.tmp`: what the writer with process id `writer` writes
    /// before renaming it into place.
    case temporary(writer: Int32)
}

extension LocationCompleter {
    /// The role of the file named `name` in the bundled index's cache folder
    /// (`defaultCacheDirectory`, or the folder given to `init(bundledCacheDirectory:)`), or
    /// `nil` for a name the library never writes there. `<key>` is the cache key's hash as
    /// `bundledCacheFile(in:sourceKey:)` writes it: 1 to 16 lower-case hexadecimal digits.
    ///
    /// - Complexity: O(*n*), *n* the name's length.
    @_spi(Tools)
    public static func _cacheFileRole(ofFileNamed name: String) -> _CacheFileRole? {
        let bytes = Array(name.utf8)
        if bytes.first == UInt8(ascii: "."), bytes.last == UInt8(ascii: "p") {
            // ".<index name>.<pid>.tmp"
            let inner = bytes.dropFirst().dropLast(".tmp".count)
            guard bytes.count > ".tmp".count + 1, Array(bytes.suffix(4)) == Array(".tmp".utf8),
                  let dot = inner.lastIndex(of: UInt8(ascii: ".")),
                  isIndexName(inner[..<dot]),
                  let pid = Int32(String(decoding: inner[(dot + 1)...], as: UTF8.self)), pid > 0,
                  inner[(dot + 1)...].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return nil }
            return .temporary(writer: pid)
        }
        if isIndexName(bytes[...]) { return .index }
        let seal = Array(".seal".utf8)
        if bytes.count > seal.count, Array(bytes.suffix(seal.count)) == seal,
           isIndexName(bytes.dropLast(seal.count)) {
            return .seal
        }
        return nil
    }

    /// Whether `bytes` are `bundled-<1 to 16 lower-case hex digits>.lsindex`.
    private static func isIndexName(_ bytes: ArraySlice<UInt8>) -> Bool {
        let prefix = Array("bundled-".utf8), suffix = Array(".lsindex".utf8)
        guard bytes.count > prefix.count + suffix.count, bytes.starts(with: prefix),
              Array(bytes.suffix(suffix.count)) == suffix
        else { return false }
        let key = bytes.dropFirst(prefix.count).dropLast(suffix.count)
        return (1...16).contains(key.count) && key.allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
        }
    }
}
