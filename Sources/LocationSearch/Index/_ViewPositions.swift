/// The key views' positions (`_KeyViews`): a run of rising positions per view, all of
/// them one `_RisingNumbers`, each run starting a block of 64, in about a byte a position.
///
/// For the bundled data, a block of a large view (the United States') spans a few
/// hundred keys of its list, two or three low bits a position; a small country's spans
/// tens of thousands, ten or more.
///
/// Run `r`'s positions are `runStart[r] ..< runStart[r + 1]` of all of them, and its
/// blocks start at `runBlock[r]`, worked out when the positions are made or loaded.
///
/// A damaged position reads as some number (its owner clamps it into the list: see
/// `_KeyViews`); `isConsistent()` and the blocks' own check make every read stay inside
/// the columns.
///
/// - Complexity: a position in O(1), the first at or above a value in O(log *g*) for *g*
///   positions in its run (`_RisingNumbers.Slice`).
struct _ViewPositions: Sendable {
    /// Every run's positions, run after run, each from a block of its own.
    let numbers: _RisingNumbers
    /// Run `r`'s positions are `runStart[r] ..< runStart[r + 1]` of all of them.
    let runStart: _Column<UInt32>
    /// Where each run's blocks start in `numbers` (one more entry than runs), from
    /// `runStart` (a run that does not rise, in a damaged file, has no blocks;
    /// `isConsistent()` refuses it).
    let runBlock: [Int]

    init(numbers: _RisingNumbers, runStart: _Column<UInt32>) {
        self.numbers = numbers
        self.runStart = runStart
        var runBlock = [0]
        runBlock.reserveCapacity(runStart.count)
        var blocks = 0
        for r in 0..<max(0, runStart.count - 1) {
            let count = runStart[r + 1] >= runStart[r] ? Int(runStart[r + 1] - runStart[r]) : 0
            blocks += _RisingNumbers.blocks(count: count)
            runBlock.append(blocks)
        }
        self.runBlock = runBlock
    }

    /// `positions`, whose runs (`runStart[r] ..< runStart[r + 1]`, from 0 to the end) each
    /// rise.
    init(_ positions: [UInt32], runStart: [UInt32]) {
        self.init(numbers: _RisingNumbers(positions, runStart: runStart), runStart: _Column(runStart))
    }

    /// The number of positions, in all the runs.
    var count: Int { Int(runStart.last ?? 0) }
    /// The number of runs.
    var runCount: Int { max(0, runStart.count - 1) }

    /// Whether the runs start at 0 and rise and there is a block for every 64 positions of
    /// a run: with blocks that fit together (`_RisingNumbers.isConsistent()`, which a
    /// loaded index's are, `_RisingNumbers(reading:prefix:)`), every read is in bounds.
    /// (The positions themselves are clamped when read: see `_KeyViews`.)
    ///
    /// - Complexity: O(*r*) for *r* runs.
    func isConsistent() -> Bool {
        guard runStart.count >= 1, runStart[0] == 0 else { return false }
        for r in 0..<runCount where runStart[r] > runStart[r + 1] { return false }
        return runBlock.last == numbers.blockCount
    }

    /// Run `r`'s positions, as a view reads them.
    func slice(run r: Int) -> _RisingNumbers.Slice {
        numbers.slice(block: runBlock[r], count: Int(runStart[r + 1]) - Int(runStart[r]))
    }
}
