extension LocationCompleter {
    /// Appends the completer's sections: the gazetteer's (`Gazetteer+File`), the index's
    /// (`_PrefixIndex+File`), the stored answers (`answers.*`), each whole-name key's
    /// qualifier bits (`qualifier.bits`) and the qualifier prefix filter
    /// (`qualifier.prefix.bits`).
    func write(to writer: inout _IndexFile.Writer) {
        gazetteer.write(to: &writer)
        index.write(to: &writer)
        answers.write(to: &writer, prefix: "answers")
        writer.append("qualifier.bits", qualifierBits)
        qualifierPrefixes.write(to: &writer, prefix: "qualifier.prefix")
    }

    /// The completer `write(to:)` wrote, every part checked against the ones it refers to.
    ///
    /// - Complexity: O(*n*) for a file of *n* bytes.
    init(reading reader: _IndexFile.Reader) throws {
        let gazetteer = try Gazetteer(reading: reader)
        let index = try _PrefixIndex(
            reading: reader, names: gazetteer._names.count, places: gazetteer._places.count,
            labels: gazetteer._labels.count)
        let answers = try _PrecomputedAnswers(reading: reader, prefix: "answers", index: index)
        let qualifierBits = try reader.column("qualifier.bits", as: UInt64.self)
        guard qualifierBits.count == index.whole.count else { throw reader.invalid("the qualifier bits are damaged") }
        self.init(gazetteer: gazetteer, index: index, answers: answers, qualifierBits: qualifierBits,
                  qualifierPrefixes: try _QualifierPrefixes(reading: reader, prefix: "qualifier.prefix"))
    }
}
