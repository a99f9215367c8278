extension _PlaceTable {
    /// Appends the table as sections `<prefix>` (the records, as they are in memory, padding
    /// zeroed), `<prefix>.contexts`, `<prefix>.wide` and `<prefix>.ids`.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, records)
        writer.append(prefix, ["contexts": contexts, "wide": wide, "ids": explicitIDs])
    }

    /// The table `write(to:prefix:)` wrote, every reference checked: each record's names
    /// (rising from the first, within the `names` names), context, kind, flags and wide
    /// values; each context's labels and each id within the `labels` labels.
    ///
    /// - Complexity: O(*p* + *c*) for *p* places and *c* contexts, one pass with no
    ///   allocation per record (most of the time a load takes).
    init(reading reader: _IndexFile.Reader, prefix: String, names: Int, labels: Int) throws {
        let records = try reader.column(prefix, as: _PackedPlace.self)
        let column = reader.columns(prefix)
        let contexts: _Column<_PlaceContext> = try column("contexts")
        let wide: _Column<Int64> = try column("wide")
        let explicitIDs: _Column<Int32> = try column("ids")
        guard let nameEnd = UInt32(exactly: names) else { throw reader.invalid("there are too many names") }
        let labelCount = Int32(clamping: labels)
        func isLabel(_ label: Int32) -> Bool { label >= -1 && label < labelCount }
        for context in contexts.buffer {
            guard context.countryCode >= 0, context.countryName >= 0, context.countryCode < labelCount,
                  context.countryName < labelCount, isLabel(context.continent), isLabel(context.admin1Name),
                  isLabel(context.admin1Code), isLabel(context.timeZone)
            else { throw reader.invalid("a place context is damaged") }
        }
        guard wide.buffer.allSatisfy({ $0 >= 0 }) else { throw reader.invalid("a wide place value is damaged") }
        guard explicitIDs.isEmpty || explicitIDs.count == records.count,
              explicitIDs.buffer.allSatisfy(isLabel)
        else { throw reader.invalid("the place ids are damaged") }
        let contextCount = UInt32(clamping: contexts.count), wideCount = UInt32(clamping: wide.count)
        let knownFlags = _PackedPlace.widePopulation | _PackedPlace.wideGeonameID | _PackedPlace.noGeonameID
        // A place's names run from its first name to the next place's, so first names rise
        // strictly from 0 and the last stays below the end: every place has a name, and
        // all are in bounds.
        var expected: UInt32 = 0
        for (i, record) in records.buffer.enumerated() {
            guard i == 0 ? record.firstName == 0 : record.firstName > expected, record.firstName < nameEnd,
                  record.context < contextCount, record.kindCode <= 2, record.flags & ~knownFlags == 0,
                  record._padding == 0,
                  record.flags & _PackedPlace.widePopulation == 0 || record.population < wideCount,
                  record.flags & _PackedPlace.wideGeonameID == 0 || record.geonameID < wideCount,
                  record.flags & _PackedPlace.noGeonameID == 0
                    || (record.flags & _PackedPlace.wideGeonameID == 0 && record.geonameID == 0)
            else { throw reader.invalid("a place record is damaged") }
            expected = record.firstName
        }
        self.init(records: records, contexts: contexts, wide: wide, explicitIDs: explicitIDs, nameEnd: nameEnd)
    }
}
