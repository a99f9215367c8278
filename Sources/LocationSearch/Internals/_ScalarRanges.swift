/// The generated tables of Unicode scalar ranges, as the library keeps them in source: one
/// line a range, `first-last=value`, the scalars in hex and the value a decimal number
/// (`_terminalWidthTableSource`, `_caseClassTableSource`). They are the library's own
/// constants, written by its generators, so a malformed line is a programming error.
///
///     _ScalarRanges.forEach(in: "41-5A=2\n61-7A=3") { first, last, value in … }
///     // (0x41, 0x5A, 2), then (0x61, 0x7A, 3)
enum _ScalarRanges {
    /// Calls `body` with each line's first and last scalar and its value, in order (empty
    /// lines skipped).
    ///
    /// - Complexity: O(*n*) in the length of `source`; no allocation.
    static func forEach(in source: String, _ body: (_ first: UInt32, _ last: UInt32, _ value: UInt8) -> Void) {
        var source = source
        source.withUTF8 { bytes in
            var i = 0
            // The number ending at `end` (or the source's end), in `radix`; `end` is skipped.
            func number(endingWith end: UInt8, radix: UInt32) -> UInt32 {
                var value: UInt32 = 0
                while i < bytes.count && bytes[i] != end {
                    let byte = bytes[i] | 0x20  // (letters lower-cased; digits unchanged)
                    let digit = byte >= UInt8(ascii: "a") ? UInt32(byte) &- 87 : UInt32(byte) &- 48
                    precondition(digit < radix && value <= 0x10FFFF, "a scalar range table is malformed")
                    value = value * radix + digit
                    i += 1
                }
                i += 1
                return value
            }
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "\n") {
                    i += 1
                    continue
                }
                let first = number(endingWith: UInt8(ascii: "-"), radix: 16)
                let last = number(endingWith: UInt8(ascii: "="), radix: 16)
                let value = number(endingWith: UInt8(ascii: "\n"), radix: 10)
                precondition(first <= last && last <= 0x10FFFF && value <= UInt32(UInt8.max),
                             "a scalar range table is malformed")
                body(first, last, UInt8(value))
            }
        }
    }
}
