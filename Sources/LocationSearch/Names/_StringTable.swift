/// Strings stored as one UTF-8 buffer and an offset array: string `i` is
/// `bytes[offsets[i] ..< offsets[i + 1]]`. No per-string allocation: strings cost their
/// bytes plus four bytes each. The labels and the stored answers' keys (which a binary
/// search compares as they are) are kept this way; the gazetteer's names are collected in
/// a `Builder`, then coded (`_CompressedStrings`).
struct _StringTable: Sendable {
    let bytes: _Column<UInt8>
    let offsets: _Column<UInt32>

    var count: Int { offsets.count - 1 }

    init(bytes: _Column<UInt8>, offsets: _Column<UInt32>) {
        self.bytes = bytes
        self.offsets = offsets
    }

    init(_ builder: Builder) {
        self.init(bytes: _Column(builder.bytes), offsets: _Column(builder.offsets))
    }

    func range(_ index: Int) -> Range<Int> { Int(offsets[index])..<Int(offsets[index + 1]) }

    func string(_ index: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes.buffer[range(index)]), as: UTF8.self)
    }

    func withBytes<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(rebasing: bytes.buffer[range(index)]))
    }

    /// Checks that offsets rise and stay within the bytes.
    func isConsistent() -> Bool {
        guard offsets.count >= 1, offsets[0] == 0 else { return false }
        // Branch-free, so that it vectorises: it runs over every name on each load.
        var previous: UInt32 = 0
        var falls = false
        for offset in offsets.buffer {
            falls = falls || offset < previous
            previous = offset
        }
        return !falls && Int(previous) == bytes.count
    }

    /// Collects strings while a gazetteer is built.
    struct Builder {
        var bytes: [UInt8] = []
        var offsets: [UInt32] = [0]

        var count: Int { offsets.count - 1 }

        @discardableResult
        mutating func append(_ utf8: some Collection<UInt8>) -> Int {
            bytes.append(contentsOf: utf8)
            offsets.append(UInt32(bytes.count))
            return offsets.count - 2
        }

        @discardableResult
        mutating func append(_ string: String) -> Int { append(string.utf8) }

        mutating func reserve(strings: Int, bytes byteCount: Int) {
            offsets.reserveCapacity(strings + 1)
            bytes.reserveCapacity(byteCount)
        }
    }
}

extension _StringTable.Builder {
    /// The string at `index`.
    func string(_ index: Int) -> String {
        String(decoding: bytes[Int(offsets[index])..<Int(offsets[index + 1])], as: UTF8.self)
    }
}
