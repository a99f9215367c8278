/// What a loaded `_KeyOffsets` must satisfy before a search reads through it.
extension _KeyOffsets {
    /// Whether the columns fit each other and every reference's text is below
    /// `textCount`, its shift being `refShift`: what a loaded index must satisfy before a
    /// search reads through it. For a word list, every key's whole-name key is one of the
    /// columns' (whose own check is the whole-name list's): a start is below
    /// `1 << refShift` by its bits (`init(refs:refBits:startBits:whole:)`), so a key's
    /// reference is inside its whole-name key's text's room, which the text's padding
    /// covers (`_KeyText.padding(shift:)`). `largestRef`, for a word list, is the largest
    /// whole-name key of its keys when the caller has found it already.
    ///
    /// - Complexity: O(*n*) for *n* keys.
    func isConsistent(textCount: Int, refShift expected: Int, largestRef: UInt64? = nil) -> Bool {
        guard refShift == expected, (1...32).contains(refShift) else { return false }
        if let refs { return refsAreConsistent(refs, largest: largestRef) }
        guard columnsFit() else { return false }
        guard shift != 0 else { return base.allBelow(textCount << refShift) }
        let base = base.buffer, groups = groups.buffer
        // Per group, its last key's number: the largest (the numbers rise within a group).
        var beyond = 0
        for g in groups.indices {
            let group = Int(groups[g]), steps = group >> 8
            // Bit 0 and the bits past the keys clear.
            let keys = min(1 << Self.groupShift, wholeCount - g << Self.groupShift)
            guard steps & ~((1 << keys) - 2) == 0 else { return false }
            let last = Int(base[g >> (shift - Self.groupShift)]) + group & 0xFF + steps.nonzeroBitCount
            beyond = max(beyond, last + 1)
        }
        return beyond <= textCount
    }

    /// Whether the columns' lengths fit `shift` and the whole-name keys' count.
    private func columnsFit() -> Bool {
        switch shift {
        case 0: return groups.isEmpty
        case Self.blockShift:
            return base.count == (wholeCount + (1 << shift) - 1) >> shift
                && groups.count == (wholeCount + (1 << Self.groupShift) - 1) >> Self.groupShift
        default: return false
        }
    }

    /// A word list's check: every key's whole-name key below the whole-name keys' count.
    /// `largest`, when given, is the largest of them, found by the caller in a pass it
    /// makes anyway (`_SortedKeys.WordReferences.largest()`).
    ///
    /// - Complexity: O(*n*) for *n* keys, read in order (a loop compiled per word width);
    ///   O(1) with `largest`.
    private func refsAreConsistent(_ refs: _PackedWords, largest: UInt64?) -> Bool {
        guard columnsFit() else { return false }
        return refs.count == 0 || (largest ?? refs.maxima(splitAt: refBits).low) < UInt64(wholeCount)
    }
}
