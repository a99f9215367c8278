#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `format` with `arguments` put in, printf-style, by the C library's `vsnprintf`: what
/// Foundation's `String(format:)` does for numbers (the same digits and rounding), without
/// Foundation, which this tool does not load on Linux. Numbers only: no `%@`.
///
///     formatted("%.2f s", 1.005)   // "1.00 s"
func formatted(_ format: String, _ arguments: CVarArg...) -> String {
    // Into a buffer on the stack: 128 bytes holds the tool's lines, else the size needed.
    func attempt(capacity: Int) -> (text: String?, needed: Int) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            let needed = Int(withVaList(arguments) { vsnprintf(buffer.baseAddress!, capacity, format, $0) })
            return (needed >= 0 && needed < capacity ? String(cString: buffer.baseAddress!) : nil, needed)
        }
    }
    let first = attempt(capacity: 128)
    if let text = first.text { return text }
    guard first.needed >= 0 else { return format }
    return attempt(capacity: first.needed + 1).text ?? format
}

extension String {
    /// The text made `width` characters long: spaces added after it, or cut to its first
    /// `width` characters (as Foundation's `padding(toLength:withPad:startingAt:)` pads a
    /// column).
    func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }
}

/// `value` with `decimals` digits after the point, exactly as `formatted("%.Nf", value)`
/// writes it (the C library's correctly rounded decimal, ties to even, "-" for every
/// negative value, "-0.00000" included), without `vsnprintf`'s argument boxing: the JSON
/// lines write two coordinates a row, and formatting them cost about 7,000 instructions a
/// number. Works on the double's exact binary value in 128-bit integers; values of 2^40 or
/// more, more than 6 decimals, and non-finite values go to `formatted`.
///
///     fixed(-122.41942138671875, decimals: 5)   // "-122.41942"
///     fixed(0.015625, decimals: 5)              // "0.01562" (a tie, to even)
func fixed(_ value: Double, decimals: Int) -> String {
    let magnitude = value.magnitude
    guard value.isFinite, magnitude < 0x1p40, (0...6).contains(decimals) else {
        return formatted("%.\(decimals)f", value)
    }
    var scale: UInt64 = 1
    for _ in 0..<decimals { scale *= 10 }
    // magnitude = significand × 2^-shift exactly, with shift ≥ 13 below 2^40.
    let exponent = Int(magnitude.exponentBitPattern)
    let significand = exponent == 0
        ? magnitude.significandBitPattern : magnitude.significandBitPattern | 1 << 52
    let shift = 1075 - Swift.max(exponent, 1)
    // The scaled value, significand × scale, below 2^73: (high, low) words.
    let (high, low) = significand.multipliedFullWidth(by: scale)
    var units: UInt64 = 0
    if shift < 74 {
        // units = product >> shift; the bits shifted out against half a unit.
        let (rest, half): ((UInt64, UInt64), (UInt64, UInt64))
        if shift < 64 {
            units = high << (64 - shift) | low >> shift
            rest = (0, low & (1 << shift - 1))
            half = (0, 1 << (shift - 1))
        } else {
            units = high >> (shift - 64)
            rest = (high & (1 << (shift - 64) - 1), low)
            half = shift == 64 ? (0, 1 << 63) : (1 << (shift - 65), 0)
        }
        if rest > half || (rest == half && units & 1 == 1) { units += 1 }
    }
    let whole = units / scale, fraction = units % scale
    var text = value.sign == .minus ? "-" : ""
    text += String(whole)
    if decimals > 0 {
        let digits = String(fraction)
        text += "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
    return text
}
