#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A write that failed: `cannot write to standard output: No space left on device`.
struct OutputError: Error, CustomStringConvertible {
    var stream: String
    var errno: Int32

    var description: String { "cannot write to \(stream): \(String(cString: strerror(errno)))" }
}
