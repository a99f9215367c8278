/// Rows that read the same: the last check before rows become completions.
extension _CompletionSource {
    /// `rows` without any that reads like an earlier row of another kind: the same title
    /// and subtitle text.
    ///
    /// The search keeps apart rows of one kind by their labels (`_Search.readsLikeShown`);
    /// rows of different kinds have different labels and can still read the same: a city
    /// and the region of its own name ("Kyiv, Kyiv City, Ukraine": the city in its region,
    /// and the region under its alternate name "Kyiv" with its name "Kyiv City" as the
    /// subtitle). Two such rows are a city and a region of one country (a country's own
    /// row has a continent for its subtitle), the region under an alias or the city with
    /// no region, and show titles of the same bytes; only rows that are all that are
    /// compared by their subtitles' text.
    ///
    /// - Complexity: O(*k*) for *k* rows of one kind (a record's word read each), else
    ///   O(*k*²) comparisons of indices for up to `pairwiseLimit` rows, and expected O(*k*)
    ///   hashing beyond; plus decoding the titles compared and making the subtitles of the
    ///   rows whose titles match.
    func droppingRowsThatReadAlike(_ rows: [_CompletionRow]) -> [_CompletionRow] {
        guard rows.count > 1 else { return rows }
        // (Through the buffers, reading the kind and country alone: no record decoded, no
        // column retained.)
        let places = gazetteer._places.buffers
        let firstKind = places.outline(of: Int(rows[0].place)).kind
        // (Most lists are of one kind: nothing more for them.)
        guard rows.contains(where: { places.outline(of: Int($0.place)).kind != firstKind }) else { return rows }
        // Each row's kind and country (-2 for a country's own row), and for a region whether
        // it is shown under an alias, for a city whether it has no region. A region's
        // subtitle is its country, or its name and country under an alias ("Kyiv City,
        // Ukraine"); a city's has its region unless it has none: so a city and a region
        // can read alike only if the region shows an alias or the city has no region.
        let groups = rows.map { row -> (kind: UInt8, group: Int32, flag: Bool) in
            let place = places.outline(of: Int(row.place))
            let flag = place.kind == 1 ? row.display != place.firstName : place.admin1Name < 0
            return (place.kind, place.kind == 2 ? -2 : place.countryCode, flag)
        }
        // (Neither such a region nor such a city, the most common case: nothing to compare.)
        guard groups.contains(where: \.flag) else { return rows }
        var titles = [UInt32](repeating: .max, count: rows.count)
        func title(_ i: Int) -> UInt32 {
            if titles[i] == .max { titles[i] = shownName(rows[i]) }
            return titles[i]
        }
        let names = gazetteer._names
        /// Whether rows `i` and `j` read the same: cheap tests first, the text last.
        func readAlike(_ i: Int, _ j: Int) -> Bool {
            guard groups[i].kind != groups[j].kind, groups[i].group == groups[j].group,
                  groups[i].flag || groups[j].flag else { return false }
            let a = title(i), b = title(j)
            if a != b {
                if let same = names.sameCodes(Int(a), Int(b)) {
                    if !same { return false }
                } else if !names.withBytes(Int(a), { x in names.withBytes(Int(b)) { x._hasSameBytes(as: $0) } }) {
                    return false
                }
            }
            return subTitle(rows[i]) == subTitle(rows[j])
        }
        var kept: [Int] = []
        kept.reserveCapacity(rows.count)
        if rows.count <= Self.pairwiseLimit {
            for i in rows.indices where !kept.contains(where: { readAlike(i, $0) }) { kept.append(i) }
        } else {
            // Kept rows by their country and title's bytes.
            var byTitle: [UInt64: [Int]] = [:]
            for i in rows.indices {
                let key = names.withBytes(Int(title(i))) { _fnv1a($0, seed: UInt64(bitPattern: Int64(groups[i].group))) }
                if byTitle[key]?.contains(where: { readAlike(i, $0) }) == true { continue }
                byTitle[key, default: []].append(i)
                kept.append(i)
            }
        }
        return kept.count == rows.count ? rows : kept.map { rows[$0] }
    }

    /// How many rows are compared pairwise: fewer comparisons of indices than hashing
    /// their titles costs.
    static let pairwiseLimit = 64
}
