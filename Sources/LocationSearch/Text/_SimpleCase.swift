/// Whether a name, lower-cased, and a typed query start alike, as
/// `String.lowercased()` and `String.hasPrefix(_:)` decide, on UTF-8 bytes where they can:
/// the test `_CompletionSource.respelled` asks of every row when a query has letters
/// beyond ASCII, where the `String` calls were more than half its cost.
///
/// The comparison on bytes holds for *simple* scalars: each is its own grapheme cluster
/// beside any other simple scalar, canonically equivalent to no other (a starter, not a
/// mark, not excluded from composition), and `lowercased()` makes it one simple scalar,
/// which is its own lower case. Between strings of simple scalars, `hasPrefix` (which
/// compares `Character`s, canonically equivalent ones as equal) is a comparison of
/// scalars, and `lowercased()` (the lower-case mapping of each scalar in turn, with no
/// context) is a mapping of each. The simple scalars are those of
/// `_simpleCaseTableSource` (ASCII to Armenian and the Latin Extended Additional block;
/// `generate_simple_case.swift` writes it from the toolchain's Unicode properties) and
/// the caseless blocks of `caselessBlocks`.
///
/// Beyond them: *plain* marks (`isPlainMark`: combining marks without case or
/// decomposition, as transliterated and pointed names carry) are read with the simple
/// scalar before them as one character, compared with the typed one as a `String` of its
/// own when only that can tell; a name's "İ" is an i and a dot above, as `lowercased()`
/// makes it; and what was typed may start with a mark (`Typed`). Any other scalar (a mark
/// that decomposes, Thai, Devanagari, a joiner) leaves the answer to the `String` calls.
enum _SimpleCase {
    /// Blocks without case taken whole, each scalar simple and its own lower case
    /// (`SimpleCaseTests` checks every one): Hebrew and Arabic letters, Georgian, the
    /// dashes and quotation marks of General Punctuation (the ‘ and ’ of transliterated
    /// Arabic and Hebrew names, "Ma‘alot"), hiragana and katakana, CJK ideographs, Hangul
    /// syllables.
    static let caselessBlocks: [ClosedRange<UInt32>] = [
        0x5D0...0x5EA, 0x620...0x64A, 0x10D0...0x10FA, 0x2010...0x2027, 0x3041...0x3096, 0x30A1...0x30FA,
        0x4E00...0x9FFF, 0xAC00...0xD7A3,
    ]

    /// The blocks the table covers: a scalar of one that it does not list is not simple.
    static let tableBlocks: [ClosedRange<UInt32>] = [0...0x58F, 0x1E00...0x1EFF]

    /// Per scalar of the table's blocks (below U+0590, then U+1E00–U+1EFF at 0x590), its
    /// lower case, or 0 when it is not simple; made on first use from
    /// `_simpleCaseTableSource` (146 ranges).
    static let table: [UInt16] = {
        var table = [UInt16](repeating: 0, count: 0x590 + 0x100)
        // (`~`: only every other scalar from the first takes the step.)
        _ScalarRanges.forEachRange(in: _simpleCaseTableSource) { first, last, mark, delta in
            let pairs = mark == UInt8(ascii: "~")
            for scalar in first...last {
                let lower = pairs && (scalar - first) & 1 == 1 ? Int(scalar) : Int(scalar) + delta
                precondition(tableBlocks.contains { $0.contains(scalar) } && (1..<0x1_0000).contains(lower),
                             "the simple case table is malformed")
                table[slot(scalar)] = UInt16(lower)
            }
        }
        return table
    }()

    /// Where scalar `value` of the table's blocks is in `table`.
    @inline(__always)
    private static func slot(_ value: UInt32) -> Int {
        value < 0x590 ? Int(value) : Int(value) - 0x1E00 + 0x590
    }

