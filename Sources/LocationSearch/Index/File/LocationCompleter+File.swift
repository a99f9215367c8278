extension LocationCompleter {
    /// Appends the completer's sections: the gazetteer's (`Gazetteer+File`, its names coded
    /// over the index's folds where that is shorter, as built), the index's
    /// (`_PrefixIndex+File`), the stored answers (`answers.*`), the places' qualifier
    /// bits and the whole-name keys' alternate-name bits (`qualifier.places`,
    /// `qualifier.alternate`), the qualifier prefix filter (`qualifier.prefix.bits`) and
    /// the qualifier words (`qualifier.text`, `qualifier.regions`, `qualifier.countries`).
    func write(to writer: inout _IndexFile.Writer) {
        gazetteer.write(to: &writer)
        index.write(to: &writer)
        answers.write(to: &writer, prefix: "answers")
        writer.append("qualifier.places", qualifierBits.places)
        writer.append("qualifier.alternate", qualifierBits.alternateKeys)
        qualifierPrefixes.write(to: &writer, prefix: "qualifier.prefix")
        qualifiers.write(to: &writer, prefix: "qualifier")
    }

    /// The completer `write(to:)` wrote, every part checked against the ones it refers to.
    ///
    /// - Complexity: O(*n*) for a file of *n* bytes.
    init(reading reader: _IndexFile.Reader) throws {
        let unattached = try Gazetteer(reading: reader)
        let index = try _PrefixIndex(
            reading: reader, names: unattached._names.count, places: unattached._places.count,
            labels: unattached._labels.count)
        let gazetteer = try unattached.attaching(index, reader: reader)
        let answers = try _PrecomputedAnswers(reading: reader, prefix: "answers", index: index)
        let qualifierBits = _KeyQualifierBits(
            places: try reader.column("qualifier.places", as: UInt64.self),
            alternateKeys: try reader.column("qualifier.alternate", as: UInt64.self))
        guard qualifierBits.places.count == gazetteer._places.count,
              qualifierBits.alternateKeys.count == _KeyQualifierBits.words(forKeys: index.whole.count)
        else { throw reader.invalid("the qualifier bits are damaged") }
        self.init(gazetteer: gazetteer, index: index, answers: answers, qualifierBits: qualifierBits,
                  qualifierPrefixes: try _QualifierPrefixes(reading: reader, prefix: "qualifier.prefix"),
                  qualifiers: try _Qualifiers(reading: reader, prefix: "qualifier", gazetteer: gazetteer))
    }
}
