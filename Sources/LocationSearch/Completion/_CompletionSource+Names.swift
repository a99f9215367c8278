/// The names a completion shows: its title, in the row's language or spelling.
extension _CompletionSource {
    /// The name shown as the title: the alternate name that matched when a person would
    /// take it for the place's name (`_NameQuality.isShowable(alias:canonical:)`), else the canonical
    /// name, in the row's language if it has one.
    ///
    /// The rules read the alias's bytes, then, if its case passes, the two names' folds
    /// (`_CompressedStrings.isShowable(alias:canonical:)`).
    func shownName(_ row: _CompletionRow) -> UInt32 {
        let first = record(row).firstName
        if row.display != first && gazetteer._names.isShowable(alias: Int(row.display), canonical: Int(first)) {
            return row.display
        }
        return localized(place: row.place, language: row.language) ?? first
    }

    /// Place `place`'s name in `language`, if the gazetteer has it.
    func localized(place: UInt32, language: Int32) -> UInt32? {
        language < 0 ? nil : gazetteer._localized.name(of: place, language: language)
    }

    /// The bytes of a name's start that `respelled` reads before decoding the rest: two
    /// scalars of up to four bytes each.
    static let startBytes = 8
    /// The room they are decoded in, on the stack (`withUnsafeTemporaryAllocation`
    /// allocates past 1 KB). A name coded over its fold that a name copies its start from
    /// is decoded whole, in 8 bytes a code and the longest fold's; one that needs more
    /// leaves the name to be decoded as before.
    static let startCapacity = 512

