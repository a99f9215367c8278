extension _LocalizedNames {
    /// Appends the names as sections `<prefix>.places`, `<prefix>.starts` and `<prefix>`
    /// (the entries), as they are in memory.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, entries)
        writer.append(prefix, ["places": places, "starts": starts])
    }

    /// The names `write(to:prefix:)` wrote, checked to be sorted and to refer to `places`
    /// places, `names` names and `labels` labels.
    ///
    /// - Complexity: O(*n*) for *n* entries.
    init(reading reader: _IndexFile.Reader, prefix: String, places: Int, names: Int, labels: Int) throws {
        let column = reader.columns(prefix)
        self.init(places: try column("places"), starts: try column("starts"),
                  entries: try reader.column(prefix, as: Entry.self))
        guard isConsistent(places: places, names: names, labels: labels) else {
            throw reader.invalid("the localized names are damaged")
        }
    }
}
