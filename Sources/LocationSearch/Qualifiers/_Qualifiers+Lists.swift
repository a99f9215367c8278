/// The stored lists: worked out from a gazetteer's region and country places, and checked
/// when an index file is read.
extension _Qualifiers {
    /// The stored lists of `gazetteer`'s regions and countries: the words of each region
    /// and country place (the canonical name, then its other names in Latin script, then
    /// the standard abbreviations and codes), the last place of a region or a country
    /// winning.
    static func lists(of gazetteer: Gazetteer) -> (text: [UInt8], regions: [_QualifierList],
                                                     countries: [_QualifierList]) {
        let places = gazetteer._places.buffers
        var regions: [RegionKey: (words: [ArraySlice<UInt8>], labelWords: Int)] = [:]
        var countries: [Int32: (words: [ArraySlice<UInt8>], labelWords: Int)] = [:]
        var key: [UInt8] = []
        for i in 0..<places.count {
            let record = places[i]
            guard record.kindCode != 0 else { continue }
            var words: [ArraySlice<UInt8>] = [], labelWords = 0
            // The canonical name, then the other names in Latin script, not those that are
            // names in other languages only (see `_LocalizedName.qualifierEnd`): people
            // qualify a place in English or its own language, and each word costs every
            // qualified search (region and country names in 29 languages tripled the time
            // this takes).
            let end = gazetteer._localized.qualifierEnd(of: UInt32(i)).map { Int($0 - record.firstName) }
            for n in 0..<min(Int(record.nameCount), end ?? Int.max) {
                let skip = gazetteer._names.withBytes(Int(record.firstName) + n) { bytes in
                    if n > 0 && !_NameQuality.isLatin(utf8: bytes) { return true }
                    _Folding.fold(utf8: bytes, into: &key)
                    return false
                }
                if skip { continue }
                let split = key.split(separator: 0x20).map { ArraySlice($0) }
                words += split
                if n == 0 { labelWords = split.count }
            }
            // The standard abbreviations and codes too, which a custom gazetteer's own
            // region and country places may not list (duplicates are harmless).
            let code = gazetteer._labels[Int(record.countryCode)]
            let extra = record.kind == .region
                ? _PlaceAliases.regionAbbreviations(
                    countryCode: code, admin1Code: gazetteer.label(record.admin1Code) ?? "")
                : _PlaceAliases.countryAliases(code: code, iso3: "")
            for alias in extra { words += _Folding.fold(alias).split(separator: 0x20) }
            if record.kind == .region {
                guard record.admin1Code >= 0 else { continue }  // no code: nothing to join cities on
                regions[RegionKey(countryCode: record.countryCode, admin1Code: record.admin1Code)] = (words, labelWords)
            } else {
                countries[record.countryCode] = (words, labelWords)
            }
        }
        var text: [UInt8] = []
        func list(_ admin1Code: Int32, _ countryCode: Int32, _ words: [ArraySlice<UInt8>],
                  labelWords: Int) -> _QualifierList {
            let start = text.count
            for word in words { text += word + [0x20] }
            return _QualifierList(
                admin1Code: admin1Code, countryCode: countryCode, start: UInt32(start), end: UInt32(text.count),
                labelWords: UInt32(labelWords), wordCount: UInt32(words.count), firstBytes: firstByteMask(words))
        }
        let regionLists = regions.sorted {
            ($0.key.admin1Code, $0.key.countryCode) < ($1.key.admin1Code, $1.key.countryCode)
        }.map { list($0.key.admin1Code, $0.key.countryCode, $0.value.words, labelWords: $0.value.labelWords) }
        let countryLists = countries.sorted { $0.key < $1.key }.map {
            list(-1, $0.key, $0.value.words, labelWords: $0.value.labelWords)
        }
        return (text, regionLists, countryLists)
    }

    /// Whether stored lists can be read with a gazetteer of `labels` labels: every list
    /// within the text, ending in a space, without empty words, with its word count and
    /// first-byte mask; codes that are labels; regions and countries in order, each once.
    ///
    /// - Complexity: O(*t* + *r*) for *t* bytes of text and *r* lists.
    static func isConsistent(text: _Column<UInt8>, regions: _Column<_QualifierList>,
                             countries: _Column<_QualifierList>, labels: Int) -> Bool {
        let bytes = text.buffer
        func fits(_ list: _QualifierList) -> Bool {
            guard list.countryCode >= 0, Int(list.countryCode) < labels, list.start <= list.end,
                  Int(list.end) <= bytes.count, list.labelWords <= list.wordCount else { return false }
            var words = 0, mask: UInt64 = 0, at = Int(list.start)
            while at < Int(list.end) {
                guard bytes[at] != 0x20 else { return false }  // an empty word
                var end = at
                while end < Int(list.end) && bytes[end] != 0x20 { end += 1 }
                guard end < Int(list.end) else { return false }  // no space after the last word
                mask |= maskBits(bytes[at], end - at >= 2 ? bytes[at + 1] : nil)
                words += 1
                at = end + 1
            }
            return words == Int(list.wordCount) && mask == list.firstBytes
        }
        var last: (Int32, Int32) = (-1, -1)
        for list in regions.buffer {
            guard list.admin1Code >= 0, Int(list.admin1Code) < labels, fits(list),
                  (list.admin1Code, list.countryCode) > last else { return false }
            last = (list.admin1Code, list.countryCode)
        }
        var lastCountry: Int32 = -1
        for list in countries.buffer {
            guard list.admin1Code == -1, fits(list), list.countryCode > lastCountry else { return false }
            lastCountry = list.countryCode
        }
        return true
    }

    struct RegionKey: Hashable, Sendable {
        var countryCode: Int32, admin1Code: Int32
    }
}
