/// Names coded as an edit of their folded key: what lets the gazetteer's name table
/// (`_CompressedStrings`) store most names in two 12-bit codes instead of their text.
///
/// The prefix index keeps every indexed name's fold ("san francisco", "تخت قیصر") in its
/// key text (`_KeyText`, each distinct text once), and a display name is most often that fold itself (non-Latin scripts,
/// lower-case transliterations) or its title case ("San Francisco"). A name with bit `i`
/// of `flags` set is coded, instead of by its symbols, as:
///
/// - two codes holding 24 bits: the fold's text number in the key text (the high 21
///   bits) and a case `Mode` (the low 3 bits);
/// - then edit operations, each a code of `copy` (5 bits), `skip` (3 bits) and `literal`
///   (4 bits) followed by `literal` symbol codes: copy that many bytes of the fold, skip
///   that many, write the literal's bytes. The rest of the fold is copied after the last.
///
/// The case mode then upper-cases the scalars it names (`Mode`), with `upper(_:)`, which
/// keeps a scalar's UTF-8 length. "Saint-Étienne" is `saint etienne` with the space
/// replaced by "-" and the "e" by "é", in `.afterSeparator` mode. A name is coded so only
/// when decoding gives its exact bytes back and takes fewer codes than its symbols
/// (`_NameFolds.Coder`, in the index build's folding pass, which decodes each to check).
///
/// The bundled data's 1.24 M names: 0.73 M are their fold or a case of it (two codes
/// each), 0.16 M more an edit of it, 0.35 M keep their symbols; the names' codes shrink
/// from 9.21 to 5.24 MB (a bit a name more: 0.16 MB).
///
/// A name decodes from the index's key text, so a gazetteer read from an index file reads
/// its flagged names only once `attaching(_:)` has given it that text
/// (`LocationCompleter(reading:)`); a built completer's names are coded so by the index
/// build (`_PrefixIndex.build`), and the gazetteer it was given flags none. A load checks
/// only that the flags fit the names: a flagged name's header is bounded as it decodes
/// (`copyFold(_:into:)`: a text number past the texts gives no fold; any other text of a
/// key text that passed its load checks reads inside it), so a damaged one gives wrong
/// text, never a read out of bounds.
///
/// The text number, not a key's position (the alternative measured: docs/decisions/0037),
/// so that a name decodes from the key text alone: a position would go through the
/// whole-name keys' `_KeyOffsets` (two more reads, each likely a cache miss, a name shown).
///
/// - Complexity: a name in O(*n*) for its *n* bytes and its fold's.
struct _NameFolds: Sendable {
    /// Bit `i % 64` of word `i / 64` is set when name `i` is coded over a fold.
    let flags: _Column<UInt64>
    /// Bit `i % 64` of word `i / 64` is set when name `i` has bytes beyond ASCII and
    /// another name of its place folds like it: the names a respelling can choose
    /// (`_CompletionSource.respelled`, which then decodes only these); empty for names
    /// the index build has not marked (a table built from strings), which a respelling
    /// scans whole.
    let respellable: _Column<UInt64>
    /// The index's key text (`_KeyText`), whose texts are the folds.
    let text: _KeyText?
    /// The most bytes of a fold that are read (the index's longest name): a fold's copy
    /// stops there, so a name decodes into `longest` bytes plus 8 a code.
    let longest: Int

    init(flags: _Column<UInt64>, respellable: _Column<UInt64> = _Column([]), text: _KeyText? = nil,
         longest: Int = 0) {
        self.flags = flags
        self.respellable = respellable
        self.text = text
        self.longest = longest
    }

    /// No name coded over a fold.
    static let none = _NameFolds(flags: _Column([]))

    /// The bits of the fold reference: a text number below `1 << textBits`.
    static let textBits = 21
    /// The codes a flagged name starts with: its fold's text number and mode.
    static let headerCodes = 2

    /// The case modes: which scalars of the decoded bytes are upper-cased.
    enum Mode: Int, CaseIterable {
        /// None.
        case none = 0
        /// A word's first: the first scalar and each after a space.
        case title = 1
        /// The first scalar and each after an ASCII byte that is no letter or digit
        /// ("Saint-Étienne", "Val-d'Or" is not: its "d" stays).
        case afterSeparator = 2
        /// Every scalar.
        case all = 3
    }

    /// Whether name `index` is coded over a fold.
    @inline(__always)
    func isFlagged(_ index: Int) -> Bool {
        let word = index &>> 6
        return word < flags.count && flags[word] &>> UInt64(index & 63) & 1 != 0
    }

