#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension LocationCompleter {
    /// Appends the completer's sections: the gazetteer's (`Gazetteer+File`, its names coded
    /// over the index's folds where that is shorter, as built), the index's
    /// (`_PrefixIndex+File`), the stored answers (`answers.*`), the place contexts'
    /// qualifier bits and the whole-name keys' alternate-name bits (`qualifier.contexts`,
    /// `qualifier.alternate`), the qualifier prefix filter (`qualifier.prefix.bits`) and
    /// the qualifier words (`qualifier.text`, `qualifier.regions`, `qualifier.countries`).
    func write(to writer: inout _IndexFile.Writer) {
        gazetteer.write(to: &writer)
        index.write(to: &writer)
        answers.write(to: &writer, prefix: "answers")
        writer.append("qualifier.contexts", qualifierBits.contexts)
        writer.append("qualifier.alternate", qualifierBits.alternateKeys)
        qualifierPrefixes.write(to: &writer, prefix: "qualifier.prefix")
        qualifiers.write(to: &writer, prefix: "qualifier")
    }

    /// The completer `write(to:)` wrote, every part checked against the ones it refers to.
    ///
    /// The checks run on two threads, about half the work each: the index's head (its
    /// text, names and scores), its whole-name keys and views, the word list (with its
    /// keys' references to the whole-name keys) and the stored answers on one of their own,
    /// while this one checks the gazetteer, the qualifiers and the whole-name list's trie
    /// (and a third finds the gazetteer's languages meanwhile);
    /// then the index's references into the gazetteer. (If both threads find damage,
    /// this thread's is the error reported.)
    ///
    /// - Complexity: O(*n*) for a file of *n* bytes.
    init(reading reader: _IndexFile.Reader) throws {
        let wordReferences = try _SortedKeys.WordReferences(reading: reader, prefix: "words")
        let wholeKeyCount = try _PrefixIndex.List.keyCount(reader, "whole")
        let (here, there) = try _Concurrently.run({
            let gazetteer = try Gazetteer(reading: reader)
            // The languages (a pass over every place) beside the rest of this thread's part.
            let (parts, localization) = try _Concurrently.run({
                (qualifierPrefixes: try _QualifierPrefixes(reading: reader, prefix: "qualifier.prefix"),
                 qualifiers: try _Qualifiers(reading: reader, prefix: "qualifier", gazetteer: gazetteer),
                 wholeTrie: try _ShallowTrie(reading: reader, prefix: "trie.whole", keyCount: wholeKeyCount))
            }, alongside: { _CompletionSource.Localization(gazetteer) })
            return (gazetteer: gazetteer, qualifierPrefixes: parts.qualifierPrefixes, qualifiers: parts.qualifiers,
                    localization: localization, wholeTrie: parts.wholeTrie)
        }, alongside: {
            Result {
                let head = try _PrefixIndex.Head(reading: reader)
                let keys = try _PrefixIndex.List.readingKeys(reader, "whole", head: head)
                // (The word keys' largest whole-name key and bits above their fields, for both
                // of their checks, in one pass.)
                let largest = wordReferences.largest()
                guard keys.count == wholeKeyCount, let wordOffsets = wordReferences.offsets(whole: keys),
                      wordOffsets.isConsistent(
                        textCount: head.keyText.count, refShift: head.keyText.shift, largestRef: largest.ref)
                else { throw reader.invalid("the words key list is damaged") }
                return (head: head, keys: keys, views: try _KeyViews(reading: reader, prefix: "whole.vw"),
                        wordOffsets: wordOffsets,
                        words: try _PrefixIndex.List.readingWords(
                            reader, references: wordReferences, above: largest.above),
                        answers: try _PrecomputedAnswers(reading: reader, prefix: "answers", head: head))
            }
        })
        let (head, keys, views, wordOffsets, words, answers) = try there.get()
        let whole = (keys: keys, trie: here.wholeTrie, views: views)
        guard let index = _PrefixIndex(head: head, whole: whole, words: words, wordOffsets: wordOffsets) else {
            throw reader.invalid("the words key list is damaged")
        }
        if let problem = index.mismatch(labels: here.gazetteer._labels.count) { throw reader.invalid(problem) }
        guard index.bestsFit() else { throw reader.invalid("the keys' best scores are damaged") }
        guard index.referencesFit(names: here.gazetteer._names.count, places: here.gazetteer._places.count)
        else { throw reader.invalid("the name references are damaged") }
        // The names read their folds from the index's keys from here on (`_NameFolds`).
        let gazetteer = try here.gazetteer.attaching(index, reader: reader)
        let qualifierBits = _KeyQualifierBits(
            contexts: try reader.column("qualifier.contexts", as: UInt64.self),
            alternateKeys: try reader.column("qualifier.alternate", as: UInt64.self))
        // (Every record's context is below the contexts' count: `_PlaceTable`'s checks.)
        guard qualifierBits.contexts.count == 2 * gazetteer._places.contexts.count,
              qualifierBits.alternateKeys.count == _KeyQualifierBits.words(forKeys: index.whole.count)
        else { throw reader.invalid("the qualifier bits are damaged") }
        self.init(gazetteer: gazetteer, index: index, answers: answers, qualifierBits: qualifierBits,
                  qualifierPrefixes: here.qualifierPrefixes, qualifiers: here.qualifiers,
                  localization: here.localization)
    }
}

