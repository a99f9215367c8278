/// The key views' positions (`_KeyViews`): runs of rising numbers (one run per view), each
/// run in blocks of 64 coded as Elias–Fano sequences, in about a byte a position where
/// a base per block and 16 bits a position took 2.3.
///
/// A block holds its first position in `first`, and the rest as offsets from it in words
/// of `bits`: two words of high bits, then `L` words of low bits, `L` the fewest low bits
/// that leave every offset's high part below 64. Offset `j`'s low `L` bits are at bit
/// `j * L` of the low words; its high part `h` is unary: bit `h + j` of the high words is
/// set, so the 64 offsets set 64 bits among the first 127 and offset `j`'s high part is
/// where its (`j`+1)th set bit is, less `j`. Where block `b`'s words start is `at[b]`
/// (`at` has one more entry than there are blocks), so `L` is `at[b + 1] - at[b] - 2`: no
/// width is stored. A run's last block, when shorter, repeats its last position to 64,
/// and `bits` ends with two words of padding, so every read of a block reads two words
/// of its low bits without a test.
///
/// For the bundled data, a block of a large view (the United States') spans a few
/// hundred keys of its list, two or three low bits a position; a small country's spans
/// tens of thousands, ten or more (the 16-bit form kept those whole, 32 bits each).
///
/// Every block starts a position of its run at a multiple of 64, so a run starts at a
/// block: run `r`'s blocks start at `runBlock[r]`, worked out when the positions are
/// made or loaded from `runStart` (where each run's positions start; one more entry than
/// runs).
///
/// A damaged position reads as some number (its owner clamps it into the list: see
/// `_KeyViews`); `isConsistent()` makes every read stay inside the columns.
///
/// - Complexity: a position in O(1): two reads of the block's header, a select among the
///   two high words (broadword, no table), and one or two low words.
struct _ViewPositions: Sendable {
    /// Per block, its first position.
    let first: _Column<UInt32>
    /// Per block, where its words start in `bits`; then where the padding starts.
    let at: _Column<UInt32>
    /// Per block, two words of high bits and its low words; then two words of padding.
    let bits: _Column<UInt64>
    /// Run `r`'s positions are `runStart[r] ..< runStart[r + 1]` of all of them.
    let runStart: _Column<UInt32>
    /// Where each run's blocks start in `first` (one more entry than runs), from `runStart`
    /// (a run that does not rise, in a damaged file, has no blocks; `isConsistent()` refuses it).
    let runBlock: [Int]

    static let shift = 6
    static let blockSize = 1 << shift

    init(first: _Column<UInt32>, at: _Column<UInt32>, bits: _Column<UInt64>, runStart: _Column<UInt32>) {
        self.first = first
        self.at = at
        self.bits = bits
        self.runStart = runStart
        var runBlock = [0]
        runBlock.reserveCapacity(runStart.count)
        var blocks = 0
        for r in 0..<max(0, runStart.count - 1) {
            let count = runStart[r + 1] >= runStart[r] ? Int(runStart[r + 1] - runStart[r]) : 0
            blocks += (count + Self.blockSize - 1) >> Self.shift
            runBlock.append(blocks)
        }
        self.runBlock = runBlock
    }

