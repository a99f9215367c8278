extension _RisingNumbers {
    /// One run's numbers, read through the columns' memory (valid while the numbers are
    /// alive: their columns are immutable and keep their memory). Five words, so that a
    /// walk can copy it with each of its sources.
    struct Slice: RandomAccessCollection {
        let first: UnsafePointer<UInt32>?
        let at: UnsafePointer<UInt32>?
        let bits: UnsafePointer<UInt64>?
        /// The run's first block.
        let block: Int
        let count: Int

        static var empty: Slice { Slice(first: nil, at: nil, bits: nil, block: 0, count: 0) }

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        /// The first index from `lowerBound` whose number is `value` or more: a binary
        /// search over the blocks after `lowerBound`'s by their first numbers (one read of
        /// a small column each), then in one block, the first whose high part is `value`'s
        /// or more (a select among the high words' zeros: the offsets with a lower high
        /// part come before the high part's zero), and from there the few with the same
        /// high part one by one, each the next set bit.
        ///
        /// - Complexity: O(log *n*) for *n* numbers.
        @inline(__always)
        func firstIndex(notBelow value: UInt32, from lowerBound: Int) -> Int {
            guard lowerBound < count, let first else { return count }
            let shift = _RisingNumbers.shift
            let firstBlock = lowerBound >> shift, lastBlock = (count - 1) >> shift
            let found = _partition((firstBlock + 1)..<(lastBlock + 1)) { first[block &+ $0] < value }
            // The answer is in block `found - 1`, from the later of `lowerBound` and the
            // block's start, up to the start of `found`.
            let start = (found - 1) << shift
            let from = Swift.max(lowerBound, start), to = Swift.min(count, found << shift)
            let b = block &+ found &- 1, lowest = first[b]
            guard value > lowest else { return from }
            let at = self.at.unsafelyUnwrapped, bits = self.bits.unsafelyUnwrapped
            let words = Int(at[b]), low = UInt64(truncatingIfNeeded: Int(at[b &+ 1]) &- words &- 2)
            let high = UInt64(value &- lowest) &>> (low & 63)
            // Every offset's high part is below 64: all of them are below this one.
            guard high < 64 else { return to }
            // The offsets with a high part below `high` end at its zero (the `high`th, from
            // 1): the next offsets have `high` or more, those with `high` itself first.
            let high0 = bits[words], high1 = bits[words &+ 1]
            var j = 0, rest0 = high0, rest1 = high1
            if high > 0 {
                let k = Int(high) &- 1, prefix0 = _RisingNumbers.bytePrefix(~high0)
                let count0 = Int(truncatingIfNeeded: prefix0 &>> 56)
                let zero = k < count0
                    ? _RisingNumbers.select(~high0, prefix0, k)
                    : 64 &+ _RisingNumbers.select(~high1, _RisingNumbers.bytePrefix(~high1), k &- count0)
                j = Swift.max(0, zero &- k)  // (0 or more but in a damaged file)
                // Only the set bits after the zero (smart shifts: 64 or more clears all).
                if zero < 63 {
                    rest0 = high0 & (UInt64.max << (zero + 1))
                } else {
                    rest0 = 0
                    rest1 = high1 & (UInt64.max << (zero + 1 - 64))
                }
            }
            let target = UInt64(value &- lowest) & ((1 &<< low) &- 1), lows = bits + (words &+ 2)
            while j < _RisingNumbers.blockSize {
                let bit = _RisingNumbers.takeLowestSetBit(&rest0, &rest1)
                // A higher high part: this offset is above `value`'s.
                guard bit &- j == Int(high) else { break }
                let at0 = j &* Int(low), word = lows + (at0 &>> 6), s = UInt64(at0 & 63)
                let two = (word[0] &>> s) | ((word[1] &<< 1) &<< (63 &- s))
                guard two & ((1 &<< low) &- 1) < target else { break }
                j &+= 1
            }
            return Swift.min(to, Swift.max(from, start &+ j))
        }

        /// The numbers of the `n` indices from `start`, all in one block of 64 (indices
        /// past the run's end read as its last number), handed to `body` with their index
        /// less `start`, in one pass: a select finds the first one's set bit, and each
        /// next one's is the next set bit.
        ///
        /// - Complexity: O(*n*).
        @inline(__always)
        func forEach(from start: Int, count n: Int, _ body: (Int, UInt32) -> Void) {
            let b = block &+ (start &>> _RisingNumbers.shift), j = start & (_RisingNumbers.blockSize - 1)
            let at = self.at.unsafelyUnwrapped, bits = self.bits.unsafelyUnwrapped
            let words = Int(at[b]), low = Int(at[b &+ 1]) &- words &- 2
            let high0 = bits[words], high1 = bits[words &+ 1], prefix0 = _RisingNumbers.bytePrefix(high0)
            let below0 = Int(truncatingIfNeeded: prefix0 &>> 56)
            // The set bits from the first one's on.
            var rest0: UInt64, rest1: UInt64
            if j < below0 {
                rest0 = high0 & (UInt64.max &<< UInt64(_RisingNumbers.select(high0, prefix0, j)))
                rest1 = high1
            } else {
                let bit = _RisingNumbers.select(high1, _RisingNumbers.bytePrefix(high1), j &- below0)
                rest0 = 0
                rest1 = high1 & (UInt64.max &<< UInt64(bit))
            }
            let lowest = first.unsafelyUnwrapped[b], mask = (1 &<< UInt64(low)) &- 1, lows = bits + (words &+ 2)
            var at0 = j &* low, k = 0
            while k < n {
                let bit = _RisingNumbers.takeLowestSetBit(&rest0, &rest1)
                let high = UInt32(truncatingIfNeeded: bit &- j &- k)
                let word = lows + (at0 &>> 6), s = UInt64(at0 & 63)
                let two = (word[0] &>> s) | ((word[1] &<< 1) &<< (63 &- s))
                body(k, lowest &+ ((high &<< UInt32(low)) | UInt32(truncatingIfNeeded: two & mask)))
                at0 &+= low
                k &+= 1
            }
        }

        /// Number `i` of the run.
        @inline(__always)
        subscript(i: Int) -> UInt32 {
            let b = block &+ (i &>> _RisingNumbers.shift), j = i & (_RisingNumbers.blockSize - 1)
            let at = self.at.unsafelyUnwrapped, bits = self.bits.unsafelyUnwrapped
            let words = Int(at[b]), low = Int(at[b &+ 1]) &- words &- 2
            // The high part: where the (j+1)th set bit of the two high words is, less j.
            let high0 = bits[words], high1 = bits[words &+ 1], prefix0 = _RisingNumbers.bytePrefix(high0)
            let below0 = Int(truncatingIfNeeded: prefix0 &>> 56)
            let bit = j < below0
                ? _RisingNumbers.select(high0, prefix0, j)
                : 64 &+ _RisingNumbers.select(high1, _RisingNumbers.bytePrefix(high1), j &- below0)
            let high = UInt32(truncatingIfNeeded: bit &- j)
            // The low bits: `low` bits at bit `j * low` of the low words (the next word
            // read too: a block's last low word is followed by another block's or padding).
            let at0 = j &* low, lows = bits + (words &+ 2 &+ (at0 &>> 6)), s = UInt64(at0 & 63)
            let two = (lows[0] &>> s) | ((lows[1] &<< 1) &<< (63 &- s))
            let lowBits = UInt32(truncatingIfNeeded: two & ((1 &<< UInt64(low)) &- 1))
            return first.unsafelyUnwrapped[b] &+ ((high &<< UInt32(low)) | lowBits)
        }
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The lowest set bit of the 128 bits `low` then `high` (not both 0), cleared from them:
    /// the next high part's bit in a block's unary words.
    @inline(__always)
    static func takeLowestSetBit(_ low: inout UInt64, _ high: inout UInt64) -> Int {
        if low != 0 {
            let bit = low.trailingZeroBitCount
            low &= low &- 1
            return bit
        }
        let bit = 64 &+ high.trailingZeroBitCount
        high &= high &- 1
        return bit
    }

    /// Per byte of `word`, the set bits in it and the bytes below it (so the top byte is
    /// the word's count).
    @inline(__always)
    static func bytePrefix(_ word: UInt64) -> UInt64 {
        var s = word &- ((word &>> 1) & 0x5555_5555_5555_5555)
        s = (s & 0x3333_3333_3333_3333) &+ ((s &>> 2) & 0x3333_3333_3333_3333)
        s = (s &+ (s &>> 4)) & 0x0F0F_0F0F_0F0F_0F0F
        return s &* ones
    }

    /// Where the (`k`+1)th set bit of `word` is (`prefix` its `bytePrefix`), for `k` below
    /// its count; for another `k`, some number from 0 to 71 (no trap, no read).
    @inline(__always)
    static func select(_ word: UInt64, _ prefix: UInt64, _ k: Int) -> Int {
        // The bytes whose prefix is at most k come first; their number is k's byte.
        let key = UInt64(truncatingIfNeeded: k & 63) &* ones
        let before = (((key | highs) &- prefix) & highs) &>> 7
        let byte = Int(truncatingIfNeeded: (before &* ones) &>> 56) & 7
        let shift = UInt64(byte &* 8)
        let below = byte == 0 ? 0 : Int(truncatingIfNeeded: (prefix &>> (shift &- 8)) & 0xFF)
        // Then the same within the byte, its bits spread one to a byte.
        let spread = ((word &>> shift) & 0xFF) &* ones & 0x8040_2010_0804_0201
        let bitPrefix = ((((spread &+ 0x7F7F_7F7F_7F7F_7F7F) & highs) &>> 7)) &* ones
        let rank = UInt64(truncatingIfNeeded: (k &- below) & 7) &* ones
        let inByte = Int(truncatingIfNeeded: (((((rank | highs) &- bitPrefix) & highs) &>> 7) &* ones) &>> 56)
        return byte &* 8 &+ inByte
    }
}
