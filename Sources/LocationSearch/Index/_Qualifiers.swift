/// The words a qualifier can match after a place's name: its region's and country's
/// names, word by word, then their abbreviations and codes ("tx", "bc", "usa", "gbr").
///
/// Built once per completer for each distinct region and country (a few thousand), so a
/// candidate is checked with two dictionary look-ups and a short scan.
///
/// A final class with only immutable, `Sendable` stored properties (so `Sendable` without
/// locks): a search reads it per candidate, and as a struct each read copied its arrays'
/// references.
final class _Qualifiers: Sendable {
    struct Word: Sendable {
        /// The folded word.
        var text: [UInt8]
        /// Which subtitle label it belongs to: 0 the region, 1 the country.
        var part: UInt8
        /// The word's index within the label's folded words, or -1 for an abbreviation,
        /// which highlights the whole label.
        var labelWord: Int16
    }

    /// Region words, from the region places: for each admin-1 code label, the regions
    /// with that code as (country code label, words). Arrays indexed by label, so a
    /// candidate is checked without hashing (this runs for every candidate of a
    /// qualified reading).
    /// Each admin-1 code's list is sorted by country, for a binary search.
    private let regions: [[(country: Int32, words: [Word], firstBytes: UInt64)]]
    /// Country words by country code label, from the country places (`nil`: none).
    private let countries: [[Word]?]
    /// The `firstByteMask` of each country's words, by country code label (all ones: not
    /// known, so no shortcut).
    private let countryFirstBytes: [UInt64]
    private let gazetteer: Gazetteer
    /// An upper bound on the number of words any place's qualifier list has.
    let longest: Int

    struct RegionKey: Hashable, Sendable {
        var countryCode: Int32, admin1Code: Int32
    }

    /// - Complexity: O(*n*) in the number of places, with work only for regions and
    ///   countries.
    init(_ gazetteer: Gazetteer) {
        self.gazetteer = gazetteer
        let places = gazetteer._places.buffers
        var regions: [RegionKey: [Word]] = [:]
        var countries: [Int32: [Word]] = [:]
        var key: [UInt8] = []
        for i in 0..<places.count {
            let record = places[i]
            guard record.kindCode != 0 else { continue }
            // Folded straight from the name table's bytes: this runs on every start.
            var words: [Word] = []
            // The canonical name, then the other names in Latin script, not those that are
            // names in other languages only (see `_LocalizedName.qualifierEnd`): people
            // qualify a place in English or its own language, and each word costs every start
            // (region and country names in 29 languages tripled the time this takes).
            let end = gazetteer._localized.qualifierEnd(of: UInt32(i)).map { Int($0 - record.firstName) }
            for n in 0..<min(Int(record.nameCount), end ?? Int.max) {
                let skip = gazetteer._names.withBytes(Int(record.firstName) + n) { bytes in
                    if n > 0 && !_NameQuality.isLatin(utf8: bytes) { return true }
                    _Folding.fold(utf8: bytes, into: &key)
                    return false
                }
                if skip { continue }
                for (w, word) in key.split(separator: 0x20).enumerated() {
                    words.append(Word(text: Array(word), part: record.kind == .region ? 0 : 1,
                                      labelWord: n == 0 ? Int16(w) : -1))
                }
            }
            // The standard abbreviations and codes too, which a custom gazetteer's own
            // region and country places may not list (duplicates are harmless).
            let code = gazetteer._labels[Int(record.countryCode)]
            let extra = record.kind == .region
                ? _PlaceAliases.regionAbbreviations(
                    countryCode: code, admin1Code: gazetteer.label(record.admin1Code) ?? "")
                : _PlaceAliases.countryAliases(code: code, iso3: "")
            for alias in extra {
                for word in _Folding.fold(alias).split(separator: 0x20) {
                    words.append(Word(text: Array(word), part: record.kind == .region ? 0 : 1, labelWord: -1))
                }
            }
            if record.kind == .region {
                guard record.admin1Code >= 0 else { continue }  // no code: nothing to join cities on
                regions[RegionKey(countryCode: record.countryCode, admin1Code: record.admin1Code)] = words
            } else {
                countries[record.countryCode] = words
            }
        }
        var regionSlots = [[(country: Int32, words: [Word], firstBytes: UInt64)]](
            repeating: [], count: gazetteer._labels.count)
        let sortedRegions = regions.sorted {
            ($0.key.admin1Code, $0.key.countryCode) < ($1.key.admin1Code, $1.key.countryCode)
        }
        for (key, words) in sortedRegions {
            let firstBytes = Self.firstByteMask(words.map { $0.text[...] })
            regionSlots[Int(key.admin1Code)].append((key.countryCode, words, firstBytes))
        }
        var countrySlots = [[Word]?](repeating: nil, count: gazetteer._labels.count)
        var countryMasks = [UInt64](repeating: ~0, count: gazetteer._labels.count)
        for (code, words) in countries {
            countrySlots[Int(code)] = words
            countryMasks[Int(code)] = Self.firstByteMask(words.map { $0.text[...] })
        }
        self.regions = regionSlots
        self.countries = countrySlots
        self.countryFirstBytes = countryMasks
        // Custom gazetteers may name regions and countries without places for them; their
        // words come from the labels (see `words(for:)`): bound those by counting the
        // separators in each label, an upper bound on its folded words, without folding.
        let longestRegion = regions.values.map(\.count).max() ?? 0
        let longestCountry = countries.values.map(\.count).max() ?? 0
        var longestLabel = 0
        for label in gazetteer._labels {
            var words = 1
            for byte in label.utf8 where byte < 0x80 && _Folding.ascii[Int(byte)] == 0x20 { words += 1 }
            longestLabel = max(longestLabel, words)
        }
        longest = max(longestRegion, longestLabel + 2) + max(longestCountry, longestLabel + 8)
    }

