/// Rows that read the same: the last check before rows become completions.
extension _CompletionSource {
    /// `rows` without any that reads like an earlier row of another kind: the same title
    /// and subtitle text.
    ///
    /// The search keeps apart rows of one kind by their labels (`_Search.readsLikeShown`);
    /// rows of different kinds have different labels and can still read the same: a city
    /// and the region of its own name ("Kyiv, Kyiv City, Ukraine": the city in its region,
    /// and the region under its alternate name "Kyiv" with its name "Kyiv City" as the
    /// subtitle). Only rows of a country whose rows are of more than one kind are compared,
    /// by their text; the rest cost a record read or two each.
    ///
    /// - Complexity: O(*k*) for *k* rows, and O(*n*) to make and hash the *n* bytes of the
    ///   text of the rows compared.
    func droppingRowsThatReadAlike(_ rows: [_CompletionRow]) -> [_CompletionRow] {
        guard rows.count > 1 else { return rows }
        let places = gazetteer._places
        // (Most lists are of one kind: no allocation for them.)
        let firstKind = places[Int(rows[0].place)].kindCode
        guard rows.contains(where: { places[Int($0.place)].kindCode != firstKind }) else { return rows }
        // The kinds of each country's rows, as bits (a country's own row counts apart:
        // its subtitle is a continent).
        var kinds: [Int32: UInt8] = [:]
        var mixed = false
        for row in rows {
            let record = places[Int(row.place)]
            let key = record.kindCode == 2 ? -2 : record.countryCode
            let bits = kinds[key, default: 0] | 1 << record.kindCode
            kinds[key] = bits
            if bits & (bits - 1) != 0 { mixed = true }
        }
        guard mixed else { return rows }
        // Each text shown, with the kinds of the rows that show it.
        var shown: [String: UInt8] = [:]
        var kept: [_CompletionRow] = []
        kept.reserveCapacity(rows.count)
        for row in rows {
            let record = places[Int(row.place)]
            let bits = kinds[record.kindCode == 2 ? -2 : record.countryCode] ?? 0
            if bits & (bits - 1) != 0 {
                let text = title(row) + "\u{0}" + subTitle(row), kind: UInt8 = 1 << record.kindCode
                let kindsShowing = shown[text, default: 0]
                if kindsShowing & ~kind != 0 { continue }
                shown[text] = kindsShowing | kind
            }
            kept.append(row)
        }
        return kept
    }
}
