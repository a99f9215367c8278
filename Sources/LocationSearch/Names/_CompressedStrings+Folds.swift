/// Strings coded over a fold of the index's key text (`_NameFolds`): reading their folds
/// without decoding them, and coding a table's strings so.
extension _CompressedStrings {
    /// Which text of the index's key text (`_KeyText`) string `index`'s fold is, when it is
    /// coded over one (texts are distinct, so strings that fold alike give the same
    /// number); nil for a string not coded so.
    @inline(__always)
    func foldTextNumber(_ index: Int) -> Int? { foldTextNumber(index, units: units(index)) }

    /// `foldTextNumber(_:)` of string `index`, whose codes are `units`.
    @inline(__always)
    func foldTextNumber(_ index: Int, units: Range<Int>) -> Int? {
        guard folds.isFlagged(index) else { return nil }
        return _NameFolds.textNumber(codes.pointer, units: units)
    }

    /// Copies the fold of string `index` into `out` (room for `folds.longest` bytes), when
    /// it is coded over one: that fold, from the index's key text, without decoding the
    /// string (the coder coded it over its own fold, `_Folding.fold(utf8:into:)` of its
    /// bytes, and checked that it decodes to them); returns its length, or nil for a string
    /// not coded so.
    @inline(__always)
    func copyFold(_ index: Int, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        guard let t = foldTextNumber(index), folds.text != nil else { return nil }
        return folds.copyFold(t, into: out)
    }

