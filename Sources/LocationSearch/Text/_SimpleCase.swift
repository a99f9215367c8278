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