    /// The lower case of scalar `value` if it is simple, else nil.
    @inline(__always)
    static func lowercase(_ value: UInt32) -> UInt32? {
        if value < 0x80 {
            guard value >= 0x20 && value < 0x7F else { return nil }
            return value &- 0x41 < 26 ? value | 0x20 : value
        }
        if value < 0x590 || (0x1E00...0x1EFF).contains(value) {
            let lower = table[slot(value)]
            return lower == 0 ? nil : UInt32(lower)
        }
        for block in caselessBlocks where block.contains(value) { return value }
        return nil
    }

    /// "İ" (U+0130), the one capital letter here whose lower case is two scalars: an i
    /// and `combiningDotAbove`, as `lowercased()` makes it. A name's "İ" is read as that
    /// character (`characters`).
    static let dottedCapitalI: UInt32 = 0x130
    static let combiningDotAbove: Unicode.Scalar = "\u{307}"

    /// What was typed, as `startAlike` compares it.
    enum Typed {
        /// Its scalars, each simple and its own lower case.
        case scalars([UInt32])
        /// It starts with a combining mark (a canonical combining class other than 0), as
        /// a stray vowel sign typed before a name does ("\u{650}al"). A name that starts
        /// with a simple scalar then starts like it in neither way: their first characters
        /// differ, the canonical decomposition of the name's starting with a starter and that
        /// of the typed one's with a mark.
        case markFirst
        /// Its characters, each a simple scalar (its own lower case) and the plain marks
        /// (`isPlainMark`) after it, some with marks: a transliteration typed with combining
        /// marks ("s\u{332}h\u{332}", "z\u{327}"). `scalars` in turn, character `k`
        /// ending before `ends[k]`.
        case clusters(scalars: [UInt32], ends: [Int])
    }

    /// `string` (lower-cased, as `typedSpelling` makes it) as `startAlike` compares it, or
    /// nil when only the `String` calls can.
    static func typed(ofLowercased string: String) -> Typed? {
        if let first = string.unicodeScalars.first, first.properties.canonicalCombiningClass != .notReordered {
            return .markFirst
        }
        // One pass: each scalar simple and its own lower case (as every simple scalar of a
        // `lowercased()` string is) or a plain mark; where characters end only once a mark
        // has been seen.
        var scalars: [UInt32] = [], ends: [Int]?
        for scalar in string.unicodeScalars {
            let value = scalar.value
            if lowercase(value) == value {
                ends?.append(scalars.count)
            } else if isPlainMark(value) && !scalars.isEmpty {
                if ends == nil { ends = Array(1..<scalars.count) }  // (one scalar each before it)
            } else {
                return nil
            }
            scalars.append(value)
        }
        guard var ends else { return .scalars(scalars) }
        ends.append(scalars.count)
        return .clusters(scalars: scalars, ends: ends)
    }

    /// Whether the name of UTF-8 `bytes`, lower-cased, starts like `typed` or `typed` like
    /// it (see `startAlike(_:_:settling:)` on scalars; for `.markFirst`, false when the name
    /// starts with a simple scalar), or nil when that needs the `String` calls.
    /// `verdicts`, if given, keeps the comparisons of marked characters that make `String`s,
    /// for the next name compared with the same `typed`.
    @inline(__always)
    static func startAlike(
        _ bytes: UnsafeBufferPointer<UInt8>, _ typed: Typed, settling: Bool = true, verdicts: Verdicts? = nil
    ) -> Bool? {
        switch typed {
        case .scalars(let scalars):
            return startAlike(bytes, scalars, settling: settling, verdicts: verdicts)
        case .markFirst:
            guard !bytes.isEmpty, let (value, _) = scalar(bytes, at: 0), lowercase(value) != nil else { return nil }
            return false
        case .clusters(let scalars, let ends):
            return characters(bytes, from: 0, compared: 0, scalars, ends: ends, settling: settling, verdicts: verdicts)
        }
    }

