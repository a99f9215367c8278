import Dispatch

extension _NameFolds {
    /// Codes names as edits of their folds while an index file is written
    /// (`_CompressedStrings.foldCoded(by:places:)`): for each name with a fold in the
    /// index, the fewest codes over the case modes, checked by decoding them.
    struct Coder: Sendable {
        /// Per name, the position of the first whole-name key with its fold's text, or -1.
        let positions: [Int32]
        /// The index's folded text and whole-name keys.
        let text: _Column<UInt8>
        let keys: _KeyOffsets
        /// The index's longest name: no fold read is longer.
        let longest: Int
        /// The table the names are coded with.
        let table: _SymbolTable
        /// The folds as a loaded index reads them, to check each name's codes.
        private let folds: _NameFolds

        init(positions: [Int32], text: _Column<UInt8>, keys: _KeyOffsets, longest: Int, table: _SymbolTable) {
            self.positions = positions
            self.text = text
            self.keys = keys
            self.longest = longest
            self.table = table
            folds = _NameFolds(flags: _Column([1]), text: text, keys: keys, longest: longest)
        }

        /// Buffers one thread reuses from name to name.
        struct Scratch {
            var lowered: [UInt8] = []
            var units: [UInt16] = []
            var best: [UInt16] = []
            var literal: [UInt16] = []
            var decoded: [UInt8] = []
            var packed: [UInt8] = []
            var cased: [UInt8] = []
        }

        /// The modes in the order they are tried, for a name that starts with a capital
        /// and one that does not (the likeliest first: the others are then tried only
        /// while they might take fewer codes).
        private static let capitalFirst: [Mode] = [.title, .afterSeparator, .all, .none]
        private static let lowerFirst: [Mode] = [.none, .title, .afterSeparator, .all]
        /// The modes tried first, without edits.
        private static let plain: [Mode] = [.none, .title]

        /// The codes of name `index` (its UTF-8 `display`) over its fold, fewer than
        /// `budget`, in `scratch.best`, if it has a fold and some mode decodes to it in
        /// that many; else false.
        func code(
            _ index: Int, _ display: UnsafeBufferPointer<UInt8>, _ lookup: _SymbolTable.Encoder.Lookup,
            below budget: Int, _ scratch: inout Scratch
        ) -> Bool {
            let position = Int(positions[index])
            guard position >= 0, position < 1 << _NameFolds.positionBits else { return false }
            let text = text.buffer
            let start = keys[position]
            var end = start
            while end < text.count && text[end] != 0 { end += 1 }
            guard end - start <= longest else { return false }
            let fold = UnsafeBufferPointer(rebasing: text[start..<end])
            scratch.best.removeAll(keepingCapacity: true)
            // Most names are their fold, or its title case: tried first, by decoding.
            if fold.count == display.count {
                for mode in Self.plain {
                    scratch.cased.removeAll(keepingCapacity: true)
                    scratch.cased.append(contentsOf: fold)
                    let same = scratch.cased.withUnsafeMutableBufferPointer { decoded in
                        _NameFolds.applyCase(mode, decoded.baseAddress!, count: decoded.count)
                        return decoded.elementsEqual(display)
                    }
                    if same {
                        scratch.best.append(UInt16((position << 3 | mode.rawValue) & 0xFFF))
                        scratch.best.append(UInt16((position << 3 | mode.rawValue) >> 12))
                        return budget > _NameFolds.headerCodes
                    }
                }
            }
            let capital = display.first.map { $0 >= 0x41 && $0 <= 0x5A } ?? false
            for mode in capital ? Self.capitalFirst : Self.lowerFirst {
                guard Self.lowered(display, mode, into: &scratch.lowered) else { continue }
                scratch.units.removeAll(keepingCapacity: true)
                scratch.units.append(UInt16((position << 3 | mode.rawValue) & 0xFFF))
                scratch.units.append(UInt16((position << 3 | mode.rawValue) >> 12))
                let limit = scratch.best.isEmpty ? budget : scratch.best.count
                let fits = scratch.lowered.withUnsafeBufferPointer {
                    Self.edits(
                        from: fold, to: $0, lookup, into: &scratch.units, literal: &scratch.literal, below: limit)
                }
                guard fits, decodes(scratch.units, to: display, &scratch) else { continue }
                swap(&scratch.best, &scratch.units)
                if scratch.best.count == _NameFolds.headerCodes { break }
            }
            return !scratch.best.isEmpty
        }

        /// Whether `units` decode to `display`, as a loaded index decodes them.
        private func decodes(
            _ units: [UInt16], to display: UnsafeBufferPointer<UInt8>, _ scratch: inout Scratch
        ) -> Bool {
            scratch.packed.removeAll(keepingCapacity: true)
            _PackedCodes.pack(units, into: &scratch.packed)
            let capacity = longest + 8 * units.count
            if scratch.decoded.count < capacity { scratch.decoded = [UInt8](repeating: 0, count: 2 * capacity) }
            let count = scratch.packed.withUnsafeBufferPointer { packed in
                scratch.decoded.withUnsafeMutableBufferPointer { out in
                    folds.decode(packed.baseAddress!, units: 0..<units.count, table: table, into: out.baseAddress!)
                }
            }
            return count == display.count && scratch.decoded.withUnsafeBufferPointer { out in
                (0..<count).allSatisfy { out[$0] == display[$0] }
            }
        }

