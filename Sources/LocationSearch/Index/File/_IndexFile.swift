import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The serialized completer: one file holding every column of the gazetteer and the
/// prefix index as named, checksummed sections, each 16-byte aligned, so loading is one
/// read, a checksum pass and a validation pass, with no parsing and no per-node objects.
///
///     header    UInt64 fields (see `Header`): magic "LSINDEX1", format version, record
///               stride, byte order, longest name, the key lists' leaf counts, search
///               revision, section count
///     table     per section: its name (16 bytes of ASCII, zero-padded), offset, byte
///               count and checksum (`_Checksum` of its bytes)
///               then the checksum of the header and table
///     sections  their bytes, in the table's order (see `sectionNames`)
///
/// A reader finds sections by name, not by position, and checks that each is where the
/// table says, in the file, and has its checksum, before it reads a byte of it; then that
/// every reference between sections is in bounds. A damaged or foreign file is an error,
/// never a trap.
///
/// The file is specific to this library's format version and the machine's byte order and
/// record layout (all checked on load); it is a cache, rebuilt from the gazetteer sources
/// whenever it does not match them.
enum _IndexFile {
    static let magic: UInt64 = 0x3158_4544_4E49_534C  // "LSINDEX1" little-endian
    /// Bump when the layout or the folding/ranking that produced the columns changes.
    /// 2: typo-tolerance era keys (joined city names). 3: each key list gained its
    /// first-two-bytes bucket table. 4: no walk shortcuts. 5: place records' padding
    /// explicit and zeroed, so files are byte-for-byte reproducible. 6: precomputed answers.
    /// 7: qualifier bits per whole-name key, qualifier prefix filter. 8: each key list's
    /// shallow trie. 9: the precomputed answers' bucket table. 10: each key's next bytes
    /// below the tries. 11: named sections with checksums, a header checksum, and each
    /// stored answer's count of exact matches. 12: each key list's views by country and
    /// kind (`_KeyViews`: positions, group starts, trees, tree starts); stored answers
    /// without their scores; no name starts (a name's key starts where its whole-name
    /// key does). 13: a time zone per place record (in what was its tail padding), the
    /// localized names section.
    static let formatVersion: UInt64 = 13

    /// Every section, in the order written. A name is at most 16 ASCII bytes.
    static let sectionNames: [String] = [
        "source.key", "names.bytes", "names.offsets", "labels.bytes", "labels.offsets", "places",
        "folded", "name.display", "name.place",
        "whole.key", "whole.name", "whole.score", "whole.tree",
        "words.key", "words.name", "words.score", "words.tree",
        "whole.buckets", "words.buckets",
        "answers.keys", "answers.offsets", "answers.entries", "answers.exact", "answers.buckets",
        "qualifier.bits", "qualifier.prefix",
        "trie.whole.lower", "trie.whole.upper", "trie.whole.child", "trie.whole.byte", "trie.whole.best",
        "trie.whole.level", "trie.whole.next",
        "trie.words.lower", "trie.words.upper", "trie.words.child", "trie.words.byte", "trie.words.best",
        "trie.words.level", "trie.words.next",
        "whole.vw.pos", "whole.vw.start", "whole.vw.tree", "whole.vw.treeat",
        "words.vw.pos", "words.vw.start", "words.vw.tree", "words.vw.treeat",
        "localized",
    ]

    /// The header's fields, in order, each a `UInt64`.
    struct Header {
        var magic = _IndexFile.magic
        var version = _IndexFile.formatVersion
        var recordStride = UInt64(MemoryLayout<_PlaceRecord>.stride)
        var byteOrder: UInt64 = 0x0102_0304_0506_0708
        var longestName: UInt64 = 0
        var wholeLeaves: UInt64 = 0
        var wordLeaves: UInt64 = 0
        /// `_PrecomputedAnswers.searchRevision`: the stored answers are that search's.
        var searchRevision = UInt64(_PrecomputedAnswers.searchRevision)
        var sectionCount = UInt64(_IndexFile.sectionNames.count)

        static let fieldCount = 9
        var fields: [UInt64] {
            [magic, version, recordStride, byteOrder, longestName, wholeLeaves, wordLeaves, searchRevision, sectionCount]
        }
    }

    /// Each section's table entry: name (2 words), offset, byte count, checksum.
    static let entryWords = 5
    /// The most sections a table may list (a damaged count must not make the reader
    /// allocate or read much).
    static let maxSections = 256

