extension _NameFolds {
    /// Codes names as edits of their folds while an index is built, in its folding pass
    /// (`_PrefixIndex.FoldedNames`), where each name's bytes and its fold are at hand in
    /// name order: for each name, the fewest codes over the case modes, checked by
    /// decoding them. The header's key position is not known until the keys are sorted:
    /// the codes hold only the mode, and `_CompressedStrings.foldCoded(_:positions:)` sets
    /// the position.
    struct Coder {
        /// The table the names are coded with, and its encoder for the literals.
        let table: _SymbolTable
        let encoder: _SymbolTable.Encoder

        init(table: _SymbolTable) {
            self.table = table
            encoder = _SymbolTable.Encoder(table.symbolList)
        }

        /// Buffers one thread reuses from name to name.
        struct Scratch {
            var lowered: [UInt8] = []
            var units: [UInt16] = []
            var best: [UInt16] = []
            var literal: [UInt16] = []
            var decoded: [UInt8] = []
            var packed: [UInt8] = []
            /// Per byte, where it is in the fold's next 17 bytes (`edits`; all 0 between uses).
            var window = [UInt32](repeating: 0, count: 256)
        }

        /// The modes in the order they are tried, for a name that starts with a capital
        /// and one that does not (the likeliest first: the others are then tried only
        /// while they might take fewer codes).
        private static let capitalFirst: [Mode] = [.title, .afterSeparator, .all, .none]
        private static let lowerFirst: [Mode] = [.none, .title, .afterSeparator, .all]

        /// The codes of a name (its UTF-8 `display`) over `fold`, its key's text, fewer
        /// than `budget`, in `scratch.best`, if some mode decodes to it in that many; else
        /// false. The header's position bits are 0.
        func code(
            _ display: UnsafeBufferPointer<UInt8>, fold: UnsafeBufferPointer<UInt8>,
            _ lookup: _SymbolTable.Encoder.Lookup, below budget: Int, _ scratch: inout Scratch
        ) -> Bool {
            scratch.best.removeAll(keepingCapacity: true)
            guard budget > _NameFolds.headerCodes else { return false }
            // Most names are their fold, or its title case: tried first, byte by byte.
            if fold.count == display.count {
                for mode in [Mode.none, .title] where Self.isCased(fold, mode, display) {
                    scratch.best.append(UInt16(mode.rawValue))
                    scratch.best.append(0)
                    return true
                }
            }
            // (`.afterSeparator` is `.title` for a name with no ASCII separator but spaces.)
            let separated = display.contains { $0 < 0x80 && $0 != 0x20 && _Folding.asciiTable[Int($0)] == 0x20 }
            let capital = display.first.map { $0 >= 0x41 && $0 <= 0x5A } ?? false
            // (What `lowered` would refuse at once: a case mode for a name that starts with a
            // lower-case ASCII letter, every capital for one with such a letter anywhere.)
            let lowerFirst = display.first.map { $0 >= 0x61 && $0 <= 0x7A } ?? false
            let anyLower = lowerFirst || display.contains { $0 >= 0x61 && $0 <= 0x7A }
            for mode in capital ? Self.capitalFirst : Self.lowerFirst {
                switch mode {
                case .none: break
                case .title: if lowerFirst { continue }
                case .afterSeparator: if lowerFirst || !separated { continue }
                case .all: if anyLower { continue }
                }
                // (`.none` lowers nothing: the name is its own target.)
                guard mode == .none || Self.lowered(display, mode, into: &scratch.lowered) else { continue }
                scratch.units.removeAll(keepingCapacity: true)
                scratch.units.append(UInt16(mode.rawValue))
                scratch.units.append(0)
                let limit = scratch.best.isEmpty ? budget : scratch.best.count
                let fits = scratch.window.withUnsafeMutableBufferPointer { window in
                    mode == .none
                        ? Self.edits(
                            from: fold, to: display, lookup, into: &scratch.units, literal: &scratch.literal,
                            window: window.baseAddress!, below: limit)
                        : scratch.lowered.withUnsafeBufferPointer { lowered in
                            Self.edits(
                                from: fold, to: lowered, lookup, into: &scratch.units, literal: &scratch.literal,
                                window: window.baseAddress!, below: limit)
                        }
                }
                guard fits, decodes(scratch.units, over: fold, to: display, &scratch) else { continue }
                swap(&scratch.best, &scratch.units)
                if scratch.best.count == _NameFolds.headerCodes { break }
            }
            return !scratch.best.isEmpty
        }

