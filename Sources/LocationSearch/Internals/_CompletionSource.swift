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
    }

    func record(_ row: _CompletionRow) -> _PlaceRecord { gazetteer._places[Int(row.place)] }

    /// The displayed name.
    func title(_ row: _CompletionRow) -> String { gazetteer._names.string(Int(row.display)) }

    func isAlternate(_ row: _CompletionRow) -> Bool { row.display != record(row).firstName }

    func matchedName(_ row: _CompletionRow) -> String? { isAlternate(row) ? title(row) : nil }

    func id(_ row: _CompletionRow) -> String { gazetteer.id(of: record(row)) }

    func place(_ row: _CompletionRow) -> Place {
        let record = record(row)
        let canonical = row.display == record.firstName ? title(row) : gazetteer._names.string(Int(record.firstName))
        return gazetteer.place(at: Int(row.place), record, name: canonical)
    }

    /// The subtitle's parts: the canonical name under an alternate one, then region and
    /// country for a city, the country for a region, the continent for a country.
    func subtitleParts(_ row: _CompletionRow) -> _SubtitleParts {
        let record = record(row)
        let labels = gazetteer._labels
        var parts = _SubtitleParts()
        if row.display != record.firstName { parts.append(gazetteer._names.string(Int(record.firstName)), part: nil) }
        switch record.kind {
        case .city:
            if record.admin1Name >= 0 { parts.append(labels[Int(record.admin1Name)], part: 0) }
            parts.append(labels[Int(record.countryName)], part: 1)
        case .region:
            parts.append(labels[Int(record.countryName)], part: 1)
        case .country:
            if record.continent >= 0 { parts.append(labels[Int(record.continent)], part: 2) }
        }
        return parts
    }

    func subTitle(_ row: _CompletionRow) -> String { subtitleParts(row).joined() }

    /// The title's highlights: the matched part of the key, mapped back to the title.
    func titleHighlights(_ row: _CompletionRow) -> [HighlightRange] {
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
    /// The region/country words a qualifier matched (usually none).
    var qualifier: [_Qualifiers.Word]

    /// Whether the two rows are the same in every field (qualifiers compared by count
    /// only when both are empty: rows with qualifiers are compared by their text).
    func isIdentical(to other: _CompletionRow) -> Bool {
        place == other.place && display == other.display && name == other.name && keyOffset == other.keyOffset
            && matchedLength == other.matchedLength && qualifier.isEmpty && other.qualifier.isEmpty
    }
}
