/// One place's name in one language ("Bayern" for Bavaria in German), for
/// `CompletionOptions.language`.
struct _LocalizedName: Sendable, Hashable, BitwiseCopyable {
    /// The place's index in the gazetteer.
    var place: UInt32
    /// The language (its ISO 639 code, "de"), an index into the gazetteer's labels; or
    /// `qualifierEnd`.
    var language: Int32
    /// The name's index in the gazetteer's name table (one of the place's names).
    var name: UInt32

    /// The `language` of the entry that says where a place's names that only a
    /// language-tagged row brought in begin (its `name`): those are found and shown, but
    /// are not qualifier words ("berlin deutschland" qualifies by the German name, a
    /// German name in its own language; not by Germany's name in each of 29 languages).
    static let qualifierEnd: Int32 = -1
}

/// The localized names of a gazetteer's places, sorted by place then language: the places
/// that have any (rising), where each one's entries start, and each entry's language and
/// name, so one place's are a binary search over the places away.
///
/// (Each entry holding its place too would take 12 bytes an entry: for the bundled data's
/// 47,175 entries of 3,977 places, 566 KB, against 377 KB of entries and 32 KB of places
/// and starts: docs/decisions/0062.)
struct _LocalizedNames: Sendable {
    /// A place's name in a language: `_LocalizedName` without its place.
    struct Entry: Sendable, Hashable, BitwiseCopyable {
        /// The language, a label index, or `_LocalizedName.qualifierEnd`.
        var language: Int32
        /// The name's index in the gazetteer's name table.
        var name: UInt32
    }

    /// The places that have entries, rising.
    let places: _Column<UInt32>
    /// Where each of `places`' entries start in `entries`, then the entries' count.
    let starts: _Column<UInt32>
    /// Each place's entries, by language.
    let entries: _Column<Entry>

    init(places: _Column<UInt32>, starts: _Column<UInt32>, entries: _Column<Entry>) {
        self.places = places
        self.starts = starts
        self.entries = entries
    }

    /// `names`, sorted by place then language, grouped by place.
    init(_ names: [_LocalizedName]) {
        var places: [UInt32] = [], starts: [UInt32] = [], entries: [Entry] = []
        entries.reserveCapacity(names.count)
        for name in names {
            if places.last != name.place {
                places.append(name.place)
                starts.append(UInt32(entries.count))
            }
            entries.append(Entry(language: name.language, name: name.name))
        }
        starts.append(UInt32(entries.count))
        self.init(places: _Column(places), starts: _Column(starts), entries: _Column(entries))
    }

    static let empty = _LocalizedNames([])

    /// Place `place`'s entries, sorted by language; empty if it has none.
    ///
    /// - Complexity: O(log *p*), *p* the places with entries.
    func entries(of place: UInt32) -> UnsafeBufferPointer<Entry>.SubSequence {
        let places = places.buffer
        var low = 0, high = places.count
        while low < high {
            let mid = (low + high) / 2
            if places[mid] < place { low = mid + 1 } else { high = mid }
        }
        guard low < places.count, places[low] == place else { return entries.buffer[0..<0] }
        return entries.buffer[Int(starts[low])..<Int(starts[low + 1])]
    }

    /// The name index of place `place`'s name in `language` (a label index), if it has one.
    ///
    /// - Complexity: O(log *p* + *k*), *p* the places with entries and *k* the place's
    ///   languages.
    func name(of place: UInt32, language: Int32) -> UInt32? {
        entries(of: place).first { $0.language == language }?.name
    }

    /// Where place `place`'s qualifier words end: the index of its first name that only a
    /// language-tagged row brought in, if it has such names.
    ///
    /// - Complexity: O(log *p*), *p* the places with entries.
    func qualifierEnd(of place: UInt32) -> UInt32? {
        // The boundary entry's language sorts first.
        guard let first = entries(of: place).first, first.language == _LocalizedName.qualifierEnd else { return nil }
        return first.name
    }

    /// Whether the places rise below `places`, their starts rise from 0 to the entries'
    /// count (every place with an entry), and each place's entries name a name below
    /// `names` in a language below `labels` (or the qualifier end), languages rising.
    func isConsistent(places placeCount: Int, names: Int, labels: Int) -> Bool {
        let places = places.buffer, starts = starts.buffer, entries = entries.buffer
        guard starts.count == places.count + 1, starts.first == 0, starts.last.map(Int.init) == entries.count
        else { return false }
        for i in places.indices {
            guard Int(places[i]) < placeCount, i == 0 || places[i - 1] < places[i], starts[i] < starts[i + 1]
            else { return false }
            var previous: Int32? = nil
            for entry in entries[Int(starts[i])..<Int(starts[i + 1])] {
                guard Int(entry.name) < names, entry.language >= 0 || entry.language == _LocalizedName.qualifierEnd,
                      Int(entry.language) < labels, previous.map({ $0 < entry.language }) ?? true
                else { return false }
                previous = entry.language
            }
        }
        return true
    }
}

extension _GazetteerBuilder {
    /// Drops any second localized name for a place and language, and sorts them by place
    /// and language.
    mutating func sortLocalizedNames() {
        var resolved: [_LocalizedName] = []
        var seen = Set<UInt64>()
        for entry in localized {
            let key = UInt64(entry.place) << 32 | UInt64(UInt32(bitPattern: entry.language))
            guard seen.insert(key).inserted else { continue }
            resolved.append(entry)
        }
        resolved.sort { ($0.place, $0.language) < ($1.place, $1.language) }
        localized = resolved
    }
}
