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
    /// For each whole-name key (parallel to `index.whole`), the `_Qualifiers.firstBytes` of
    /// its place, and `LocationCompleter.alternateNameBit` when it is an alternate name: an
    /// exact reading scores a name's places, and a qualified one sifts them, without
    /// reading their records.
    let qualifierBits: _Column<UInt64>
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

    init(
        gazetteer: Gazetteer, index: _PrefixIndex, qualifiers: _Qualifiers, qualifierBits: _Column<UInt64>,
        qualifierPrefixes: _QualifierPrefixes
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
        var languages: [String: Int32] = [:]
        var regionPlaces: [Int64: UInt32] = [:]
        if !gazetteer._localized.entries.isEmpty {
            var labels = Set<Int32>()
            for entry in gazetteer._localized.entries.buffer where entry.language >= 0 { labels.insert(entry.language) }
            for label in labels { languages[gazetteer._labels[Int(label)]] = label }
            for (i, record) in gazetteer._places.buffer.enumerated() where record.kind != .city {
                regionPlaces[Self.key(record.countryCode, record.kind == .region ? record.admin1Code : -1)] = UInt32(i)
            }
        }
        self.languages = languages
        self.regionPlaces = regionPlaces
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

    /// The name shown as the title: the alternate name that matched when a person would
    /// take it for the place's name (`_NameQuality.isShowable(alias:canonical:)`), else the canonical
    /// name, in the row's language if it has one.
    func shownName(_ row: _CompletionRow) -> UInt32 {
        let first = record(row).firstName
        if row.display != first {
            let names = gazetteer._names
            let showable = names.withBytes(Int(row.display)) { alias in
                names.withBytes(Int(first)) { _NameQuality.isShowable(alias: alias, canonical: $0) }
            }
            if showable { return row.display }
        }
        return localized(place: row.place, language: row.language) ?? first
    }

    /// Place `place`'s name in `language`, if the gazetteer has it.
    func localized(place: UInt32, language: Int32) -> UInt32? {
        language < 0 ? nil : gazetteer._localized.name(of: place, language: language)
    }

    /// `row` showing the spelling of its name that the person typed: when the query has
    /// letters beyond ASCII ("münchen"), a name of the place with the same key whose
    /// lower-case form starts with what was typed ("München" rather than "Munchen").
    ///
    /// - Complexity: O(*n*) in the length of the place's names.
    func respelled(_ row: _CompletionRow, typed: String) -> _CompletionRow {
        let names = gazetteer._names
        func fits(_ name: UInt32) -> Bool {
            let lower = names.string(Int(name)).lowercased()
            return lower.hasPrefix(typed) || typed.hasPrefix(lower)
        }
        guard !fits(row.display) else { return row }
        let record = record(row)
        var key: [UInt8] = [], other: [UInt8] = []
        names.withBytes(Int(row.display)) { _Folding.fold(utf8: $0, into: &key) }
        // What was typed has letters beyond ASCII, so a name spelt that way has too; and
        // when it starts with an ASCII letter, so does the name (either case).
        let first = typed.utf8.first.flatMap { $0 < 0x80 ? $0 : nil }
        func candidate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            if let first, bytes.first.map({ $0 | 0x20 }) != first | 0x20 { return false }
            return bytes.contains { $0 >= 0x80 }
        }
        // The byte checks (candidate, then the folded key) come before `fits`, which makes
        // a lower-cased String: a place can have hundreds of names beyond ASCII.
        for n in record.firstName..<(record.firstName + record.nameCount)
        where n != row.display && names.withBytes(Int(n), candidate) {
            names.withBytes(Int(n)) { _Folding.fold(utf8: $0, into: &other) }
            guard other == key, fits(n) else { continue }
            var respelled = row
            respelled.display = n
            return respelled
        }
        return row
    }

    /// The displayed name.
    func title(_ row: _CompletionRow) -> String { gazetteer._names.string(Int(shownName(row))) }

    /// Whether the title is an alternate name (so the subtitle leads with the canonical one).
    func isAlternate(_ row: _CompletionRow) -> Bool {
        let shown = shownName(row)
        return shown == row.display && shown != record(row).firstName
    }

    func matchedName(_ row: _CompletionRow) -> String? {
        row.display != record(row).firstName ? gazetteer._names.string(Int(row.display)) : nil
    }

    func id(_ row: _CompletionRow) -> String { gazetteer.id(of: record(row)) }

    func place(_ row: _CompletionRow) -> Place {
        let record = record(row)
        let canonical = gazetteer._names.string(Int(record.firstName))
        return gazetteer.place(at: Int(row.place), record, name: canonical)
    }

    /// The subtitle's parts: the canonical name under an alternate one, then region and
    /// country for a city, the country for a region, the continent for a country.
    func subtitleParts(_ row: _CompletionRow) -> _SubtitleParts {
        let record = record(row)
        let labels = gazetteer._labels
        var parts = _SubtitleParts()
        if isAlternate(row) {
            // The canonical name (in the row's language), unless it reads as the title.
            let canonical = gazetteer._names.string(Int(localized(place: row.place, language: row.language) ?? record.firstName))
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

    /// The title's highlights: the matched part of the key, mapped back to the title.
    func titleHighlights(_ row: _CompletionRow) -> [HighlightRange] {
        let shown = shownName(row)
        if shown != row.display {
            // Another name than the key's: highlight as much of its start as the matched
            // part of the key shares with it ("londn" → "[Lond]on").
            let title = _FoldedText(gazetteer._names.string(Int(shown)))
            let matched = index.folded.buffer[keyStart(row)..<(Int(row.keyOffset) + Int(row.matchedLength))]
            let common = zip(title.key, matched).prefix { $0 == $1 }.count
            return common > 0 ? title.wordHighlights(0..<common) : []
        }
        let names = gazetteer._names
        let nameIndex = Int(row.display)
        let wordStart = Int(row.keyOffset) - keyStart(row)
        let matchedLength = Int(row.matchedLength)
        let ascii = _Folding.asciiTable
        let plain = names.withBytes(nameIndex) { bytes in
            !bytes.contains { $0 >= 0x80 || ascii[Int($0)] == 0x20 }
        }
        if plain || keyIsSpaced(row) {
            // The key is the title's fold: highlight straight from the title (from its
            // bytes when it is ASCII).
            let keyBytes = wordStart..<(wordStart + matchedLength)
            guard wordStart >= 0 else { return [] }
            if let ranges = names.withBytes(nameIndex, { _FoldedText.asciiWordHighlights($0, keyBytes: keyBytes) }) {
                return ranges
            }
            return _FoldedText.wordHighlights(of: title(row), keyBytes: keyBytes)
        }
        // Maybe a joined key ("newyorkcity"): count the matched bytes back over the spaces.
        let folded = _FoldedText(title(row))
        var start = wordStart, end = min(folded.key.count, wordStart + matchedLength)
        if folded.key.count != keyLength(row) {
            (start, end) = (0, Self.spacedLength(folded.key, joinedLength: matchedLength))
        }
        return start >= 0 && start < end ? folded.wordHighlights(start..<end) : []
    }

    /// The subtitle's highlights for the region and country words a qualifier matched.
    func subtitleHighlights(_ row: _CompletionRow) -> [HighlightRange] {
        guard !row.qualifier.isEmpty else { return [] }
        return Self.subtitleHighlights(subtitleParts(row), qualifier: row.qualifier)
    }

    static func subtitleHighlights(_ parts: _SubtitleParts, qualifier: [_Qualifiers.Word]) -> [HighlightRange] {
        var ranges: [HighlightRange] = []
        var offset = 0
        for (text, part) in parts.items {
            defer { offset += text.utf16.count + 2 }
            guard let part else { continue }
            let words = qualifier.filter { $0.part == part }
            guard !words.isEmpty else { continue }
            let label = _FoldedText(text)
            var found: [HighlightRange] = []
            if words.contains(where: { $0.labelWord < 0 }) {
                // An abbreviation or code matched: the whole name it stands for.
                if let all = label.highlight(0..<label.key.count) { found = [all] }
            } else {
                let starts = [0] + label.key.indices.filter { label.key[$0] == 0x20 }.map { $0 + 1 }
                for word in words where Int(word.labelWord) < starts.count {
                    let start = starts[Int(word.labelWord)]
                    if let range = label.highlight(start..<min(label.key.count, start + word.text.count)) {
                        found.append(range)
                    }
                }
            }
            ranges += found.map { HighlightRange(location: offset + $0.location, length: $0.length) }
        }
        return ranges
    }

    /// Where the key of the row's name starts in the folded text: its key (a whole-name
    /// key, or a word inside it) lies in it, and keys are 0-terminated.
    func keyStart(_ row: _CompletionRow) -> Int {
        let text = index.folded.buffer
        var start = min(Int(row.keyOffset), text.count - 1)
        while start > 0 && text[start - 1] != 0 { start -= 1 }
        return start
    }

    /// The length of the key of the row's name.
    func keyLength(_ row: _CompletionRow) -> Int {
        let start = keyStart(row)
        var end = start
        let text = index.folded.buffer
        while text[end] != 0 { end += 1 }
        return end - start
    }

    /// Whether the key of the row's name has a space (so it is not a joined key).
    func keyIsSpaced(_ row: _CompletionRow) -> Bool {
        var i = keyStart(row)
        let text = index.folded.buffer
        while text[i] != 0 {
            if text[i] == 0x20 { return true }
            i += 1
        }
        return false
    }

    /// How many bytes of `spaced` cover its first `joinedLength` non-space bytes.
    static func spacedLength(_ spaced: [UInt8], joinedLength: Int) -> Int {
        var count = 0
        for (i, byte) in spaced.enumerated() where byte != 0x20 {
            count += 1
            if count == joinedLength { return i + 1 }
        }
        return spaced.count
    }
}

/// Which place a completion shows, under which name, and what of it matched: all a
/// `LocalSearchCompletion` needs, with `_CompletionSource`, to make its strings.
struct _CompletionRow: Sendable {
    /// The place's index in the gazetteer.
    var place: UInt32
    /// The displayed name's index in the name table.
    var display: UInt32
    /// The indexed name (key) that matched.
    var name: UInt32
    /// Where the matched word starts in the folded keys.
    var keyOffset: UInt32
    /// How many folded bytes of the key the query covered.
    var matchedLength: Int32
    /// The language to show names in (a label index; -1 for the canonical names). Here,
    /// beside the other 4-byte fields, it fills what would be padding: the row stays 32
    /// bytes and a completion 40.
    var language: Int32 = -1
    /// The region/country words a qualifier matched (usually none).
    var qualifier: [_Qualifiers.Word]

    /// Whether the two rows are the same in every field (qualifiers compared by count
    /// only when both are empty: rows with qualifiers are compared by their text).
    func isIdentical(to other: _CompletionRow) -> Bool {
        place == other.place && display == other.display && name == other.name && keyOffset == other.keyOffset
            && matchedLength == other.matchedLength && language == other.language
            && qualifier.isEmpty && other.qualifier.isEmpty
    }
}
