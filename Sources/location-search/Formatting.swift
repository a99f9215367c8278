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
    var buffer = [CChar](repeating: 0, count: 64)
    let needed = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
    guard needed >= 0 else { return format }
    if Int(needed) >= buffer.count {
        buffer = [CChar](repeating: 0, count: Int(needed) + 1)
        _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
    }
    return String(decoding: buffer.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

extension String {
    /// The text made `width` characters long: spaces added after it, or cut to its first
    /// `width` characters (as Foundation's `padding(toLength:withPad:startingAt:)` pads a
    /// column).
    func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }
}
