import Testing
@testable import LocationSearch

/// `_HashSlots`, the one hash table behind the byte-keyed lookups: numbers found by hash in
/// the order they came, through growth and wrapping probes, and a reset that clears only
/// the slots it needs.
@Suite("Hash slots", .holdsItsThread)
struct HashSlotsTests {
    /// Every number with `hash`, in the order a probe meets them.
    static func numbers(_ table: _HashSlots, _ hash: UInt64) -> [Int] {
        var found: [Int] = [], slot = table.firstSlot(of: hash)
        while let n = table.number(withHash: hash, from: &slot) { found.append(n) }
        return found
    }

    /// Many numbers, a few hashes shared by several: each hash's numbers come back in the
    /// order they were inserted, however often the table grew on the way.
    @Test func findsEveryNumberOfAHashInOrderThroughGrowth() {
        var table = _HashSlots()
        var expected: [UInt64: [Int]] = [:]
        var random = SeededGenerator(seed: 3)
        for n in 0..<5_000 {
            // (Small hashes all start in a few slots: long probes that wrap past the end.)
            let hash = n % 3 == 0 ? UInt64.random(in: 0..<40, using: &random) : UInt64(n) &* 0x9E37_79B9_7F4A_7C15
            table.insert(hash, n)
            expected[hash, default: []].append(n)
        }
        #expect(table.count == 5_000 && table.slotCount >= 10_000)
        for (hash, numbers) in expected { #expect(Self.numbers(table, hash) == numbers) }
        // A hash never inserted finds nothing.
        #expect(expected[0xDEAD_BEEF] == nil && Self.numbers(table, 0xDEAD_BEEF).isEmpty)
    }

    /// A table reset for few numbers after many uses a small prefix of its slots, cleared.
    @Test func aResetUsesTheSlotsItNeeds() {
        var table = _HashSlots()
        table.reset(capacity: 40_000)
        #expect(table.slotCount == 131_072)
        for key in 0..<40_000 { table.insert(UInt64(key) &* 0x9E37_79B9_7F4A_7C15, key) }
        #expect(table.first(7 &* 0x9E37_79B9_7F4A_7C15) == 7)
        table.reset(capacity: 20)
        #expect(table.slotCount == 64 && table.count == 0 && table.first(7 &* 0x9E37_79B9_7F4A_7C15) == nil)
        for key in 0..<20 { table.insert(UInt64(key), key) }
        #expect((0..<20).allSatisfy { table.first(UInt64($0)) == $0 } && table.first(20) == nil)
        // Past its room it grows, from the prefix it used.
        for key in 20..<100 { table.insert(UInt64(key), key) }
        #expect((0..<100).allSatisfy { Self.numbers(table, UInt64($0)) == [$0] })
    }
}
