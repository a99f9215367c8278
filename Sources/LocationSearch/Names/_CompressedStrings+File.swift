extension _CompressedStrings {
    /// Appends the strings as sections `<prefix>.symbols` and `.lengths` (the symbol
    /// table's 4,096 entries), `.codes` (every string's 12-bit codes, one after another,
    /// packed two per three bytes), `.base`, `.steps`, `.wide`, `.planes` and `.count`
    /// (where each starts, in codes, then the end: `_StringOffsets`, a `_StepColumn`),
    /// `.folds` (which strings are coded
    /// over a fold: `_NameFolds`) and `.respellable` (which a respelling reads:
    /// `_NameFolds.respellable`).
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, [
            "symbols": table.symbols, "lengths": table.lengths, "codes": codes, "base": offsets.column.base,
            "steps": offsets.column.steps, "wide": offsets.column.wide,
        ])
        writer.append("\(prefix).planes", value: UInt64(offsets.column.planes))
        writer.append("\(prefix).count", value: UInt64(offsets.count))
        writer.append("\(prefix).folds", folds.flags)
        writer.append("\(prefix).respellable", folds.respellable)
    }

    /// The strings `write(to:prefix:)` wrote, their table checked to be well formed, their
    /// codes a whole number of packed codes and their offsets to rise from 0 to the end of
    /// the codes (so that decoding stays in bounds whatever the codes are). Strings coded
    /// over a fold read nothing until `attaching(_:)` has joined them to the index.
    ///
    /// - Complexity: O(*n*) for *n* strings.
    init(reading reader: _IndexFile.Reader, prefix: String) throws {
        let column = reader.columns(prefix)
        guard let count = Int(exactly: try reader.value("\(prefix).count")), count < Int(UInt32.max),
              let planes = Int(exactly: try reader.value("\(prefix).planes"))
        else { throw reader.invalid("the \(prefix) strings are damaged") }
        self.init(
            table: _SymbolTable(symbols: try column("symbols"), lengths: try column("lengths")),
            codes: try column("codes"),
            offsets: _StringOffsets(column: _StepColumn(
                base: try column("base"), steps: try column("steps"), wide: try column("wide"), count: count,
                planes: planes)),
            folds: _NameFolds(flags: try reader.column("\(prefix).folds", as: UInt64.self),
                              respellable: try reader.column("\(prefix).respellable", as: UInt64.self)))
        guard isConsistent() else { throw reader.invalid("the \(prefix) strings are damaged") }
    }
}