    /// `positions`, whose runs (`runStart[r] ..< runStart[r + 1]`, from 0 to the end) each
    /// rise.
    init(_ positions: [UInt32], runStart: [UInt32]) {
        precondition(runStart.first == 0 && Int(runStart.last ?? 0) == positions.count,
                     "runs do not cover the positions")
        var first: [UInt32] = [], at: [UInt32] = [], bits: [UInt64] = []
        for r in 0..<(runStart.count - 1) {
            let run = Int(runStart[r])..<Int(runStart[r + 1])
            for start in stride(from: run.lowerBound, to: run.upperBound, by: Self.blockSize) {
                let block = positions[start..<min(start + Self.blockSize, run.upperBound)]
                let lowest = block[start], highest = block[block.endIndex - 1]
                for j in block.indices.dropFirst() {
                    precondition(block[j - 1] < block[j], "a run's positions do not rise")
                }
                let span = highest - lowest
                let low = max(0, UInt32.bitWidth - span.leadingZeroBitCount - Self.shift)
                first.append(lowest)
                precondition(bits.count < Int(UInt32.max) - low - 4, "too many view positions")
                at.append(UInt32(bits.count))
                let words = bits.count
                bits += repeatElement(0, count: 2 + low)
                for j in 0..<Self.blockSize {
                    let offset = UInt64((j < block.count ? block[start + j] : highest) - lowest)
                    let high = Int(offset >> low) + j
                    bits[words + high >> 6] |= 1 << (high & 63)
                    guard low > 0 else { continue }
                    let value = offset & ((1 << low) - 1), bit = j * low
                    bits[words + 2 + bit >> 6] |= value << (bit & 63)
                    if bit & 63 + low > 64 { bits[words + 3 + bit >> 6] |= value >> (64 - bit & 63) }
                }
            }
        }
        at.append(UInt32(bits.count))
        bits += [0, 0]
        self.init(first: _Column(first), at: _Column(at), bits: _Column(bits), runStart: _Column(runStart))
    }

    /// The number of positions, in all the runs.
    var count: Int { Int(runStart.last ?? 0) }
    /// The number of runs.
    var runCount: Int { max(0, runStart.count - 1) }

    /// Whether the runs start at 0 and rise, there is a block for every 64 positions of a
    /// run, every block's words are inside `bits` with at most 32 low bits a position and
    /// its high words have 64 bits set, and the padding follows: so that every read is in
    /// bounds. (The positions themselves are clamped when read: see `_KeyViews`.)
    ///
    /// - Complexity: O(*r* + *b*) for *r* runs and *b* blocks.
    func isConsistent() -> Bool {
        guard runStart.count >= 1, runStart[0] == 0 else { return false }
        for r in 0..<runCount where runStart[r] > runStart[r + 1] { return false }
        let blocks = first.count
        guard runBlock.last == blocks, at.count == blocks + 1, at[0] == 0 else { return false }
        let words = bits.buffer
        for b in 0..<blocks {
            let start = Int(at[b]), end = Int(at[b + 1])
            guard end >= start + 2, end - start - 2 <= 32, end <= words.count,
                  words[start].nonzeroBitCount + words[start + 1].nonzeroBitCount == Self.blockSize
            else { return false }
        }
        return Int(at[blocks]) + 2 == words.count
    }

    /// Run `r`'s positions, as a view reads them.
    func slice(run r: Int) -> Slice {
        Slice(first: first.pointer, at: at.pointer, bits: bits.pointer, block: runBlock[r],
              count: Int(runStart[r + 1]) - Int(runStart[r]))
    }

    /// One run's positions, read through the columns' memory (valid while the positions
    /// are alive: their columns are immutable and keep their memory). Five words: the walk
    /// copies it with each of its sources.
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

        /// The first index from `lowerBound` whose position is `value` or more, where the
        /// positions rise: a binary search over the blocks after `lowerBound`'s by their
        /// first positions (one read of a small column each), then in one block, the
        /// first whose high part is `value`'s or more (a select among the high words'
        /// zeros: the offsets with a lower high part come before the high part's zero),
        /// and from there the few with the same high part one by one, each the next set
        /// bit.
        ///
        /// - Complexity: O(log *n*) for *n* positions.
        @inline(__always)
        func firstIndex(notBelow value: UInt32, from lowerBound: Int) -> Int {
            guard lowerBound < count, let first else { return count }
            let shift = _ViewPositions.shift
            let firstBlock = lowerBound >> shift, lastBlock = (count - 1) >> shift
            let found = _PrefixIndex.partition((firstBlock + 1)..<(lastBlock + 1)) { first[block &+ $0] < value }
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
                let k = Int(high) &- 1, prefix0 = _ViewPositions.bytePrefix(~high0)
                let count0 = Int(truncatingIfNeeded: prefix0 &>> 56)
                let zero = k < count0
                    ? _ViewPositions.select(~high0, prefix0, k)
                    : 64 &+ _ViewPositions.select(~high1, _ViewPositions.bytePrefix(~high1), k &- count0)
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
            while j < _ViewPositions.blockSize {
                let bit = _ViewPositions.takeLowestSetBit(&rest0, &rest1)
                // A higher high part: this offset is above `value`'s.
                guard bit &- j == Int(high) else { break }
                let at0 = j &* Int(low), word = lows + (at0 &>> 6), s = UInt64(at0 & 63)
                let two = (word[0] &>> s) | ((word[1] &<< 1) &<< (63 &- s))
                guard two & ((1 &<< low) &- 1) < target else { break }
                j &+= 1
            }
            return Swift.min(to, Swift.max(from, start &+ j))
        }

