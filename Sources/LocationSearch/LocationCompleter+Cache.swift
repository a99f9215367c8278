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

/// The bundled index's cache folder: reading the cached index or building and writing it,
/// and sweeping what older versions and killed writers left there.
extension LocationCompleter {
    /// The completer cached in `cacheFile` if it is a valid index built from `sourceKey`;
    /// otherwise (missing, damaged, foreign, stale, or not a regular file) the one `build`
    /// makes, written over `cacheFile` atomically for next time (its folder created if
    /// needed). A cache that cannot be written (a read-only folder, a directory in the
    /// way) leaves the completer working, only without the speed-up, and saying why
    /// (`cacheError`).
    ///
    /// The file written is sealed (`_IndexFile.Seal`), and so is a cached file that passed
    /// every check: a sealed file's later loads do not hash its sections again, and check
    /// everything else (what each section refers to too) as any load does. A valid cache
    /// also has the temporary files of writers killed before their rename removed from
    /// its folder (`removeDeadWritersFiles(in:)`: one listing of the folder).
    static func cached(
        in cacheFile: URL?, sourceKey: String, build: () throws -> LocationCompleter
    ) throws -> LocationCompleter {
        if let cacheFile,
           let loaded = try? _IndexFile.read(cacheFile, seal: _IndexFile.Seal.read(for: cacheFile)),
           loaded.sourceKey == sourceKey {
            if loaded.checked { _IndexFile.Seal.write(loaded.tableChecksum, identity: loaded.identity, for: cacheFile) }
            removeDeadWritersFiles(in: cacheFile.deletingLastPathComponent())
            return loaded.completer
        }
        var built = try build()
        if let cacheFile {
            try? FileManager.default.createDirectory(
                at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            do {
                _IndexFile.Seal.write(
                    try _IndexFile.write(built, sourceKey: sourceKey, to: cacheFile, replacingAnyFile: true),
                    for: cacheFile)
            } catch GazetteerError.unwritableFile(_, let reason) {
                // (Named after the cache, not the writer's temporary file.)
                built = built.with(cacheError: .unwritableFile(path: cacheFile.path, reason: reason))
            } catch {
                built = built.with(cacheError: .unwritableFile(path: cacheFile.path, reason: "\(error)"))
            }
        }
        // (The build's and the writer's temporaries are freed: their pages go back.)
        releaseFreedMemory()
        return built
    }

    /// Removes the temporary files (`.<index name>.<pid>.tmp`) that bundled-index writers
    /// killed before their rename left in `directory`, keeping those of writers still
    /// running: 15 to 40 MB each, which nothing else would ever remove.
    ///
    /// - Complexity: one listing of `directory`, and a `kill(pid, 0)` per temporary file.
    static func removeDeadWritersFiles(in directory: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(".bundled-") && name.hasSuffix(".tmp") {
            guard let index = indexName(ofTemporary: name) else { continue }
            let pid = name.dropFirst(index.count + 2).dropLast(".tmp".count)
            guard let pid = Int32(pid), pid > 0, pid != getpid() else { continue }
            // kill(pid, 0) fails with ESRCH only when no such process exists.
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(directory.appendingPathComponent(name).path) }
        }
    }

    /// Removes the bundled indexes that other versions of the library or of the data left
    /// in `current`'s folder, keeping `current` and the most recently written other one
    /// (so two programs built with different versions, used in turn, both stay cached),
    /// the seals of indexes no longer there (`_IndexFile.Seal`), and the temporary files
    /// of writers that no longer run. Called only after a new index was written, so the
    /// folder holds at most two bundled indexes (about 40 MB each) however many upgrades
    /// it has seen.
    static func removeOldBundledCaches(besides current: URL) {
        let directory = current.deletingLastPathComponent()
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        var others: [(url: URL, written: Date)] = []
        var seals: [String] = []
        for name in names {
            if name.hasPrefix("bundled-"), name.hasSuffix(".lsindex.seal") {
                seals.append(name)
                continue
            }
            // A writer's temporary file is ".<index name>.<pid>.tmp".
            if name.hasPrefix(".bundled-"), name.hasSuffix(".tmp"), let index = indexName(ofTemporary: name) {
                _IndexFile.removeStaleTemporaryFiles(for: directory.appendingPathComponent(index))
            }
            guard name.hasPrefix("bundled-"), name.hasSuffix(".lsindex"), name != current.lastPathComponent else {
                continue
            }
            let url = directory.appendingPathComponent(name)
            let written = (try? manager.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? .distantPast
            others.append((url, written))
        }
        for old in others.sorted(by: { $0.written > $1.written }).dropFirst() {
            try? manager.removeItem(at: old.url)
        }
        // Seals whose index is gone (removed above, or by hand).
        for seal in seals {
            let index = directory.appendingPathComponent(String(seal.dropLast(".seal".count)))
            if !manager.fileExists(atPath: index.path) { _IndexFile.Seal.remove(for: index) }
        }
    }

    /// The index a writer's temporary file `.<index name>.<pid>.tmp` is for: the name up to
    /// its last `.lsindex.`, without the leading dot.
    private static func indexName(ofTemporary name: String) -> String? {
        let bytes = Array(name.utf8), marker = Array(".lsindex.".utf8)
        guard bytes.count > marker.count,
              let end = (1...bytes.count - marker.count).last(where: { bytes[$0...].starts(with: marker) })
        else { return nil }
        return String(decoding: bytes[1..<end], as: UTF8.self) + ".lsindex"
    }
}
