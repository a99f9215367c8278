extension _NameFolds {
    /// Codes names as edits of their folds while an index is built, in its folding pass
    /// (`_PrefixIndex.FoldedNames`), where each name's bytes and its fold are at hand in
    /// name order. The header's text number is not known until the keys are sorted and
    /// their text laid out: the codes hold only the mode, and
    /// `_CompressedStrings.foldCoded(_:codes:textNumbers:)` sets the number.
    ///
    /// The coder tries the cheap modes only, once each at most: the fold itself (`.none`)
    /// and its title case (`.title`), byte by byte when the name is as long as its fold,
    /// which codes most names in two codes; else the edits in one mode, `.title` when the
    /// name's words start with capitals, else `.none`. (The modes that also upper-case
    /// after separators or everywhere, and a search over every mode, cost the build a
    /// fifth more instructions for 0.3% fewer bytes: docs/decisions/0037-names-as-edits-of-their-folds.md.) The
    /// edits are right by construction (each case mode upper-cases exactly what `lowered`
    /// lowered, and the literals are the symbol table's own codes), which debug builds
    /// check by decoding each.
    struct Coder: Sendable {
        /// The table the names are coded with, and its encoder for the literals.
        let table: _SymbolTable
        let encoder: _SymbolTable.Encoder

        /// A coder for names coded with `table`, or nil if its encoder would not give
        /// `table`'s codes (a table with unused codes between its symbols, which no
        /// training builds: its names then keep their codes).
        init?(table: _SymbolTable) {
            let encoder = _SymbolTable.Encoder(table.symbolList)
            let coded = encoder.table
            guard coded.symbols.buffer.elementsEqual(table.symbols.buffer),
                  coded.lengths.buffer.elementsEqual(table.lengths.buffer) else { return nil }
            self.table = table
            self.encoder = encoder
        }

        /// Buffers one thread reuses from name to name, grown as a longer name needs (and
        /// the table, for debug builds' checks).
        final class Scratch {
            let table: _SymbolTable
            /// A name lowered for `.title` (`lowered`), the codes being written, a
            /// literal's codes.
            private(set) var lowered: UnsafeMutablePointer<UInt8>
            private(set) var units: UnsafeMutablePointer<UInt16>
            private(set) var literal: UnsafeMutablePointer<UInt16>
            /// Per byte, where it is in the fold's next 17 bytes (`edits`; all 0 between uses).
            let window: UnsafeMutablePointer<UInt32>
            private var capacity = 0

            init(_ table: _SymbolTable) {
                self.table = table
                lowered = .allocate(capacity: 0)
                units = .allocate(capacity: 0)
                literal = .allocate(capacity: 0)
                window = .allocate(capacity: 256)
                window.initialize(repeating: 0, count: 256)
            }

            deinit {
                lowered.deallocate()
                units.deallocate()
                literal.deallocate()
                window.deallocate()
            }

            /// Room for a name of `bytes` bytes over a fold of `fold`: its lowered bytes,
            /// and its codes (at most 3 a byte of the two, and the header).
            func reserve(name bytes: Int, fold: Int) {
                let need = 8 &+ 3 &* (bytes &+ fold)
                guard need > capacity else { return }
                capacity = max(need, 2 * capacity)
                lowered.deallocate()
                units.deallocate()
                literal.deallocate()
                lowered = .allocate(capacity: capacity)
                units = .allocate(capacity: capacity)
                literal = .allocate(capacity: capacity)
            }
        }

        /// Appends to `codes` the codes of a name (its UTF-8 `display`) over `fold`, its
        /// key's text, and returns true, if they are fewer than `budget`; else false. The
        /// header's text number bits are 0. (Static: a coder holds arrays, which a call on it
        /// would retain.)
        ///
        /// - Complexity: O(*n*) for the name's and its fold's *n* bytes.
        static func code(
            _ display: UnsafeBufferPointer<UInt8>, fold: UnsafeBufferPointer<UInt8>,
            _ lookup: _SymbolTable.Encoder.Lookup, below budget: Int, _ scratch: Scratch, into codes: inout [UInt16]
        ) -> Bool {
            guard budget > _NameFolds.headerCodes, !display.isEmpty, !fold.isEmpty else { return false }
            // Most names are their fold, or its title case: two codes.
            if display.count == fold.count {
                let same = Self.same(display, fold)
                if same || Self.isTitleCase(fold, display) {
                    codes.append(same ? UInt16(Mode.none.rawValue) : UInt16(Mode.title.rawValue))
                    codes.append(0)
                    return true
                }
            }
            // Any other takes a header and an edit at least.
            guard budget > _NameFolds.headerCodes &+ 1 else { return false }
            scratch.reserve(name: display.count, fold: fold.count)
            // One mode: `.title` for a name whose words start with capitals (`lowered`
            // refuses one that has a word in lower case), else `.none`, the name itself.
            var mode = Mode.none, target = display
            let first = display[0]
            if first >= 0x41 && first <= 0x5A || first & 0xE0 == 0xC0,
               Self.lowered(display, .title, at: scratch.lowered) {
                mode = .title
                target = UnsafeBufferPointer(start: scratch.lowered, count: display.count)
            }
            let units = scratch.units
            units[0] = UInt16(mode.rawValue)
            units[1] = 0
            var count = _NameFolds.headerCodes
            guard Self.edits(
                from: fold, to: target, lookup, into: units, count: &count, literal: scratch.literal,
                window: scratch.window, below: budget)
            else { return false }
            assert(decodes(UnsafeBufferPointer(start: units, count: count), over: fold, to: display, scratch.table))
            codes.append(contentsOf: UnsafeBufferPointer(start: units, count: count))
            return true
        }

        /// Whether `a` and `b`, of the same length, hold the same bytes: eight at a time.
        @inline(__always)
        static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let x = a.baseAddress, let y = b.baseAddress else { return a.count == b.count }
            let count = a.count
            var i = 0
            while i &+ 8 <= count {
                if UnsafeRawPointer(x + i).loadUnaligned(as: UInt64.self)
                    != UnsafeRawPointer(y + i).loadUnaligned(as: UInt64.self) { return false }
                i &+= 8
            }
            while i < count {
                if x[i] != y[i] { return false }
                i &+= 1
            }
            return true
        }

        /// Whether `display` is `fold` in `.title` case (`applyCase`), of the same
        /// length: compared as it goes, without a copy.
        @inline(__always)
        static func isTitleCase(_ fold: UnsafeBufferPointer<UInt8>, _ display: UnsafeBufferPointer<UInt8>) -> Bool {
            guard fold.count == display.count else { return false }
            var i = 0, starts = true
            let count = fold.count
            while i < count {
                let byte = fold[i]
                if byte < 0x80 {
                    let cased = starts && byte >= 0x61 && byte <= 0x7A ? byte &- 0x20 : byte
                    if cased != display[i] { return false }
                    starts = byte == 0x20
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
                starts = false
                while i < count && fold[i] & 0xC0 == 0x80 {
                    if display[i] != fold[i] { return false }
                    i &+= 1
                }
            }
            return true
        }

        /// Whether `units` decode to `display` over `fold`, as a loaded index decodes them
        /// (debug builds check every name the coder codes with edits).
        static func decodes(
            _ units: UnsafeBufferPointer<UInt16>, over fold: UnsafeBufferPointer<UInt8>,
            to display: UnsafeBufferPointer<UInt8>, _ table: _SymbolTable
        ) -> Bool {
            let packed = _PackedCodes.pack(Array(units))
            var out = [UInt8](repeating: 0, count: fold.count + 8 * units.count)
            let count = packed.withUnsafeBufferPointer { packed in
                out.withUnsafeMutableBufferPointer { out in
                    _NameFolds.decode(
                        packed.baseAddress!, units: 0..<units.count, table: table, fold: fold, into: out.baseAddress!)
                }
            }
            return out.withUnsafeBufferPointer { out in
                UnsafeBufferPointer(rebasing: out[..<count])._hasSameBytes(as: display)
            }
        }

        /// `display` with each scalar that `mode` upper-cases replaced by one that
        /// `upper(_:)` takes to it (lower case where there is one), at `lowered` (room for
        /// `display.count` bytes); false when such a scalar has none (a lower-case letter
        /// at a word's start) or is not whole (a lead byte without its second).
        static func lowered(
            _ display: UnsafeBufferPointer<UInt8>, _ mode: Mode, at lowered: UnsafeMutablePointer<UInt8>
        ) -> Bool {
            guard let start = display.baseAddress else { return true }
            lowered.update(from: start, count: display.count)
            guard mode != .none else { return true }
            var i = 0, starts = true
            while i < display.count {
                let byte = display[i]
                if byte < 0x80 {
                    if starts {
                        if byte >= 0x61 && byte <= 0x7A { return false }
                        if byte >= 0x41 && byte <= 0x5A { lowered[i] = byte &+ 0x20 }
                    }
                    starts = _NameFolds.startsWord(after: byte, mode)
                    i &+= 1
                    continue
                }
                if starts && byte & 0xE0 == 0xC0 && i &+ 1 < display.count {
                    guard display[i &+ 1] & 0xC0 == 0x80 else { return false }
                    let scalar = UInt32(byte & 0x1F) &<< 6 | UInt32(display[i &+ 1] & 0x3F)
                    let lower = lowerTable[Int(scalar)]
                    guard lower != noLower else { return false }
                    lowered[i] = 0xC0 | UInt8(truncatingIfNeeded: lower &>> 6)
                    lowered[i &+ 1] = 0x80 | UInt8(truncatingIfNeeded: lower & 0x3F)
                }
                starts = _NameFolds.startsWord(after: byte, mode)
                i &+= 1
                while i < display.count && display[i] & 0xC0 == 0x80 { i &+= 1 }
            }
            return true
        }

        /// `lowered(_:_:at:)` into an array (tests).
        static func lowered(_ display: UnsafeBufferPointer<UInt8>, _ mode: Mode, into lowered: inout [UInt8]) -> Bool {
            lowered = [UInt8](repeating: 0, count: display.count)
            return lowered.withUnsafeMutableBufferPointer { Self.lowered(display, mode, at: $0.baseAddress!) }
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

        /// Writes at `units[count...]` the edit operations that make `target` from `fold`:
        /// runs the two share are copied; where they differ, the fewest literal bytes
        /// (then the fewest skipped) after which they agree again (on three bytes, or to
        /// both ends), greedily. False, and the codes unfinished, once they reach `limit`.
        /// `units` has room for 3 codes a byte of the two; `literal` for a code a byte of
        /// `target`.
        static func edits(
            from fold: UnsafeBufferPointer<UInt8>, to target: UnsafeBufferPointer<UInt8>,
            _ lookup: _SymbolTable.Encoder.Lookup, into units: UnsafeMutablePointer<UInt16>, count: inout Int,
            literal: UnsafeMutablePointer<UInt16>, window: UnsafeMutablePointer<UInt32>, below limit: Int
        ) -> Bool {
            var i = 0, j = 0, copy = 0
            let foldCount = fold.count, targetCount = target.count
            // Whether the two agree from `i` and `j` on: on three bytes, or to both ends.
            // (The first byte decides most calls: this is the coder's inner loop.)
            @inline(__always)
            func agree(_ i: Int, _ j: Int) -> Bool {
                let left = foldCount &- i, right = targetCount &- j
                if left >= 3 && right >= 3 {
                    return fold[i] == target[j] && fold[i &+ 1] == target[j &+ 1] && fold[i &+ 2] == target[j &+ 2]
                }
                guard left == right else { return false }
                for k in 0..<left where fold[i &+ k] != target[j &+ k] { return false }
                return true
            }
            while true {
                while i < foldCount && j < targetCount && fold[i] == target[j] {
                    i &+= 1
                    j &+= 1
                    copy &+= 1
                }
                if j == targetCount && i == foldCount { return count < limit }
                if count &+ 1 >= limit { return false }
                var skip = foldCount &- i, insert = targetCount &- j
                // The fewest literal bytes `b`, then the fewest skipped `a` (≤ 16), after which
                // they agree: only the `a` whose byte is `target[j + b]` can (bit `a` of
                // `window[byte]` says `fold[i + a]` is `byte`), and with the target's end
                // only the fold's end.
                let reach = min(17, foldCount &- i)
                for a in 0..<reach { window[Int(fold[i &+ a])] |= 1 &<< UInt32(a) }
                // (A while loop: a closed range's iteration is not specialized away.)
                var b = 0
                let lastB = min(24, targetCount &- j)
                // (An edit of `b` literal bytes takes an operation and a code per 8 bytes at
                // least: once that reaches `limit`, so would any later `b`.)
                var hopeless = false
                search: while b <= lastB {
                    if count &+ 1 &+ (b &+ 7) &>> 3 >= limit {
                        hopeless = true
                        break
                    }
                    guard j &+ b < targetCount else {
                        if foldCount &- i <= 16 { (skip, insert) = (foldCount &- i, b) }
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
                    b &+= 1
                }
                for a in 0..<reach { window[Int(fold[i &+ a])] = 0 }
                if hopeless || count &+ 1 &+ (insert &+ 7) &>> 3 >= limit { return false }
                emit(copy: copy, skip: skip, literal: UnsafeBufferPointer(rebasing: target[j..<(j &+ insert)]),
                     lookup, into: units, count: &count, codes: literal)
                i &+= skip
                j &+= insert
                copy = 0
            }
        }

        /// Writes at `units[count...]` operations that copy `copy` bytes, skip `skip` and
        /// write `literal` (its codes first coded at `codes`).
        @inline(__always)
        private static func emit(
            copy: Int, skip: Int, literal: UnsafeBufferPointer<UInt8>, _ lookup: _SymbolTable.Encoder.Lookup,
            into units: UnsafeMutablePointer<UInt16>, count: inout Int, codes: UnsafeMutablePointer<UInt16>
        ) {
            let literals = literal.isEmpty ? 0 : lookup.encode(literal, readable: literal.count, into: codes)
            var copy = copy, skip = skip, next = 0
            while copy > 31 {
                units[count] = 31
                count &+= 1
                copy &-= 31
            }
            while skip > 7 {
                units[count] = UInt16(truncatingIfNeeded: copy | 7 &<< 5)
                count &+= 1
                copy = 0
                skip &-= 7
            }
            repeat {
                let take = min(15, literals &- next)
                units[count] = UInt16(truncatingIfNeeded: copy | skip &<< 5 | take &<< 8)
                count &+= 1
                for k in 0..<take { units[count &+ k] = codes[next &+ k] }
                count &+= take
                (copy, skip, next) = (0, 0, next &+ take)
            } while next < literals
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