        /// Whether `fold` in case `mode` (`applyCase`) is `display`, of the same length:
        /// `applyCase` compared as it goes, without a copy.
        @inline(__always)
        private static func isCased(
            _ fold: UnsafeBufferPointer<UInt8>, _ mode: Mode, _ display: UnsafeBufferPointer<UInt8>
        ) -> Bool {
            guard fold.count == display.count else { return false }
            guard mode != .none else { return fold.elementsEqual(display) }
            var i = 0, starts = true
            let count = fold.count
            while i < count {
                let byte = fold[i]
                if byte < 0x80 {
                    let cased = starts && byte >= 0x61 && byte <= 0x7A ? byte &- 0x20 : byte
                    if cased != display[i] { return false }
                    switch mode {
                    case .title: starts = byte == 0x20
                    case .afterSeparator: starts = _Folding.asciiTable[Int(byte)] == 0x20
                    default: starts = true
                    }
                    i &+= 1
                    continue
                }
                if starts && byte & 0xE0 == 0xC0 && i &+ 1 < count {
                    let scalar = UInt32(byte & 0x1F) &<< 6 | UInt32(fold[i &+ 1] & 0x3F)
                    let upper = _NameFolds.upper(scalar)
                    if display[i] != 0xC0 | UInt8(truncatingIfNeeded: upper &>> 6)
                        || display[i &+ 1] != 0x80 | UInt8(truncatingIfNeeded: upper & 0x3F) { return false }
                    i &+= 2
                } else {
                    if display[i] != byte { return false }
                    i &+= 1
                }
                starts = mode == .all
                while i < count && fold[i] & 0xC0 == 0x80 {
                    if display[i] != fold[i] { return false }
                    i &+= 1
                }
            }
            return true
        }

        /// Whether `units` decode to `display` over `fold`, as a loaded index decodes them.
        private func decodes(
            _ units: [UInt16], over fold: UnsafeBufferPointer<UInt8>, to display: UnsafeBufferPointer<UInt8>,
            _ scratch: inout Scratch
        ) -> Bool {
            scratch.packed.removeAll(keepingCapacity: true)
            _PackedCodes.pack(units, into: &scratch.packed)
            let capacity = fold.count + 8 * units.count
            if scratch.decoded.count < capacity { scratch.decoded = [UInt8](repeating: 0, count: 2 * capacity) }
            let count = scratch.packed.withUnsafeBufferPointer { packed in
                scratch.decoded.withUnsafeMutableBufferPointer { out in
                    _NameFolds.decode(
                        packed.baseAddress!, units: 0..<units.count, table: table, fold: fold, into: out.baseAddress!)
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
                    let lower = lowerTable[Int(scalar)]
                    guard lower != noLower else { return false }
                    lowered[i] = 0xC0 | UInt8(lower >> 6)
                    lowered[i + 1] = 0x80 | UInt8(lower & 0x3F)
                }
                starts = mode == .all
                i += 1
                while i < display.count && display[i] & 0xC0 == 0x80 { i += 1 }
            }
            return true
        }

        /// `lower(_:)` of each scalar below 0x800 (`noLower` for nil), worked out once: the
        /// coder lowers every capital of the names it tries a case mode on.
        private static let lowerTable: [UInt16] = (0..<0x800).map { scalar in
            lower(UInt32(scalar)).map { UInt16($0) } ?? noLower
        }
        private static let noLower = UInt16.max

        /// How far below a lower-case letter its upper case is, in the blocks `upper(_:)` knows.
        private static let lowerOffsets: [UInt32] = [0x20, 1, 0x25, 0x26, 0x3F, 0x40, 0x50, 0x30]