    /// Whether a name that starts with `start` and goes on past it starts like `typed` in
    /// neither way, as `startAlike(_:_:settling:)` of the whole name answers false when its
    /// first character tells (the most common answer: another letter, without marks); false
    /// when it takes more of the name to tell.
    ///
    /// That is: for `Typed.scalars`, a first scalar that is simple, whose lower case is not
    /// the first typed, followed in `start` by another simple scalar (not a mark, which
    /// would make the two one character); for `.markFirst`, a simple first scalar.
    ///
    /// - Complexity: O(1): the first two scalars are read.
    static func startsUnlike(_ start: UnsafeBufferPointer<UInt8>, _ typed: Typed) -> Bool {
        guard !start.isEmpty, let (value, length) = scalar(start, at: 0) else { return false }
        switch typed {
        case .scalars(let scalars):
            guard let first = scalars.first, let lower = lowercase(value), lower != first, length < start.count,
                  let (next, _) = scalar(start, at: length)
            else { return false }
            return lowercase(next) != nil
        case .markFirst:
            return lowercase(value) != nil
        case .clusters:
            return false
        }
    }

    /// `startAlike` a character at a time, from byte `i` of the name and typed character
    /// `compared` on (the characters before alike): the name's characters, each a simple
    /// scalar (or "İ", whose lower case is an i and a dot above) and the plain marks after
    /// it, against the typed ones, character `k` of `typed` ending before `ends[k]` (each one
    /// scalar when `ends` is nil). What was typed with marks (`Typed.clusters`) is compared
    /// so from the start, and simple scalars from the first name character with marks on.
    ///
    /// - Complexity: O(*t*) for *t* scalars typed: the name is read up to one character past.
    private static func characters(
        _ bytes: UnsafeBufferPointer<UInt8>, from i: Int, compared: Int, _ typed: [UInt32], ends: [Int]?,
        settling: Bool, verdicts: Verdicts?
    ) -> Bool? {
        var (i, compared) = (i, compared)
        let count = ends?.count ?? typed.count
        while i < bytes.count {
            guard let (value, length) = scalar(bytes, at: i) else { return nil }
            let dotted = value == dottedCapitalI
            guard let lower = dotted ? 0x69 : lowercase(value) else { return nil }  // (an i, and a dot above)
            if compared == count { return true }               // the name goes on: it starts with `typed`
            guard let end = marks(bytes, from: i &+ length) else { return nil }
            let characterScalars = ends.map { ends in (compared == 0 ? 0 : ends[compared &- 1])..<ends[compared] }
                ?? compared..<compared &+ 1
            switch character(lower, dotAbove: dotted, bytes, marks: i &+ length..<end, typed[characterScalars],
                             settling: settling, verdicts: verdicts) {
            case .differs: return false
            case .unknown: return nil
            case .same: i = end
            }
            compared &+= 1
        }
        return true                                            // `typed` starts with the name
    }

    /// Where the plain marks from byte `i` on end: at the next simple scalar, "İ" or the
    /// end; nil if a scalar before that is neither.
    private static func marks(_ bytes: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        var end = i
        while end < bytes.count {
            guard let (value, length) = scalar(bytes, at: end) else { return nil }
            if lowercase(value) != nil || value == dottedCapitalI { break }
            guard isPlainMark(value) else { return nil }
            end &+= length
        }
        return end
    }

