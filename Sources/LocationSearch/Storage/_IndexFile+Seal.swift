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

extension _IndexFile {
    /// A cached index's seal: a file beside it (`<name>.seal`, 72 bytes) holding the
    /// checksum of its header and table (`Reader.tableChecksum`), which holds every
    /// section's checksum, and the index file's identity when it was sealed
    /// (`FileIdentity`: device, inode, size, modification and change times).
    ///
    /// The seal is a hint, and it can only spare work whose failure is an error. A load
    /// whose file has the seal's table checksum and identity does not hash its sections
    /// again (`Reader.checksSections` false): their bytes are the ones checked when the
    /// seal was written, since any write to the file since then changed its identity.
    /// Everything else is checked on every load, sealed or not: the header, the table,
    /// the padding, every size and count, and what every section refers to, which is
    /// what keeps the completer's reads in bounds. So:
    ///
    /// - a file written to since it was sealed (a byte changed, the file truncated or
    ///   replaced) has another identity, so its sections are hashed, and damage is found;
    /// - a file damaged and given new checksums and a new seal (whoever can write the
    ///   cache folder can) is refused by the structure checks, as any foreign file is,
    ///   or gives wrong answers; it never traps;
    /// - a seal that is missing, damaged, not a regular file or another file's means the
    ///   sections are hashed, and once every check passes the loader writes the seal.
    ///
    /// What the seal lets through: bytes that change on the disk without a write (media
    /// decay under a file system that does not notice it) give wrong answers, never a
    /// trap, until the cache is rebuilt. Writing and reading a seal are best effort and
    /// never an error; an index opened by path (`LocationCompleter(indexFile:)`) is always
    /// hashed.
    ///
    ///     let seal = _IndexFile.Seal.read(for: cacheFile)        // nil: no seal
    ///     guard let reader = try _IndexFile.Reader(cacheFile, seal: seal) else { … }
    ///     reader.checksSections                                  // false if it matched
    enum Seal {
        /// "LSSEAL02", read as a little-endian number: a seal's first 8 bytes.
        static let magic: UInt64 = 0x3230_4C41_4553_534C
        /// A seal's size: the magic, the checksum and the identity's seven words.
        static let size = 72

        /// What a seal names: a table checksum and the identity of the file that had it.
        struct Contents: Hashable, Sendable {
            var checksum: UInt64
            var identity: FileIdentity
        }

        /// Where the seal of the index at `index` is: beside it, `<name>.seal`.
        static func url(for index: URL) -> URL { index.appendingPathExtension("seal") }

        /// What the seal of `index` names; `nil` when there is none, or it is not a regular
        /// file of `size` bytes that starts with `magic` (never blocks: a FIFO is refused
        /// without reading from it).
        ///
        /// - Complexity: O(1): one open, stat and read of 72 bytes.
        static func read(for index: URL) -> Contents? {
            let descriptor = open(url(for: index).path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size == size
            else { return nil }
            var words = [UInt64](repeating: 0, count: size / 8)
            let count = words.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, size, 0) }
            guard count == size, UInt64(littleEndian: words[0]) == magic else { return nil }
            let identity = FileIdentity(words: words[2...].map { UInt64(littleEndian: $0) })
            return Contents(checksum: UInt64(littleEndian: words[1]), identity: identity)
        }

        /// Writes `checksum` as the seal of `index`, with the identity the index has now
        /// (or `identity`, the one it had when its checks began), replacing any seal
        /// there; does nothing when it cannot (a read-only folder, a symbolic link or
        /// something other than a regular file at the seal's path, no index). A partly
        /// written seal names no file.
        ///
        /// - Complexity: O(1).
        static func write(_ checksum: UInt64, identity: FileIdentity? = nil, for index: URL) {
            guard let identity = identity ?? FileIdentity(of: index) else { return }
            let path = url(for: index).path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
                  ftruncate(descriptor, 0) == 0
            else { return }
            let words = ([magic, checksum] + identity.words).map(\.littleEndian)
            let count = words.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, size, 0) }
            if count != size { _ = ftruncate(descriptor, 0) }
        }

        /// Removes the seal of `index`, if any.
        static func remove(for index: URL) {
            unlink(url(for: index).path)
        }
    }

    /// What tells a file's bytes apart without reading them: its device and inode, its
    /// size, and its modification and change times to the nanosecond. Any write to the
    /// file (or its replacement by another) changes one of them: a change takes the time
    /// of the write, which file systems that keep fine times give apart from the last
    /// time it was read (Linux's since 6.13, APFS).
    struct FileIdentity: Hashable, Sendable {
        var words: [UInt64]

        init(words: [UInt64]) { self.words = words }

        /// The identity of the file whose status is `status`.
        init(_ status: stat) {
            #if canImport(Darwin)
            let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
            #else
            let (modified, changed) = (status.st_mtim, status.st_ctim)
            #endif
            words = [
                UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino),
                UInt64(truncatingIfNeeded: status.st_size),
                UInt64(truncatingIfNeeded: modified.tv_sec), UInt64(truncatingIfNeeded: modified.tv_nsec),
                UInt64(truncatingIfNeeded: changed.tv_sec), UInt64(truncatingIfNeeded: changed.tv_nsec),
            ]
        }

        /// The identity of the regular file at `url` now; nil for none (or no file).
        init?(of url: URL) {
            let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            self.init(status)
        }
    }
}
