/// The generated tables of Unicode scalar ranges, as the library keeps them in source: one
/// line a range, `first-last=value`, the scalars in hex and the value a decimal number
/// (`_terminalWidthTableSource`, `_caseClassTableSource`), or, with a mark of its own and
/// a value that may be negative, `first-last~value` (`_simpleCaseTableSource`). They are
/// the library's own constants, written by its generators, so a malformed line is a
/// programming error.
///
///     _ScalarRanges.forEach(in: "41-5A=2\n61-7A=3") { first, last, value in … }
///     // (0x41, 0x5A, 2), then (0x61, 0x7A, 3)
enum _ScalarRanges {
    /// Calls `body` with each line's first and last scalar and its value, in order (empty
    /// lines skipped), for tables of `=` lines whose values are bytes.
    ///
    /// - Complexity: O(*n*) in the length of `source`; no allocation.
    static func forEach(in source: String, _ body: (_ first: UInt32, _ last: UInt32, _ value: UInt8) -> Void) {
        forEachRange(in: source) { first, last, mark, value in
            precondition(mark == UInt8(ascii: "=") && (0...Int(UInt8.max)).contains(value),
                         "a scalar range table is malformed")
            body(first, last, UInt8(value))
        }
    }

    /// Calls `body` with each line's first and last scalar, its mark (`=` or `~`) and its
    /// value, in order (empty lines skipped).
    ///
    /// - Complexity: O(*n*) in the length of `source`; no allocation.
    static func forEachRange(
        in source: String, _ body: (_ first: UInt32, _ last: UInt32, _ mark: UInt8, _ value: Int) -> Void
    ) {
        var source = source
        source.withUTF8 { bytes in
            var i = 0
            // The number from `i` up to the first of `ends` (or the source's end), in
            // `radix`, and that byte, which is skipped.
            func number(endingWith ends: (UInt8, UInt8), radix: Int) -> (value: Int, end: UInt8) {
                var value = 0
                while i < bytes.count && bytes[i] != ends.0 && bytes[i] != ends.1 {
                    let byte = bytes[i] | 0x20  // (letters lower-cased; digits unchanged)
                    let digit = byte >= UInt8(ascii: "a") ? Int(byte) &- 87 : Int(byte) &- 48
                    precondition(digit >= 0 && digit < radix && value <= 0x10FFFF, "a scalar range table is malformed")
                    value = value * radix + digit
                    i += 1
                }
                let end = i < bytes.count ? bytes[i] : UInt8(ascii: "\n")
                i += 1
                return (value, end)
            }
            let newline = UInt8(ascii: "\n")
            while i < bytes.count {
                if bytes[i] == newline {
                    i += 1
                    continue
                }
                let first = number(endingWith: (UInt8(ascii: "-"), UInt8(ascii: "-")), radix: 16).value
                let (last, mark) = number(endingWith: (UInt8(ascii: "="), UInt8(ascii: "~")), radix: 16)
                let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
                if negative { i += 1 }
                let value = number(endingWith: (newline, newline), radix: 10).value
                precondition(first <= last && last <= 0x10FFFF, "a scalar range table is malformed")
                body(UInt32(first), UInt32(last), mark, negative ? -value : value)
            }
        }
    }
}
