#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes are `other`'s, in order: `elementsEqual(_:)` in one `memcmp`.
    ///
    /// (The library's byte comparisons, the first build's per-row and per-name ones above
    /// all: a debug build, the one an app under development runs, does not specialize
    /// generic code, and there `elementsEqual` goes a byte at a time through generic
    /// calls, tens of times slower.)
    func _hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard let a = baseAddress, let b = other.baseAddress else { return true }  // both empty
        return memcmp(a, b, count) == 0
    }

    /// Whether a byte is beyond ASCII: `contains { $0 >= 0x80 }` as an index loop.
    var _hasNonASCII: Bool {
        for i in indices where self[i] >= 0x80 { return true }
        return false
    }
}
