extension _PlaceTable {
    /// Appends the table as sections `<prefix>` (the records, as they are in memory),
    /// `<prefix>.bits.context`, `.bits.name` and `.bits.id` (the word's field widths,
    /// `_PlaceFields`), `<prefix>.contexts`, `<prefix>.wide`, `<prefix>.other` and
    /// `<prefix>.other.ids` (the places whose GeoNames id is not in their record, and those
    /// ids) and `<prefix>.ids`.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, records)
        writer.append("\(prefix).bits.context", value: UInt64(fields.contextBits))
        writer.append("\(prefix).bits.name", value: UInt64(fields.nameBits))
        writer.append("\(prefix).bits.id", value: UInt64(fields.idBits))
        writer.append(prefix, ["contexts": contexts, "wide": wide, "other": otherIDs, "other.ids": otherIDValues,
                               "ids": explicitIDs])
    }

    /// The table `write(to:prefix:)` wrote, every reference checked: each record's names
    /// (rising from the first, within the `names` names), context, kind, flags, wide
    /// population and unused bits; the places with other ids, exactly those flagged, and
    /// their ids; each context's labels and each id within the `labels` labels.
    ///
    /// - Complexity: O(*p* + *c*) for *p* places and *c* contexts, one pass with no
    ///   allocation per record (most of the time a load takes).
    init(reading reader: _IndexFile.Reader, prefix: String, names: Int, labels: Int) throws {
        let records = try reader.column(prefix, as: _PackedPlace.self)
        let column = reader.columns(prefix)
        guard let contextBits = Int(exactly: try reader.value("\(prefix).bits.context")),
              let nameBits = Int(exactly: try reader.value("\(prefix).bits.name")),
              let idBits = Int(exactly: try reader.value("\(prefix).bits.id")),
              let fields = _PlaceFields(contextBits: contextBits, nameBits: nameBits, idBits: idBits)
        else { throw reader.invalid("the place records' field widths are damaged") }
        let contexts: _Column<_PlaceContext> = try column("contexts")
        let wide: _Column<Int64> = try column("wide")
        let otherIDs: _Column<UInt32> = try column("other")
        let otherIDValues: _Column<Int64> = try column("other.ids")
        let explicitIDs: _Column<Int32> = try column("ids")
        guard let nameEnd = UInt32(exactly: names) else { throw reader.invalid("there are too many names") }
        // What the records and contexts refer to.
        try Self.check(records: records, fields: fields, contexts: contexts, wide: wide, otherIDs: otherIDs,
                       otherIDValues: otherIDValues, explicitIDs: explicitIDs, nameEnd: nameEnd,
                       labels: labels, reader: reader)
        self.init(records: records, fields: fields, contexts: contexts, wide: wide, otherIDs: otherIDs,
                  otherIDValues: otherIDValues, explicitIDs: explicitIDs, nameEnd: nameEnd)
    }

    /// Checks for `init(reading:prefix:names:labels:)` every record's and context's
    /// references: names below `nameEnd`, labels below `labels`, contexts, wide
    /// populations and other ids in range.
    ///
    /// - Complexity: O(*p* + *c*) for *p* places and *c* contexts, one pass with no
    ///   allocation per record.
    private static func check(
        records: _Column<_PackedPlace>, fields: _PlaceFields, contexts: _Column<_PlaceContext>,
        wide: _Column<Int64>, otherIDs: _Column<UInt32>, otherIDValues: _Column<Int64>,
        explicitIDs: _Column<Int32>, nameEnd: UInt32, labels: Int, reader: _IndexFile.Reader
    ) throws {
        let labelCount = Int32(clamping: labels)
        func isLabel(_ label: Int32) -> Bool { label >= -1 && label < labelCount }
        for context in contexts.buffer {
            guard context.countryCode >= 0, context.countryName >= 0, context.countryCode < labelCount,
                  context.countryName < labelCount, isLabel(context.continent), isLabel(context.admin1Name),
                  isLabel(context.admin1Code), isLabel(context.timeZone)
            else { throw reader.invalid("a place context is damaged") }
        }
        guard wide.buffer.allSatisfy({ $0 >= 0 }) else { throw reader.invalid("a wide place value is damaged") }
        guard otherIDs.count == otherIDValues.count, otherIDValues.buffer.allSatisfy({ $0 >= -1 })
        else { throw reader.invalid("the places' other GeoNames ids are damaged") }
        guard explicitIDs.isEmpty || explicitIDs.count == records.count,
              explicitIDs.buffer.allSatisfy(isLabel)
        else { throw reader.invalid("the place ids are damaged") }
        let contextCount = contexts.count, wideCount = UInt32(clamping: wide.count)
        let other = otherIDs.buffer
        let unused: UInt64 = fields.usedBits == 64 ? 0 : ~0 << UInt64(fields.usedBits)
        // A place's names run from its first name to the next place's, so first names rise
        // strictly from 0 and the last stays below the end: every place has a name, and
        // all are in bounds. The places flagged with another id are `other`, in order.
        var expected: UInt32 = 0, nextOther = 0
        for i in records.buffer.indices {
            let record = records.buffer[i]
            let word = record.word, firstName = fields.firstName(word)
            let flags = UInt8(truncatingIfNeeded: word)
            let hasOther = flags & _PlaceFields.otherID != 0
            guard i == 0 ? firstName == 0 : firstName > expected, firstName < nameEnd,
                  fields.context(word) < contextCount, word & _PlaceFields.kindMask <= 2, word & unused == 0,
                  flags & _PlaceFields.widePopulation == 0 || record.population < wideCount,
                  !hasOther || (nextOther < other.count && Int(other[nextOther]) == i && fields.id(word) == 0)
            else { throw reader.invalid("a place record is damaged") }
            if hasOther { nextOther += 1 }
            expected = firstName
        }
        guard nextOther == other.count else { throw reader.invalid("the places' other GeoNames ids are damaged") }
    }
}
