extension _PrefixIndex.FoldedNames {
    /// A place's keys by their hashes (`fold`, once it has many): open addressing, each
    /// slot a hash and the first of the place's keys with it (a `Dictionary` hashed
    /// each hash again, with SipHash: a twelfth of the folding's instructions).
    struct KeysByHash {
        /// Each slot's hash and key index + 1 (0 for an empty slot).
        private var slots: [(hash: UInt64, key: UInt32)] = []
        private var mask = 0
        /// Whether the slots hold the current place's keys (`reset(keys:)`).
        var isActive = false

        /// Empties the table, with room for `keys` keys, and makes it active. It uses
        /// (and clears) only the slots those need, not all that an earlier place with
        /// more names needed: clearing a row of 40,000 names' table for every later
        /// place with a few dozen would be quadratic.
        mutating func reset(keys: Int) {
            var size = 64
            while size < 2 * keys { size *= 2 }
            if slots.count < size {
                slots = .init(repeating: (0, 0), count: size)
            } else {
                slots.withUnsafeMutableBufferPointer {
                    UnsafeMutableBufferPointer(rebasing: $0[..<size]).update(repeating: (0, 0))
                }
            }
            mask = size - 1
            isActive = true
        }

        /// How many slots the current place's keys use.
        var slotCount: Int { mask + 1 }

        /// The first key added with `hash`, if any.
        func first(_ hash: UInt64) -> Int? {
            var s = _hashSlot(hash, mask: mask)
            while slots[s].key != 0 {
                if slots[s].hash == hash { return Int(slots[s].key) - 1 }
                s = (s + 1) & mask
            }
            return nil
        }

        /// Adds key `key` with `hash`, unless a key with that hash was added (the
        /// first is kept).
        mutating func add(_ hash: UInt64, _ key: Int) {
            var s = _hashSlot(hash, mask: mask)
            while slots[s].key != 0 {
                if slots[s].hash == hash { return }
                s = (s + 1) & mask
            }
            slots[s] = (hash, UInt32(key + 1))
        }

    }

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
