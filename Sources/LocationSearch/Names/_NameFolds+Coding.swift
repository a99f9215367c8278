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
    }
}
