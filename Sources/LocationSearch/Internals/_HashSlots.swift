/// An open-addressed table of numbers by 64-bit hash (FNV-1a, `_fnv1a`): the one hash
/// table behind the library's byte-keyed lookups (a code's label while GeoNames files are
/// read, a place's keys while it is folded, the cities' names that shadow aliases).
///
/// Each slot holds a hash and a number; the caller keeps what the numbers stand for and
/// tells, among the numbers with a hash, which is its key: two keys may have one hash.
/// No `Dictionary`: its SipHash hashes each hash again, and a `String` key normalises its
/// text, neither wanted for bytes.
///
/// ```swift
/// var table = _HashSlots(capacity: keys.count)
/// for (n, key) in keys.enumerated() { table.insert(_fnv1a(key), n) }
/// var slot = table.firstSlot(of: hash)
/// while let n = table.number(withHash: hash, from: &slot) {
///     if keys[n] == key { return n }
/// }
/// ```
///
/// - Complexity: O(1) expected to insert or find: the table grows to stay at most half full.
struct _HashSlots: Sendable {
    /// Each slot's hash and number + 1 (0 for an empty slot). Only the first `mask + 1`
    /// are in use (`reset(capacity:)`).
    private var slots: [(hash: UInt64, number: UInt32)]
    private var mask: Int
    /// How many numbers are in the table.
    private(set) var count = 0

    /// An empty table with room for `capacity` numbers before it grows.
    init(capacity: Int = 0) {
        let size = Self.size(for: capacity)
        slots = .init(repeating: (0, 0), count: size)
        mask = size - 1
    }

    /// How many slots the table uses.
    var slotCount: Int { mask + 1 }

    /// Empties the table, with room for `capacity` numbers. It clears only the slots
    /// those need, not all that a larger use of the table needed: a table reset for each
    /// of many small uses after a large one stays linear in what they hold.
    mutating func reset(capacity: Int) {
        let size = Self.size(for: capacity)
        if slots.count < size {
            slots = .init(repeating: (0, 0), count: size)
        } else {
            slots.withUnsafeMutableBufferPointer {
                UnsafeMutableBufferPointer(rebasing: $0[..<size]).update(repeating: (0, 0))
            }
        }
        mask = size - 1
        count = 0
    }

    /// The slot a lookup of `hash` starts from (`number(withHash:from:)`).
    @inline(__always)
    func firstSlot(of hash: UInt64) -> Int { Self.slot(hash, mask: mask) }

    /// The next number with `hash` from `slot` on, which it moves past; nil when there is
    /// none (the probe reached an empty slot).
    @inline(__always)
    func number(withHash hash: UInt64, from slot: inout Int) -> Int? {
        while slots[slot].number != 0 {
            let found = slots[slot]
            slot = (slot + 1) & mask
            if found.hash == hash { return Int(found.number) - 1 }
        }
        return nil
    }

    /// The first number inserted with `hash`, if any.
    func first(_ hash: UInt64) -> Int? {
        var slot = firstSlot(of: hash)
        return number(withHash: hash, from: &slot)
    }

    /// Adds `number` (below 2³² - 1) with `hash`, after any number with the same hash.
    mutating func insert(_ hash: UInt64, _ number: Int) {
        if 2 * (count + 1) > slotCount { grow() }
        place(hash, UInt32(number + 1))
        count += 1
    }

    /// Puts `stored` (a number + 1) in the first free slot from `hash`'s.
    @inline(__always)
    private mutating func place(_ hash: UInt64, _ stored: UInt32) {
        var s = Self.slot(hash, mask: mask)
        while slots[s].number != 0 { s = (s + 1) & mask }
        slots[s] = (hash, stored)
    }

    /// Doubles the slots in use, each number placed again in the order of its old slot
    /// (numbers of one hash keep their order: a probe from the hash's slot meets them in
    /// the order they came, as the old slots held them).
    private mutating func grow() {
        let old = Array(slots[...mask])
        let start = old.indices.first { old[$0].number == 0 } ?? 0
        let size = 2 * slotCount
        slots = .init(repeating: (0, 0), count: max(size, slots.count))
        mask = size - 1
        // (From an empty slot: a run of full slots that wraps past the end is then read
        // from its start.)
        for i in 0..<old.count {
            let entry = old[(start + i) % old.count]
            if entry.number != 0 { place(entry.hash, entry.number) }
        }
    }

    /// The first slot of `hash` among `mask + 1` (a power of two): the hash's product with
    /// 2⁶⁴/φ, its high half (FNV-1a's low bits alone cluster).
    @inline(__always)
    private static func slot(_ hash: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The slots for `capacity` numbers: a power of two, at least twice as many, at least 64.
    private static func size(for capacity: Int) -> Int {
        var size = 64
        while size < 2 * capacity { size *= 2 }
        return size
    }
}
