/// A table of where each first two bytes start in a sorted list of byte strings: entry
/// `p` is the first item whose first two bytes, as the big-endian number `p`, are `p` or
/// more (a one-byte item's second byte counting as 0); 65,537 entries, the last being the
/// item count. The items starting with bytes `a b` are `table[p] ..< table[p + 1]`, so a
/// search starts inside them, one lookup instead of the first, cache-missing steps of a
/// binary search.
enum _BucketTable {
    /// The number of buckets (the table has one entry more).
    static let bucketCount = 1 << 16

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
    static func build(count: Int, bucket: (Int) -> Int) -> [UInt32] {
        var table = [UInt32](repeating: 0, count: bucketCount + 1)
        var next = 0  // the first bucket not yet started
        for i in 0..<count {
            let b = bucket(i)
            while next <= b {
                table[next] = UInt32(i)
                next += 1
            }
        }
        while next <= bucketCount {
            table[next] = UInt32(count)
            next += 1
        }
        return table
    }

    /// Whether `table` has its size, rises, and ends at `count`: what a loaded index must
    /// satisfy before a search trusts it (its ranges then lie within the list).
    static func isConsistent(_ table: _Column<UInt32>, count: Int) -> Bool {
        guard table.count == bucketCount + 1, Int(table[bucketCount]) == count else { return false }
        var previous: UInt32 = 0
        for value in table.buffer {
            guard value >= previous else { return false }
            previous = value
        }
        return true
    }
}
