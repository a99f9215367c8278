/// A completion's subtitle: the canonical name under an alternate one, the region, the
/// country.
extension _CompletionSource {
    /// The subtitle's parts: the canonical name under an alternate one, then region and
    /// country for a city, the country for a region, the continent for a country.
    func subtitleParts(_ row: _CompletionRow) -> _SubtitleParts {
        let record = record(row)
        let labels = gazetteer._labels
        var parts = _SubtitleParts()
        if isAlternate(row) {
            // The canonical name (in the row's language), unless it reads as the title.
            let canonicalName = localized(place: row.place, language: row.language) ?? record.firstName
            let canonical = gazetteer._names.string(Int(canonicalName))
            if canonical != title(row) { parts.append(canonical, part: nil) }
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
