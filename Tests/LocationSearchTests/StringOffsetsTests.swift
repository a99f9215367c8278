import Foundation
import Testing
@testable import LocationSearch

/// Where each string's codes start (`_StringOffsets`): offsets come back, short strings
/// take few planes, and damaged offsets are not consistent.
@Suite("String offsets", .holdsItsThread)
struct StringOffsetsTests {
    @Test("Offsets come back", arguments: [1, 2, 15, 16, 17, 33, 1_000])
    func offsetsComeBack(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        var offsets: [UInt32] = [0]
        for _ in 1..<count {
            // Mostly short strings, now and then a long one (a wide block).
            let long = UInt32.random(in: 0..<40, using: &generator) == 0
            offsets.append(offsets.last! + UInt32.random(in: 0...(long ? 5_000 : 20), using: &generator))
        }
        let stored = _StringOffsets(offsets)
        #expect(stored.count == count)
        #expect(offsets.indices.map { stored[$0] } == offsets.map(Int.init))
        #expect(stored.isConsistent(end: Int(offsets.last!)))
        #expect(!stored.isConsistent(end: Int(offsets.last!) + 1))
        if count >= 1_000 { #expect(!stored.column.wide.isEmpty) }
    }

    @Test func stringLengthsTakeTheFewestPlanes() {
        // Strings of 0 to 31 units take five planes, not a wide block each.
        var offsets: [UInt32] = [0]
        for i in 0..<640 { offsets.append(offsets.last! + UInt32(i % 32)) }
        let stored = _StringOffsets(offsets)
        #expect(stored.column.planes == 5 && stored.column.wide.isEmpty)
        #expect(offsets.indices.allSatisfy { stored[$0] == Int(offsets[$0]) })
    }

    @Test func damagedOffsetsAreNotConsistent() {
        var offsets: [UInt32] = Array(0..<140).map { UInt32($0 * 3) }
        offsets[120] = 1_000
        offsets[121...].indices.forEach { offsets[$0] = 1_000 + UInt32($0 - 120) }  // the second block is wide
        let stored = _StringOffsets(offsets), end = Int(offsets.last!)
        #expect(stored.column.wide.count == 64 && stored.isConsistent(end: end))
        func damaged(base: [UInt32]? = nil, steps: [UInt64]? = nil, wide: [UInt32]? = nil,
                     count: Int = 140, planes: Int? = nil) -> Bool {
            let column = stored.column
            return _StringOffsets(column: _StepColumn(
                base: base.map { _Column($0) } ?? column.base, steps: steps.map { _Column($0) } ?? column.steps,
                wide: wide.map { _Column($0) } ?? column.wide, count: count, planes: planes ?? column.planes)
            ).isConsistent(end: end)
        }
        #expect(!damaged(base: [1] + Array(stored.column.base.dropFirst())), "does not start at 0")
        #expect(!damaged(base: [0, 0, stored.column.base[2]]), "a block's first offset below the last before")
        var falling = Array(stored.column.wide)
        falling[70 - 64] = 0
        #expect(!damaged(wide: falling), "a wide block's offsets falling")
        #expect(!damaged(base: [0, stored.column.base[1], _StepColumn.wideFlag | 64]), "a wide block beyond the wide offsets")
        #expect(!damaged(wide: Array(stored.column.wide.dropLast())), "wide offsets missing")
        #expect(!damaged(base: [0, stored.column.base[1]]), "a block missing")
        #expect(!damaged(count: 139), "one offset less: the end is not the last")
        #expect(!damaged(count: 0), "no offsets")
        #expect(!damaged(planes: stored.column.planes + 1), "other planes")
        #expect(!_StringOffsets(offsets).isConsistent(end: end + 1), "another end")
    }
}