        /// `display` with each scalar that `mode` upper-cases replaced by one that
        /// `upper(_:)` takes to it (lower case where there is one), in `lowered`; false
        /// when such a scalar has none (a lower-case letter at a word's start).
        static func lowered(_ display: UnsafeBufferPointer<UInt8>, _ mode: Mode, into lowered: inout [UInt8]) -> Bool {
            lowered.removeAll(keepingCapacity: true)
            lowered.append(contentsOf: display)
            guard mode != .none else { return true }
            var i = 0, starts = true
            while i < display.count {
                let byte = display[i]
                if byte < 0x80 {
                    if starts {
                        if byte >= 0x61 && byte <= 0x7A { return false }
                        if byte >= 0x41 && byte <= 0x5A { lowered[i] = byte + 0x20 }
                    }
                    switch mode {
                    case .title: starts = byte == 0x20
                    case .afterSeparator: starts = _Folding.asciiTable[Int(byte)] == 0x20
                    default: starts = true
                    }
                    i += 1
                    continue
                }
                if starts && byte & 0xE0 == 0xC0 && i + 1 < display.count {
                    let scalar = UInt32(byte & 0x1F) << 6 | UInt32(display[i + 1] & 0x3F)
                    guard let lower = lower(scalar) else { return false }
                    lowered[i] = 0xC0 | UInt8(lower >> 6)
                    lowered[i + 1] = 0x80 | UInt8(lower & 0x3F)
                }
                starts = mode == .all
                i += 1
                while i < display.count && display[i] & 0xC0 == 0x80 { i += 1 }
            }
            return true
        }

        /// A two-byte scalar that `upper(_:)` takes to `scalar`: its lower case when it
        /// has one, else itself if `upper` keeps it, else nil.
        static func lower(_ scalar: UInt32) -> UInt32? {
            for offset: UInt32 in [0x20, 1, 0x25, 0x26, 0x3F, 0x40, 0x50, 0x30] {
                let candidate = scalar + offset
                if candidate <= 0x7FF && candidate != scalar && _NameFolds.upper(candidate) == scalar {
                    return candidate
                }
            }
            return _NameFolds.upper(scalar) == scalar ? scalar : nil
        }

        /// Appends to `units` the edit operations that make `target` from `fold`: runs the
        /// two share are copied; where they differ, the fewest literal bytes (then the
        /// fewest skipped) after which they agree again (on three bytes, or to both
        /// ends), greedily. False, and `units` unfinished, once `units` holds `limit`.
        static func edits(
            from fold: UnsafeBufferPointer<UInt8>, to target: UnsafeBufferPointer<UInt8>,
            _ lookup: _SymbolTable.Encoder.Lookup, into units: inout [UInt16], literal: inout [UInt16],
            below limit: Int
        ) -> Bool {
            var i = 0, j = 0, copy = 0
            func agree(_ i: Int, _ j: Int) -> Bool {
                let m = min(3, fold.count - i, target.count - j)
                if m < 3 && fold.count - i != target.count - j { return false }
                return (0..<m).allSatisfy { fold[i + $0] == target[j + $0] }
            }
            while true {
                while i < fold.count && j < target.count && fold[i] == target[j] {
                    i += 1
                    j += 1
                    copy += 1
                }
                if j == target.count && i == fold.count { return units.count < limit }
                if units.count + 1 >= limit { return false }
                var skip = fold.count - i, insert = target.count - j
                search: for b in 0...min(24, target.count - j) {
                    for a in 0...min(16, fold.count - i) where a + b > 0 && agree(i + a, j + b) {
                        (skip, insert) = (a, b)
                        break search
                    }
                }
                emit(copy: copy, skip: skip, literal: UnsafeBufferPointer(rebasing: target[j..<(j + insert)]),
                     lookup, into: &units, codes: &literal)
                i += skip
                j += insert
                copy = 0
            }
        }

        /// Appends operations that copy `copy` bytes, skip `skip` and write `literal`.
        private static func emit(
            copy: Int, skip: Int, literal: UnsafeBufferPointer<UInt8>, _ lookup: _SymbolTable.Encoder.Lookup,
            into units: inout [UInt16], codes: inout [UInt16]
        ) {
            codes.removeAll(keepingCapacity: true)
            codes.append(contentsOf: repeatElement(0, count: literal.count))
            let count = codes.withUnsafeMutableBufferPointer {
                lookup.encode(literal, readable: literal.count, into: $0.baseAddress!)
            }
            var copy = copy, skip = skip, next = 0
            while copy > 31 {
                units.append(31)
                copy -= 31
            }
            while skip > 7 {
                units.append(UInt16(copy | 7 << 5))
                copy = 0
                skip -= 7
            }
            repeat {
                let take = min(15, count - next)
                units.append(UInt16(copy | skip << 5 | take << 8))
                units.append(contentsOf: codes[next..<(next + take)])
                (copy, skip, next) = (0, 0, next + take)
            } while next < count
        }
    }
}