    static func words(of label: String, part: UInt8, aliases: [String]) -> [Word] {
        var result: [Word] = []
        for (i, word) in _Folding.fold(label).split(separator: 0x20).enumerated() {
            result.append(Word(text: Array(word), part: part, labelWord: Int16(i)))
        }
        for alias in aliases {
            for word in _Folding.fold(alias).split(separator: 0x20) {
                result.append(Word(text: Array(word), part: part, labelWord: -1))
            }
        }
        return result
    }

    /// The qualifier words of a place: its region's (cities only) then its country's
    /// (not for countries themselves), as two lists read one after the other.
    func words(for record: _PlaceRecord) -> (region: [Word], country: [Word]) {
        guard record.kind != .country else { return ([], []) }
        var region: [Word] = []
        if record.kind == .city, let admin1 = gazetteer.label(record.admin1Name) {
            if let slot = regionSlot(record) {
                region = regions[Int(record.admin1Code)][slot].words
            } else {
                region = Self.words(of: admin1, part: 0, aliases: _PlaceAliases.regionAbbreviations(
                    countryCode: gazetteer._labels[Int(record.countryCode)],
                    admin1Code: gazetteer.label(record.admin1Code) ?? ""))
            }
        }
        let country = countries[Int(record.countryCode)]
            ?? Self.words(of: gazetteer._labels[Int(record.countryName)], part: 1,
                          aliases: _PlaceAliases.countryAliases(code: gazetteer._labels[Int(record.countryCode)],
                                                                iso3: ""))
        return (region, country)
    }

    /// The index of `record`'s region in `regions[record.admin1Code]`, if it has one.
    @inline(__always)
    private func regionSlot(_ record: _PlaceRecord) -> Int? {
        guard record.admin1Code >= 0 else { return nil }
        let slots = regions[Int(record.admin1Code)]
        var low = 0, high = slots.count
        while low < high {
            let mid = (low + high) / 2
            if slots[mid].country < record.countryCode { low = mid + 1 } else { high = mid }
        }
        return low < slots.count && slots[low].country == record.countryCode ? low : nil
    }

