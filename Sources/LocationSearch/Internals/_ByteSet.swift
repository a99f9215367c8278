/// A set of bytes, as four 64-bit words.
struct _ByteSet {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    static let all: _ByteSet = {
        var set = _ByteSet()
        set.words = (.max, .max, .max, .max)
        return set
    }()

    // The word is picked by offset, not by a switch over the four.
    @inline(__always)
    mutating func insert(_ byte: UInt8) {
        let offset = Int(byte >> 6) * 8, bit = UInt64(1) << UInt64(byte & 63)
        withUnsafeMutableBytes(of: &words) { words in
            let word = words.load(fromByteOffset: offset, as: UInt64.self)
            words.storeBytes(of: word | bit, toByteOffset: offset, as: UInt64.self)
        }
    }

    /// How many bytes the set holds.
    var count: Int {
        words.0.nonzeroBitCount + words.1.nonzeroBitCount + words.2.nonzeroBitCount + words.3.nonzeroBitCount
    }

    /// Calls `body` with each byte of the set, in ascending order.
    @inline(__always)
    func forEach(_ body: (UInt8) -> Void) {
        // (The words read in place: an array of the four, which the optimizer does not
        // always keep on the stack, was allocated on each call inside the typo walk.)
        for w in 0..<4 {
            var rest = word(w)
            while rest != 0 {
                body(UInt8(w * 64 + rest.trailingZeroBitCount))
                rest &= rest - 1
            }
        }
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        word(Int(byte >> 6)) >> UInt64(byte & 63) & 1 != 0
    }

    /// Word `w` (0..<4), picked by offset, not by a switch over the four.
    @inline(__always)
    private func word(_ w: Int) -> UInt64 {
        withUnsafeBytes(of: words) { $0.load(fromByteOffset: w * 8, as: UInt64.self) }
    }
}