        /// A two-byte scalar that `upper(_:)` takes to `scalar`: its lower case when it
        /// has one, else itself if `upper` keeps it, else nil.
        static func lower(_ scalar: UInt32) -> UInt32? {
            for offset in Self.lowerOffsets {
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
            window: UnsafeMutablePointer<UInt32>, below limit: Int
        ) -> Bool {
            var i = 0, j = 0, copy = 0
            // Whether the two agree from `i` and `j` on: on three bytes, or to both ends.
            // (The first byte decides most calls: this is the coder's inner loop.)
            @inline(__always)
            func agree(_ i: Int, _ j: Int) -> Bool {
                let left = fold.count &- i, right = target.count &- j
                if left >= 3 && right >= 3 {
                    return fold[i] == target[j] && fold[i &+ 1] == target[j &+ 1] && fold[i &+ 2] == target[j &+ 2]
                }
                guard left == right else { return false }
                for k in 0..<left where fold[i &+ k] != target[j &+ k] { return false }
                return true
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
                // The fewest literal bytes `b`, then the fewest skipped `a` (≤ 16), after which
                // they agree: only the `a` whose byte is `target[j + b]` can (bit `a` of
                // `window[byte]` says `fold[i + a]` is `byte`), and with the target's end
                // only the fold's end.
                let reach = min(17, fold.count - i)
                for a in 0..<reach { window[Int(fold[i &+ a])] |= 1 &<< UInt32(a) }
                search: for b in 0...min(24, target.count - j) {
                    guard j + b < target.count else {
                        if fold.count - i <= 16 { (skip, insert) = (fold.count - i, b) }
                        break
                    }
                    var bits = window[Int(target[j &+ b])] & (b == 0 ? ~1 : ~0)
                    while bits != 0 {
                        let a = bits.trailingZeroBitCount
                        bits &= bits &- 1
                        if agree(i &+ a, j &+ b) {
                            (skip, insert) = (a, b)
                            break search
                        }
                    }
                }
                for a in 0..<reach { window[Int(fold[i &+ a])] = 0 }
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
    /// A name the index build coded over its fold (`_PrefixIndex.FoldedNames`): its
    /// index, the ref of the key whose text is its fold, and where its codes end.
    struct FoldCodedName: Sendable {
        var name: UInt32, ref: UInt32, end: UInt32
    }

    /// These strings with those of `coded` coded over their folds (`_NameFolds`): the
    /// codes of `coded[i]` are `codes[coded[i - 1].end ..< coded[i].end]`, their header's
    /// position that of key `coded[i].ref`'s text (`positions`, the first whole-name key
    /// with it), set here. The others keep their own codes (a copy of the string before
    /// still reads the same bytes, and a run of copies only gets shorter); one coded over
    /// another index's fold (a gazetteer read from a file) is coded from its bytes. The
    /// result reads no fold until `_NameFolds.attaching(text:keys:longest:)`.
    ///
    /// - Complexity: O(*n*) for *n* codes.
    func foldCoded(_ coded: [FoldCodedName], codes foldCodes: [UInt16], positions: [UInt32]) -> _CompressedStrings {
        var at = [Int32](repeating: -1, count: count)
        for (i, name) in coded.enumerated() where Int(name.name) < count { at[Int(name.name)] = Int32(i) }
        var codes: [UInt16] = [], starts: [UInt32] = [0]
        codes.reserveCapacity(codeCount)
        starts.reserveCapacity(count + 1)
        var flags = [UInt64](repeating: 0, count: (count + 63) / 64)
        let packed = self.codes.pointer
        var encoder: _SymbolTable.Encoder?
        for string in 0..<count {
            let i = Int(at[string])
            let position = i >= 0 ? Int(positions[Int(coded[i].ref)]) : -1
            if position >= 0 && position < 1 << _NameFolds.positionBits {
                let start = i == 0 ? 0 : Int(coded[i - 1].end), end = Int(coded[i].end)
                let header = position << 3 | Int(foldCodes[start] & 7)
                codes.append(UInt16(header & 0xFFF))
                codes.append(UInt16(header >> 12))
                codes += foldCodes[(start + _NameFolds.headerCodes)..<end]
                flags[string / 64] |= 1 << UInt64(string % 64)
            } else if folds.isFlagged(string) {
                let coding = encoder ?? _SymbolTable.Encoder(table.symbolList)
                encoder = coding
                withBytes(string) { coding.encode($0, into: &codes) }
            } else {
                for k in units(string) { codes.append(UInt16(_PackedCodes.code(k, in: packed))) }
            }
            starts.append(UInt32(codes.count))
        }
        return _CompressedStrings(
            table: table, codes: _Column(_PackedCodes.pack(codes)), offsets: _StringOffsets(starts),
            folds: _NameFolds(flags: _Column(flags)))
    }
}