    /// `_NameQuality.isShowable(alias:canonical:)` of strings `alias` and `canonical`: its
    /// case rules from the alias's bytes, its spelling rule from the two strings' folds
    /// (`copyFold`: a string coded over its fold is not decoded for it, so the canonical
    /// name mostly is not decoded at all; others are decoded and folded into an array).
    ///
    /// One buffer holds the alias, then (the alias's bytes read) both folds: the larger of
    /// the alias's decoding room and two of the longest fold (343 bytes for the bundled
    /// names), under 1 KB for all but very long aliases, which
    /// `withUnsafeTemporaryAllocation` keeps on the stack (a buffer past 1 KB, as the
    /// alias and two folds side by side took, was allocated on the heap each time).
    /// (Written without closures that capture these strings: a nested one copied them, a
    /// retain and release of each column, which cost as much as the rest.)
    ///
    /// - Complexity: O(*n*) in the alias's length and the folds'.
    func isShowable(alias: Int, canonical: Int) -> Bool {
        let (first, room, units) = decodingRoom(alias)
        let foldRoom = max(folds.longest, 1)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(room, 2 * foldRoom)) { buffer in
            let out = buffer.baseAddress!
            let bytes = UnsafeBufferPointer(start: out, count: decode(alias, units, from: first, into: out))
            guard _NameQuality.hasShowableCase(bytes) else { return false }
            var aliasKey: [UInt8] = [], canonicalKey: [UInt8] = []
            // The alias's bytes are read last here: its fold, when it is not in the key
            // text, then the folds in the key text over them.
            if foldTextNumber(alias) == nil || folds.text == nil { _Folding.fold(utf8: bytes, into: &aliasKey) }
            let a = copyFold(alias, into: out).map { UnsafeBufferPointer(start: out, count: $0) }
            let c = copyFold(canonical, into: out + foldRoom).map { UnsafeBufferPointer(start: out + foldRoom, count: $0) }
            if c == nil {
                let (first, room, units) = decodingRoom(canonical)
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
                    let out = buffer.baseAddress!
                    let length = decode(canonical, units, from: first, into: out)
                    _Folding.fold(utf8: UnsafeBufferPointer(start: out, count: length), into: &canonicalKey)
                }
            }
            return aliasKey.withUnsafeBufferPointer { aliasKey in
                canonicalKey.withUnsafeBufferPointer { canonicalKey in
                    !_NameQuality.isMisspelling(a ?? aliasKey, of: c ?? canonicalKey)
                }
            }
        }
    }

    /// A name the index build coded over its fold (`_PrefixIndex.FoldedNames`): its
    /// index, the ref of the key whose text is its fold, and where its codes end.
    struct FoldCodedName: Sendable {
        var name: UInt32, ref: UInt32, end: UInt32
    }

    /// These strings with those of `coded` coded over their folds (`_NameFolds`): the
    /// codes of `coded[i]` are `codes[coded[i - 1].end ..< coded[i].end]`, their header's
    /// text number that of name `coded[i].ref`'s whole-name key (`textNumbers`, by name),
    /// set here. The others keep their own codes (a copy of the string before
    /// still reads the same bytes, and a run of copies only gets shorter); one coded over
    /// another index's fold (a gazetteer read from a file) is coded from its bytes. The
    /// result reads no fold until `_NameFolds.attaching(text:longest:)`. The names of
    /// `respellable` (in any order) are marked so (`_NameFolds.respellable`).
    ///
    /// Two passes: each string's count of codes, then the codes packed as they are
    /// written (no array of all the codes before they are packed).
    ///
    /// - Complexity: O(*n*) for *n* codes.
    func foldCoded(
        _ coded: [FoldCodedName], codes foldCodes: [UInt16], textNumbers: [UInt32], respellable: [UInt32] = []
    ) -> _CompressedStrings {
        // Per string, its entry in `coded` (-1 for none, or for a number a header cannot hold).
        var at = [Int32](repeating: -1, count: count)
        for i in coded.indices where Int(coded[i].name) < count {
            let name = coded[i]
            let number = textNumbers[Int(name.ref)]
            if number < 1 << _NameFolds.textBits { at[Int(name.name)] = Int32(i) }
        }
        // Strings coded over another index's folds and not over this one's: coded from their bytes.
        var recoded: [UInt16] = [], recodedRanges: [Int: Range<Int>] = [:]
        if !folds.flags.isEmpty {
            let encoder = _SymbolTable.Encoder(table.symbolList)
            for string in 0..<count where at[string] < 0 && folds.isFlagged(string) {
                let start = recoded.count
                withBytes(string) { encoder.encode($0, into: &recoded) }
                recodedRanges[string] = start..<recoded.count
            }
        }
        let recoding = !recodedRanges.isEmpty
        var starts = [UInt32](repeating: 0, count: count + 1)
        var total = 0
        for string in 0..<count {
            let i = Int(at[string])
            if i >= 0 {
                total += Int(coded[i].end) - (i == 0 ? 0 : Int(coded[i - 1].end))
            } else if recoding, let range = recodedRanges[string] {
                total += range.count
            } else {
                total += units(string).count
            }
            starts[string + 1] = UInt32(total)
        }
        var flags = [UInt64](repeating: 0, count: (count + 63) / 64)
        var packed = [UInt8](repeating: 0, count: _PackedCodes.bytes(total))
        packed.withUnsafeMutableBufferPointer { out in
            foldCodes.withUnsafeBufferPointer { foldCodes in
                recoded.withUnsafeBufferPointer { recoded in
                    let source = codes.pointer
                    var writer = _PackedCodes.Writer(out.baseAddress!)
                    for string in 0..<count {
                        let i = Int(at[string])
                        if i >= 0 {
                            let start = i == 0 ? 0 : Int(coded[i - 1].end), end = Int(coded[i].end)
                            let header = Int(textNumbers[Int(coded[i].ref)]) << 3 | Int(foldCodes[start] & 7)
                            writer.append(header & 0xFFF)
                            writer.append(header >> 12)
                            for k in (start + _NameFolds.headerCodes)..<end { writer.append(Int(foldCodes[k])) }
                            flags[string / 64] |= 1 << UInt64(string % 64)
                        } else if recoding, let range = recodedRanges[string] {
                            for k in range { writer.append(Int(recoded[k])) }
                        } else {
                            for k in units(string) { writer.append(_PackedCodes.code(k, in: source)) }
                        }
                    }
                }
            }
        }
        var marks = [UInt64](repeating: 0, count: (count + 63) / 64)
        for name in respellable where Int(name) < count { marks[Int(name) / 64] |= 1 << UInt64(name % 64) }
        return _CompressedStrings(
            table: table, codes: _Column(packed), offsets: _StringOffsets(starts),
            folds: _NameFolds(flags: _Column(flags), respellable: _Column(marks)))
    }
}
