/// The words a qualifier can match after a place's name: its region's and country's
/// names, word by word, then their abbreviations and codes ("tx", "bc", "usa", "gbr").
///
/// Worked out once per gazetteer for each distinct region and country (a few thousand)
/// and stored flat (`_QualifierList`s over one text of folded words), so an index file
/// holds them and a load only checks them: no name is folded and no word allocated at
/// load (folding them took a quarter of a cold start's instructions). A candidate is
/// checked with two array reads and a short scan.
///
/// A final class with only immutable, `Sendable` stored properties (so `Sendable` without
/// locks): a search reads it per candidate, and as a struct each read copied its arrays'
/// references.
final class _Qualifiers: Sendable {
    /// A word a qualifier token matched, as a completion keeps it for highlighting.
    struct Word: Sendable {
        /// The folded word (in a match, the typed token: its length is what to highlight).
        var text: [UInt8]
        /// Which subtitle label it belongs to: 0 the region, 1 the country.
        var part: UInt8
        /// The word's index within the label's folded words, or -1 for an abbreviation,
        /// which highlights the whole label.
        var labelWord: Int16
    }

    /// Every list's words, each followed by a space.
    let text: _Column<UInt8>
    /// The regions' lists, sorted by admin-1 code label then country code label.
    let regions: _Column<_QualifierList>
    /// The countries' lists, sorted by country code label.
    let countries: _Column<_QualifierList>
    /// Where each admin-1 code label's regions start in `regions` (one more than there
    /// are labels), so a candidate's region is found without hashing (this runs for
    /// every candidate of a qualified reading).
    private let regionStarts: [Int32]
    /// Each country code label's list in `countries`, or -1.
    private let countryLists: [Int32]
    private let gazetteer: Gazetteer
    /// An upper bound on the number of words any place's qualifier list has.
    let longest: Int

    /// The qualifiers of `gazetteer`, worked out from its region and country places.
    ///
    /// - Complexity: O(*n*) in the number of places, with work only for regions and
    ///   countries.
    convenience init(_ gazetteer: Gazetteer) {
        let (text, regions, countries) = Self.lists(of: gazetteer)
        self.init(gazetteer: gazetteer, text: _Column(text), regions: _Column(regions), countries: _Column(countries))
    }

    /// Qualifiers over stored lists, which must be consistent with `gazetteer`
    /// (`isConsistent`).
    ///
    /// - Complexity: O(*r* + *l*) for *r* lists and *l* labels.
    init(gazetteer: Gazetteer, text: _Column<UInt8>, regions: _Column<_QualifierList>,
         countries: _Column<_QualifierList>) {
        self.gazetteer = gazetteer
        self.text = text
        self.regions = regions
        self.countries = countries
        let labelCount = gazetteer._labels.count
        var starts = [Int32](repeating: Int32(regions.count), count: labelCount + 1)
        for (i, list) in regions.buffer.enumerated().reversed() { starts[Int(list.admin1Code)] = Int32(i) }
        for label in stride(from: labelCount - 1, through: 0, by: -1) where starts[label] > starts[label + 1] {
            starts[label] = starts[label + 1]
        }
        regionStarts = starts
        var lists = [Int32](repeating: -1, count: labelCount)
        for (i, list) in countries.buffer.enumerated() { lists[Int(list.countryCode)] = Int32(i) }
        countryLists = lists
        // Custom gazetteers may name regions and countries without places for them; their
        // words come from the labels (see `withLists(for:_:)`): bound those by counting the
        // separators in each label, an upper bound on its folded words, without folding.
        let longestRegion = regions.buffer.map { Int($0.wordCount) }.max() ?? 0
        let longestCountry = countries.buffer.map { Int($0.wordCount) }.max() ?? 0
        // (The table read once, and each label's bytes as a buffer: this runs at every
        // load, over every label.)
        var longestLabel = 0
        let ascii = _Folding.ascii
        for var label in gazetteer._labels {
            let words = label.withUTF8 { bytes in
                var words = 1
                for byte in bytes where byte < 0x80 && ascii[Int(byte)] == 0x20 { words += 1 }
                return words
            }
            longestLabel = max(longestLabel, words)
        }
        longest = max(longestRegion, longestLabel + 2) + max(longestCountry, longestLabel + 8)
    }

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