extension _CompressedStrings {
    /// These strings, those with a fold in `index` coded as an edit of it (`_NameFolds`)
    /// where that takes fewer codes than their own, the others as they are (a copy of the
    /// string before still reads the same bytes, and a run of copies only gets shorter):
    /// what an index file stores. A name's fold is its own key's, or for a name the index
    /// skipped (its place has another name that folds alike) that of an earlier name of
    /// its place with the same fold, among the 64 before it. The two halves of the strings
    /// are coded at once, on two cores.
    ///
    /// - Complexity: O(*n*) for *n* bytes of names and their folds.
    func foldCoded(by index: _PrefixIndex, places: _PlaceTable) -> _CompressedStrings {
        var positions = [Int32](repeating: -1, count: count)
        // Each indexed name's fold: the first whole-name key with its text.
        var positionOfRef = [Int32](repeating: -1, count: index.nameDisplay.count)
        var runStart = 0
        for p in 0..<index.whole.count {
            if p > 0 && index.whole.key[p] != index.whole.key[p - 1] { runStart = p }
            positionOfRef[Int(index.whole.name(p))] = Int32(runStart)
        }
        for ref in 0..<index.nameDisplay.count where positions[Int(index.nameDisplay[ref])] < 0 {
            positions[Int(index.nameDisplay[ref])] = positionOfRef[ref]
        }
        let text = index.folded.buffer
        func fold(at position: Int32) -> UnsafeBufferPointer<UInt8> {
            let start = index.whole.key[Int(position)]
            var end = start
            while text[end] != 0 { end += 1 }
            return UnsafeBufferPointer(rebasing: text[start..<end])
        }
        var key: [UInt8] = []
        for place in 0..<places.count {
            let record = places[place]
            let names = Int(record.firstName)..<Int(record.firstName + record.nameCount)
            for name in names where positions[name] < 0 {
                withBytes(name) { _Folding.fold(utf8: $0, into: &key) }
                guard !key.isEmpty else { continue }
                for other in max(names.lowerBound, name - 64)..<name where positions[other] >= 0 {
                    if fold(at: positions[other]).elementsEqual(key) {
                        positions[name] = positions[other]
                        break
                    }
                }
            }
        }
        let coder = _NameFolds.Coder(
            positions: positions, text: index.folded, keys: index.whole.key, longest: index.longestName, table: table)
        let encoder = _SymbolTable.Encoder(table.symbolList)
        let halves = count < 4_096 ? 1 : 2, count = count
        let coded = _ResultSlots<(codes: [UInt16], ends: [UInt32], folded: [UInt32])>(count: halves)
        DispatchQueue.concurrentPerform(iterations: halves) { part in
            var codes: [UInt16] = [], ends: [UInt32] = [], folded: [UInt32] = []
            let strings = (part * count / halves)..<((part + 1) * count / halves)
            if !strings.isEmpty { codes.reserveCapacity(offsets[strings.upperBound] - offsets[strings.lowerBound]) }
            ends.reserveCapacity(strings.count)
            var scratch = _NameFolds.Coder.Scratch()
            let packed = self.codes.pointer
            encoder.withLookup { lookup in
                forEach(in: strings) { string, bytes in
                    let own = units(string)
                    if own.count > _NameFolds.headerCodes,
                       coder.code(string, bytes, lookup, below: own.count, &scratch) {
                        codes += scratch.best
                        folded.append(UInt32(string))
                    } else {
                        for k in own { codes.append(UInt16(_PackedCodes.code(k, in: packed))) }
                        if folds.isFlagged(string) { folded.append(UInt32(string)) }
                    }
                    ends.append(UInt32(codes.count))
                    return true
                }
            }
            coded[part] = (codes, ends, folded)
        }
        var codes: [UInt16] = [], starts: [UInt32] = [0]
        var flags = [UInt64](repeating: 0, count: (count + 63) / 64)
        starts.reserveCapacity(count + 1)
        for (partCodes, ends, folded) in coded.values.compactMap({ $0 }) {
            let base = UInt32(codes.count)
            starts.append(contentsOf: ends.lazy.map { $0 + base })
            codes.append(contentsOf: partCodes)
            for string in folded { flags[Int(string) / 64] |= 1 << UInt64(string % 64) }
        }
        return _CompressedStrings(
            table: table, codes: _Column(_PackedCodes.pack(codes)), offsets: _StringOffsets(starts),
            folds: _NameFolds(flags: _Column(flags), text: index.folded, keys: index.whole.key,
                              longest: index.longestName))
    }
}
