/// A column of numbers that each stay or rise by a little from the number before, in a few
/// bits a number: a base per block of 64 (the block's first number) and `planes` words, word
/// *p*'s bit `j` being bit *p* of how far number `j` of the block is above number `j - 1`,
/// so number `j` is the base plus, for each plane, its set bits up to `j` shifted by *p*.
///
/// The index keeps each indexed name's place and display name so, and the gazetteer where
/// each of its coded names starts (`_StringOffsets`: five planes). Names are indexed place
/// by place, and every bundled place has at least one indexed name, so a name's place is
/// the place of the name before or the next one: one plane (0.22 MB for the bundled data's
/// 1.19 M names, where a base per 64 and a byte a name would take 1.27 MB). A name's
/// display name is the gazetteer's name it shows, and the gazetteer's names that fold like
/// another of their place are not indexed, so it rises by 0 to 11 (by 1 86% of the time,
/// by 8 or more in 70 of 18,637 blocks): three planes, 0.54 MB where a base and a byte would
/// take 1.27 (docs/decisions/0022). The build chooses the planes that take the fewest bytes
/// (`init(_:)`). A block whose numbers step otherwise (down, or further than its planes
/// hold) keeps its numbers in `wide`, 64 a block: its base is `wideFlag` and where they
/// start.
///
///     let places = _StepColumn([0, 0, 1, 2, 2, 2, 3])
///     places.planes   // 1
///     places[4]       // 2
///
/// - Complexity: a number in O(*p*) for *p* planes: a base and *p* adjacent words (from
///   columns small enough to stay in cache) and *p* counts of set bits.
struct _StepColumn: Sendable {
    /// Per block: its first number, or `wideFlag | i` for a block stored as `wide[i ..< i + 64]`.
    let base: _Column<UInt32>
    /// Per block, `planes` words: bit `j` of word *p* set when bit *p* of number `j`'s step
    /// from number `j - 1` is (bit 0 and the bits past the numbers clear; 0 for a wide block).
    let steps: _Column<UInt64>
    /// The numbers of the wide blocks, 64 a block (a short last block repeats its last).
    let wide: _Column<UInt32>
    /// The number of numbers.
    let count: Int
    /// The bits of a step, and so the words a block (1...`maximumPlanes`).
    let planes: Int

    static let shift = 6
    static let blockSize = 1 << shift
    static let wideFlag: UInt32 = 1 << 31
    static let maximumPlanes = 5

    init(base: _Column<UInt32>, steps: _Column<UInt64>, wide: _Column<UInt32>, count: Int, planes: Int) {
        self.base = base
        self.steps = steps
        self.wide = wide
        self.count = count
        self.planes = planes
    }

    /// `numbers`, in blocks of the planes that take the fewest bytes (the fewest planes of
    /// those that do).
    ///
    /// - Complexity: O(*n*) for *n* numbers.
    init(_ numbers: [UInt32]) {
        let largest = Self.largestSteps(numbers)
        var best = 1, bestBytes = Int.max
        for planes in 1...Self.maximumPlanes {
            var wideBlocks = 0
            for top in largest where !Self.fits(top, planes: planes) { wideBlocks += 1 }
            let bytes = largest.count * 8 * planes + wideBlocks * Self.blockSize * 4
            if bytes < bestBytes { (best, bestBytes) = (planes, bytes) }
        }
        self.init(numbers, planes: best, largest: largest)
    }

    /// `numbers`, in blocks of `planes` words (1...`maximumPlanes`).
    ///
    /// - Complexity: O(*n*) for *n* numbers.
    init(_ numbers: [UInt32], planes: Int) {
        self.init(numbers, planes: planes, largest: Self.largestSteps(numbers))
    }

