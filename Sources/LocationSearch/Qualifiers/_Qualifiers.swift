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
        // separators in each region or country name label, an upper bound on its folded
        // words, without folding. (Only those: another label, a time zone or an id made from
        // a long name, would let through queries of as many words, and their splits.)
        let longestRegion = regions.buffer.map { Int($0.wordCount) }.max() ?? 0
        let longestCountry = countries.buffer.map { Int($0.wordCount) }.max() ?? 0
        var isName = [Bool](repeating: false, count: labelCount)
        // (Two stores a context, no array: this runs at every load.)
        for context in gazetteer._places.contexts.buffer {
            if context.admin1Name >= 0 && Int(context.admin1Name) < labelCount { isName[Int(context.admin1Name)] = true }
            if context.countryName >= 0 && Int(context.countryName) < labelCount { isName[Int(context.countryName)] = true }
        }
        // (The table read once, and each label's bytes as a buffer: this runs at every
        // load, over the contexts' labels.)
        var longestLabel = 0
        let ascii = _Folding.ascii
        for (index, var label) in gazetteer._labels.enumerated() where isName[index] {
            let words = label.withUTF8 { bytes in
                var words = 1
                for byte in bytes where byte < 0x80 && ascii[Int(byte)] == 0x20 { words += 1 }
                return words
            }
            longestLabel = max(longestLabel, words)
        }
        longest = max(longestRegion, longestLabel + 2) + max(longestCountry, longestLabel + 8)
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
    func withLists<Result>(for record: _PlaceRecord, _ body: (Run, Run) -> Result) -> Result {
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
}