    /// Whether the name of UTF-8 `bytes`, lower-cased, starts with `typed` (scalars, each
    /// simple and its own lower case) or `typed` with it: `lower.hasPrefix(typed) ||
    /// typed.hasPrefix(lower)` for `lower` the name's `lowercased()`; nil when that needs
    /// the `String` calls (a scalar that is neither simple nor a plain mark, up to the one
    /// after the shorter string's end or the first that differs, or bytes that are not
    /// UTF-8).
    ///
    /// A plain mark (`isPlainMark`) on a name's scalar makes the name's character there
    /// another than the scalar alone: when the scalar was the one typed, the two characters
    /// differ (the name's decomposes to more scalars); when it was not, the character with
    /// its marks is compared with the typed one (the H̱ of "H̱olon", an h and a macron below,
    /// against a typed "ḥ", an h with a dot below), and when they are the same character
    /// (an e and an acute accent against a typed "é") the comparison goes on after it.
    ///
    /// `settling` false leaves that last comparison, which makes a `String`, to the caller
    /// (nil): a quick test before cheaper ones.
    ///
    /// - Complexity: O(*t*) for *t* scalars typed: the name is read up to one character past.
    static func startAlike(
        _ bytes: UnsafeBufferPointer<UInt8>, _ typed: [UInt32], settling: Bool = true, verdicts: Verdicts? = nil
    ) -> Bool? {
        var i = 0, compared = 0
        // Each scalar up to the one after the first that differs or after `typed` ends: the
        // cluster the comparison stops in ends there only if that one is simple.
        while i < bytes.count {
            guard let (value, length) = scalar(bytes, at: i) else { return nil }
            guard let lower = lowercase(value) else {
                // "İ": a character at a time from here.
                if value == dottedCapitalI {
                    return characters(
                        bytes, from: i, compared: compared, typed, ends: nil, settling: settling, verdicts: verdicts)
                }
                // A mark on the name's last scalar compared, which was the one typed.
                return compared > 0 && isPlainMark(value) ? false : nil
            }
            let start = i
            i &+= length
            if compared == typed.count { return true }        // `lower` starts with `typed`
            if lower != typed[compared] {
                // (Most often the name's next scalar is simple, or there is none: they differ.)
                guard i < bytes.count else { return false }
                if let (next, _) = scalar(bytes, at: i), lowercase(next) != nil { return false }
                // Marks on it: a character at a time from here.
                return characters(
                    bytes, from: start, compared: compared, typed, ends: nil, settling: settling, verdicts: verdicts)
            }
            compared &+= 1
        }
        return true                                           // `typed` starts with `lower`
    }

    /// How a name's character compares with a typed one (`character`).
    private enum Comparison {
        case differs, same
        /// Only the `String` calls can tell.
        case unknown
    }

    /// How the name's character of simple scalar `lower` (after "İ", an i with `dotAbove`)
    /// and the plain marks of bytes `marks` compares with the typed character `typed` (a
    /// simple scalar and plain marks): unknown if, unless `settling`, the answer needs a
    /// `String` of each, which `verdicts` keeps.
    private static func character(
        _ lower: UInt32, dotAbove: Bool, _ bytes: UnsafeBufferPointer<UInt8>, marks: Range<Int>,
        _ typed: ArraySlice<UInt32>, settling: Bool, verdicts: Verdicts?
    ) -> Comparison {
        let first = typed[typed.startIndex]
        let marked = dotAbove || !marks.isEmpty
        if !marked && typed.count == 1 { return lower == first ? .same : .differs }
        // The same scalars: the same character.
        if lower == first && marked && typed.count > 1 {
            var k = marks.lowerBound, t = typed.startIndex &+ 1, alike = true
            if dotAbove { alike = typed[t] == combiningDotAbove.value; t &+= 1 }
            while alike && k < marks.upperBound, t < typed.endIndex, let (value, length) = scalar(bytes, at: k) {
                alike = value == typed[t]
                (k, t) = (k &+ length, t &+ 1)
            }
            if alike && k == marks.upperBound && t == typed.endIndex { return .same }
        }
        // Marks on one side only, against a scalar below U+00C0 on the other, which
        // decomposes to no marks (the first canonical decomposition is U+00C0's): their
        // decompositions differ in length.
        if marked != (typed.count > 1) && (marked ? first : lower) < 0xC0 { return .differs }
        guard settling, let base = Unicode.Scalar(lower) else { return .unknown }
        if let same = verdicts?.verdict(lower, dotAbove: dotAbove, bytes, marks: marks, typed) {
            return same ? .same : .differs
        }
        // A `String` of each character, compared as characters are.
        var name = String.UnicodeScalarView(), other = String.UnicodeScalarView()
        name.append(base)
        if dotAbove { name.append(combiningDotAbove) }
        var k = marks.lowerBound
        while k < marks.upperBound, let (value, length) = scalar(bytes, at: k), let mark = Unicode.Scalar(value) {
            name.append(mark)
            k &+= length
        }
        for value in typed {
            guard let scalar = Unicode.Scalar(value) else { return .unknown }
            other.append(scalar)
        }
        let same = String(name) == String(other)
        verdicts?.keep(same, lower, dotAbove: dotAbove, bytes, marks: marks, typed)
        return same ? .same : .differs
    }

