#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Hooks for `location-search bench`, outside the public API: import with
/// `@_spi(Benchmarking) import LocationSearch`. They expose sizes and the folded names so
/// that the benchmark can report bytes per name and run a naive baseline on exactly the
/// keys the completer searches.
@_spi(Benchmarking)
extension LocationCompleter {
    /// Returns the heap pages `free` has kept to the system, as a build does
    /// (`releaseFreedMemory`): the benchmark does before it reads resident memory.
    public static func _releaseFreedMemory() { releaseFreedMemory() }

    /// `query` folded as `completions(for:)` folds it.
    public static func _foldQuery(_ query: String) -> [UInt8] {
        _Folding.fold(query, keepTrailingSpace: true)
    }

    /// This completer without its precomputed answers: every query searches.
    public var _withoutPrecomputedAnswers: LocationCompleter { with(answers: .empty) }

    /// How many query keys have precomputed answers.
    public var _precomputedAnswerCount: Int { answers.keys.count }

    /// The gazetteer's names (canonical and alternate), as loaded.
    public var _nameCount: Int { gazetteer._names.count }

    /// Distinct (place, folded name) pairs in the index, and word-start keys.
    public var _indexedNameCount: Int { index.nameDisplay.count }
    public var _wordKeyCount: Int { index.words.count }

    /// The sections of the index file at `url`, as the file's own table lists them (the
    /// header and table are checked; the sections' bytes are not read).
    ///
    /// - Throws: `GazetteerError.missingFile`, or `.invalidIndexFile` if it is not an index
    ///   this version can read.
    public static func _indexFileLayout(at url: URL) throws -> _IndexFileLayout {
        guard let sections = try _IndexFile.sections(of: url) else { throw GazetteerError.missingFile(path: url.path) }
        return _IndexFileLayout(sections)
    }

    /// The sections `writeIndex(to:)` writes for this completer, as its file would list
    /// them.
    public var _indexLayout: _IndexFileLayout {
        _IndexFileLayout(_IndexFile.writer(for: self, sourceKey: "").sections)
    }

    /// The canonical name of the place at `index` (0 ..< `placeCount`).
    public func _placeName(at index: Int) -> String {
        gazetteer._names.string(Int(gazetteer._places[index].firstName))
    }

    /// The population of the place at `index`.
    public func _population(at index: Int) -> Int { Int(gazetteer._places[index].population) }

    /// The country code of the place at `index` ("" if it has none).
    public func _countryCode(at index: Int) -> String { gazetteer.label(gazetteer._places[index].countryCode) ?? "" }

    /// The kind of the place at `index`.
    public func _kind(at index: Int) -> Place.Kind { gazetteer._places[index].kind }

    /// Calls `body` with each indexed folded name (bytes without the terminator) and its
    /// place's index, in the order of the index's name table.
    public func _forEachIndexedName(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        let keys = index.keyText
        var nameText = [Int](repeating: 0, count: index.nameDisplay.count)
        for i in 0..<index.whole.count { nameText[Int(index.whole.name(i))] = index.whole.key[i] >> keys.shift }
        for n in 0..<nameText.count {
            keys.bytes(of: nameText[n]).withUnsafeBufferPointer { body($0, Int(index.namePlace[n])) }
        }
    }

    /// The file `init()` reads for the bundled gazetteer, or `nil` without a cache
    /// directory or bundled data.
    public static var _bundledCacheFile: URL? {
        guard let directory = defaultCacheDirectory, let key = try? bundledSourceKey() else { return nil }
        return bundledCacheFile(in: directory, sourceKey: key)
    }

    /// Whether the index file at `indexFile` has a seal that names it (`_IndexFile.Seal`),
    /// so that the cached loader does not hash its sections again (it checks the rest).
    public static func _isSealed(_ indexFile: URL) -> Bool {
        guard let seal = _IndexFile.Seal.read(for: indexFile),
              let reader = try? _IndexFile.Reader(indexFile, readingSections: false, seal: seal)
        else { return false }
        return !reader.checksSections
    }
}

/// An index file's sections and size, for `location-search bench`.
@_spi(Benchmarking)
public struct _IndexFileLayout: Sendable {
    /// A section: its name (`whole.key`, `names.codes`, ...) and its size.
    public struct Section: Sendable {
        public let name: String
        public let bytes: Int
    }

    /// The sections, in the file's order.
    public let sections: [Section]
    /// The file's size: header, table, sections and the padding between them.
    public let bytes: Int

    init(_ sections: [_IndexFile.Section]) {
        self.sections = sections.map { Section(name: $0.name, bytes: $0.count) }
        bytes = sections.last.map { $0.offset + $0.count } ?? 0
    }
}