    /// Whether name `index` is marked respellable (`respellable`).
    @inline(__always)
    func isRespellable(_ index: Int) -> Bool {
        let word = index &>> 6
        return word < respellable.count && respellable[word] &>> UInt64(index & 63) & 1 != 0
    }

    /// Calls `body` with each name of `names` marked respellable, in order, until it
    /// returns false: a word of the bits read per 64 names, no name's codes.
    ///
    /// - Complexity: O(*n* / 64 + *r*) for *n* names of which *r* are marked.
    @inline(__always)
    func forEachRespellable(in names: Range<Int>, _ body: (Int) throws -> Bool) rethrows {
        guard !names.isEmpty else { return }
        let bits = respellable.count
        var word = names.lowerBound &>> 6
        let last = (names.upperBound &- 1) &>> 6
        while word <= last && word < bits {
            var marked = respellable[word]
            if word == names.lowerBound &>> 6 { marked &= ~0 &<< UInt64(names.lowerBound & 63) }
            if word == last && names.upperBound & 63 != 0 { marked &= ~(~0 &<< UInt64(names.upperBound & 63)) }
            while marked != 0 {
                let name = word &<< 6 | marked.trailingZeroBitCount
                guard try body(name) else { return }
                marked &= marked &- 1
            }
            word &+= 1
        }
    }

    /// Whether `words` fit `count` names: none, or a word per 64 with no bit past the last.
    static func fit(_ words: UnsafeBufferPointer<UInt64>, count: Int) -> Bool {
        guard words.isEmpty || words.count == (count + 63) / 64 else { return false }
        if count % 64 != 0, let last = words.last, last >> UInt64(count % 64) != 0 { return false }
        return true
    }

    /// The index's key text joined to these flags.
    func attaching(text: _KeyText, longest: Int) -> _NameFolds {
        _NameFolds(flags: flags, respellable: respellable, text: text, longest: longest)
    }

    /// The text number (in `_KeyText`) of the fold of the flagged name of codes `units`
    /// of `packed`: its header's high 21 bits; nil for a name shorter than a header.
    @inline(__always)
    static func textNumber(_ packed: UnsafePointer<UInt8>, units: Range<Int>) -> Int? {
        guard units.count >= headerCodes else { return nil }
        return (_PackedCodes.code(units.lowerBound, in: packed)
            | _PackedCodes.code(units.lowerBound &+ 1, in: packed) &<< 12) &>> 3
    }

    /// Copies the fold of text number `t` into `out`, up to its 0 and at most `longest`
    /// bytes; returns its length: none for a text past the key text's (a damaged header).
    /// The one place a name's decoding reads the index's keys.
    @inline(__always)
    func copyFold(_ t: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let text, t < text.count else { return 0 }
        return text.buffers.copy(text: t, into: out, limit: longest)
    }

    /// Decodes the flagged name of codes `units` of `packed` (symbols from `table`) into
    /// `out`, which must have room for `longest` bytes plus 8 a code; returns its length.
    /// Damaged codes give wrong text, never an access out of bounds: a text number past
    /// the key text's gives no fold, a name shorter than its header is empty, and every
    /// copy and skip stops at the fold's end.
    ///
    /// - Complexity: O(*n*) for the fold's and the name's bytes.
    @inline(__always)
    func decode(
        _ packed: UnsafePointer<UInt8>, units: Range<Int>, table: _SymbolTable, into out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        guard let t = Self.textNumber(packed, units: units) else { return 0 }
        if units.count == Self.headerCodes {
            // The fold itself, in its case (most names): copied straight into `out`.
            let n = copyFold(t, into: out)
            Self.applyCase(Mode(rawValue: _PackedCodes.code(units.lowerBound, in: packed) & 7) ?? .none, out,
                           count: n)
            return n
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(longest, 1)) { fold in
            let count = copyFold(t, into: fold.baseAddress!)
            return Self.decode(packed, units: units, table: table,
                               fold: UnsafeBufferPointer(start: fold.baseAddress, count: count), into: out)
        }
    }

