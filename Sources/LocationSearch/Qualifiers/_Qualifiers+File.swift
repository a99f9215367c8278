extension _Qualifiers {
    /// Appends the stored lists: `<prefix>.text` (every list's words, each followed by a
    /// space), `<prefix>.regions` and `<prefix>.countries` (`_QualifierList`s).
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, ["text": text, "regions": regions, "countries": countries])
    }

    /// The qualifiers `write(to:prefix:)` wrote, checked against `gazetteer`
    /// (`isConsistent`).
    ///
    /// - Complexity: O(*t* + *r* + *l*) for *t* bytes of text, *r* lists and *l* labels.
    convenience init(reading reader: _IndexFile.Reader, prefix: String, gazetteer: Gazetteer) throws {
        let column = reader.columns(prefix)
        let text: _Column<UInt8> = try column("text")
        let regions: _Column<_QualifierList> = try column("regions")
        let countries: _Column<_QualifierList> = try column("countries")
        guard Self.isConsistent(text: text, regions: regions, countries: countries, labels: gazetteer._labels.count)
        else { throw reader.invalid("the qualifier words are damaged") }
        self.init(gazetteer: gazetteer, text: text, regions: regions, countries: countries)
    }
}