    /// The comparisons of a name's marked character with a typed one that needed a
    /// `String` of each (`character`), kept for one query: the names of its rows share their
    /// marked characters (the "H̱" of most names of Israel, an h and a macron below, against
    /// a typed "ḥ"), and each comparison costs more than the rest of the test.
    ///
    /// Each is known by the typed character (its scalars' place in what was typed, the same
    /// for every name compared with it) and the name's (its scalars): a few a query, looked
    /// up in turn. A reference that one query mutates, on the thread that answers it: not
    /// `Sendable`.
    final class Verdicts {
        /// Each comparison's typed scalars' range, the name's lower-case scalar (the high bit
        /// set after "İ"), its marks, and whether they were the same.
        private var kept: [(typed: Range<Int>, name: [UInt32], same: Bool)] = []
        /// At most this many are kept: a query compares few characters.
        static let capacity = 16

        /// How many are kept.
        var count: Int { kept.count }

        /// Whether the name's character of `lower` (after "İ", `dotAbove`) and the marks of
        /// `bytes` at `marks` is `typed`, if that is known.
        func verdict(
            _ lower: UInt32, dotAbove: Bool, _ bytes: UnsafeBufferPointer<UInt8>, marks: Range<Int>,
            _ typed: ArraySlice<UInt32>
        ) -> Bool? {
            let first = dotAbove ? lower | 0x8000_0000 : lower
            for entry in kept where entry.typed == typed.indices && entry.name[0] == first {
                var k = marks.lowerBound, n = 1
                while k < marks.upperBound, n < entry.name.count, let (value, length) = scalar(bytes, at: k),
                      value == entry.name[n] {
                    (k, n) = (k &+ length, n &+ 1)
                }
                if k == marks.upperBound && n == entry.name.count { return entry.same }
            }
            return nil
        }

        /// Keeps the comparison `verdict` had not.
        func keep(
            _ same: Bool, _ lower: UInt32, dotAbove: Bool, _ bytes: UnsafeBufferPointer<UInt8>, marks: Range<Int>,
            _ typed: ArraySlice<UInt32>
        ) {
            guard kept.count < Self.capacity else { return }
            var name = [dotAbove ? lower | 0x8000_0000 : lower], k = marks.lowerBound
            while k < marks.upperBound, let (value, length) = scalar(bytes, at: k) {
                name.append(value)
                k &+= length
            }
            kept.append((typed.indices, name, same))
        }
    }

    /// Whether `value` is a *plain* mark: a combining mark (a canonical combining class
    /// other than 0, so it joins the character before it) that is its own lower case and
    /// has no canonical decomposition. Those of the Combining Diacritical Marks (but U+0340,
    /// U+0341, U+0343 and U+0344, which decompose), the Hebrew points and accents, and the
    /// Arabic vowel signs: the marks transliterated and pointed names carry
    /// (`SimpleCaseTests` checks each against the `String` calls).
    static func isPlainMark(_ value: UInt32) -> Bool {
        guard (0x300...0x36F).contains(value) || (0x591...0x5C7).contains(value)
                || (0x610...0x61A).contains(value) || (0x64B...0x65F).contains(value) || value == 0x670,
              !(0x340...0x344).contains(value) || value == 0x342,
              let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.canonicalCombiningClass != .notReordered
    }

    /// The scalar whose UTF-8 starts at `i`, and its length, or nil for bytes that are not
    /// UTF-8 there (a continuation byte, one missing, an overlong or surrogate form).
    @inline(__always)
    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int)? {
        let lead = UInt32(bytes[i])
        if lead < 0x80 { return (lead, 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
        guard length > 0, lead < 0xF5, i + length <= bytes.count else { return nil }
        var value = lead & (0x7F >> UInt32(length))
        for k in 1..<length {
            let byte = UInt32(bytes[i + k])
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | (byte & 0x3F)
        }
        let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x1_0000
        guard value >= smallest, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        return (value, length)
    }
}