    /// `row` showing the spelling of its name that the person typed: when the query has
    /// letters beyond ASCII ("münchen"), a name of the place with the same key whose
    /// lower-case form starts with what was typed ("München" rather than "Munchen").
    ///
    /// Such a name has bytes beyond ASCII and folds like the row's, another name of the
    /// place: the index build marks those names (`_NameFolds.respellable`), and only they
    /// are decoded (`scanningAll` decodes every name of the place, as a table without
    /// the marks does).
    ///
    /// - Complexity: O(*n* / 64 + *r*) for a place of *n* names, *r* of them marked and
    ///   decoded; O(*n*) in the length of the place's names when they are not marked.
    func respelled(_ row: _CompletionRow, typed spelling: _TypedSpelling, scanningAll: Bool = false) -> _CompletionRow {
        let names = gazetteer._names
        // (On bytes when the name and what was typed are simple scalars, `_SimpleCase`.)
        let typed = spelling.text, compared = spelling.compared
        // Whether the name of UTF-8 `bytes`, lower-cased, starts like what was typed.
        func fits(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            if let compared, let alike = _SimpleCase.startAlike(bytes, compared, verdicts: spelling.verdicts) {
                return alike
            }
            let lower = String(decoding: bytes, as: UTF8.self).lowercased()
            return lower.hasPrefix(typed) || typed.hasPrefix(lower)
        }
        // The row's name, decoded once: it fits, or its fold is the key a respelling has.
        var folded: [UInt8] = []
        let shown = names.withBytes(Int(row.display)) { bytes in
            if fits(bytes) { return true }
            _Folding.fold(utf8: bytes, into: &folded)
            return false
        }
        guard !shown else { return row }
        let key = folded  // (a constant: the functions below capture it without a box)
        let record = record(row)
        let place = Int(record.firstName)..<Int(record.firstName + record.nameCount)
        // What was typed has letters beyond ASCII, so a name spelt that way has too; and
        // when it starts with an ASCII letter, so does the name (either case).
        let first = typed.utf8.first.flatMap { $0 < 0x80 ? $0 : nil }
        // Whether a name that starts with `bytes` starts with another letter than the ASCII
        // one typed first.
        func otherFirstLetter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            first.map { bytes.first.map { $0 | 0x20 } != $0 | 0x20 } ?? false
        }
        // Whether a name of UTF-8 `bytes` starts like what was typed and has bytes beyond
        // ASCII, by its bytes (a name that does not needs no fold).
        func candidate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            if otherFirstLetter(bytes) { return false }
            if let compared, _SimpleCase.startAlike(bytes, compared, settling: false) == false { return false }
            return bytes._hasNonASCII
        }
        // Whether the name of `bytes` is the respelling: a candidate, of the key (unless
        // `folded`, known to be), that fits.
        func isRespelling(_ bytes: UnsafeBufferPointer<UInt8>, folded: Bool) -> Bool {
            guard candidate(bytes) else { return false }
            if !folded && key.withUnsafeBufferPointer({ _Folding.compareFold(of: bytes, with: $0) }) != .equal {
                return false
            }
            return fits(bytes)
        }
        // Whether marked name `n`, of codes `units`, is the respelling (`folded`: its key
        // known to be the row's). Most are not, and show it by their first bytes: the first
        // two scalars start unlike what was typed, or the first bytes fold unlike the key
        // ("Sàng-tû-sṳ" and "Chengdú" against a typed "ç"); their other codes and most of
        // the names they copy from are never decoded. The start is read past `previous`,
        // the last name's, and left there for the next (names copy from the one before).
        func isRespelling(
            _ n: Int, units: Range<Int>, folded: Bool, previous: inout _CompressedStrings.ReadStart?
        ) -> Bool {
            let settled: Bool? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.startCapacity) {
                guard let out = $0.baseAddress, let (count, whole) = names.startBytes(
                    n, units: units, into: out, capacity: $0.count, limit: Self.startBytes, previous: previous)
                else { return nil }
                let start = UnsafeBufferPointer(start: out, count: count)
                previous = _CompressedStrings.ReadStart(index: n, bytes: start, whole: whole)
                if whole { return isRespelling(start, folded: folded) }
                if otherFirstLetter(start) || compared.map({ _SimpleCase.startsUnlike(start, $0) }) ?? false {
                    return false
                }
                if !folded && key.withUnsafeBufferPointer({ _Folding.compareFold(of: start, with: $0) }) == .differs {
                    return false
                }
                return nil
            }
            return settled ?? names.withBytes(n, units: units) { isRespelling($0, folded: folded) }
        }
        var found: UInt32?
        let folds = names.folds
        if !scanningAll && !folds.respellable.isEmpty && place.contains(Int(row.display)) && !key.isEmpty {
            // The marked names in turn, each decoded alone (a mark is rare: a decode of the
            // names it copies from costs less than decoding the place's). A name coded over
            // a fold is skipped unless its fold's text number is the key's (distinct texts
            // are distinct numbers), and then needs no fold: the row's name's number, or
            // when that is not coded over its fold, the key's found in the index at the
            // first such name (none when the key is no text: then no such name folds to it).
            var keyText = names.foldTextNumber(Int(row.display)), keyTextFound = keyText != nil
            var previous: _CompressedStrings.ReadStart?
            folds.forEachRespellable(in: place) { n in
                guard n != row.display else { return true }
                let units = names.units(n), text = names.foldTextNumber(n, units: units)
                if let text {
                    if !keyTextFound { (keyText, keyTextFound) = (textNumber(ofKey: key), true) }
                    if text != keyText { return true }
                }
                guard isRespelling(n, units: units, folded: text != nil, previous: &previous) else { return true }
                found = UInt32(n)
                return false
            }
        } else {
            // The byte checks (candidate, then the folded key) come before `fits`, which makes
            // a lower-cased String: a place can have hundreds of names beyond ASCII.
            // (Names in turn, each decoded once: a name may copy the start of the one before.
            // A name coded over its fold is decoded only if that is the key's: the text of the
            // whole-name keys with the key's text.)
            let keyText = folds.flags.isEmpty
                ? -1 : names.foldTextNumber(Int(row.display)) ?? textNumber(ofKey: key) ?? -1
            names.forEach(in: place, decoding: { names.foldTextNumber($0, units: $1) == keyText }) { n, bytes in
                guard n != row.display && isRespelling(bytes, folded: false) else { return true }
                found = UInt32(n)
                return false
            }
        }
        guard let found else { return row }
        var respelled = row
        respelled.display = found
        return respelled
    }

    /// The number of the text of the whole-name key `key` (folded bytes), if the index has
    /// that key.
    func textNumber(ofKey key: [UInt8]) -> Int? {
        let (range, exact) = index.range(of: key, in: .whole)
        return exact > 0 ? index.whole.key[range.lowerBound] >> index.keyText.shift : nil
    }

    /// The displayed name.
    func title(_ row: _CompletionRow) -> String { gazetteer._names.string(Int(shownName(row))) }

    /// Whether the title, name `shown` (`shownName(row)`), is an alternate name (so the
    /// subtitle leads with the canonical one).
    func isAlternate(_ row: _CompletionRow, shown: UInt32, _ record: _PlaceRecord) -> Bool {
        shown == row.display && shown != record.firstName
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
}

/// What titles are respelled with when a query has letters beyond ASCII
/// (`LocationCompleter.typedSpelling`): its name part, lower-cased, and how `_SimpleCase`
/// compares it on bytes (`_SimpleCase.Typed`: its scalars when each is simple, its
/// characters when some carry plain marks, or that it starts with a mark), found once a
/// query rather than once a row.
struct _TypedSpelling {
    let text: String
    let compared: _SimpleCase.Typed?
    /// The comparisons of marked characters `compared` has made (`_SimpleCase.Verdicts`):
    /// a spelling is made for one query and used on one thread.
    let verdicts = _SimpleCase.Verdicts()

    init(_ text: String) {
        self.text = text
        compared = _SimpleCase.typed(ofLowercased: text)
    }
}
