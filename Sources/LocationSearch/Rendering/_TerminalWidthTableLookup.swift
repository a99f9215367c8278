/// The parsed form of `_terminalWidthTableSource`: sorted, disjoint ranges of scalars
/// that take 0 or 2 terminal columns. Built once, on first use, and never mutated.
struct _TerminalWidthTableLookup: Sendable {
    /// `firsts[i] ... lasts[i]` take `widths[i]` columns; `firsts` is sorted.
    private let firsts: [UInt32]
    private let lasts: [UInt32]
    private let widths: [UInt8]

    init(source: String) {
        var firsts: [UInt32] = []
        var lasts: [UInt32] = []
        var widths: [UInt8] = []
        _ScalarRanges.forEach(in: source) { first, last, width in
            firsts.append(first)
            lasts.append(last)
            widths.append(width)
        }
        self.firsts = firsts
        self.lasts = lasts
        self.widths = widths
        #if DEBUG
        _checkInvariants()
        #endif
    }

    /// Traps unless the ranges are non-empty, sorted, disjoint, within Unicode and of
    /// width 0 or 2.
    func _checkInvariants() {
        precondition(!firsts.isEmpty, "the width table is empty")
        for i in firsts.indices {
            precondition(firsts[i] <= lasts[i] && lasts[i] <= 0x10FFFF, "bad range \(i)")
            precondition(widths[i] == 0 || widths[i] == 2, "range \(i) has width \(widths[i])")
            precondition(i == 0 || lasts[i - 1] < firsts[i], "range \(i) overlaps or is out of order")
        }
    }

    /// The number of ranges: for tests.
    var count: Int { firsts.count }

    /// 0, 1 or 2: the columns `scalar` takes on its own.
    ///
    /// - Complexity: O(log *r*) in the number of ranges (about 500).
    func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // The last range whose first scalar is <= value.
        var low = 0
        var high = firsts.count
        while low < high {
            let middle = (low + high) / 2
            if firsts[middle] <= value { low = middle + 1 } else { high = middle }
        }
        guard low > 0, value <= lasts[low - 1] else { return 1 }
        return Int(widths[low - 1])
    }
}

/// The terminal width table, parsed on first use.
let _terminalWidthTable = _TerminalWidthTableLookup(source: _terminalWidthTableSource)