    /// One list's words, each followed by a space, and how many of them are the label's own.
    struct Run {
        var bytes: UnsafeBufferPointer<UInt8>
        var labelWords: Int

        static var empty: Run { Run(bytes: UnsafeBufferPointer(start: nil, count: 0), labelWords: 0) }
    }

    /// A list made from a label and its aliases (a region or country without a place of
    /// its own): the label's words, then the aliases'.
    static func made(_ label: String, aliases: [String]) -> (bytes: [UInt8], labelWords: Int) {
        var bytes: [UInt8] = []
        let own = _Folding.fold(label).split(separator: 0x20)
        for word in own { bytes += word + [0x20] }
        for alias in aliases {
            for word in _Folding.fold(alias).split(separator: 0x20) { bytes += word + [0x20] }
        }
        return (bytes, own.count)
    }

    /// Calls `body` with the qualifier words of a place: its region's (cities only) then
    /// its country's (none for countries themselves), stored or made from its labels.
    @inline(__always)
    private func withLists<Result>(for record: _PlaceRecord, _ body: (Run, Run) -> Result) -> Result {
        guard record.kind != .country else { return body(.empty, .empty) }
        let all = text.buffer
        var region = Run.empty, madeRegion: (bytes: [UInt8], labelWords: Int)? = nil
        if record.kind == .city, let admin1 = gazetteer.label(record.admin1Name) {
            if let slot = regionSlot(record) {
                let list = regions[slot]
                region = Run(bytes: UnsafeBufferPointer(rebasing: all[list.range]), labelWords: Int(list.labelWords))
            } else {
                madeRegion = Self.made(admin1, aliases: _PlaceAliases.regionAbbreviations(
                    countryCode: gazetteer._labels[Int(record.countryCode)],
                    admin1Code: gazetteer.label(record.admin1Code) ?? ""))
            }
        }
        var country = Run.empty, madeCountry: (bytes: [UInt8], labelWords: Int)? = nil
        let c = countryLists[Int(record.countryCode)]
        if c >= 0 {
            let list = countries[Int(c)]
            country = Run(bytes: UnsafeBufferPointer(rebasing: all[list.range]), labelWords: Int(list.labelWords))
        } else {
            madeCountry = Self.made(gazetteer._labels[Int(record.countryName)], aliases: _PlaceAliases.countryAliases(
                code: gazetteer._labels[Int(record.countryCode)], iso3: ""))
        }
        guard madeRegion != nil || madeCountry != nil else { return body(region, country) }
        return (madeRegion?.bytes ?? []).withUnsafeBufferPointer { regionBytes in
            (madeCountry?.bytes ?? []).withUnsafeBufferPointer { countryBytes in
                body(madeRegion.map { Run(bytes: regionBytes, labelWords: $0.labelWords) } ?? region,
                     madeCountry.map { Run(bytes: countryBytes, labelWords: $0.labelWords) } ?? country)
            }
        }
    }

    /// The qualifier words of a place: its region's (cities only) then its country's
    /// (not for countries themselves), as two lists.
    func words(for record: _PlaceRecord) -> (region: [Word], country: [Word]) {
        withLists(for: record) { region, country in
            func words(_ run: Run, part: UInt8) -> [Word] {
                var words: [Word] = []
                Self.forEachWord(run.bytes) { index, word in
                    words.append(Word(text: Array(word), part: part, labelWord: Self.labelWord(index, run)))
                }
                return words
            }
            return (words(region, part: 0), words(country, part: 1))
        }
    }

    /// Calls `body` with each word of `bytes` (words each followed by a space) and its index.
    private static func forEachWord(_ bytes: UnsafeBufferPointer<UInt8>,
                                    _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        var at = 0, index = 0
        while at < bytes.count {
            var end = at
            while end < bytes.count && bytes[end] != 0x20 { end += 1 }
            body(index, UnsafeBufferPointer(rebasing: bytes[at..<end]))
            at = end + 1
            index += 1
        }
    }