    /// A section name as two words (its ASCII bytes, zero-padded, little-endian).
    static func packName(_ name: String) -> (UInt64, UInt64) {
        let bytes = Array(name.utf8)
        precondition(bytes.count <= 16 && bytes.allSatisfy { $0 > 0 && $0 < 0x80 }, "bad section name \(name)")
        var words: (UInt64, UInt64) = (0, 0)
        for (i, byte) in bytes.enumerated() {
            if i < 8 { words.0 |= UInt64(byte) << UInt64(8 * i) } else { words.1 |= UInt64(byte) << UInt64(8 * (i - 8)) }
        }
        return words
    }

    /// Writes `completer` with `sourceKey` (what it was built from) to `url`, atomically:
    /// to a temporary file beside it (`.<name>.<pid>.tmp`), renamed over it when complete.
    /// Temporary files that writers killed before the rename left there are removed first.
    static func write(_ completer: LocationCompleter, sourceKey: String, to url: URL) throws {
        let labels = completer.gazetteer._labels
        var labelTable = _StringTable.Builder()
        for label in labels { labelTable.append(label) }
        let index = completer.index
        let g = completer.gazetteer
        let answers = completer.answers
        let sourceBytes = _Column(Array(sourceKey.utf8))
        let labelBytes = _Column(labelTable.bytes), labelOffsets = _Column(labelTable.offsets)
        func trie(_ trie: _ShallowTrie) -> [UnsafeRawBufferPointer] {
            [trie.lower.rawBytes, trie.upper.rawBytes, trie.firstChild.rawBytes, trie.byte.rawBytes, trie.best.rawBytes,
             trie.levelStart.rawBytes, trie.next.rawBytes]
        }
        let sections: [UnsafeRawBufferPointer] = [
            sourceBytes.rawBytes, g._names.bytes.rawBytes, g._names.offsets.rawBytes,
            labelBytes.rawBytes, labelOffsets.rawBytes, g._places.rawBytes,
            index.folded.rawBytes, index.nameDisplay.rawBytes, index.namePlace.rawBytes,
            index.whole.key.rawBytes, index.whole.name.rawBytes, index.whole.score.rawBytes, index.whole.tree.rawBytes,
            index.words.key.rawBytes, index.words.name.rawBytes, index.words.score.rawBytes, index.words.tree.rawBytes,
            index.whole.buckets.rawBytes, index.words.buckets.rawBytes,
            answers.keys.bytes.rawBytes, answers.keys.offsets.rawBytes, answers.entries.rawBytes,
            answers.exactCounts.rawBytes, answers.buckets.rawBytes,
            completer.qualifierBits.rawBytes, completer.qualifierPrefixes.bits.rawBytes,
        ] + trie(index.tries.whole) + trie(index.tries.words)
            + [index.wholeViews, index.wordViews].flatMap { views in
                [views.positions.rawBytes, views.groupStart.rawBytes, views.trees.rawBytes, views.treeStart.rawBytes]
            }
            + [g._localized.entries.rawBytes]
        precondition(sections.count == sectionNames.count)
        var header = Header()
        header.longestName = UInt64(index.longestName)
        header.wholeLeaves = UInt64(index.whole.leafCount)
        header.wordLeaves = UInt64(index.words.leafCount)
        var prefix = header.fields
        var offset = (prefix.count + entryWords * sections.count + 1) * 8
        for (name, section) in zip(sectionNames, sections) {
            offset = align(offset)
            let packed = packName(name)
            prefix += [packed.0, packed.1, UInt64(offset), UInt64(section.count), _Checksum.of(section)]
            offset += section.count
        }
        prefix.append(prefix.withUnsafeBytes { _Checksum.of($0) })

        let directory = url.deletingLastPathComponent()
        removeStaleTemporaryFiles(for: url)
        let temporary = directory.appendingPathComponent(temporaryName(for: url, pid: getpid()))
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw GazetteerError.unwritableFile(path: temporary.path, reason: "cannot create it: \(String(cString: strerror(errno)))")
        }
        var written = 0
        func put(_ bytes: UnsafeRawBufferPointer) throws {
            var done = 0
            while done < bytes.count {
                let n = Foundation.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    throw GazetteerError.unwritableFile(path: temporary.path, reason: "\(String(cString: strerror(errno)))")
                }
                done += n
            }
            written += bytes.count
        }
        do {
            try prefix.withUnsafeBytes { try put($0) }
            let padding = [UInt8](repeating: 0, count: 16)
            for section in sections {
                let gap = align(written) - written
                if gap > 0 { try padding.withUnsafeBytes { try put(UnsafeRawBufferPointer(rebasing: $0[..<gap])) } }
                if section.count > 0 { try put(section) }
            }
            close(descriptor)
            guard rename(temporary.path, url.path) == 0 else {
                throw GazetteerError.unwritableFile(path: url.path, reason: "cannot move the finished file into place: \(String(cString: strerror(errno)))")
            }
        } catch {
            close(descriptor)
            unlink(temporary.path)
            throw error
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

    static func align(_ offset: Int) -> Int { (offset + 15) & ~15 }

    /// Reads and validates an index file. Returns `nil` (and never traps) when nothing is
    /// at `url`; throws `GazetteerError.invalidIndexFile` when it is not a valid index
    /// (damaged, truncated, foreign, or not a regular file: a FIFO or a device is refused
    /// without reading from it, so it cannot block).
    static func read(_ url: URL) throws -> (completer: LocationCompleter, sourceKey: String)? {
        func invalid(_ reason: String) -> GazetteerError { .invalidIndexFile(path: url.path, reason: reason) }
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw invalid("it cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw invalid("its status cannot be read") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw invalid("it is not a regular file") }
        guard status.st_size > 0, let size = Int(exactly: status.st_size) else { throw invalid("it is empty") }
        let fixedBytes = (Header.fieldCount + 1) * 8
        guard size >= fixedBytes else { throw invalid("it is too short (\(size) bytes) to be an index") }
        func failure(_ error: _Memory.ReadFailure) -> GazetteerError {
            switch error {
            case .noMemory: return invalid("there is no memory to read it into")
            case .shortRead(let n): return invalid("it ended at byte \(n) of its \(size) (it shrank while being read)")
            case .readError(let code): return invalid("it cannot be read: \(String(cString: strerror(code)))")
            }
        }
        let memory: _Memory
        do {
            memory = try _Memory(uninitialized: size)
            try memory.read(descriptor, range: 0..<Header.fieldCount * 8)
        } catch {
            throw failure(error)
        }
        let fields = _Column<UInt64>(memory: memory, byteOffset: 0, count: Header.fieldCount)
        guard fields[0] == magic else { throw invalid("it is not a LocationSearch index") }
        guard fields[1] == formatVersion else { throw invalid("it has format \(fields[1]); this library reads \(formatVersion)") }
        guard fields[8] <= UInt64(maxSections) else { throw invalid("its header is damaged (section count \(fields[8]))") }
        let sectionCount = Int(fields[8])
        let tableWords = Header.fieldCount + entryWords * sectionCount
        guard size >= (tableWords + 1) * 8 else { throw invalid("it is too short (\(size) bytes) for its section table") }
        do { try memory.read(descriptor, range: (Header.fieldCount * 8)..<((tableWords + 1) * 8)) } catch { throw failure(error) }
        let table = _Column<UInt64>(memory: memory, byteOffset: 0, count: tableWords + 1)
        guard _Checksum.of(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(table.buffer)[..<(tableWords * 8)]))
                == table[tableWords]
        else { throw invalid("its header is damaged (checksum mismatch)") }
        guard fields[2] == UInt64(MemoryLayout<_PlaceRecord>.stride), fields[3] == 0x0102_0304_0506_0708 else {
            throw invalid("it was written on a machine with another layout")
        }
        guard fields[7] == UInt64(_PrecomputedAnswers.searchRevision) else {
            throw invalid("its precomputed answers are from another version of the search; rebuild it")
        }
        // The table: every section listed once, each where the writer puts it (the next
        // 16-byte boundary after the one before, the first after the table, the last
        // ending the file), with zeros between, and with its checksum. So every byte of
        // the file is covered by a checksum or must be zero. All arithmetic on the table's
        // fields is checked.
        var found: [String: (offset: Int, count: Int)] = [:]
        var sections: [_SectionCheck] = []
        var end = (tableWords + 1) * 8
        for i in 0..<sectionCount {
            let at = Header.fieldCount + entryWords * i
            var nameBytes: [UInt8] = []
            for word in [table[at], table[at + 1]] {
                for shift in stride(from: 0, to: 64, by: 8) where (word >> UInt64(shift)) & 0xFF != 0 {
                    nameBytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
                }
            }
            let name = String(decoding: nameBytes, as: UTF8.self)
            let offset = table[at + 2], count = table[at + 3]
            guard packName(name) == (table[at], table[at + 1]) else { throw invalid("section \(i) has a damaged name") }
            guard sectionNames.contains(name) else { throw invalid("it has an unknown section \(name)") }
            guard found[name] == nil else { throw invalid("section \(name) is listed twice") }
            guard offset == UInt64(align(end)), count <= UInt64(size), offset <= UInt64(size) - count
            else { throw invalid("section \(name) lies outside the file or out of place") }
            sections.append(_SectionCheck(name: name, gapStart: end, offset: Int(offset), count: Int(count), checksum: table[at + 4]))
            end = Int(offset + count)
            found[name] = (Int(offset), Int(count))
        }
        for name in sectionNames where found[name] == nil { throw invalid("section \(name) is missing") }
        guard end == size else { throw invalid("it has \(size - end) bytes after its last section") }
        if let problem = readSections(sections, from: descriptor, into: memory) {
            switch problem {
            case .failed(let error): throw failure(error)
            case .damaged(let name): throw invalid("section \(name) is damaged (checksum mismatch)")
            case .padding(let name): throw invalid("the padding before section \(name) is damaged")
            }
        }
        func column<T: BitwiseCopyable>(_ name: String, _: T.Type) throws -> _Column<T> {
            let section = found[name]!
            guard section.count % MemoryLayout<T>.stride == 0 else { throw invalid("section \(name) has a partial element") }
            return _Column(memory: memory, byteOffset: section.offset, count: section.count / MemoryLayout<T>.stride)
        }
        let sourceKey = String(decoding: try column("source.key", UInt8.self).buffer, as: UTF8.self)
        let names = _StringTable(bytes: try column("names.bytes", UInt8.self), offsets: try column("names.offsets", UInt32.self))
        let labelTable = _StringTable(
            bytes: try column("labels.bytes", UInt8.self), offsets: try column("labels.offsets", UInt32.self))
        guard names.isConsistent(), labelTable.isConsistent() else { throw invalid("a string table is damaged") }
        let labels = (0..<labelTable.count).map { labelTable.string($0) }
        let places = try column("places", _PlaceRecord.self)
        // One pass with no allocation per record: this loop is most of the time a load takes.
        let labelCount = Int32(clamping: labels.count)
        for record in places.buffer {
            guard Int(record.firstName) + Int(record.nameCount) <= names.count, record.nameCount > 0,
                  record.kindCode <= 2, record.countryCode >= 0, record.countryName >= 0,
                  record.countryCode < labelCount, record.countryName < labelCount, record.admin1Name < labelCount,
                  record.admin1Code < labelCount, record.continent < labelCount, record.explicitID < labelCount,
                  record.timeZone < labelCount
            else { throw invalid("a place record is damaged") }
        }
        let folded = try column("folded", UInt8.self)
        guard folded.isEmpty || folded[folded.count - 1] == 0 else { throw invalid("the folded keys are damaged") }
        let nameDisplay = try column("name.display", UInt32.self)
        let namePlace = try column("name.place", UInt32.self)
        guard namePlace.count == nameDisplay.count,
              nameDisplay.allBelow(names.count),
              namePlace.allBelow(places.count)
        else { throw invalid("the name references are damaged") }
        func keys(_ list: String, leaves: UInt64) throws -> _SortedKeys {
            let key = try column("\(list).key", UInt32.self), tree = try column("\(list).tree", Float.self)
            // The leaf count is the tree's: the smallest power of two covering the blocks.
            let blocks = (key.count + _SortedKeys.blockSize - 1) / _SortedKeys.blockSize
            var expected = 1
            while expected < blocks { expected *= 2 }
            guard leaves == UInt64(expected), tree.count == 2 * expected else {
                throw invalid("the \(list) key list's leaf count (\(leaves)) does not fit its \(key.count) keys")
            }
            let keys = _SortedKeys(
                key: key, name: try column("\(list).name", UInt32.self),
                score: try column("\(list).score", Float.self), tree: tree,
                buckets: try column("\(list).buckets", UInt32.self), leafCount: expected)
            guard keys.name.count == keys.key.count, keys.score.count == keys.key.count,
                  keys.key.allBelow(folded.count),
                  keys.name.allBelow(nameDisplay.count), keys.bucketsAreConsistent()
            else { throw invalid("a key list is damaged") }
            return keys
        }
        let whole = try keys("whole", leaves: fields[5]), words = try keys("words", leaves: fields[6])
        func trie(_ list: String, over keys: _SortedKeys) throws -> _ShallowTrie {
            let trie = _ShallowTrie(
                lower: try column("trie.\(list).lower", UInt32.self), upper: try column("trie.\(list).upper", UInt32.self),
                firstChild: try column("trie.\(list).child", UInt32.self), byte: try column("trie.\(list).byte", UInt8.self),
                best: try column("trie.\(list).best", Float.self), levelStart: try column("trie.\(list).level", UInt32.self),
                next: try column("trie.\(list).next", UInt32.self))
            guard trie.isConsistent(keyCount: keys.count) else { throw invalid("a key list's trie is damaged") }
            return trie
        }
        let tries = _ShallowTries(whole: try trie("whole", over: whole), words: try trie("words", over: words))
        // The longest name bounds query lengths (`matches(for:options:)` adds to it): no
        // name is longer than all the folded text.
        guard fields[4] >= 1, fields[4] <= UInt64(folded.count) else {
            throw invalid("its longest name (\(fields[4])) is damaged")
        }
        func views(_ list: String) throws -> _KeyViews {
            let views = _KeyViews(
                positions: try column("\(list).vw.pos", UInt32.self), groupStart: try column("\(list).vw.start", UInt32.self),
                trees: try column("\(list).vw.tree", Float.self), treeStart: try column("\(list).vw.treeat", UInt32.self))
            guard views.isConsistent(groups: labels.count + _KeyViews.kindGroups) else {
                throw invalid("the \(list) key list's views are damaged")
            }
            return views
        }
        let index = _PrefixIndex(
            folded: folded, nameDisplay: nameDisplay, namePlace: namePlace,
            whole: whole, words: words, longestName: Int(fields[4]), tries: tries,
            wholeViews: try views("whole"), wordViews: try views("words"))
        let answers = _PrecomputedAnswers(
            keys: _StringTable(bytes: try column("answers.keys", UInt8.self), offsets: try column("answers.offsets", UInt32.self)),
            entries: try column("answers.entries", _PrecomputedAnswers.Entry.self),
            exactCounts: try column("answers.exact", UInt8.self), buckets: try column("answers.buckets", UInt32.self))
        guard answers.isConsistent(with: index) else {
            throw invalid("the precomputed answers are damaged")
        }
        let qualifierBits = try column("qualifier.bits", UInt64.self)
        guard qualifierBits.count == whole.count else { throw invalid("the qualifier bits are damaged") }
        let prefixBits = try column("qualifier.prefix", UInt64.self)
        guard prefixBits.count == _QualifierPrefixes.wordCount else { throw invalid("the qualifier prefixes are damaged") }
        let localized = _LocalizedNames(entries: try column("localized", _LocalizedName.self))
        guard localized.isConsistent(places: places.count, names: names.count, labels: labels.count) else {
            throw invalid("the localized names are damaged")
        }
        let gazetteer = Gazetteer(names: names, labels: labels, places: places, localized: localized)
        let completer = LocationCompleter(gazetteer: gazetteer, index: index, answers: answers, qualifierBits: qualifierBits,
            qualifierPrefixes: _QualifierPrefixes(bits: prefixBits))
        return (completer, sourceKey)
    }

    /// Reads the sections (and the padding before each) into `memory` and checks each
    /// one's checksum and padding, on two threads, each reading and checking about half
    /// the bytes (zeroing the new pages, copying and hashing are most of a load, and all
    /// split). Returns the first problem found, or `nil`.
    static func readSections(_ sections: [_SectionCheck], from descriptor: Int32, into memory: _Memory) -> _SectionProblem? {
        let total = sections.reduce(0) { $0 + $1.count }
        var split = 0, running = 0
        while split < sections.count && running + sections[split].count / 2 < total / 2 {
            running += sections[split].count
            split += 1
        }
        let halves = [sections[..<split], sections[split...]]
        let problems = _FirstProblem()
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            for section in halves[half] {
                do throws(_Memory.ReadFailure) {
                    try memory.read(descriptor, range: section.gapStart..<(section.offset + section.count))
                } catch {
                    problems.record(.failed(error))
                    return
                }
                let gap = UnsafeRawBufferPointer(start: memory.base + section.gapStart, count: section.offset - section.gapStart)
                guard gap.allSatisfy({ $0 == 0 }) else {
                    problems.record(.padding(section.name))
                    return
                }
                let bytes = UnsafeRawBufferPointer(start: memory.base + section.offset, count: section.count)
                if _Checksum.of(bytes) != section.checksum {
                    problems.record(.damaged(section.name))
                    return
                }
            }
        }
        return problems.first
    }
}

/// A section as the table lists it: where the padding before it starts, where it is, and
/// its checksum.
struct _SectionCheck: Sendable {
    var name: String
    var gapStart: Int
    var offset: Int
    var count: Int
    var checksum: UInt64
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
    private let lock = NSLock()
    private var problem: _SectionProblem?

    func record(_ found: _SectionProblem) {
        lock.lock()
        if problem == nil { problem = found }
        lock.unlock()
    }

    var first: _SectionProblem? {
        lock.lock()
        defer { lock.unlock() }
        return problem
    }
}
