/// A completion's subtitle parts (at most three: the canonical name, the region, the
/// country or continent), each with the qualifier part it can highlight, joined into
/// one string with one allocation.
struct _SubtitleParts {
    private var first: (String, UInt8?)? = nil
    private var second: (String, UInt8?)? = nil
    private var third: (String, UInt8?)? = nil

    mutating func append(_ text: String, part: UInt8?) {
        if first == nil {
            first = (text, part)
        } else if second == nil {
            second = (text, part)
        } else {
            third = (text, part)
        }
    }

    var items: [(text: String, part: UInt8?)] {
        [first, second, third].compactMap { $0.map { (text: $0.0, part: $0.1) } }
    }

    /// The parts separated by ", ".
    func joined() -> String {
        var byteCount = 0, count = 0
        forEachText { text in
            byteCount += text.utf8.count
            count += 1
        }
        guard count > 0 else { return "" }
        byteCount += 2 * (count - 1)
        return String(unsafeUninitializedCapacity: byteCount) { out in
            var i = 0
            forEachText { text in
                if i > 0 {
                    out[i] = UInt8(ascii: ","); out[i + 1] = UInt8(ascii: " ")
                    i += 2
                }
                var text = text
                text.withUTF8 { bytes in
                    let slot = UnsafeMutableBufferPointer(rebasing: out[i..<(i + bytes.count)])
                    _ = slot.initialize(fromContentsOf: bytes)
                    i += bytes.count
                }
            }
            return i
        }
    }

    private func forEachText(_ body: (String) -> Void) {
        if let first { body(first.0) }
        if let second { body(second.0) }
        if let third { body(third.0) }
    }
}
