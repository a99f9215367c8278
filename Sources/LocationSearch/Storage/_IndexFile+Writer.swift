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
    /// Collects an index file's sections, in the order types append them, and writes the
    /// file: header, table and sections, each section at the next 16-byte boundary.
    ///
    ///     var writer = _IndexFile.Writer(recordLayout: _PackedPlace.layoutSignature)
    ///     writer.append("folded", folded)          // a column's bytes, as they are
    ///     writer.append("name.longest", value: 12)  // one UInt64
    ///     try writer.write(to: url)
    struct Writer {
        /// The layout of the records the file stores, for its header (`Header.recordLayout`).
        let recordLayout: UInt64

        init(recordLayout: UInt64) { self.recordLayout = recordLayout }

        /// A section's bytes, and the memory that holds them (kept alive until written).
        private struct Pending {
            var name: String
            var bytes: UnsafeRawBufferPointer
            var owner: _Memory
        }

        private var pending: [Pending] = []
        private var names = Set<String>()

        /// Appends `column`'s bytes as section `name` (a programming error if the name is
        /// not valid or already taken: the names are the types' own, never input).
        mutating func append(_ name: String, _ column: some _ColumnBytes) {
            precondition(_IndexFile.isValidName(name), "bad section name \(name)")
            precondition(names.insert(name).inserted, "section \(name) is written twice")
            precondition(pending.count < _IndexFile.maxSections, "more than \(_IndexFile.maxSections) sections")
            pending.append(Pending(name: name, bytes: column.rawBytes, owner: column.memory))
        }

        /// Appends each of `parts` as section `<prefix>.<part>`, in order.
        mutating func append(_ prefix: String, _ parts: KeyValuePairs<String, any _ColumnBytes>) {
            for (part, column) in parts { append("\(prefix).\(part)", column) }
        }

        /// Appends one number as section `name` (a count or a bound a type needs back).
        mutating func append(_ name: String, value: UInt64) {
            append(name, _Column([value]))
        }

        /// The header's fields, the table and its checksum, as they start the file.
        private var prefix: [UInt64] {
            var header = Header(recordLayout: recordLayout)
            header.sectionCount = UInt64(pending.count)
            var words = header.fields
            for section in sections {
                words += _IndexFile.packName(section.name)
                words += [UInt64(section.offset), UInt64(section.count), section.checksum]
            }
            words.append(words.withUnsafeBytes { _Checksum.of($0) })
            return words
        }

        /// The sections as the file's table will list them: each one's name, offset, byte
        /// count and checksum.
        ///
        /// - Complexity: O(*n*) for *n* bytes (the checksums).
        var sections: [Section] {
            var offset = (Header.fieldCount + entryWords * pending.count + 1) * 8
            return pending.map { section in
                offset = align(offset)
                defer { offset += section.bytes.count }
                return Section(name: section.name, offset: offset, count: section.bytes.count,
                               checksum: _Checksum.of(section.bytes))
            }
        }

        /// Writes the file to `url`, atomically: to a temporary file beside it
        /// (`.<name>.<pid>.tmp`), renamed over it when complete. Temporary files that
        /// writers killed before the rename left there are removed first. Returns the
        /// checksum of the header and the table (`Reader.tableChecksum`, what a seal names).
        ///
        /// Only a regular file at `url` is replaced: a rename over a symbolic link, a
        /// FIFO or a device would put the index in its place (as root, `/dev/null` itself),
        /// so any of those is an error. `replacingAnyFile` is for the library's own cache
        /// folder, whose entries are all its own: there whatever is in the way (a FIFO, a
        /// link) is replaced, and only a directory, which a rename cannot replace, fails.
        @discardableResult
        func write(to url: URL, replacingAnyFile: Bool = false) throws -> UInt64 {
            if !replacingAnyFile, let kind = nonRegularFileKind(atPath: url.path, followingLinks: false) {
                throw GazetteerError.unwritableFile(
                    path: url.path,
                    reason: "it is \(kind), and only a regular file is replaced: give another path, or remove it")
            }
            let prefix = self.prefix
            let directory = url.deletingLastPathComponent()
            removeStaleTemporaryFiles(for: url)
            let temporary = directory.appendingPathComponent(temporaryName(for: url, pid: getpid()))
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw GazetteerError.unwritableFile(
                    path: temporary.path, reason: "cannot create it: \(errnoDescription())")
            }
            var written = 0
            func put(_ bytes: UnsafeRawBufferPointer) throws {
                guard writeFully(descriptor, bytes.baseAddress!, bytes.count) == bytes.count else {
                    throw GazetteerError.unwritableFile(
                        path: temporary.path, reason: errnoDescription())
                }
                written += bytes.count
            }
            do {
                try prefix.withUnsafeBytes { try put($0) }
                let padding = [UInt8](repeating: 0, count: 16)
                for section in pending {
                    let gap = align(written) - written
                    if gap > 0 { try padding.withUnsafeBytes { try put(UnsafeRawBufferPointer(rebasing: $0[..<gap])) } }
                    if section.bytes.count > 0 { try withExtendedLifetime(section.owner) { try put(section.bytes) } }
                }
                close(descriptor)
                guard rename(temporary.path, url.path) == 0 else {
                    throw GazetteerError.unwritableFile(
                        path: url.path,
                        reason: "cannot move the finished file into place: \(errnoDescription())")
                }
                return prefix[prefix.count - 1]
            } catch {
                close(descriptor)
                unlink(temporary.path)
                throw error
            }
        }
    }

    /// The temporary file a writer with process id `pid` writes `url` to before renaming.
    static func temporaryName(for url: URL, pid: Int32) -> String {
        ".\(url.lastPathComponent).\(pid).tmp"
    }

    /// Removes the temporary files for `url` whose writer is no longer running (killed
    /// before its rename), so that they never pile up: at most one per running writer
    /// remains.
    static func removeStaleTemporaryFiles(for url: URL) {
        let directory = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent).", suffix = ".tmp"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
            let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
            guard let pid = Int32(middle), pid > 0 else { continue }
            // kill(pid, 0) fails with ESRCH only when no such process exists.
            if pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) {
                unlink(directory.appendingPathComponent(name).path)
            }
        }
    }
}

/// A column's bytes and the memory holding them, whatever its element type: what
/// `_IndexFile.Writer.append(_:_:)` takes a list of.
protocol _ColumnBytes {
    var rawBytes: UnsafeRawBufferPointer { get }
    var memory: _Memory { get }
}

extension _Column: _ColumnBytes {}
