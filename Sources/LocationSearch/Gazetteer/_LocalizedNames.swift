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

/// The localized names of a gazetteer's places, sorted by place then language, so one
/// place's are a binary search away.
struct _LocalizedNames: Sendable {
    let entries: _Column<_LocalizedName>

    static let empty = _LocalizedNames(entries: _Column([]))

    /// The name index of place `place`'s name in `language` (a label index), if it has one.
    ///
    /// - Complexity: O(log *n* + *k*), *n* the entries and *k* the place's languages.
    func name(of place: UInt32, language: Int32) -> UInt32? {
        let buffer = entries.buffer
        var low = 0, high = buffer.count
        while low < high {
            let mid = (low + high) / 2
            if buffer[mid].place < place { low = mid + 1 } else { high = mid }
        }
        while low < buffer.count && buffer[low].place == place {
            if buffer[low].language == language { return buffer[low].name }
            low += 1
        }
        return nil
    }

    /// Where place `place`'s qualifier words end: the index of its first name that only a
    /// language-tagged row brought in, if it has such names.
    ///
    /// - Complexity: O(log *n*), *n* the entries.
    func qualifierEnd(of place: UInt32) -> UInt32? {
        let buffer = entries.buffer
        var low = 0, high = buffer.count
        while low < high {
            let mid = (low + high) / 2
            if buffer[mid].place < place { low = mid + 1 } else { high = mid }
        }
        // The boundary entry's language sorts first.
        return low < buffer.count && buffer[low].place == place && buffer[low].language == _LocalizedName.qualifierEnd
            ? buffer[low].name : nil
    }

    /// Whether every entry names a place and name that exist, in sorted order.
    func isConsistent(places: Int, names: Int, labels: Int) -> Bool {
        var previous: (UInt32, Int32)? = nil
        for entry in entries.buffer {
            guard Int(entry.place) < places, Int(entry.name) < names,
                  entry.language >= 0 || entry.language == _LocalizedName.qualifierEnd, Int(entry.language) < labels
            else { return false }
            if let previous, (previous.0, previous.1) >= (entry.place, entry.language) { return false }
            previous = (entry.place, entry.language)
        }
        return true
    }
}

extension _GazetteerBuilder {
    /// Resolves the localized names still given by text to their index among their place's
    /// names, drops those not found and any second name for a place and language, and
    /// sorts them by place and language.
    mutating func resolveLocalizedNames() {
        var resolved: [_LocalizedName] = []
        var seen = Set<UInt64>()
        for i in localized.indices {
            var entry = localized[i]
            if entry.name == UInt32.max && entry.language != _LocalizedName.qualifierEnd {
                let record = places[Int(entry.place)]
                let text = localizedText[i]
                guard let n = (0..<Int(record.nameCount))
                    .first(where: { names.string(Int(record.firstName) + $0) == text })
                else { continue }
                entry.name = record.firstName + UInt32(n)
            }
            let key = UInt64(entry.place) << 32 | UInt64(UInt32(bitPattern: entry.language))
            guard seen.insert(key).inserted else { continue }
            resolved.append(entry)
        }
        resolved.sort { ($0.place, $0.language) < ($1.place, $1.language) }
        localized = resolved
        localizedText = []
    }
}
