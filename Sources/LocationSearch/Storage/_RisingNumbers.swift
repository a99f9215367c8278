/// Rising numbers (each at least the one before) in blocks of 64, each block an
/// Elias–Fano sequence: `L + 3` bits a number, `L` about log₂ of what the block's numbers
/// span over 64, and any number read in O(1) without a scan.
///
/// How does it work? A block keeps its first number in `first`, and every number as its
/// offset from that first one, split in two: the low `L` bits, packed one after another,
/// and the high part, written in unary. `L` is the fewest bits that leave every high part
/// below 64, so the 64 high parts, each set as bit `high + j` for the `j`th number, set
/// 64 of the first 127 bits of two words. Reading number `j` is a select: the (`j`+1)th
/// set bit of the two words, less `j`, is its high part; its low bits are at bit `j * L`.
///
/// For example, the block `[3, 5, 5, 9, 200]` spans 197, 8 bits, so `L` is 2: the offsets
/// 0, 2, 2, 6 and 197 have high parts 0, 0, 0, 1 and 49, set as bits 0, 1, 2, 4 and 53,
/// and low bits 0, 2, 2, 2 and 1. The block is padded to 64 with its last number (bits
/// 54 to 112): a block is always two high words and `L` low words (here 2 + 2).
///
/// Layout: block `b`'s first number is `first[b]`; its words start at `at[b]` in `bits`,
/// two high words, then its low words; `at` has one more entry than there are blocks, so
/// `L` is `at[b + 1] - at[b] - 2` and no width is stored. `bits` ends with two words of
/// padding, so a read of a block's last low bits reads the next word without a test.
///
/// Numbers come in runs (`init(_:runStart:)`), each run starting a block: a run is one
/// sequence its owner reads through `slice(block:count:)`, from the run's first block.
/// The owner keeps how many numbers each run has (a run's last block repeats its last
/// number to 64) and where its blocks start.
///
/// Alternatives: a base per block and a byte a number (`_BlockedNumbers`) takes a byte and
/// a half where this takes three to six bits for close numbers, and a wide form where a
/// block spans more than a byte; bit planes of steps (`_StepColumn`) take less only where
/// every step is 0 or 1 (docs/decisions/0065-one-rising-number-codec.md). A read by index
/// costs a select where those cost a load or two: read numbers in order through `forEach`.
///
///     let numbers = _RisingNumbers([3, 5, 5, 9, 200])
///     let slice = numbers.slice(block: 0, count: 5)
///     slice[3]                                  // 9
///     slice.firstIndex(notBelow: 6, from: 0)    // 3
///
/// A damaged file's number reads as some number (its owner checks or clamps it);
/// `isConsistent()` makes every read stay inside the columns.
///
/// - Complexity: a number in O(1) (two reads of the block's header, a select among the
///   two high words, broadword, and one or two low words); the first index at or above a
///   value in O(log *n*) for *n* numbers; O(*n*) to build.
struct _RisingNumbers: Sendable {
    /// Per block, its first number.
    let first: _Column<UInt32>
    /// Per block, where its words start in `bits`; then where the padding starts.
    let at: _Column<UInt32>
    /// Per block, two words of high bits and its low words; then two words of padding.
    let bits: _Column<UInt64>

    static let shift = 6
    static let blockSize = 1 << shift
    /// The most low bits a number: the span of a block of `UInt32`s needs 32 bits, 6 of
    /// them high.
    static let maximumLowBits = UInt32.bitWidth - shift

    init(first: _Column<UInt32>, at: _Column<UInt32>, bits: _Column<UInt64>) {
        self.first = first
        self.at = at
        self.bits = bits
    }

    /// `numbers` in runs: run `r` is `numbers[runStart[r] ..< runStart[r + 1]]` (from 0 to
    /// the end), each rising, each starting a block.
    ///
    /// - Complexity: O(*n*) for *n* numbers.
    init(_ numbers: [UInt32], runStart: [UInt32]) {
        precondition(runStart.first == 0 && Int(runStart.last ?? 0) == numbers.count,
                     "runs do not cover the numbers")
        var first: [UInt32] = [], at: [UInt32] = [], bits: [UInt64] = []
        for r in 0..<(runStart.count - 1) {
            let run = Int(runStart[r])..<Int(runStart[r + 1])
            precondition(run.lowerBound <= run.upperBound, "runs do not rise")
            for start in stride(from: run.lowerBound, to: run.upperBound, by: Self.blockSize) {
                let block = numbers[start..<min(start + Self.blockSize, run.upperBound)]
                let lowest = block[start], highest = block[block.endIndex - 1]
                for j in block.indices.dropFirst() {
                    precondition(block[j - 1] <= block[j], "a run's numbers do not rise")
                }
                let span = highest - lowest
                let low = max(0, UInt32.bitWidth - span.leadingZeroBitCount - Self.shift)
                first.append(lowest)
                precondition(bits.count < Int(UInt32.max) - low - 4, "too many rising numbers")
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
        self.init(first: _Column(first), at: _Column(at), bits: _Column(bits))
    }

    /// `numbers` (rising) as one run: read them through `slice(block: 0, count: numbers.count)`.
    init(_ numbers: [UInt32]) {
        self.init(numbers, runStart: [0, UInt32(numbers.count)])
    }

    /// The number of blocks.
    var blockCount: Int { first.count }

    /// The blocks a run of `count` numbers takes.
    static func blocks(count: Int) -> Int { (count + blockSize - 1) >> shift }

    /// The bytes the three columns take.
    var byteCount: Int { first.count * 4 + at.count * 4 + bits.count * 8 }

    /// Whether every block's words are inside `bits`, one block after another from its
    /// start, with at most 26 low bits a number, its high words with 64 bits set, and the
    /// padding after the last: so that every read of a slice whose blocks are among them
    /// is in bounds. (What the numbers mean, and that they rise, is the owner's to check.)
    ///
    /// - Complexity: O(*b*) for *b* blocks.
    func isConsistent() -> Bool {
        let blocks = first.count
        guard at.count == blocks + 1, at[0] == 0 else { return false }
        let words = bits.buffer
        for b in 0..<blocks {
            let start = Int(at[b]), end = Int(at[b + 1])
            guard end >= start + 2, end - start - 2 <= Self.maximumLowBits, end <= words.count,
                  words[start].nonzeroBitCount + words[start + 1].nonzeroBitCount == Self.blockSize
            else { return false }
        }
        return Int(at[blocks]) + 2 == words.count
    }

    /// `count` numbers from block `block` on, as a run's owner reads them (`count` at most
    /// 64 a block from `block` to the last).
    func slice(block: Int, count: Int) -> Slice {
        Slice(first: first.pointer, at: at.pointer, bits: bits.pointer, block: block, count: count)
    }
}