        /// The positions of the `n` indices from `start`, all in one block of 64 (indices
        /// past the run's end read as its last position), handed to `body` with their
        /// index less `start`, in one pass: a select finds the first one's set bit, and
        /// each next one's is the next set bit. (The walk reads a block of 16 keys at a
        /// time, `_BestFirst`: 16 divides 64.)
        ///
        /// - Complexity: O(*n*).
        @inline(__always)
        func forEach(from start: Int, count n: Int, _ body: (Int, UInt32) -> Void) {
            let b = block &+ (start &>> _ViewPositions.shift), j = start & (_ViewPositions.blockSize - 1)
            let at = self.at.unsafelyUnwrapped, bits = self.bits.unsafelyUnwrapped
            let words = Int(at[b]), low = Int(at[b &+ 1]) &- words &- 2
            let high0 = bits[words], high1 = bits[words &+ 1], prefix0 = _ViewPositions.bytePrefix(high0)
            let below0 = Int(truncatingIfNeeded: prefix0 &>> 56)
            // The set bits from the first one's on.
            var rest0: UInt64, rest1: UInt64
            if j < below0 {
                rest0 = high0 & (UInt64.max &<< UInt64(_ViewPositions.select(high0, prefix0, j)))
                rest1 = high1
            } else {
                let bit = _ViewPositions.select(high1, _ViewPositions.bytePrefix(high1), j &- below0)
                rest0 = 0
                rest1 = high1 & (UInt64.max &<< UInt64(bit))
            }
            let lowest = first.unsafelyUnwrapped[b], mask = (1 &<< UInt64(low)) &- 1, lows = bits + (words &+ 2)
            var at0 = j &* low, k = 0
            while k < n {
                let bit = _ViewPositions.takeLowestSetBit(&rest0, &rest1)
                let high = UInt32(truncatingIfNeeded: bit &- j &- k)
                let word = lows + (at0 &>> 6), s = UInt64(at0 & 63)
                let two = (word[0] &>> s) | ((word[1] &<< 1) &<< (63 &- s))
                body(k, lowest &+ ((high &<< UInt32(low)) | UInt32(truncatingIfNeeded: two & mask)))
                at0 &+= low
                k &+= 1
            }
        }

        /// Position `i` of the run.
        @inline(__always)
        subscript(i: Int) -> UInt32 {
            let b = block &+ (i &>> _ViewPositions.shift), j = i & (_ViewPositions.blockSize - 1)
            let at = self.at.unsafelyUnwrapped, bits = self.bits.unsafelyUnwrapped
            let words = Int(at[b]), low = Int(at[b &+ 1]) &- words &- 2
            // The high part: where the (j+1)th set bit of the two high words is, less j.
            let high0 = bits[words], high1 = bits[words &+ 1], prefix0 = _ViewPositions.bytePrefix(high0)
            let below0 = Int(truncatingIfNeeded: prefix0 &>> 56)
            let bit = j < below0
                ? _ViewPositions.select(high0, prefix0, j)
                : 64 &+ _ViewPositions.select(high1, _ViewPositions.bytePrefix(high1), j &- below0)
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
