/// 128 bytes indexed by an ASCII byte, stored inline.
struct _ASCIITable: Sendable, Sequence {
    private var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    init(_ values: [UInt8]) {
        precondition(values.count == 128)
        withUnsafeMutableBytes(of: &bytes) { buffer in
            for (i, value) in values.enumerated() { buffer[i] = value }
        }
    }

    /// The entry for `index` (0..<128; checked).
    @inline(__always)
    subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < 128)
        return withUnsafeBytes(of: bytes) { $0[index] }
    }

    func makeIterator() -> IndexingIterator<[UInt8]> {
        (0..<128).map { self[$0] }.makeIterator()
    }
}
