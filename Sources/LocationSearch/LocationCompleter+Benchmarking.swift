import Foundation

/// Hooks for `location-search bench`, outside the public API: import with
/// `@_spi(Benchmarking) import LocationSearch`. They expose sizes and the folded names so
/// that the benchmark can report bytes per name and run a naive baseline on exactly the
/// keys the completer searches.
@_spi(Benchmarking)
extension LocationCompleter {
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

    /// The bytes of every column the completer holds (gazetteer and index): what an index
    /// file stores, less its header and padding.
    public var _storageBytes: Int {
        let g = gazetteer, i = index
        var bytes = g._names.bytes.rawBytes.count + g._names.offsets.rawBytes.count + g._places.rawBytes.count
        bytes += g._labels.reduce(0) { $0 + $1.utf8.count + 4 }
        bytes += i.folded.rawBytes.count + i.nameDisplay.rawBytes.count
            + i.namePlace.rawBytes.count
        for list in [i.whole, i.words] {
            bytes += list.key.rawBytes.count + list.name.rawBytes.count + list.score.rawBytes.count
                + list.tree.rawBytes.count
        }
        return bytes
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
        let text = index.folded.buffer
        var nameStart = [UInt32](repeating: 0, count: index.nameDisplay.count)
        for i in 0..<index.whole.count { nameStart[Int(index.whole.name[i])] = index.whole.key[i] }
        for n in 0..<nameStart.count {
            let start = Int(nameStart[n])
            var end = start
            while text[end] != 0 { end += 1 }
            body(UnsafeBufferPointer(rebasing: text[start..<end]), Int(index.namePlace[n]))
        }
    }

    /// The file `init()` reads for the bundled gazetteer, or `nil` without a cache
    /// directory or bundled data.
    public static var _bundledCacheFile: URL? {
        guard let directory = defaultCacheDirectory, let key = try? bundledSourceKey() else { return nil }
        return bundledCacheFile(in: directory, sourceKey: key)
    }
}