    /// A matched word's `labelWord`: its index among the label's own words, or -1.
    @inline(__always)
    private static func labelWord(_ index: Int, _ run: Run) -> Int16 {
        index < run.labelWords ? Int16(exactly: index) ?? -1 : -1
    }

    /// The index of `record`'s region in `regions`, if it has one.
    @inline(__always)
    private func regionSlot(_ record: _PlaceRecord) -> Int? {
        guard record.admin1Code >= 0 else { return nil }
        let slots = regions.buffer
        var low = Int(regionStarts[Int(record.admin1Code)]), high = Int(regionStarts[Int(record.admin1Code) + 1])
        let end = high
        while low < high {
            let mid = (low + high) / 2
            if slots[mid].countryCode < record.countryCode { low = mid + 1 } else { high = mid }
        }
        return low < end && slots[low].countryCode == record.countryCode ? low : nil
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
            mask |= maskBits(byte, word.count >= 2 ? word[word.index(after: word.startIndex)] : nil)
        }
        return mask
    }

    /// The `firstByteMask` bits of a word that starts with `byte`, then `next` if it has
    /// two bytes or more.
    @inline(__always)
    static func maskBits(_ byte: UInt8, _ next: UInt8?) -> UInt64 {
        var mask: UInt64
        switch byte {
        case 0x61...0x7A: mask = 1 << UInt64(byte - 0x61)
        case 0x30...0x39: mask = 1 << 26
        default: mask = 1 << 27
        }
        if let next {
            let pair = UInt32(byte) << 8 | UInt32(next)
            mask |= 1 << (32 + UInt64((pair &* 0x9E37_79B1) >> 27))
        }
        return mask
    }

    /// The `firstByteMask` of every word that can qualify `record`: its region's and its
    /// country's (none for a country); all ones when its words are made from labels, not
    /// known ahead.
    func firstBytes(of record: _PlaceRecord) -> UInt64 {
        guard record.kind != .country else { return 0 }
        let c = countryLists[Int(record.countryCode)]
        var known: UInt64 = c >= 0 ? countries[Int(c)].firstBytes : ~0
        if record.kind == .city, record.admin1Name >= 0 {
            if let slot = regionSlot(record) {
                known |= regions[slot].firstBytes
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
        withLists(for: record) { region, country in
            // First without allocating anything: most candidates fail.
            guard Self.find(tokens, region, country, each: { _, _, _ in }) else { return nil }
            var matched: [Word] = []
            matched.reserveCapacity(tokens.count)
            _ = Self.find(tokens, region, country) { token, part, index in
                // The typed length kept, for highlighting.
                matched.append(Word(text: Array(token), part: part,
                                    labelWord: Self.labelWord(index, part == 0 ? region : country)))
            }
            return matched
        }
    }

    /// Whether each token is a prefix of a word of `region` then `country`, in order,
    /// calling `each` with every token, its word's part (0 the region, 1 the country) and
    /// the word's index in its list.
    @inline(__always)
    private static func find(
        _ tokens: [ArraySlice<UInt8>], _ region: Run, _ country: Run, each: (ArraySlice<UInt8>, UInt8, Int) -> Void
    ) -> Bool {
        var part: UInt8 = 0, at = 0, index = 0
        for token in tokens {
            guard let first = token.first else { return false }
            var found = false
            search: while part < 2 {
                let bytes = part == 0 ? region.bytes : country.bytes
                while at < bytes.count {
                    var end = at
                    while end < bytes.count && bytes[end] != 0x20 { end += 1 }
                    // Compared in place, first byte first: most words fail on it.
                    var matches = bytes[at] == first && end - at >= token.count
                    if matches {
                        var k = at
                        for byte in token {
                            if bytes[k] != byte {
                                matches = false
                                break
                            }
                            k += 1
                        }
                    }
                    let word = index
                    at = end + 1
                    index += 1
                    if matches {
                        each(token, part, word)
                        found = true
                        break search
                    }
                }
                part += 1
                at = 0
                index = 0
            }
            guard found else { return false }
        }
        return true
    }
}