    /// Decodes a flagged name of codes `units` (its header's mode, then its edits) over
    /// `fold` (a fold's text up to its first 0 byte or its end) into `out`, which must have
    /// room for `fold.count` bytes plus 8 a code; returns its length.
    ///
    /// - Complexity: O(*n*) for the fold's and the name's bytes.
    @inline(__always)
    static func decode(
        _ packed: UnsafePointer<UInt8>, units: Range<Int>, table: _SymbolTable, fold text: UnsafeBufferPointer<UInt8>,
        into out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        guard units.count >= Self.headerCodes else { return 0 }
        let mode = Mode(rawValue: _PackedCodes.code(units.lowerBound, in: packed) & 7) ?? .none
        var fold = 0
        let limit = text.count
        if units.count == Self.headerCodes {
            // The fold itself, in its case (most names): copied as far as its 0 byte.
            var n = 0
            while fold < limit {
                let byte = text[fold]
                if byte == 0 { break }
                out[n] = byte
                n &+= 1
                fold &+= 1
            }
            Self.applyCase(mode, out, count: n)
            return n
        }
        var foldEnd = 0
        while foldEnd < limit && text[foldEnd] != 0 { foldEnd &+= 1 }
        var n = 0, k = units.lowerBound &+ Self.headerCodes
        while k < units.upperBound {
            let op = _PackedCodes.code(k, in: packed)
            k &+= 1
            let copy = min(op & 0x1F, foldEnd &- fold)
            for i in 0..<copy { out[n &+ i] = text[fold &+ i] }
            n &+= copy
            fold &+= copy
            fold = min(fold &+ (op &>> 5) & 7, foldEnd)
            let literal = min(op &>> 8, units.upperBound &- k)
            n = table.decode(packed, units: k..<(k &+ literal), into: out, at: n)
            k &+= literal
        }
        for i in 0..<(foldEnd &- fold) { out[n &+ i] = text[fold &+ i] }
        n &+= foldEnd &- fold
        Self.applyCase(mode, out, count: n)
        return n
    }

    /// Whether `mode` upper-cases the scalar after one that starts with `byte`: after a
    /// space (`.title`), an ASCII byte that is no letter or digit (`.afterSeparator`), any
    /// ASCII byte (`.none` and `.all`), or, after a scalar beyond ASCII, only with `.all`.
    /// The coder's check (`Coder.lowered`) and `applyCase` read words by it alike.
    @inline(__always)
    static func startsWord(after byte: UInt8, _ mode: Mode) -> Bool {
        guard byte < 0x80 else { return mode == .all }
        switch mode {
        case .title: return byte == 0x20
        case .afterSeparator: return _Folding.asciiTable[Int(byte)] == 0x20
        default: return true
        }
    }

    /// Upper-cases the scalars of `out[0 ..< count]` that `mode` names, in place.
    @inline(__always)
    static func applyCase(_ mode: Mode, _ out: UnsafeMutablePointer<UInt8>, count: Int) {
        guard mode != .none else { return }
        var i = 0, starts = true
        while i < count {
            let byte = out[i]
            if byte < 0x80 {
                if starts && byte >= 0x61 && byte <= 0x7A { out[i] = byte &- 0x20 }
                starts = Self.startsWord(after: byte, mode)
                i &+= 1
                continue
            }
            // A two-byte scalar is upper-cased in place; longer ones are left.
            if starts && byte & 0xE0 == 0xC0 && i &+ 1 < count {
                let scalar = UInt32(byte & 0x1F) &<< 6 | UInt32(out[i &+ 1] & 0x3F)
                let upper = Self.upper(scalar)
                out[i] = 0xC0 | UInt8(truncatingIfNeeded: upper &>> 6)
                out[i &+ 1] = 0x80 | UInt8(truncatingIfNeeded: upper & 0x3F)
            }
            starts = Self.startsWord(after: byte, mode)
            i &+= 1
            while i < count && out[i] & 0xC0 == 0x80 { i &+= 1 }
        }
    }

    /// The upper case of a two-byte scalar (0x80...0x7FF) for the letters of the Latin-1,
    /// Latin Extended-A, Greek, Cyrillic and Armenian blocks whose upper case is also two
    /// bytes, else the scalar itself. Not Unicode's whole mapping: a name is coded over a
    /// fold only when this gives it back (`Coder.code` checks).
    @inline(__always)
    static func upper(_ s: UInt32) -> UInt32 {
        switch s {
        case 0xE0...0xFE where s != 0xF7: s &- 0x20
        case 0x100...0x137, 0x14A...0x177, 0x461...0x481, 0x48B...0x4BF, 0x4D1...0x52F: s & 1 == 1 ? s &- 1 : s
        case 0x139...0x148, 0x179...0x17E, 0x4C1...0x4CE: s & 1 == 0 ? s &- 1 : s
        case 0x3AC: 0x386
        case 0x3AD...0x3AF: s &- 0x25
        case 0x3B1...0x3CB: s == 0x3C2 ? 0x3A3 : s &- 0x20
        case 0x3CC: 0x38C
        case 0x3CD...0x3CE: s &- 0x3F
        case 0x430...0x44F: s &- 0x20
        case 0x450...0x45F: s &- 0x50
        case 0x561...0x586: s &- 0x30
        default: s
        }
    }
}
