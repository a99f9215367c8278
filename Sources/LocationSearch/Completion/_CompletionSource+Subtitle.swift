/// A completion's subtitle: the canonical name under an alternate one, the region, the
/// country.
extension _CompletionSource {
    /// The subtitle's parts: the canonical name under an alternate one, then region and
    /// country for a city, the country for a region, the continent for a country.
    ///
    /// The title is decided once (`shownName`), and compared with the canonical name from
    /// its bytes when both are ASCII (as `String` equality, canonical equivalence, would
    /// compare them); only a name beyond ASCII is made a `String` to compare.
    func subtitleParts(_ row: _CompletionRow) -> _SubtitleParts {
        let record = record(row)
        let labels = gazetteer._labels
        var parts = _SubtitleParts()
        let shown = shownName(row)
        if isAlternate(row, shown: shown, record) {
            // The canonical name (in the row's language), unless it reads as the title.
            let names = gazetteer._names
            let canonicalName = localized(place: row.place, language: row.language) ?? record.firstName
            var canonical = names.string(Int(canonicalName))
            let (same, ascii) = canonical.withUTF8 { c in
                names.withBytes(Int(shown)) { title in
                    (c._hasSameBytes(as: title), !c._hasNonASCII && !title._hasNonASCII)
                }
            }
            if !same && (ascii || canonical != names.string(Int(shown))) { parts.append(canonical, part: nil) }
        }
        /// A region's or country's name in the row's language, else its label.
        func name(_ label: Int32, admin1Code: Int32) -> String {
            if row.language >= 0, let place = regionPlaces[Self.key(record.countryCode, admin1Code)],
               let localized = localized(place: place, language: row.language) {
                return gazetteer._names.string(Int(localized))
            }
            return labels[Int(label)]
        }
        switch record.kind {
        case .city:
            if record.admin1Name >= 0 { parts.append(name(record.admin1Name, admin1Code: record.admin1Code), part: 0) }
            parts.append(name(record.countryName, admin1Code: -1), part: 1)
        case .region:
            parts.append(name(record.countryName, admin1Code: -1), part: 1)
        case .country:
            if record.continent >= 0 { parts.append(labels[Int(record.continent)], part: 2) }
        }
        return parts
    }

    func subTitle(_ row: _CompletionRow) -> String { subtitleParts(row).joined() }
}
