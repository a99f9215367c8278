/// The completer's immutable data, shared by reference: a `LocalSearchCompletion` holds
/// one pointer to it and a few numbers (see `_CompletionRow`), and makes its strings when
/// they are read; a search holds it too, so that starting one is a retain, not one per
/// column.
///
/// A final class with only immutable, `Sendable` stored properties, so it is `Sendable`
/// without locks.
final class _CompletionSource: Sendable {
    let gazetteer: Gazetteer
    let index: _PrefixIndex
    let qualifiers: _Qualifiers
    /// Each place's `_Qualifiers.firstBytes`, and a bit per whole-name key that says it is
    /// an alternate name: an exact reading scores a name's places, and a qualified one
    /// sifts them, without reading their records.
    let qualifierBits: _KeyQualifierBits
    /// The beginnings of every place's qualifier words (see `_QualifierPrefixes`).
    let qualifierPrefixes: _QualifierPrefixes
    /// The `_KeyViews` group of each country code that has places, packed as
    /// `_Filter.countries` packs it; -1 for a code that several labels pack to (a custom
    /// gazetteer's "us" and "US"), which no one group holds.
    let countryGroups: [UInt16: Int]

    /// The languages the gazetteer has localized names in (their label indices), by code.
    let languages: [String: Int32]
    /// Each region's place index by its country and admin-1 code labels, and each
    /// country's by its code label (`key(_:_:)`): to localize subtitles. Empty when there
    /// are no localized names.
    let regionPlaces: [Int64: UInt32]

    /// What localizing rows needs from the gazetteer alone: `languages` and `regionPlaces`.
    struct Localization: Sendable {
        let languages: [String: Int32]
        let regionPlaces: [Int64: UInt32]

        init(languages: [String: Int32], regionPlaces: [Int64: UInt32]) {
            self.languages = languages
            self.regionPlaces = regionPlaces
        }

        /// The gazetteer's languages and regions (a pass over every place, when it has
        /// localized names): made alongside the index's checks when an index is loaded.
        init(_ gazetteer: Gazetteer) {
            var languages: [String: Int32] = [:]
            var regionPlaces: [Int64: UInt32] = [:]
            if !gazetteer._localized.entries.isEmpty {
                // Marked in an array by label, not hashed: every start reads every entry.
                var used = [Bool](repeating: false, count: gazetteer._labels.count)
                for entry in gazetteer._localized.entries.buffer where entry.language >= 0 {
                    used[Int(entry.language)] = true
                }
                for (label, isUsed) in used.enumerated() where isUsed {
                    languages[gazetteer._labels[label]] = Int32(label)
                }
                // (The kind from each packed word, and only regions' and countries' records
                // decoded: a loaded completer makes this at every start, over 239 k places
                // of which 3.7 k are not cities.)
                // (Found first and the dictionary sized for them: grown an insertion at a
                // time, its dozen resizes took 1.1 M instructions of every start.)
                let places = gazetteer._places.buffers, words = places.records
                var found: [Int] = []
                for i in words.indices where (1...2).contains(words[i].word & _PlaceFields.kindMask) { found.append(i) }
                regionPlaces.reserveCapacity(found.count)
                for i in found {
                    let record = places[i]
                    regionPlaces[_CompletionSource.key(
                        record.countryCode, record.kind == .region ? record.admin1Code : -1)] = UInt32(i)
                }
            }
            self.languages = languages
            self.regionPlaces = regionPlaces
        }
    }

    /// A source over these parts; `localization` is made from `gazetteer` when not given.
    init(
        gazetteer: Gazetteer, index: _PrefixIndex, qualifiers: _Qualifiers, qualifierBits: _KeyQualifierBits,
        qualifierPrefixes: _QualifierPrefixes, localization: Localization? = nil
    ) {
        self.gazetteer = gazetteer
        self.index = index
        self.qualifiers = qualifiers
        self.qualifierBits = qualifierBits
        self.qualifierPrefixes = qualifierPrefixes
        var groups: [UInt16: Int] = [:]
        let whole = index.wholeViews, words = index.wordViews
        for (g, label) in gazetteer._labels.enumerated() where g < whole.regionGroup
            && (whole.groupStart[g] < whole.groupStart[g + 1] || words.groupStart[g] < words.groupStart[g + 1]) {
            if let code = _Filter.pack(label.utf8) { groups[code] = groups[code] == nil ? g : -1 }
        }
        countryGroups = groups
        let localization = localization ?? Localization(gazetteer)
        languages = localization.languages
        regionPlaces = localization.regionPlaces
    }

    /// This source over `gazetteer`, the same places with their names coded otherwise
    /// (`_NameFolds`): its other parts reused.
    func with(gazetteer: Gazetteer) -> _CompletionSource {
        _CompletionSource(
            gazetteer: gazetteer, index: index, qualifiers: qualifiers, qualifierBits: qualifierBits,
            qualifierPrefixes: qualifierPrefixes,
            localization: Localization(languages: languages, regionPlaces: regionPlaces))
    }

    static func key(_ countryCode: Int32, _ admin1Code: Int32) -> Int64 {
        Int64(countryCode) << 32 | Int64(UInt32(bitPattern: admin1Code))
    }

    /// The label of `tag`'s language ("de" for "de-AT"), if some place has a name in it.
    func language(_ tag: String?) -> Int32 {
        guard let tag, let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first else { return -1 }
        return languages[primary.lowercased()] ?? -1
    }

    func record(_ row: _CompletionRow) -> _PlaceRecord { gazetteer._places[Int(row.place)] }
}
