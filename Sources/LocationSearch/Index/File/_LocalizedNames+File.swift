extension _LocalizedNames {
    /// Appends the entries as section `<prefix>`, as they are in memory.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, entries)
    }

    /// The names `write(to:prefix:)` wrote, checked to be sorted and to refer to `places`
    /// places, `names` names and `labels` labels.
    ///
    /// - Complexity: O(*n*) for *n* entries.
    init(reading reader: _IndexFile.Reader, prefix: String, places: Int, names: Int, labels: Int) throws {
        self.init(entries: try reader.column(prefix, as: _LocalizedName.self))
        guard reader.verifies(isConsistent(places: places, names: names, labels: labels)) else {
            throw reader.invalid("the localized names are damaged")
        }
    }
}
