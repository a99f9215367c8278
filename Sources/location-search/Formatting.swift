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
    // Most results fit a buffer on the stack (a JSON line formats two coordinates a row).
    let capacity = 128
    let short: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
        let needed = withVaList(arguments) { vsnprintf(buffer.baseAddress!, capacity, format, $0) }
        return needed >= 0 && Int(needed) < capacity ? String(cString: buffer.baseAddress!) : nil
    }
    if let short { return short }
    let needed = withVaList(arguments) { vsnprintf(nil, 0, format, $0) }
    guard needed >= 0 else { return format }
    var buffer = [CChar](repeating: 0, count: Int(needed) + 1)
    _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
    return String(cString: buffer)
}

extension String {
    /// The text made `width` characters long: spaces added after it, or cut to its first
    /// `width` characters (as Foundation's `padding(toLength:withPad:startingAt:)` pads a
    /// column).
    func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }
}