    /// `numbers` in blocks of `planes` words, whose blocks' `largestSteps` are given: a
    /// block whose steps fit the planes is a base and its words, any other is wide.
    private init(_ numbers: [UInt32], planes: Int, largest: [UInt32?]) {
        precondition((1...Self.maximumPlanes).contains(planes), "1 to \(Self.maximumPlanes) planes")
        var base: [UInt32] = [], steps: [UInt64] = [], wide: [UInt32] = []
        base.reserveCapacity(largest.count)
        steps.reserveCapacity(largest.count * planes)
        var words = [UInt64](repeating: 0, count: planes)
        for (b, top) in largest.enumerated() {
            let start = b << Self.shift, end = min(start + Self.blockSize, numbers.count)
            if Self.fits(top, planes: planes) {
                for p in 0..<planes { words[p] = 0 }
                for i in (start + 1)..<end {
                    let step = numbers[i] - numbers[i - 1]
                    for p in 0..<planes where step >> p & 1 != 0 { words[p] |= 1 << UInt64(i - start) }
                }
                base.append(numbers[start])
                steps += words
            } else {
                precondition(wide.count < Self.wideFlag, "too many numbers in wide blocks")
                base.append(Self.wideFlag | UInt32(wide.count))
                steps += repeatElement(0, count: planes)
                wide += numbers[start..<end]
                wide += repeatElement(numbers[end - 1], count: Self.blockSize - (end - start))
            }
        }
        self.init(base: _Column(base), steps: _Column(steps), wide: _Column(wide), count: numbers.count,
                  planes: planes)
    }

    /// Each block's largest step from one number to the next, or nil when it steps down or
    /// its first number has the wide flag's bit.
    private static func largestSteps(_ numbers: [UInt32]) -> [UInt32?] {
        var largest: [UInt32?] = []
        largest.reserveCapacity((numbers.count + blockSize - 1) >> shift)
        for start in stride(from: 0, to: numbers.count, by: blockSize) {
            var top: UInt32? = numbers[start] < wideFlag ? 0 : nil
            for i in (start + 1)..<min(start + blockSize, numbers.count) {
                guard let t = top else { break }
                top = numbers[i] < numbers[i - 1] ? nil : max(t, numbers[i] - numbers[i - 1])
            }
            largest.append(top)
        }
        return largest
    }

    /// Whether a block whose largest step is `top` is stored in `planes` words, not wide.
    private static func fits(_ top: UInt32?, planes: Int) -> Bool {
        top.map { $0 < 1 << planes } ?? false
    }

    /// Number `i` (bounds-checked).
    subscript(i: Int) -> UInt32 {
        precondition(i >= 0 && i < count, "_StepColumn index out of range")
        return buffers[i]
    }

    /// The columns as buffers, for a loop that holds them (see `_Column.buffer`).
    var buffers: Buffers { Buffers(base: base.buffer, steps: steps.buffer, wide: wide.buffer, planes: planes) }

    /// The columns as buffers: read only after `isConsistent(below:)`, which puts every
    /// wide block inside `wide` and every block's words inside `steps`.
    struct Buffers {
        let base: UnsafeBufferPointer<UInt32>
        let steps: UnsafeBufferPointer<UInt64>
        let wide: UnsafeBufferPointer<UInt32>
        let planes: Int

        @inline(__always)
        subscript(i: Int) -> UInt32 {
            let b = i &>> _StepColumn.shift, block = base[b], j = i & (_StepColumn.blockSize - 1)
            guard block & _StepColumn.wideFlag == 0 else {
                return wide[Int(truncatingIfNeeded: block & ~_StepColumn.wideFlag) &+ j]
            }
            // Bits 0 through j (for j = 63, 2 << 63 is 0: every bit).
            let upTo = (UInt64(2) &<< UInt64(truncatingIfNeeded: j)) &- 1
            let first = b &* planes
            var sum = (steps[first] & upTo).nonzeroBitCount
            var p = 1
            while p < planes {
                sum &+= (steps[first &+ p] & upTo).nonzeroBitCount &<< p
                p &+= 1
            }
            return block &+ UInt32(truncatingIfNeeded: sum)
        }

