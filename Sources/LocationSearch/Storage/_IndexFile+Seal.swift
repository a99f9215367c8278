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
    /// A cached index's seal: a file beside it (`<name>.seal`, 16 bytes) holding the
    /// checksum of its header and table (`Reader.tableChecksum`), which holds every
    /// section's checksum.
    ///
    /// A cache file whose table checksum is its seal's is one this library wrote from an
    /// index it built, or one that passed the load's checks before. Its loader checks its
    /// header, table, checksums and sizes as for any file, but not what its sections refer
    /// to (`Reader.checksStructure`): the writer's output passes those checks by
    /// construction, and they were 12.5 ms of a 32 ms cold start. The seal changes nothing
    /// else:
    ///
    /// - a file whose bytes changed fails a section's checksum, sealed or not;
    /// - a file changed and given new checksums (resealed) has another table checksum, so
    ///   its seal no longer matches, and it is checked in full;
    /// - a seal that is missing, damaged, not a regular file or another file's means the
    ///   full checks, and once they pass the loader writes the seal for next time.
    ///
    /// Writing and reading a seal are best effort and never an error. A seal is not a
    /// signature: whoever can write the cache folder can write both files. It tells the
    /// library's own index from damaged, foreign and resealed ones; an index opened by
    /// path (`LocationCompleter(indexFile:)`) is always checked in full.
    ///
    ///     let seal = _IndexFile.Seal.read(for: cacheFile)        // nil: no seal
    ///     guard let reader = try _IndexFile.Reader(cacheFile, seal: seal) else { … }
    ///     reader.checksStructure                                 // false if it matched
    enum Seal {
        /// "LSSEAL01", read as a little-endian number: a seal's first 8 bytes.
        static let magic: UInt64 = 0x3130_4C41_4553_534C
        /// A seal's size: the magic and the checksum.
        static let size = 16

        /// Where the seal of the index at `index` is: beside it, `<name>.seal`.
        static func url(for index: URL) -> URL { index.appendingPathExtension("seal") }

        /// The checksum the seal of `index` holds; `nil` when there is none, or it is not a
        /// regular file of 16 bytes that starts with `magic` (never blocks: a FIFO is
        /// refused without reading from it).
        ///
        /// - Complexity: O(1): one open, stat and read of 16 bytes.
        static func read(for index: URL) -> UInt64? {
            let descriptor = open(url(for: index).path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size == size
            else { return nil }
            var words: (UInt64, UInt64) = (0, 0)
            let count = withUnsafeMutableBytes(of: &words) { pread(descriptor, $0.baseAddress, size, 0) }
            guard count == size, UInt64(littleEndian: words.0) == magic else { return nil }
            return UInt64(littleEndian: words.1)
        }

        /// Writes `checksum` as the seal of `index`, replacing any seal there; does nothing
        /// when it cannot (a read-only folder, a symbolic link or something other than a
        /// regular file at the seal's path). A partly written seal matches no file.
        ///
        /// - Complexity: O(1).
        static func write(_ checksum: UInt64, for index: URL) {
            let path = url(for: index).path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
                  ftruncate(descriptor, 0) == 0
            else { return }
            var words = (magic.littleEndian, checksum.littleEndian)
            let count = withUnsafeBytes(of: &words) { pwrite(descriptor, $0.baseAddress, size, 0) }
            if count != size { _ = ftruncate(descriptor, 0) }
        }

        /// Removes the seal of `index`, if any.
        static func remove(for index: URL) {
            unlink(url(for: index).path)
        }
    }
}
