extension Gazetteer {
    /// Appends the gazetteer's sections: its names (`names.*`, `_CompressedStrings+File`), its
    /// labels (`labels.*`, as a string table), the place records (`places`, as they are in
    /// memory, padding zeroed) and the localized names (`localized`).
    func write(to writer: inout _IndexFile.Writer) {
        _names.write(to: &writer, prefix: "names")
        var labels = _StringTable.Builder()
        for label in _labels { labels.append(label) }
        _StringTable(labels).write(to: &writer, prefix: "labels")
        writer.append("places", _places)
        _localized.write(to: &writer, prefix: "localized")
    }

    /// The gazetteer `write(to:)` wrote, every place record's references checked against
    /// the names and labels.
    ///
    /// - Complexity: O(*p* + *l*) for *p* places and *l* labels, one pass with no
    ///   allocation per record (most of the time a load takes).
    init(reading reader: _IndexFile.Reader) throws {
        let names = try _CompressedStrings(reading: reader, prefix: "names")
        let labelTable = try _StringTable(reading: reader, prefix: "labels")
        let labels = (0..<labelTable.count).map { labelTable.string($0) }
        let places = try reader.column("places", as: _PlaceRecord.self)
        let labelCount = Int32(clamping: labels.count)
        for record in places.buffer {
            guard Int(record.firstName) + Int(record.nameCount) <= names.count, record.nameCount > 0,
                  record.kindCode <= 2, record.countryCode >= 0, record.countryName >= 0,
                  record.countryCode < labelCount, record.countryName < labelCount, record.admin1Name < labelCount,
                  record.admin1Code < labelCount, record.continent < labelCount, record.explicitID < labelCount,
                  record.timeZone < labelCount
            else { throw reader.invalid("a place record is damaged") }
        }
        let localized = try _LocalizedNames(
            reading: reader, prefix: "localized", places: places.count, names: names.count, labels: labels.count)
        self.init(names: names, labels: labels, places: places, localized: localized)
    }
}
