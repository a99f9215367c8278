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
    /// An index file read into memory and checked, whose sections types take back by name.
    ///
    /// Opening it reads the header and the table and checks them (magic, version, layout,
    /// checksum; every section once, each where the writer puts it: the next 16-byte
    /// boundary after the one before, the first after the table, the last ending the
    /// file), then reads the sections and the padding between them and checks every
    /// section's checksum and that the padding is zero. So every byte of the file is
    /// covered by a checksum or must be zero, and all arithmetic on the table's fields is
    /// checked. A type reading a section gets a column over the memory (no copy) and
    /// checks what it refers to; `finish()` checks that every section was read.
    ///
    /// A file whose table checksum is `seal` (`_IndexFile.Seal`: a cached index this
    /// library wrote, or one that passed these checks before) is not hashed section by
    /// section (`checksSections` is false): the seal names the table, which holds every
    /// section's checksum, so hashing the sections again would only find bytes changed
    /// on disk without remade checksums. Everything else is checked either way: the
    /// header, the table, the padding, every size and count, and what each section refers
    /// to (each type's `isConsistent`), which is what keeps the completer's reads in
    /// bounds. A seal can skip only work whose failure is an error, never a check whose
    /// absence could let damage trap.
    ///
    ///     guard let reader = try _IndexFile.Reader(url) else { return nil }  // no file
    ///     let folded = try reader.column("folded", as: UInt8.self)
    ///     let longest = try reader.value("name.longest")
    ///     try reader.finish()
    ///
    /// Types may take their sections on two threads at once (a completer reads its
    /// gazetteer and its index so: `LocationCompleter(reading:)`).
    ///
    /// `@unchecked Sendable`: its one mutable field, the names of the sections not yet
    /// taken, is only touched under `lock`; the rest is immutable once it is opened, and
    /// the memory is read-only from then on (see `_Memory`).
    final class Reader: @unchecked Sendable {
        let url: URL
        /// The sections, in the table's order.
        let sections: [Section]
        /// The checksum of the header and the table (which holds every section's checksum):
        /// what a seal names (`_IndexFile.Seal`).
        let tableChecksum: UInt64
        /// The file's identity when it was opened: what a seal names with `tableChecksum`.
        let identity: FileIdentity
        /// Whether each section's checksum was checked: false only for a file with a
        /// matching seal (what the sections refer to is checked either way).
        let checksSections: Bool
        /// The layout of the records the file stores (`Header.recordLayout`), for its
        /// reader to check against its own before it reads a record.
        let recordLayout: UInt64
        private let memory: _Memory
        private let lock = _Lock()
        private var unread: Set<String>
        private let byName: [String: Section]

        /// Opens, reads and checks the file at `url` (with `readingSections` false, only
        /// its header and table); `nil` when nothing is there. With `seal` naming its table's
        /// checksum and its identity, the sections' checksums are not checked
        /// (`checksSections`).
        ///
        /// - Throws: `GazetteerError.invalidIndexFile` when it is not a valid index
        ///   (damaged, truncated, foreign, or not a regular file: a FIFO or a device is
        ///   refused without reading from it, so it cannot block).
        /// - Complexity: O(*n*) for a file of *n* bytes.
        init?(_ url: URL, readingSections: Bool = true, seal: Seal.Contents? = nil) throws {
            self.url = url
            func invalid(_ reason: String) -> GazetteerError { .invalidIndexFile(path: url.path, reason: reason) }
            // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
            let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else {
                if errno == ENOENT { return nil }
                throw invalid("it cannot be opened: \(errnoDescription())")
            }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw invalid("its status cannot be read") }
            guard status.st_mode & S_IFMT == S_IFREG else { throw invalid("it is not a regular file") }
            identity = FileIdentity(status)
            guard status.st_size > 0, let size = Int(exactly: status.st_size) else { throw invalid("it is empty") }
            let fieldBytes = Header.fieldCount * 8
            guard size >= fieldBytes + 8 else { throw invalid("it is too short (\(size) bytes) to be an index") }
            func failure(_ error: _Memory.ReadFailure) -> GazetteerError {
                switch error {
                case .noMemory: return invalid("there is no memory to read it into")
                case .shortRead(let n):
                    return invalid("it ended at byte \(n) of its \(size) (it shrank while being read)")
                case .readError(let code): return invalid("it cannot be read: \(errnoDescription(code))")
                }
            }
            do {
                memory = try _Memory(uninitialized: size)
                try memory.read(descriptor, range: 0..<fieldBytes)
            } catch {
                throw failure(error)
            }
            let fields = _Column<UInt64>(memory: memory, byteOffset: 0, count: Header.fieldCount)
            guard fields[0] == magic else { throw invalid("it is not a LocationSearch index") }
            guard fields[1] == version else {
                throw invalid("it has version \(fields[1]); this library reads \(version)")
            }
            let counted = fields[Header.sectionCountField]
            guard counted <= UInt64(maxSections) else {
                throw invalid("its header is damaged (section count \(counted))")
            }
            let sectionCount = Int(counted)
            let tableWords = Header.fieldCount + entryWords * sectionCount
            let tableEnd = (tableWords + 1) * 8
            guard size >= tableEnd else { throw invalid("it is too short (\(size) bytes) for its section table") }
            do { try memory.read(descriptor, range: fieldBytes..<tableEnd) } catch { throw failure(error) }
            let table = _Column<UInt64>(memory: memory, byteOffset: 0, count: tableWords + 1)
            let summed = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(table.buffer)[..<(tableWords * 8)])
            guard _Checksum.of(summed) == table[tableWords] else {
                throw invalid("its header is damaged (checksum mismatch)")
            }
            tableChecksum = table[tableWords]
            checksSections = seal != Seal.Contents(checksum: tableChecksum, identity: identity)
            recordLayout = fields[2]
            guard fields[3] == byteOrderMark else {
                throw invalid("it was written on a machine with another byte order")
            }
            var sections: [Section] = [], gaps: [Int] = []
            var byName: [String: Section] = [:]
            var end = tableEnd
            for i in 0..<sectionCount {
                let at = Header.fieldCount + entryWords * i
                guard let name = unpackName(table.buffer[at..<(at + nameWords)]) else {
                    throw invalid("section \(i) has a damaged name")
                }
                let offset = table[at + nameWords], count = table[at + nameWords + 1]
                guard byName[name] == nil else { throw invalid("section \(name) is listed twice") }
                guard offset == UInt64(align(end)), count <= UInt64(size), offset <= UInt64(size) - count
                else { throw invalid("section \(name) lies outside the file or out of place") }
                let section = Section(
                    name: name, offset: Int(offset), count: Int(count), checksum: table[at + nameWords + 2])
                sections.append(section)
                gaps.append(end)
                byName[name] = section
                end = Int(offset + count)
            }
            guard end == size else { throw invalid("it has \(size - end) bytes after its last section") }
            self.sections = sections
            self.byName = byName
            unread = Set(byName.keys)
            guard readingSections else { return }
            if let problem = Self.readSections(
                zip(sections, gaps).map { ($0, $1) }, from: descriptor, into: memory, checksums: checksSections) {
                switch problem {
                case .failed(let error): throw failure(error)
                case .damaged(let name): throw invalid("section \(name) is damaged (checksum mismatch)")
                case .padding(let name): throw invalid("the padding before section \(name) is damaged")
                }
            }
        }

        /// The error for a file that is not a valid index, because of `reason`.
        func invalid(_ reason: String) -> GazetteerError { .invalidIndexFile(path: url.path, reason: reason) }

        /// Section `name` as a column of `Element`s, over the file's memory.
        ///
        /// - Throws: `invalid` when the file has no such section or its bytes are not a
        ///   whole number of elements.
        func column<Element: BitwiseCopyable>(_ name: String, as _: Element.Type) throws -> _Column<Element> {
            guard let section = byName[name] else { throw invalid("section \(name) is missing") }
            let stride = MemoryLayout<Element>.stride
            guard section.count % stride == 0 else { throw invalid("section \(name) has a partial element") }
            lock.withLock { _ = unread.remove(name) }
            return _Column(memory: memory, byteOffset: section.offset, count: section.count / stride)
        }

        /// The sections named `<prefix>.<part>`, each taken by its part's name:
        ///
        ///     let column = reader.columns("trie.whole")
        ///     let best: _Column<Float> = try column("best")   // section trie.whole.best
        func columns(_ prefix: String) -> Prefixed { Prefixed(reader: self, prefix: prefix) }

        /// The sections under one prefix (`columns(_:)`).
        struct Prefixed {
            let reader: Reader
            let prefix: String

            /// Section `<prefix>.<part>` as a column of the element type the caller expects.
            func callAsFunction<Element: BitwiseCopyable>(_ part: String) throws -> _Column<Element> {
                try reader.column("\(prefix).\(part)", as: Element.self)
            }
        }

        /// Section `name` as the one number `Writer.append(_:value:)` wrote.
        func value(_ name: String) throws -> UInt64 {
            let column = try column(name, as: UInt64.self)
            guard column.count == 1 else { throw invalid("section \(name) is not one number") }
            return column[0]
        }

        /// Throws unless every section of the file was read: a section no type reads is
        /// from another writer.
        func finish() throws {
            let unread = lock.withLock { self.unread }
            if let name = sections.first(where: { unread.contains($0.name) })?.name {
                throw invalid("it has an unknown section \(name)")
            }
        }

        /// Reads the sections (and the padding before each, from `gapStart`) into `memory`
        /// and checks each one's padding and, with `checksums`, its checksum, on two threads, each reading and
        /// checking about half the bytes (zeroing the new pages, copying and hashing are
        /// most of a load, and all split). Returns the first problem found, or `nil`.
        ///
        /// The second half is read on a thread of its own (`_Concurrently`, which starts it
        /// on the other core at once), not by `DispatchQueue.concurrentPerform`, whose
        /// second iteration started 1-3 ms late on the 2-core VM.
        private static func readSections(
            _ sections: [(section: Section, gapStart: Int)], from descriptor: Int32, into memory: _Memory,
            checksums: Bool
        ) -> _SectionProblem? {
            let total = sections.reduce(0) { $0 + $1.section.count }
            var split = 0, running = 0
            while split < sections.count && running + sections[split].section.count / 2 < total / 2 {
                running += sections[split].section.count
                split += 1
            }
            let halves = [sections[..<split], sections[split...]]
            let problems = _FirstProblem()
            @Sendable func read(_ half: Int) {
                for (section, gapStart) in halves[half] {
                    do throws(_Memory.ReadFailure) {
                        try memory.read(descriptor, range: gapStart..<(section.offset + section.count))
                    } catch {
                        problems.record(.failed(error))
                        return
                    }
                    let gap = UnsafeRawBufferPointer(start: memory.base + gapStart, count: section.offset - gapStart)
                    guard gap.allSatisfy({ $0 == 0 }) else {
                        problems.record(.padding(section.name))
                        return
                    }
                    let bytes = UnsafeRawBufferPointer(start: memory.base + section.offset, count: section.count)
                    if checksums && _Checksum.of(bytes) != section.checksum {
                        problems.record(.damaged(section.name))
                        return
                    }
                }
            }
            _ = _Concurrently.run({ read(0) }, alongside: { read(1) })
            return problems.first
        }
    }
}

/// What reading a section found wrong.
enum _SectionProblem: Sendable {
    case failed(_Memory.ReadFailure)
    case damaged(String)
    case padding(String)
}

/// The first problem the reading threads found.
///
/// `@unchecked Sendable`: its one field is only touched under its lock.
private final class _FirstProblem: @unchecked Sendable {
    private let lock = _Lock()
    private var problem: _SectionProblem?

    func record(_ found: _SectionProblem) {
        lock.withLock { if problem == nil { problem = found } }
    }

    var first: _SectionProblem? {
        lock.withLock { problem }
    }
}
