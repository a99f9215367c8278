/// Numbers of up to 64 bits, each stored in the same number of whole bytes (`width`),
/// little-endian, one after another: a column as narrow as its largest value needs.
///
/// A number is read as 8 bytes from its first (`loadUnaligned`) and masked to its width,
/// so the bytes end with `8 - width` bytes of zeros (none at all for no numbers), and no
/// read goes past them.
///
///     let packed = _PackedWords([5, 300, 70_000], width: 3)
///     packed.bytes.count      // 14: 3 × 3 bytes and 5 of padding
///     packed.buffers[1]       // 300
///
/// - Complexity: a number in O(1): one unaligned read.
struct _PackedWords: Sendable {
    /// The numbers, `width` bytes each, then `8 - width` bytes of zeros.
    let bytes: _Column<UInt8>
    /// The bytes of a number (1...8).
    let width: Int
    let count: Int
    /// A number's bits, `width` bytes of ones.
    let mask: UInt64

    static let maximumWidth = 8

    /// The numbers in `bytes` (as `init(_:width:)` lays them out); `nil` when `width` is
    /// out of range or `bytes` is not a whole number of numbers and the padding.
    init?(bytes: _Column<UInt8>, width: Int) {
        guard width >= 1, width <= Self.maximumWidth else { return nil }
        let padding = Self.maximumWidth - width
        if bytes.isEmpty {
            count = 0
        } else {
            guard bytes.count > padding, (bytes.count - padding) % width == 0 else { return nil }
            count = (bytes.count - padding) / width
        }
        self.bytes = bytes
        self.width = width
        self.mask = Self.mask(width: width)
    }

    /// `width` bytes of ones.
    @inline(__always)
    private static func mask(width: Int) -> UInt64 { width == maximumWidth ? .max : (1 << UInt64(8 * width)) - 1 }

    /// `values` in `width` bytes each (a programming error if one does not fit).
    init(_ values: [UInt64], width: Int) {
        precondition(width >= 1 && width <= Self.maximumWidth, "a width of 1...8 bytes")
        var bytes = [UInt8](repeating: 0, count: values.isEmpty ? 0 : values.count * width + Self.maximumWidth - width)
        for i in values.indices {
            let value = values[i]
            precondition(width == Self.maximumWidth || value >> UInt64(8 * width) == 0, "a value wider than its width")
            withUnsafeBytes(of: value.littleEndian) { value in
                for b in 0..<width { bytes[i * width + b] = value[b] }
            }
        }
        self.init(bytes: _Column(bytes), width: width)!
    }

    /// The fewest bytes that hold `bits` bits (at least 1).
    static func width(forBits bits: Int) -> Int { max(1, (bits + 7) / 8) }

    /// The number of bits that hold `value` (0 for 0).
    static func bits(toHold value: Int) -> Int { Int.bitWidth - value.leadingZeroBitCount }

    /// Whether the padding after the numbers is zero (a writer's, not a damaged file's).
    var paddingIsZero: Bool { count == 0 || bytes.buffer[(count * width)...].allSatisfy { $0 == 0 } }

    /// The largest low part (the bits below `shift`) and the largest high part of the
    /// numbers: what a load checks of every number in a column of names and ranks. The
    /// loop is compiled once per width, so that each read is at a constant stride.
    ///
    /// - Complexity: O(*n*) for *n* numbers.
    func maxima(splitAt shift: Int) -> (low: UInt64, high: UInt64) {
        precondition(shift >= 0 && shift < 64)
        switch width {
        case 1: return maxima(of: UInt8.self, splitAt: shift)
        case 2: return maxima(of: UInt16.self, splitAt: shift)
        case 3: return maxima(width: 3, splitAt: shift)
        case 4: return maxima(of: UInt32.self, splitAt: shift)
        case 5: return maxima(width: 5, splitAt: shift)
        case 6: return maxima(width: 6, splitAt: shift)
        case 7: return maxima(width: 7, splitAt: shift)
        default: return maxima(of: UInt64.self, splitAt: shift)
        }
    }

    /// `maxima(splitAt:)` of numbers of a width a machine word has: each read as the
    /// number it is, in a loop the compiler vectorises (the bundled index's key words are
    /// four bytes, and every load reads 1.9 million of them).
    @inline(__always)
    private func maxima<Number: FixedWidthInteger & UnsignedInteger>(
        of _: Number.Type, splitAt shift: Int
    ) -> (low: UInt64, high: UInt64) {
        let bytes = UnsafeRawPointer(self.bytes.pointer), bits = Number.bitWidth, size = MemoryLayout<Number>.size
        let lowMask: Number = shift >= bits ? ~0 : (1 &<< Number(shift)) &- 1
        let highShift = Number(min(shift, bits - 1))
        var low: Number = 0, high: Number = 0
        for i in 0..<count {
            let number = Number(littleEndian: bytes.loadUnaligned(fromByteOffset: i &* size, as: Number.self))
            low = max(low, number & lowMask)
            high = max(high, number &>> highShift)
        }
        return (UInt64(low), shift >= bits ? 0 : UInt64(high))
    }

    @inline(__always)
    private func maxima(width: Int, splitAt shift: Int) -> (low: UInt64, high: UInt64) {
        // Each number is read as the word from its first byte; the bytes above its width
        // (the next numbers') are dropped by a shift to the top of the word rather than a
        // mask, so the high maximum is the shifted words' (shifted back once).
        let bytes = UnsafeRawPointer(self.bytes.pointer)
        let top = UInt64(64 - 8 * width), lowMask = ((1 << UInt64(shift)) &- 1) & Self.mask(width: width)
        var low: UInt64 = 0, high: UInt64 = 0
        for i in 0..<count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i &* width, as: UInt64.self))
            low = max(low, word & lowMask)
            high = max(high, word &<< top)
        }
        return (low, (high &>> top) &>> UInt64(shift))
    }

    @inline(__always)
    var buffers: Buffers { Buffers(bytes: UnsafeRawPointer(bytes.pointer), width: width, mask: mask) }

    /// The numbers as plain values, read `width` bytes at a time (`width` is this
    /// column's: `maxima` passes it as a constant, so each read's stride is a constant).
    @inline(__always)
    private func buffers(width: Int) -> Buffers {
        Buffers(bytes: UnsafeRawPointer(bytes.pointer), width: width, mask: Self.mask(width: width))
    }

    /// The numbers as plain values: no reference counting, no bounds checks.
    struct Buffers {
        let bytes: UnsafeRawPointer
        let width: Int
        let mask: UInt64

        /// Number `i`: 8 bytes from its first, masked to its width.
        @inline(__always)
        subscript(i: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i &* width, as: UInt64.self)) & mask
        }
    }
}