        /// Number `i` (below the count), given number `i - 1`: within a block of planes, that
        /// plus the step bits at `i` (a few shifts where a read counts bits in every word),
        /// for a loop over numbers in turn.
        @inline(__always)
        func number(_ i: Int, after previous: UInt32) -> UInt32 {
            let b = i &>> _StepColumn.shift, block = base[b], j = i & (_StepColumn.blockSize - 1)
            guard block & _StepColumn.wideFlag == 0, j != 0 else { return self[i] }
            let first = b &* planes, at = UInt64(truncatingIfNeeded: j)
            var step = 0, p = 0
            while p < planes {
                step |= Int(truncatingIfNeeded: (steps[first &+ p] &>> at) & 1) &<< p
                p &+= 1
            }
            return previous &+ UInt32(truncatingIfNeeded: step)
        }

        /// Numbers `i` and `i + 1` (which must be below the count): within a block of
        /// planes, the second is the first plus the step bits at `i + 1`, read from the
        /// same words (half the work of two reads).
        @inline(__always)
        func pair(_ i: Int) -> (UInt32, UInt32) {
            let b = i &>> _StepColumn.shift, block = base[b], j = i & (_StepColumn.blockSize - 1)
            guard block & _StepColumn.wideFlag == 0, j != _StepColumn.blockSize - 1 else {
                return (self[i], self[i &+ 1])
            }
            let upTo = (UInt64(2) &<< UInt64(truncatingIfNeeded: j)) &- 1, next = UInt64(truncatingIfNeeded: j &+ 1)
            let first = b &* planes
            var sum = 0, step = 0, p = 0
            while p < planes {
                let word = steps[first &+ p]
                sum &+= (word & upTo).nonzeroBitCount &<< p
                step |= Int(truncatingIfNeeded: (word &>> next) & 1) &<< p
                p &+= 1
            }
            let number = block &+ UInt32(truncatingIfNeeded: sum)
            return (number, number &+ UInt32(truncatingIfNeeded: step))
        }
    }

    /// Whether the blocks fit the count, their words have no bit outside their numbers,
    /// every wide block lies inside `wide`, every number is below `limit`, and, when
    /// `rising`, no number is below the one before (within a block of planes none can be,
    /// so a wide block's numbers and each block's first against the last before): what a
    /// loaded index must satisfy before a search reads through it.
    ///
    /// - Complexity: O(*b* *p* + *w*) for *b* blocks of *p* planes and *w* numbers in wide
    ///   blocks.
    func isConsistent(below limit: Int, rising: Bool = false) -> Bool {
        let blocks = (count + Self.blockSize - 1) >> Self.shift
        guard count >= 0, (1...Self.maximumPlanes).contains(planes), base.count == blocks,
              steps.count == blocks * planes, wide.count % Self.blockSize == 0
        else { return false }
        let base = base.buffer, steps = steps.buffer, wideNumbers = wide.buffer
        var largest: UInt64 = 0, previous: UInt64 = 0
        for b in 0..<blocks {
            let n = min(Self.blockSize, count - (b << Self.shift))
            // The bits a block may set: 1 ..< n.
            let allowed = (n == Self.blockSize ? ~0 : (UInt64(1) << UInt64(n)) - 1) & ~1
            if base[b] & Self.wideFlag == 0 {
                var top = UInt64(base[b])
                guard !rising || top >= previous else { return false }
                for p in 0..<planes {
                    let word = steps[b * planes + p]
                    guard word & ~allowed == 0 else { return false }
                    top += UInt64(word.nonzeroBitCount) << UInt64(p)
                }
                largest = Swift.max(largest, top)
                previous = top
            } else {
                let at = Int(base[b] & ~Self.wideFlag)
                for p in 0..<planes where steps[b * planes + p] != 0 { return false }
                guard at % Self.blockSize == 0, at < wide.count else { return false }
                if rising {
                    for number in wideNumbers[at..<at + Self.blockSize] {
                        guard UInt64(number) >= previous else { return false }
                        previous = UInt64(number)
                    }
                }
            }
        }
        for number in wideNumbers { largest = Swift.max(largest, UInt64(number)) }
        return count == 0 || largest < UInt64(clamping: limit)
    }
}