/// The whole file: a completer and the source key it was built from, written and read.
extension _IndexFile {
    /// Writes `completer` with `sourceKey` (what it was built from) to `url`, atomically,
    /// replacing only a regular file there unless `replacingAnyFile` (see
    /// `Writer.write(to:replacingAnyFile:)`). Returns the file's table checksum
    /// (`Reader.tableChecksum`).
    @discardableResult
    static func write(
        _ completer: LocationCompleter, sourceKey: String, to url: URL, replacingAnyFile: Bool = false
    ) throws -> UInt64 {
        try writer(for: completer, sourceKey: sourceKey).write(to: url, replacingAnyFile: replacingAnyFile)
    }

    /// The sections `write(_:sourceKey:to:replacingAnyFile:)` writes for `completer`.
    static func writer(for completer: LocationCompleter, sourceKey: String) -> Writer {
        var writer = Writer(recordLayout: _PackedPlace.layoutSignature)
        writer.append("source.key", _Column(Array(sourceKey.utf8)))
        completer.write(to: &writer)
        return writer
    }

    /// Reads and validates an index file. Returns `nil` (and never traps) when nothing is
    /// at `url`; throws `GazetteerError.invalidIndexFile` when it is not a valid index
    /// (damaged, truncated, foreign, or not a regular file: a FIFO or a device is refused
    /// without reading from it, so it cannot block).
    ///
    /// With `seal` naming its table's checksum and identity (`Seal`), its sections'
    /// checksums are not checked; `checked` says whether they were (everything else is
    /// checked either way). `identity` is the file's when it was opened, for its seal.
    static func read(_ url: URL, seal: Seal.Contents? = nil) throws -> (
        completer: LocationCompleter, sourceKey: String, tableChecksum: UInt64, identity: FileIdentity, checked: Bool
    )? {
        guard let reader = try Reader(url, seal: seal) else { return nil }
        guard reader.recordLayout == _PackedPlace.layoutSignature else {
            throw GazetteerError.invalidIndexFile(
                path: url.path, reason: "it was written on a machine with another layout")
        }
        let sourceKey = String(decoding: try reader.column("source.key", as: UInt8.self).buffer, as: UTF8.self)
        let completer = try LocationCompleter(reading: reader)
        try reader.finish()
        return (completer, sourceKey, reader.tableChecksum, reader.identity, reader.checksSections)
    }
}
