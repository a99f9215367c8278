/// Strings stored as one UTF-8 buffer and an offset array: string `i` is
/// `bytes[offsets[i] ..< offsets[i + 1]]`. No per-string allocation, so a million names
/// cost their bytes plus four bytes each.
struct _StringTable: Sendable, Hashable {
    private(set) var bytes: [UInt8] = []
    private(set) var offsets: [UInt32] = [0]

    var count: Int { offsets.count - 1 }

    /// Appends a string given as UTF-8 (already validated) and returns its index.
    @discardableResult
    mutating func append(_ utf8: some Collection<UInt8>) -> Int {
        bytes.append(contentsOf: utf8)
        offsets.append(UInt32(bytes.count))
        return offsets.count - 2
    }

    @discardableResult
    mutating func append(_ string: String) -> Int { append(string.utf8) }

    func range(_ index: Int) -> Range<Int> { Int(offsets[index])..<Int(offsets[index + 1]) }

    func string(_ index: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range(index)]), as: UTF8.self) }
    }

    func withBytes<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range(index)])) }
    }

    mutating func reserve(strings: Int, bytes byteCount: Int) {
        offsets.reserveCapacity(strings + 1)
        bytes.reserveCapacity(byteCount)
    }
}
