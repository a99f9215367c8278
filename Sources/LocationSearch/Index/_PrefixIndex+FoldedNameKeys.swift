extension _PrefixIndex.FoldedNames {
    /// Name `name` (`display`, of `own` codes) coded over its fold, `key` of `folded`, the text of key
    /// `ref`, when that is shorter: its codes appended to `nameCodes` and its entry to
    /// `codedNames`. (A static function, not a closure: a closure that mutates the
    /// arrays would have each access checked at run time.)
    @inline(__always)
    static func code(
        _ name: Int, _ display: UnsafeBufferPointer<UInt8>, own: Int, over key: Range<Int>, of folded: [UInt8],
        ref: UInt32, _ lookup: _SymbolTable.Encoder.Lookup, _ scratch: _NameFolds.Coder.Scratch,
        _ nameCodes: inout [UInt16], _ codedNames: inout [_CompressedStrings.FoldCodedName]
    ) {
        let coded = folded.withUnsafeBufferPointer { folded in
            _NameFolds.Coder.code(display, fold: UnsafeBufferPointer(rebasing: folded[key]), lookup, below: own,
                                  scratch, into: &nameCodes)
        }
        if coded { codedNames.append(.init(name: UInt32(name), ref: ref, end: UInt32(nameCodes.count))) }
    }

    /// Marks name `name` (with bytes beyond ASCII when `wide`) respellable, and the
    /// first name of its key `seen` of its place (which it folds like), each if it has
    /// bytes beyond ASCII. (Static, as `code` is.)
    @inline(__always)
    static func markRespellable(
        _ name: Int, wide: Bool, like seen: Int, _ placeRefs: [UInt32], _ placeWide: [Bool],
        _ nameDisplay: [UInt32], _ respellable: inout [UInt32]
    ) {
        if wide { respellable.append(UInt32(name)) }
        if placeWide[seen] { respellable.append(nameDisplay[Int(placeRefs[seen])]) }
    }

    /// The first of `ranges` of `folded` that holds the bytes of its range `key`.
    ///
    /// (Index loops and buffers, here and in the rest of the first build's per-row,
    /// per-name and per-key work: a debug build, the one an app under development runs,
    /// does not specialize generic code, and there `enumerated()`, `elementsEqual`, a
    /// key path's `map` or a `for`-`in` over an array cost 5 to 20 times an index loop.
    /// `docs/decisions/0053-the-debug-first-build.md`.)
    static func firstIndex(of key: Range<Int>, among ranges: [Range<Int>], in folded: [UInt8]) -> Int? {
        folded.withUnsafeBufferPointer { folded in
            let key = UnsafeBufferPointer(rebasing: folded[key])
            for i in ranges.indices {
                if UnsafeBufferPointer(rebasing: folded[ranges[i]])._hasSameBytes(as: key) { return i }
            }
            return nil
        }
    }

    /// Whether `range` of `folded` holds the bytes of its range `key`.
    static func holds(_ folded: [UInt8], _ range: Range<Int>, _ key: Range<Int>) -> Bool {
        folded.withUnsafeBufferPointer {
            UnsafeBufferPointer(rebasing: $0[range])._hasSameBytes(as: UnsafeBufferPointer(rebasing: $0[key]))
        }
    }

    /// FNV-1a (`_fnv1a`).
    static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 { bytes.withUnsafeBufferPointer { _fnv1a($0) } }
}
