import Testing
@testable import LocationSearch

@Suite("Step columns", .holdsItsThread)
struct StepColumnTests {
    @Test("Every number comes back", arguments: [0, 1, 63, 64, 65, 128, 1_000])
    func everyNumberComesBack(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        var numbers: [UInt32] = []
        var number = UInt32.random(in: 0...5, using: &generator)
        for _ in 0..<count {
            numbers.append(number)
            number += UInt32.random(in: 0...1, using: &generator)  // as the build appends names' places
        }
        let stored = _StepColumn(numbers)
        #expect(stored.wide.isEmpty && stored.planes == 1)
        #expect(stored.count == count)
        #expect(numbers.indices.map { stored[$0] } == numbers)
        #expect(numbers.indices.map { stored.buffers[$0] } == numbers)
        #expect(stored.isConsistent(below: Int(numbers.last ?? 0) + 1))
        #expect(count == 0 || !stored.isConsistent(below: Int(numbers.last ?? 0)), "a number out of range")
    }

    /// Numbers that rise by up to 2^p − 1 at a step (as the indexed names' display names
    /// do) come back from p planes, chosen by the build when they take the fewest bytes.
    @Test("Steps of several bits", arguments: [2, 3, 4])
    func stepsOfSeveralBits(planes: Int) {
        var generator = SeededGenerator(seed: UInt64(planes))
        var numbers: [UInt32] = []
        var number: UInt32 = 7
        for _ in 0..<1_000 {
            numbers.append(number)
            number += UInt32.random(in: 0..<(1 << planes), using: &generator)
        }
        let stored = _StepColumn(numbers)
        #expect(stored.planes == planes && stored.wide.isEmpty)
        #expect(stored.steps.count == planes * stored.base.count)
        #expect(numbers.indices.map { stored[$0] } == numbers)
        #expect(stored.isConsistent(below: Int(numbers.last!) + 1))
        #expect(!stored.isConsistent(below: Int(numbers.last!)), "a number out of range")
        // Fewer planes than the steps need: every block is wide, and still right.
        let fewer = _StepColumn(numbers, planes: planes - 1)
        #expect(fewer.wide.count == 16 * 64 && numbers.indices.map { fewer[$0] } == numbers)
        #expect(fewer.isConsistent(below: Int(numbers.last!) + 1))
        // More planes than they need.
        let more = _StepColumn(numbers, planes: planes + 1 <= _StepColumn.maximumPlanes ? planes + 1 : planes)
        #expect(numbers.indices.map { more[$0] } == numbers && more.wide.isEmpty)
    }

    /// Where a few blocks step further than the rest, those are wide rather than every
    /// block taking another plane.
    @Test func aFewFarStepsMakeWideBlocks() {
        var numbers = (0..<6_400).map { UInt32($0) }
        for i in 3_000..<numbers.count { numbers[i] += 100 }  // one step of 101, in block 46
        let stored = _StepColumn(numbers)
        #expect(stored.planes == 1 && stored.wide.count == 64)
        #expect(numbers.indices.map { stored[$0] } == numbers)
    }

    /// A block that steps by more than its planes hold, or down, or starts at the flag
    /// keeps its numbers whole; the blocks around it do not.
    @Test func blocksThatStepOtherwiseAreWide() {
        var numbers = (0..<300).map { UInt32($0 / 3) }
        numbers[70] += 2  // block 1: a step of 2, then one back
        for i in 200..<numbers.count { numbers[i] += 1_000 }  // block 3: a step of 1,001
        numbers += repeatElement(UInt32(1) << 31, count: 5)  // block 4 (from 256): the flag's bit
        let stored = _StepColumn(numbers, planes: 1)
        #expect(stored.wide.count == 3 * 64)
        #expect((0..<stored.base.count).map { stored.base[$0] & _StepColumn.wideFlag != 0 }
                == [false, true, false, true, true])
        #expect(numbers.indices.map { stored[$0] } == numbers)
        #expect(stored.isConsistent(below: Int(UInt32(1) << 31) + 1))
        #expect(!stored.isConsistent(below: Int(UInt32(1) << 31)))
    }

    @Test func damagedColumnsAreNotConsistent() {
        let stored = _StepColumn([0, 0, 1, 2, 2, 3])
        #expect(stored.isConsistent(below: 4) && stored.planes == 1)
        func with(base: [UInt32]? = nil, steps: [UInt64]? = nil, wide: [UInt32]? = nil, count: Int? = nil,
                  planes: Int = 1) -> Bool {
            _StepColumn(base: _Column(base ?? [stored.base[0]]), steps: _Column(steps ?? [stored.steps[0]]),
                        wide: _Column(wide ?? []), count: count ?? stored.count, planes: planes).isConsistent(below: 4)
        }
        #expect(with(count: 6))
        #expect(!with(count: 65), "a block short")
        #expect(!with(base: [0, 0], steps: [stored.steps[0], 0]), "a block too many")
        #expect(!with(steps: []), "no steps")
        #expect(!with(steps: [stored.steps[0] | 1]), "bit 0 set")
        #expect(!with(steps: [stored.steps[0] | 1 << 6]), "a bit past the numbers")
        #expect(!with(steps: [stored.steps[0], 1 << 6], planes: 2), "a bit past the numbers in a second plane")
        #expect(!with(steps: [stored.steps[0], 1 << 3], planes: 2), "a second plane's step past the limit")
        #expect(with(steps: [stored.steps[0], 0], planes: 2), "a second plane of no steps")
        #expect(!with(planes: 2), "a plane short")
        #expect(!with(planes: 0) && !with(steps: [], planes: 0), "no planes")
        #expect(!with(planes: _StepColumn.maximumPlanes + 1), "planes beyond the most")
        #expect(!with(planes: .max), "planes huge")
        #expect(!with(base: [1]), "the last number out of range")
        #expect(!with(base: [_StepColumn.wideFlag]), "a wide block beyond the wide numbers")
        #expect(!with(base: [_StepColumn.wideFlag | 1], steps: [0], wide: Array(repeating: 0, count: 64)),
                "a wide block not at a block's start")
        #expect(with(base: [_StepColumn.wideFlag], steps: [0], wide: Array(repeating: 3, count: 64)))
        #expect(!with(base: [_StepColumn.wideFlag], steps: [1 << 2], wide: Array(repeating: 3, count: 64)),
                "a wide block with steps")
        #expect(!with(base: [_StepColumn.wideFlag], steps: [0], wide: Array(repeating: 3, count: 63)),
                "wide numbers not whole blocks")
        #expect(!with(base: [_StepColumn.wideFlag], steps: [0], wide: Array(repeating: 4, count: 64)),
                "a wide number out of range")
    }
}
