/// A column of numbers that each stay or rise by one from the number before, in about 1.5
/// bits a number: a base per block of 64 (the block's first number) and a word whose bit
/// `j` is set when number `j` of the block is one more than number `j - 1`, so number `j`
/// is the base plus the set bits up to `j`.
///
/// The index keeps each indexed name's place so: names are indexed place by place, and
/// every bundled place has at least one indexed name, so a name's place is the place of
/// the name before or the next one (0.22 MB for the bundled data's 1.19 M names, where a
/// base per 64 and a byte a name took 1.27 MB: `_RisingColumn`, format 27). A block whose
/// numbers step otherwise (a place whose names all fold to nothing, so that it has none)
/// keeps its numbers in `wide`, 64 a block: its base is `wideFlag` and where they start.
///
///     let places = _StepColumn([0, 0, 1, 2, 2, 2, 3])
///     places[4]    // 2
///
/// - Complexity: a number in O(1): two reads (a base and a word, from columns small
///   enough to stay in cache) and a count of set bits.
struct _StepColumn: Sendable {
    /// Per block: its first number, or `wideFlag | i` for a block stored as `wide[i ..< i + 64]`.
    let base: _Column<UInt32>
    /// Per block: bit `j` set when number `j` is one more than number `j - 1` (bit 0 and
    /// the bits past the numbers clear; 0 for a wide block).
    let steps: _Column<UInt64>
    /// The numbers of the wide blocks, 64 a block (a short last block repeats its last).
    let wide: _Column<UInt32>
    /// The number of numbers.
    let count: Int

    static let shift = 6
    static let blockSize = 1 << shift
    static let wideFlag: UInt32 = 1 << 31

    init(base: _Column<UInt32>, steps: _Column<UInt64>, wide: _Column<UInt32>, count: Int) {
        self.base = base
        self.steps = steps
        self.wide = wide
        self.count = count
    }

    /// `numbers`, in blocks.
    init(_ numbers: [UInt32]) {
        var base: [UInt32] = [], steps: [UInt64] = [], wide: [UInt32] = []
        base.reserveCapacity((numbers.count + Self.blockSize - 1) >> Self.shift)
        steps.reserveCapacity(base.capacity)
        for start in stride(from: 0, to: numbers.count, by: Self.blockSize) {
            let block = numbers[start..<min(start + Self.blockSize, numbers.count)]
            var word: UInt64 = 0
            var stepsByOne = block[start] < Self.wideFlag
            for j in 1..<block.count where stepsByOne {
                switch block[start + j] &- block[start + j - 1] {
                case 0: break
                case 1: word |= 1 << UInt64(j)
                default: stepsByOne = false
                }
            }
            if stepsByOne {
                base.append(block[start])
                steps.append(word)
            } else {
                precondition(wide.count < Self.wideFlag, "too many numbers in wide blocks")
                base.append(Self.wideFlag | UInt32(wide.count))
                steps.append(0)
                wide += block
                wide += repeatElement(block[block.endIndex - 1], count: Self.blockSize - block.count)
            }
        }
        self.init(base: _Column(base), steps: _Column(steps), wide: _Column(wide), count: numbers.count)
    }

    /// Number `i` (bounds-checked).
    subscript(i: Int) -> UInt32 {
        precondition(i >= 0 && i < count, "_StepColumn index out of range")
        return buffers[i]
    }

    /// The columns as buffers, for a loop that holds them (see `_Column.buffer`).
    var buffers: Buffers { Buffers(base: base.buffer, steps: steps.buffer, wide: wide.buffer) }

    /// The columns as buffers: read only after `isConsistent(below:)`, which puts every
    /// wide block inside `wide`.
    struct Buffers {
        let base: UnsafeBufferPointer<UInt32>
        let steps: UnsafeBufferPointer<UInt64>
        let wide: UnsafeBufferPointer<UInt32>

        @inline(__always)
        subscript(i: Int) -> UInt32 {
            let block = base[i &>> _StepColumn.shift], j = i & (_StepColumn.blockSize - 1)
            guard block & _StepColumn.wideFlag == 0 else {
                return wide[Int(truncatingIfNeeded: block & ~_StepColumn.wideFlag) &+ j]
            }
            // Bits 0 through j (for j = 63, 2 << 63 is 0: every bit).
            let upTo = (UInt64(2) &<< UInt64(truncatingIfNeeded: j)) &- 1
            return block &+ UInt32(truncatingIfNeeded: (steps[i &>> _StepColumn.shift] & upTo).nonzeroBitCount)
        }
    }

    /// Whether the blocks fit the count, their words have no bit outside their numbers,
    /// every wide block lies inside `wide`, and every number is below `limit`: what a
    /// loaded index must satisfy before a search reads through it.
    ///
    /// - Complexity: O(*b* + *w*) for *b* blocks and *w* numbers in wide blocks.
    func isConsistent(below limit: Int) -> Bool {
        let blocks = (count + Self.blockSize - 1) >> Self.shift
        guard count >= 0, base.count == blocks, steps.count == blocks, wide.count % Self.blockSize == 0 else {
            return false
        }
        let base = base.buffer, steps = steps.buffer
        var largest: UInt64 = 0
        for b in 0..<blocks {
            let n = min(Self.blockSize, count - (b << Self.shift))
            // The bits a block may set: 1 ..< n.
            let allowed = (n == Self.blockSize ? ~0 : (UInt64(1) << UInt64(n)) - 1) & ~1
            if base[b] & Self.wideFlag == 0 {
                guard steps[b] & ~allowed == 0 else { return false }
                largest = Swift.max(largest, UInt64(base[b]) + UInt64(steps[b].nonzeroBitCount))
            } else {
                let at = Int(base[b] & ~Self.wideFlag)
                guard steps[b] == 0, at % Self.blockSize == 0, at < wide.count else { return false }
            }
        }
        for number in wide.buffer { largest = Swift.max(largest, UInt64(number)) }
        return count == 0 || largest < UInt64(clamping: limit)
    }
}
