#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_spi(Tools) import LocationSearch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bundled index's cache folder as `location-search cache` sees it: its entries, each
/// the library's own file (`LocationCompleter._cacheFileRole(ofFileNamed:)`, a regular
/// file) or something else, read without following a symbolic link anywhere: the folder
/// is opened with `O_NOFOLLOW`, its entries are examined with `lstat` semantics and
/// removed relative to it.
struct CacheFolder {
    /// One entry of the folder.
    struct Entry {
        var name: String
        /// The library's role for it; `nil` for anything else, and for a name of the
        /// library's that is not a regular file (a symbolic link, a folder).
        var role: _CacheFileRole?
        /// Its size in bytes (a regular file's; 0 for anything else).
        var size: Int
        /// Why it is not the library's: "a symbolic link", "a folder", "not a cache file".
        var unexpected: String?
    }

    let path: String
    /// `nil` when the folder does not exist (nothing cached yet).
    private let descriptor: Int32?
    private(set) var entries: [Entry] = []

    /// Opens and lists the folder at `path`.
    ///
    /// - Throws: `CacheFolderError` if `path` is a symbolic link or not a folder, or cannot
    ///   be read.
    init(path: String) throws {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT {
                self.descriptor = nil
                return
            }
            if error == ELOOP || error == ENOTDIR {
                var status = stat()
                let link = lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
                throw CacheFolderError(path: path, reason: link
                    ? "it is a symbolic link; refusing to follow it (remove the link, or point XDG_CACHE_HOME elsewhere)"
                    : "it is not a folder")
            }
            throw CacheFolderError(path: path, reason: String(cString: strerror(error)))
        }
        self.descriptor = descriptor
        entries = try Self.list(descriptor, path: path)
    }

    /// Closes the folder.
    func closeFolder() {
        if let descriptor { close(descriptor) }
    }

    /// The library's files.
    var cacheFiles: [Entry] { entries.filter { $0.role != nil } }
    /// Everything else.
    var others: [Entry] { entries.filter { $0.role == nil } }

    private static func list(_ descriptor: Int32, path: String) throws -> [Entry] {
        let copy = dup(descriptor)
        guard copy >= 0, let directory = fdopendir(copy) else {
            throw CacheFolderError(path: path, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                entries.append(Entry(name: name, role: nil, size: 0, unexpected: "cannot be examined"))
                continue
            }
            let role = LocationCompleter._cacheFileRole(ofFileNamed: name)
            let type = status.st_mode & S_IFMT
            if type == S_IFREG, let role {
                entries.append(Entry(name: name, role: role, size: Int(status.st_size), unexpected: nil))
            } else {
                let what = type == S_IFLNK ? "a symbolic link" : type == S_IFDIR ? "a folder"
                    : type != S_IFREG ? "not a regular file" : "not a cache file"
                entries.append(Entry(name: name, role: nil, size: 0, unexpected: what))
            }
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// Whether the writer of a temporary file still runs (its file is then kept).
    static func isRunning(_ pid: Int32) -> Bool {
        // kill(pid, 0) fails with ESRCH only when no such process exists.
        pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Removes the entry `name` (never following a link: `unlinkat` removes a name).
    func remove(_ name: String) throws {
        guard let descriptor else { return }
        guard unlinkat(descriptor, name, 0) == 0 || errno == ENOENT else {
            throw CacheFolderError(path: path + "/" + name, reason: "cannot remove it: \(String(cString: strerror(errno)))")
        }
    }

    /// Removes the folder itself if it is empty now; quietly keeps it otherwise.
    func removeIfEmpty() {
        guard descriptor != nil else { return }
        _ = rmdir(path)
    }
}

/// `cache` found something it will not touch, or could not read the folder.
struct CacheFolderError: Error, CustomStringConvertible {
    /// The folder or file; empty when there is no folder at all.
    var path: String
    var reason: String

    var description: String { path.isEmpty ? reason : "cache folder \(path): \(reason)" }
}
