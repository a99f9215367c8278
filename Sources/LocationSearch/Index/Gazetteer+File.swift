extension Gazetteer {
    /// Appends the gazetteer's sections: its names (`names.*`, `_CompressedStrings+File`), its
    /// labels (`labels.*`, as a string table), the places (`places`, `places.*`:
    /// `_PlaceTable+File`) and the localized names (`localized`). The names are written as
    /// they are: a completer's are coded over its index's folds (`_NameFolds`) when it is
    /// built (`_PrefixIndex.build`) or read.
    func write(to writer: inout _IndexFile.Writer) {
        _names.write(to: &writer, prefix: "names")
        var labels = _StringTable.Builder()
        for label in _labels { labels.append(label) }
        _StringTable(labels).write(to: &writer, prefix: "labels")
        _places.write(to: &writer, prefix: "places")
        _localized.write(to: &writer, prefix: "localized")
    }

    /// The gazetteer `write(to:)` wrote, every place record's references checked against
    /// the names and labels. Names coded over a fold read as empty until
    /// `attaching(_:)`.
    ///
    /// - Complexity: O(*p* + *l*) for *p* places and *l* labels, one pass with no
    ///   allocation per record (most of the time a load takes).
    init(reading reader: _IndexFile.Reader) throws {
        let names = try _CompressedStrings(reading: reader, prefix: "names")
        let labelTable = try _StringTable(reading: reader, prefix: "labels")
        let labels = (0..<labelTable.count).map { labelTable.string($0) }
        let places = try _PlaceTable(reading: reader, prefix: "places", names: names.count, labels: labels.count)
        let localized = try _LocalizedNames(
            reading: reader, prefix: "localized", places: places.count, names: names.count, labels: labels.count)
        self.init(names: names, labels: labels, places: places, localized: localized)
    }

    /// The gazetteer with its names reading the folds of `index`, the index read from the
    /// same file; an error if the names' flags do not fit them.
    ///
    /// - Complexity: O(1).
    func attaching(_ index: _PrefixIndex, reader: _IndexFile.Reader) throws -> Gazetteer {
        guard let names = _names.attaching(index) else { throw reader.invalid("the names' folds are damaged") }
        return with(names: names)
    }

    /// The gazetteer with `names` (the same strings, coded otherwise).
    func with(names: _CompressedStrings) -> Gazetteer {
        var gazetteer = Gazetteer(names: names, labels: _labels, places: _places, localized: _localized)
        gazetteer.loadReport = loadReport
        return gazetteer
    }
}
