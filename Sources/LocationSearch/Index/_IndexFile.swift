import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The serialized completer: one file holding every column of the gazetteer and the
/// prefix index, each section 16-byte aligned, so loading is one `mmap` and a validation
/// pass, with no parsing and no per-node objects.
///
///     header    magic "LSINDEX1", then UInt64 fields (see `Header`)
///     sections  (offset, byte count) pairs, then the sections themselves:
///               source key, name bytes, name offsets, label bytes, label offsets,
///               place records, folded keys, name start/display/place, then for the whole-
///               name and word-start key lists: key, name, score, tree; then the two
///               lists' bucket tables (whole, words); then the precomputed answers:
///               key bytes, key offsets, entries; then the whole-name keys' qualifier
///               bits and the qualifier prefix filter; then each list's shallow trie
///               (whole, words): lower, upper, first child, byte, best; then the two
///               tries' level starts; then the precomputed answers' bucket table; then
///               the localized names (`_LocalizedName` records).
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
    /// below the tries. 11: a time zone per place record, localized names.
    static let formatVersion: UInt64 = 11
    static let sectionCount = 41

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
        static let fieldCount = 8
    }

    /// Writes `completer` with `sourceKey` (what it was built from) to `url`, atomically.
    static func write(_ completer: LocationCompleter, sourceKey: String, to url: URL) throws {
        let labels = completer.gazetteer._labels
        var labelTable = _StringTable.Builder()
        for label in labels { labelTable.append(label) }
        let index = completer.index
        let g = completer.gazetteer
        let sourceBytes = _Column(Array(sourceKey.utf8))
        let labelBytes = _Column(labelTable.bytes), labelOffsets = _Column(labelTable.offsets)
        let sections: [UnsafeRawBufferPointer] = [
            sourceBytes.rawBytes, g._names.bytes.rawBytes, g._names.offsets.rawBytes,
            labelBytes.rawBytes, labelOffsets.rawBytes, g._places.rawBytes,
            index.folded.rawBytes, index.nameStart.rawBytes, index.nameDisplay.rawBytes, index.namePlace.rawBytes,
            index.whole.key.rawBytes, index.whole.name.rawBytes, index.whole.score.rawBytes, index.whole.tree.rawBytes,
            index.words.key.rawBytes, index.words.name.rawBytes, index.words.score.rawBytes, index.words.tree.rawBytes,
            index.whole.buckets.rawBytes, index.words.buckets.rawBytes,
            completer.answers.keys.bytes.rawBytes, completer.answers.keys.offsets.rawBytes,
            completer.answers.entries.rawBytes, completer.qualifierBits.rawBytes,
            completer.qualifierPrefixes.bits.rawBytes,
        ] + [index.tries.whole, index.tries.words].flatMap { trie in
            [trie.lower.rawBytes, trie.upper.rawBytes, trie.firstChild.rawBytes, trie.byte.rawBytes, trie.best.rawBytes]
        } + [index.tries.whole.levelStart.rawBytes, index.tries.words.levelStart.rawBytes,
             completer.answers.buckets.rawBytes, index.tries.whole.next.rawBytes, index.tries.words.next.rawBytes,
             g._localized.entries.rawBytes]
        precondition(sections.count == sectionCount)
        var header = Header()
        header.longestName = UInt64(index.longestName)
        header.wholeLeaves = UInt64(index.whole.leafCount)
        header.wordLeaves = UInt64(index.words.leafCount)
        var prefix: [UInt64] = [
            header.magic, header.version, header.recordStride, header.byteOrder,
            header.longestName, header.wholeLeaves, header.wordLeaves, header.searchRevision,
        ]
        var offset = (prefix.count + 2 * sectionCount) * 8
        for section in sections {
            offset = align(offset)
            prefix += [UInt64(offset), UInt64(section.count)]
            offset += section.count
        }

        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw GazetteerError.unreadableFile(path: temporary.path, reason: "cannot create: \(String(cString: strerror(errno)))")
        }
        var written = 0
        func put(_ bytes: UnsafeRawBufferPointer) throws {
            var done = 0
            while done < bytes.count {
                let n = Foundation.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    throw GazetteerError.unreadableFile(path: temporary.path, reason: "write failed: \(String(cString: strerror(errno)))")
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
                throw GazetteerError.unreadableFile(path: url.path, reason: "cannot move into place: \(String(cString: strerror(errno)))")
            }
        } catch {
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
    }

    static func align(_ offset: Int) -> Int { (offset + 15) & ~15 }

    /// Maps and validates an index file. Returns `nil` (and never traps) when the file is
    /// missing; throws `GazetteerError.invalidIndexFile` when it is not a valid index.
    static func read(_ url: URL) throws -> (completer: LocationCompleter, sourceKey: String)? {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let size = Int(status.st_size)
        func invalid(_ reason: String) -> GazetteerError { .invalidIndexFile(path: url.path, reason: reason) }
        let headerBytes = (Header.fieldCount + 2 * sectionCount) * 8
        guard size >= headerBytes else { throw invalid("it is too short (\(size) bytes) to be an index") }
        guard let memory = _Memory(mapping: descriptor, size: size) else { throw invalid("it cannot be mapped") }
        let fields = _Column<UInt64>(memory: memory, byteOffset: 0, count: headerBytes / 8)
        guard fields[0] == magic else { throw invalid("it is not a LocationSearch index") }
        guard fields[1] == formatVersion else { throw invalid("it has format \(fields[1]); this library reads \(formatVersion)") }
        guard fields[2] == UInt64(MemoryLayout<_PlaceRecord>.stride), fields[3] == 0x0102_0304_0506_0708 else {
            throw invalid("it was written on a machine with another layout")
        }
        guard fields[7] == UInt64(_PrecomputedAnswers.searchRevision) else {
            throw invalid("its precomputed answers are from another version of the search; rebuild it")
        }
        var sections: [(offset: Int, count: Int)] = []
        for i in 0..<sectionCount {
            let offset = fields[Header.fieldCount + 2 * i], count = fields[Header.fieldCount + 2 * i + 1]
            guard offset % 16 == 0, offset >= UInt64(headerBytes), count <= UInt64(size),
                  offset <= UInt64(size) - count
            else { throw invalid("section \(i) lies outside the file") }
            sections.append((Int(offset), Int(count)))
        }
        func column<T: BitwiseCopyable>(_ i: Int, _: T.Type) throws -> _Column<T> {
            guard sections[i].count % MemoryLayout<T>.stride == 0 else { throw invalid("section \(i) has a partial element") }
            return _Column(memory: memory, byteOffset: sections[i].offset, count: sections[i].count / MemoryLayout<T>.stride)
        }
        let sourceKey = String(decoding: try column(0, UInt8.self).buffer, as: UTF8.self)
        let names = _StringTable(bytes: try column(1, UInt8.self), offsets: try column(2, UInt32.self))
        let labelTable = _StringTable(bytes: try column(3, UInt8.self), offsets: try column(4, UInt32.self))
        guard names.isConsistent(), labelTable.isConsistent() else { throw invalid("a string table is damaged") }
        let labels = (0..<labelTable.count).map { labelTable.string($0) }
        let places = try column(5, _PlaceRecord.self)
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
        let folded = try column(6, UInt8.self)
        guard folded.isEmpty || folded[folded.count - 1] == 0 else { throw invalid("the folded keys are damaged") }
        let nameStart = try column(7, UInt32.self), nameDisplay = try column(8, UInt32.self)
        let namePlace = try column(9, UInt32.self)
        guard nameDisplay.count == nameStart.count, namePlace.count == nameStart.count,
              nameStart.allBelow(folded.count),
              nameDisplay.allBelow(names.count),
              namePlace.allBelow(places.count)
        else { throw invalid("the name references are damaged") }
        func keys(_ first: Int, buckets: Int, leaves: UInt64) throws -> _SortedKeys {
            let list = _SortedKeys(
                key: try column(first, UInt32.self), name: try column(first + 1, UInt32.self),
                score: try column(first + 2, Float.self), tree: try column(first + 3, Float.self),
                buckets: try column(buckets, UInt32.self), leafCount: Int(truncatingIfNeeded: leaves))
            guard list.name.count == list.key.count, list.score.count == list.key.count,
                  list.leafCount > 0, list.tree.count == 2 * list.leafCount,
                  list.leafCount * _SortedKeys.blockSize >= list.count,
                  list.key.allBelow(folded.count),
                  list.name.allBelow(nameStart.count), list.bucketsAreConsistent()
            else { throw invalid("a key list is damaged") }
            return list
        }
        let whole = try keys(10, buckets: 18, leaves: fields[5]), words = try keys(14, buckets: 19, leaves: fields[6])
        func trie(_ first: Int, levels: Int, next: Int, over list: _SortedKeys) throws -> _ShallowTrie {
            let trie = _ShallowTrie(
                lower: try column(first, UInt32.self), upper: try column(first + 1, UInt32.self),
                firstChild: try column(first + 2, UInt32.self), byte: try column(first + 3, UInt8.self),
                best: try column(first + 4, Float.self), levelStart: try column(levels, UInt32.self),
                next: try column(next, UInt32.self))
            guard trie.isConsistent(keyCount: list.count) else { throw invalid("a key list's trie is damaged") }
            return trie
        }
        let tries = _ShallowTries(
            whole: try trie(25, levels: 35, next: 38, over: whole), words: try trie(30, levels: 36, next: 39, over: words))
        let index = _PrefixIndex(
            folded: folded, nameStart: nameStart, nameDisplay: nameDisplay, namePlace: namePlace,
            whole: whole, words: words, longestName: Int(truncatingIfNeeded: fields[4]), tries: tries)
        let answers = _PrecomputedAnswers(
            keys: _StringTable(bytes: try column(20, UInt8.self), offsets: try column(21, UInt32.self)),
            entries: try column(22, _PrecomputedAnswers.Entry.self), buckets: try column(37, UInt32.self))
        guard answers.isConsistent(with: index) else {
            throw invalid("the precomputed answers are damaged")
        }
        let qualifierBits = try column(23, UInt64.self)
        guard qualifierBits.count == whole.count else { throw invalid("the qualifier bits are damaged") }
        let prefixBits = try column(24, UInt64.self)
        guard prefixBits.count == _QualifierPrefixes.wordCount else { throw invalid("the qualifier prefixes are damaged") }
        let localized = _LocalizedNames(entries: try column(40, _LocalizedName.self))
        guard localized.isConsistent(places: places.count, names: names.count, labels: labels.count) else {
            throw invalid("the localized names are damaged")
        }
        let gazetteer = Gazetteer(names: names, labels: labels, places: places, localized: localized)
        let completer = LocationCompleter(gazetteer: gazetteer, index: index, answers: answers, qualifierBits: qualifierBits,
            qualifierPrefixes: _QualifierPrefixes(bits: prefixBits))
        return (completer, sourceKey)
    }
}