    /// The beginnings of `words` as bits: in the low 32, one bit per first byte by class
    /// (a–z one bit each, one bit for 0–9, one for any other byte; bit 31 is never set);
    /// in the high 32, one bit per first two bytes, hashed. A token can only be a prefix
    /// of a word whose bits it has: its first byte's, and (two bytes or more) its first
    /// two bytes'. So a place whose words' mask lacks a bit of a qualifier's tokens' mask
    /// cannot match it (`mayMatch`); the pairs tell most places apart where the first
    /// bytes alone do not ("kre am" at 10 million names: every region with an A word).
    static func firstByteMask<C: Collection>(_ words: C) -> UInt64 where C.Element == ArraySlice<UInt8> {
        var mask: UInt64 = 0
        for word in words {
            guard let byte = word.first else { continue }
            switch byte {
            case 0x61...0x7A: mask |= 1 << UInt64(byte - 0x61)
            case 0x30...0x39: mask |= 1 << 26
            default: mask |= 1 << 27
            }
            if word.count >= 2 {
                let pair = UInt32(byte) << 8 | UInt32(word[word.index(after: word.startIndex)])
                mask |= 1 << (32 + UInt64((pair &* 0x9E37_79B1) >> 27))
            }
        }
        return mask
    }

    /// The `firstByteMask` of every word that can qualify `record`: its region's and its
    /// country's (none for a country); all ones when its words are made from labels, not
    /// known ahead.
    func firstBytes(of record: _PlaceRecord) -> UInt64 {
        guard record.kind != .country else { return 0 }
        var known: UInt64 = countryFirstBytes[Int(record.countryCode)]
        if record.kind == .city, record.admin1Name >= 0 {
            if let slot = regionSlot(record) {
                known |= regions[Int(record.admin1Code)][slot].firstBytes
            } else {
                known = ~0
            }
        }
        return known
    }

    /// Whether tokens whose `firstByteMask` is `firstBytes` may qualify a place whose
    /// words' mask is `known` (`firstBytes(of:)`): `false` means `match(_:_:)` fails.
    @inline(__always)
    static func mayMatch(_ firstBytes: UInt64, known: UInt64) -> Bool { firstBytes & ~known == 0 }

    /// The words `tokens` match in order (each token a prefix of a later word; the region
    /// before the country), or `nil` if they do not all match.
    func match(_ tokens: [ArraySlice<UInt8>], _ record: _PlaceRecord) -> [Word]? {
        // The region's words then the country's, read in place (no joined copy: this runs
        // for every candidate of a qualified reading).
        let (region, country) = words(for: record)
        // First without allocating anything: most candidates fail.
        guard Self.find(tokens, region, country, each: { _, _ in }) else { return nil }
        var matched: [Word] = []
        matched.reserveCapacity(tokens.count)
        _ = Self.find(tokens, region, country) { token, found in
            var word = found < region.count ? region[found] : country[found - region.count]
            word.text = Array(token)  // keep the typed length, for highlighting
            matched.append(word)
        }
        return matched
    }

    /// Whether each token is a prefix of a word of `region` then `country`, in order,
    /// calling `each` with every token and the index (region first) of its word.
    @inline(__always)
    private static func find(
        _ tokens: [ArraySlice<UInt8>], _ region: [Word], _ country: [Word], each: (ArraySlice<UInt8>, Int) -> Void
    ) -> Bool {
        let count = region.count + country.count
        var next = 0
        for token in tokens {
            guard let first = token.first else { return false }
            // Compared in place, first byte first: most words fail on it.
            let found = region.withUnsafeBufferPointer { region in
                country.withUnsafeBufferPointer { country in
                    (next..<count).first { i in
                        let text = i < region.count ? region[i].text : country[i - region.count].text
                        return text.first == first && text.starts(with: token)
                    }
                }
            }
            guard let found else { return false }
            each(token, found)
            next = found + 1
        }
        return true
    }
}
