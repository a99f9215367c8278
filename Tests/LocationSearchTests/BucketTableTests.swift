import Testing
@testable import LocationSearch

@Suite("Bucket tables", .holdsItsThread)
struct BucketTableTests {
    /// Every entry is the first item whose bucket is that entry's or more, as the flat
    /// table of 65,537 starts had it.
    @Test("Every entry comes back", arguments: [0, 1, 2, 100, 5_000])
    func everyEntryComesBack(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count) + 3)
        // Buckets of sorted items: clustered, as two-byte prefixes of names are, with the
        // first and the last buckets among them.
        var buckets = (0..<count).map { _ in
            Int.random(in: 0...2, using: &generator) == 0
                ? Int.random(in: 0..<_BucketTable.bucketCount, using: &generator)
                : 0x6100 | Int.random(in: 0...0x7F, using: &generator)
        }
        if count >= 2 { buckets[0] = 0; buckets[1] = _BucketTable.bucketCount - 1 }
        buckets.sort()
        let table = _BucketTable(count: count) { buckets[$0] }
        var flat: [Int] = [], next = 0
        for p in 0..._BucketTable.bucketCount {
            while next < count && buckets[next] < p { next += 1 }
            flat.append(next)
        }
        #expect((0..._BucketTable.bucketCount).allSatisfy { table[$0] == flat[$0] && table.buffers[$0] == flat[$0] })
        #expect(table.starts.count == Set(buckets).count + 1)
        #expect(table.isConsistent(count: count))
        #expect(!table.isConsistent(count: count + 1), "another count")
    }

    @Test func theExampleHoldsItsEntries() {
        let items = [0x6162, 0x6162, 0x6300]  // "ab", "ab", "c"
        let table = _BucketTable(count: 3) { items[$0] }
        #expect([table[0], table[0x6162], table[0x6163], table[0x6300], table[0x6301], table[1 << 16]]
            == [0, 0, 2, 2, 3, 3])
    }

    @Test func damagedTablesAreNotConsistent() {
        let items = [0x6162, 0x6162, 0x6300, 0x7A00]
        let table = _BucketTable(count: 4) { items[$0] }
        func damaged(base: [UInt32]? = nil, groups: [UInt16]? = nil, starts: [UInt32]? = nil) -> _BucketTable {
            _BucketTable(base: base.map { _Column($0) } ?? table.base,
                         groups: groups.map { _Column($0) } ?? table.groups,
                         starts: starts.map { _Column($0) } ?? table.starts)
        }
        #expect(table.isConsistent(count: 4) && Array(table.starts) == [0, 2, 3, 4])
        #expect(table.base.count == 257 && table.groups.count == 8_193)
        // "ab" is bit 2 of group 0x6162 >> 3 (0xC2C), block 0x61.
        #expect(table.groups[0xC2C] == 0b100 << 8 && table.base[0x62] == 1 && table.base[256] == 3)
        #expect(damaged().isConsistent(count: 4))
        var groups = Array(table.groups), base = Array(table.base)
        #expect(!damaged(groups: groups.dropLast() + []).isConsistent(count: 4), "a group short")
        #expect(!damaged(base: base.dropLast() + []).isConsistent(count: 4), "a block short")
        groups[groups.count - 1] = 1 << 8
        #expect(!damaged(groups: groups).isConsistent(count: 4), "the end's bit set")
        groups = Array(table.groups)
        groups[0] |= 2 << 8
        #expect(!damaged(groups: groups).isConsistent(count: 4), "a bit more than the starts")
        groups = Array(table.groups)
        groups[0xC2D] += 1
        #expect(!damaged(groups: groups).isConsistent(count: 4), "a group's count miscounted")
        base[0x62] += 1
        #expect(!damaged(base: base).isConsistent(count: 4), "a block's count miscounted")
        #expect(!damaged(starts: [0, 2, 2, 4]).isConsistent(count: 4), "a prefix with no item")
        #expect(!damaged(starts: [0, 3, 2, 4]).isConsistent(count: 4), "starts falling")
        #expect(!damaged(starts: [1, 2, 3, 4]).isConsistent(count: 4), "starts not at 0")
        #expect(!damaged(starts: [0, 2, 3, 5]).isConsistent(count: 4), "starts past the items")
        #expect(!damaged(starts: [0, 2, 3]).isConsistent(count: 4), "a start short")
    }

    @Test func itemsOutOfOrderMakeATableTheirListRefuses() {
        let items = [0x6300, 0x6162]
        let table = _BucketTable(count: 2) { items[$0] }
        #expect(table.isConsistent(count: 2) && table[0x6300] == 0 && table[0x6301] == 2)
    }
}
