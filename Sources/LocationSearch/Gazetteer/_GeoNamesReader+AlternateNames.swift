#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension _GeoNamesReader {
    /// One row of an alternate names file.
    struct AlternateName {
        var language: String, name: String, isPreferred: Bool
    }

    /// The rows of an `alternateNamesV2.txt` / `alternateNames.txt` file, by geonameid, in
    /// file order. Rows in GeoNames' pseudo-languages (`link`, `post`, `iata`, `wkdt`,
    /// ...: anything but empty or an ISO 639 code with an optional region or script) and
    /// historic or colloquial rows are not names to show or find a place by, and are
    /// skipped.
    static func alternateNames(_ file: _GeoNamesFile) throws -> [Int64: [AlternateName]] {
        var result: [Int64: [AlternateName]] = [:]
        try file.forEachRow(minimumColumns: 4) { f, number in
            guard case .value(let geonameID) = integer(f[1]) else {
                throw file.error(line: number, "geonameid \"\(string(f[1]))\" is not a number")
            }
            guard let primary = primaryLanguage(string(f[2])) else { return }
            let flag = { (i: Int) in f.count > i && f[i].first == UInt8(ascii: "1") }
            if flag(6) || flag(7) { return }  // colloquial or historic
            let name = string(f[3])
            guard !name.isEmpty else { return }
            result[geonameID, default: []].append(AlternateName(language: primary, name: name, isPreferred: flag(4)))
        }
        return result
    }

    /// The primary subtag of an alternate name's `language` (its first piece between "-"
    /// and "_"), when it is an ISO 639 code (two or three ASCII lower-case letters), or ""
    /// for no language; `nil` for GeoNames' pseudo-languages (four letters: "link", "post",
    /// "iata"; or "fr_1793") and anything else. Read on its bytes (Characters' properties
    /// were most of the file's parse).
    static func primaryLanguage(_ language: String) -> String? {
        let utf8 = language.utf8
        guard !utf8.isEmpty else { return "" }
        func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") }
        guard let start = utf8.firstIndex(where: { !isSeparator($0) }) else { return nil }
        let end = utf8[start...].firstIndex(where: isSeparator) ?? utf8.endIndex
        let primary = utf8[start..<end]
        guard (2...3).contains(primary.count),
              primary.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }),
              !(utf8.count == 7 && language == "fr_1793")
        else { return nil }
        return String(Substring(primary))
    }

    /// What a place takes from the alternate names file's rows for it: the names it adds
    /// after its own, and its names in a language. Worked out apart from the builder
    /// (`alternates(of:in:existing:preferredOnly:)`), on the cores that parse the rows, and
    /// added to it in the serial pass (`append(_:place:firstName:to:)`).
    struct Alternates: Sendable {
        /// The names added, in order: the untagged rows' first, then those only a
        /// language-tagged row brings in, from `taggedOnlyStart` on.
        var names: [String] = []
        var taggedOnlyStart: Int? = nil
        /// Each preferred name in a language: the language, and the name, an index in
        /// `names` or, below 0, `-1 - n` for the place's own name *n*.
        var localized: [(language: String, name: Int)] = []
    }

    /// The names of `alternateRows`' rows for `geonameID` (none for a negative one, which
    /// is no id) that a place whose own names are `existing` takes: all of them, or only its
    /// preferred names in a language; the preferred ones are its localized names. Untagged
    /// names come first, then names only a language-tagged row brings in, whose start is
    /// recorded (`_LocalizedNames.qualifierEnd(of:)`: they are not qualifier words). `nil`
    /// when the file has no rows for it.
    ///
    /// - Complexity: O(*r* + *e*) expected for *r* rows and *e* names of its own: one
    ///   hash look-up a row (each name's `String` hash normalises its text).
    static func alternates(
        of geonameID: Int64, in alternateRows: [Int64: [AlternateName]], existing: some Sequence<String>,
        preferredOnly: Bool
    ) -> Alternates? {
        guard geonameID >= 0, let rows = alternateRows[geonameID] else { return nil }
        // Each name seen: its index among the names added, or `-1 - n` for the place's own
        // name n (the first of them that is equal).
        var nameIndex: [String: Int] = [:]
        for (n, name) in existing.enumerated() where nameIndex[name] == nil { nameIndex[name] = -1 - n }
        var result = Alternates()
        for tagged in [false, true] {
            for row in rows
            where row.language.isEmpty != tagged && (!preferredOnly || (row.isPreferred && tagged)) {
                // (Found or added in one look-up: a new name gets the next index.)
                let next = result.names.count, before = nameIndex.count
                let index = Self.value(&nameIndex[row.name, default: next])
                if nameIndex.count != before {
                    if tagged && result.taggedOnlyStart == nil { result.taggedOnlyStart = index }
                    result.names.append(row.name)
                }
                if row.isPreferred && tagged { result.localized.append((row.language, index)) }
            }
        }
        return result
    }

    /// Appends `alternates` to the place being built (`place`, whose own names, from
    /// `firstName` on, are already in): its names, and its localized names with their
    /// languages interned in order. Returns the number of names added.
    static func append(
        _ alternates: Alternates, place: Int, firstName: UInt32, to builder: inout _GazetteerBuilder
    ) -> UInt32 {
        let base = builder.names.count
        for name in alternates.names { builder.names.append(name) }
        for (language, name) in alternates.localized {
            builder.localized.append(_LocalizedName(
                place: UInt32(place), language: builder.interner.intern(language),
                name: name >= 0 ? UInt32(base + name) : firstName + UInt32(-1 - name)))
        }
        if let start = alternates.taggedOnlyStart {
            builder.localized.append(_LocalizedName(
                place: UInt32(place), language: _LocalizedName.qualifierEnd, name: UInt32(base + start)))
        }
        return UInt32(alternates.names.count)
    }

    /// `value`, read through an `inout` access: `&dictionary[key, default: v]` stores `v`
    /// when `key` is missing, in the same look-up as the read.
    @inline(__always)
    private static func value(_ value: inout Int) -> Int { value }
}
