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
    /// The checks run on two threads: the index's whole-name list (its keys, trie and
    /// views), the word keys' references to it and the stored answers on one of their own,
    /// while this one checks the gazetteer, the qualifiers and the rest of the word list
    /// (and finds the gazetteer's languages);
    /// then the index's references into the gazetteer. (If both threads find damage,
    /// this thread's is the error reported.)
    ///
    /// - Complexity: O(*n*) for a file of *n* bytes.
    init(reading reader: _IndexFile.Reader) throws {
        let head = try _PrefixIndex.Head(reading: reader)
        let wordReferences = try _SortedKeys.WordReferences(reading: reader, prefix: "words")
        let (here, there) = try _Concurrently.run({
            let gazetteer = try Gazetteer(reading: reader)
            return (gazetteer: gazetteer,
                    qualifierPrefixes: try _QualifierPrefixes(reading: reader, prefix: "qualifier.prefix"),
                    qualifiers: try _Qualifiers(reading: reader, prefix: "qualifier", gazetteer: gazetteer),
                    localization: _CompletionSource.Localization(gazetteer),
                    words: try _PrefixIndex.List.readingWords(reader, references: wordReferences, head: head))
        }, alongside: {
            Result {
                let whole = try _PrefixIndex.List.reading(reader, "whole", head: head)
                guard let wordOffsets = wordReferences.offsets(whole: whole.keys, text: head.keyText)
                else { throw reader.invalid("the words key list is damaged") }
                return (whole: whole, wordOffsets: wordOffsets,
                        answers: try _PrecomputedAnswers(reading: reader, prefix: "answers", head: head))
            }
        })
        let (whole, wordOffsets, answers) = try there.get()
        guard let index = _PrefixIndex(head: head, whole: whole, words: here.words, wordOffsets: wordOffsets) else {
            throw reader.invalid("the words key list is damaged")
        }
        if let problem = index.mismatch(
            names: here.gazetteer._names.count, places: here.gazetteer._places.count,
            labels: here.gazetteer._labels.count) {
            throw reader.invalid(problem)
        }
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
