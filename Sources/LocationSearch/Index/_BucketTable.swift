/// A table of where each first two bytes start in a sorted list of byte strings: entry
/// `p` is the first item whose first two bytes, as the big-endian number `p`, are `p` or
/// more (a one-byte item's second byte counting as 0); 65,537 entries, the last being the
/// item count. The items starting with bytes `a b` are `self[p] ..< self[p + 1]`, so a
/// search starts inside them, one lookup instead of the first, cache-missing steps of a
/// binary search.
///
/// Most two-byte prefixes start no item, and their entries repeat the next one's: the
/// table keeps the first item of each prefix that has one (`starts`), and a bit per prefix,
/// set where one has some, in groups of eight (`groups`, 16 KB), each with the count of set
/// bits before it in its block of 256 prefixes; `base` counts them before each block. Entry
/// `p` is `starts` at the count of set bits below `p`: the block's, the group's and those
/// below `p` in the group (`below`, a table: the baseline x86-64 has no popcount
/// instruction). For the bundled data's three tables, 0.07 MB where 65,537 32-bit entries
/// each would take 0.79 (docs/decisions/0048).
///
///     let table = _BucketTable(count: 3) { [0x6162, 0x6162, 0x6300][$0] }  // "ab", "ab", "c"
///     table[0x6162]    // 0
///     table[0x6163]    // 2
///     table[0x6301]    // 3
///
/// A class, like `_KeyOffsets`: a key list is copied into every search and walk, and
/// three columns held by value would be retained at each copy.
///
/// - Complexity: an entry in O(1): four reads (three from columns of 19 KB or less, hot in
///   cache).
final class _BucketTable: Sendable {
    /// Per block of 256 prefixes, the prefixes with items before it; then, for entry
    /// 65,536, all of them.
    let base: _Column<UInt32>
    /// Per group of eight prefixes: in the low byte, the prefixes with items before it in
    /// its block; in the high byte, bit `j` set when prefix `j` of the group has some. A
    /// last group, for entry 65,536, 0.
    let groups: _Column<UInt16>
    /// The first item of each prefix that has one, in order; then the item count.
    let starts: _Column<UInt32>
    /// `Self.below`, held so that a read does not go through a global's accessor.
    private let belowTable: _Column<UInt8>

    /// The number of buckets (the table has one entry more).
    static let bucketCount = 1 << 16
    /// Prefixes per block, as a power of two.
    static let blockShift = 8
    /// Prefixes per group (eight: a byte of bits).
    static let groupShift = 3

    /// For each byte of bits `s` and each place `j` in a group, at `s << 3 | j`: the bits
    /// of `s` set below `j`.
    static let below: _Column<UInt8> = _Column((0..<2_048).map { index in
        UInt8((index >> 3 & ((1 << (index & 7)) - 1)).nonzeroBitCount)
    })

    init(base: _Column<UInt32>, groups: _Column<UInt16>, starts: _Column<UInt32>) {
        self.base = base
        self.groups = groups
        self.starts = starts
        self.belowTable = Self.below
    }

    /// An item's bucket: its first two bytes as a big-endian number (0 for a missing byte).
    @inline(__always)
    static func bucket<C: Collection<UInt8>>(of item: C) -> Int {
        var bytes = item.makeIterator()
        let first = Int(bytes.next() ?? 0)
        return first << 8 | Int(bytes.next() ?? 0)
    }

    /// The table over `count` sorted items, item `i` in bucket `bucket(i)`.
    ///
    /// - Complexity: O(*n* + 65,536) for *n* items.
    convenience init(count: Int, bucket: (Int) -> Int) {
        var has = [Bool](repeating: false, count: Self.bucketCount + 1), starts: [UInt32] = []
        var previous = -1
        for i in 0..<count {
            // (An item out of order stays in the bucket before, as the table of every start
            // had it: the list's own check refuses it.)
            let b = bucket(i)
            guard b > previous else { continue }
            precondition(b < Self.bucketCount, "a bucket beyond the table")
            has[b] = true
            starts.append(UInt32(i))
            previous = b
        }
        starts.append(UInt32(count))
        var base: [UInt32] = [], groups: [UInt16] = [], total = 0, inBlock = 0
        for group in stride(from: 0, through: Self.bucketCount, by: 1 << Self.groupShift) {
            if group & ((1 << Self.blockShift) - 1) == 0 {
                base.append(UInt32(total))
                inBlock = 0
            }
            var bits: UInt16 = 0
            for j in 0..<min(1 << Self.groupShift, Self.bucketCount + 1 - group) where has[group + j] {
                bits |= 1 << UInt16(j)
            }
            groups.append(UInt16(inBlock) | bits << 8)
            inBlock += bits.nonzeroBitCount
            total += bits.nonzeroBitCount
        }
        self.init(base: _Column(base), groups: _Column(groups), starts: _Column(starts))
    }

    /// Entry `p` (0 through 65,536): the first item whose bucket is `p` or more.
    subscript(p: Int) -> Int {
        precondition(p >= 0 && p <= Self.bucketCount, "bucket out of range")
        return buffers[p]
    }

    /// The columns as buffers, for a lookup (see `_Column.buffer`).
    var buffers: Buffers {
        Buffers(base: base.buffer, groups: groups.buffer, starts: starts.buffer, below: belowTable.buffer)
    }

    /// The columns as buffers: read only after `isConsistent(count:)`, which puts every
    /// entry inside `starts`.
    struct Buffers {
        let base: UnsafeBufferPointer<UInt32>
        let groups: UnsafeBufferPointer<UInt16>
        let starts: UnsafeBufferPointer<UInt32>
        /// `_BucketTable.below`.
        let below: UnsafeBufferPointer<UInt8>

        /// Entry `p` (0 through 65,536).
        @inline(__always)
        subscript(p: Int) -> Int {
            let group = Int(groups[p &>> _BucketTable.groupShift])
            let rank = Int(base[p &>> _BucketTable.blockShift]) &+ (group & 0xFF)
                &+ Int(below[(group &>> 5) & 0x7F8 | p & 7])
            return Int(starts[rank])
        }
    }

    /// Whether the table has its sizes, its counts count its bits, and its starts rise
    /// strictly (every prefix with a bit starts an item) from 0 to `count`: what a loaded
    /// index must satisfy before a search trusts it (its entries then lie within the
    /// list, each entry no more than the next).
    ///
    /// - Complexity: O(*b*) for *b* prefixes.
    func isConsistent(count: Int) -> Bool {
        let groupCount = Self.bucketCount >> Self.groupShift + 1
        guard base.count == Self.bucketCount >> Self.blockShift + 1, groups.count == groupCount,
              groups[groupCount - 1] == 0
        else { return false }
        let base = base.buffer, groups = groups.buffer
        var total = 0, inBlock = 0
        for g in 0..<groupCount {
            if g & ((1 << (Self.blockShift - Self.groupShift)) - 1) == 0 {
                guard Int(base[g >> (Self.blockShift - Self.groupShift)]) == total else { return false }
                inBlock = 0
            }
            let group = Int(groups[g])
            guard group & 0xFF == inBlock else { return false }
            inBlock += (group >> 8).nonzeroBitCount
            total += (group >> 8).nonzeroBitCount
        }
        let starts = starts.buffer
        guard starts.count == total + 1, starts.first == 0, Int(starts[total]) == count else { return false }
        for i in 0..<total where starts[i] >= starts[i + 1] { return false }
        return true
    }
}
