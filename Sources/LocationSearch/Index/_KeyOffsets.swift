/// Each key of a sorted list as a reference into the keys' text (`_KeyText`: its text's
/// number shifted left by `refShift`, plus where the key starts in the text): for
/// whole-name keys, a text number per key as a base per block of 256 keys, and per group
/// of eight keys a byte above the base and a bit a key; for word keys, their name's
/// whole-name key and where the word starts in its text.
///
/// The text holds the names in whole-key order, each distinct text once
/// (`_PrefixIndex.layOut`), so the whole-name keys' text numbers rise by 0 or 1 from a key
/// to the next: a group's first number is its block's base plus a byte (at most 248 above
/// it), and each later number is the one before it plus its bit. A number is the base, the
/// byte and the count of its group's bits up to it, read from a table of 2,048 counts (a
/// group's eight bits by the key's place in it: the baseline x86-64 has no popcount
/// instruction). 0.32 MB for the bundled data's 1.19 M whole-name keys, where a base per 64
/// keys and a byte a key would take 1.27, and 16-bit byte offsets 2.46 (docs/decisions/0047).
///
/// Word keys start inside names, in no order the text follows. Every word key is a later
/// word of an indexed name, and every indexed name has exactly one whole-name key, whose
/// text is the name's: so a word key is that key's index (`refBits`, 21 for the bundled
/// data) and the word's start in its text (`startBits` above it, 9: the latest start is
/// byte 280), in the words its entries share (`_KeyNameScores`: a word key's name and rank
/// are its whole-name key's). Its reference is the whole-name key's plus the start: two
/// dependent reads where a 32-bit reference would be one (2.66 MB of references beside
/// 3.33 MB of names and ranks, against 2.66 MB for all of it: docs/decisions/0043). Such a list keeps the whole-name list's columns
/// (`base`, `groups`, `shift`) and reads them through `refs`.
///
/// A class, like `_ShallowTries`: a key list is copied into every search and walk, and
/// two columns held by value would be copied and retained at each copy.
///
/// - Complexity: a reference in O(1): one read for a plain list; three, from small,
///   cache-friendly columns, in blocks; one more, before them, for a word key.
final class _KeyOffsets: Sendable {
    /// With `shift` 0, every key's reference; else the text number of each block's first
    /// key, a block of `1 << shift` keys. (For a word list: the whole-name list's.)
    let base: _Column<UInt32>
    /// Per group of eight keys (empty with `shift` 0): in the low byte, its first key's
    /// text number less its block's base; in the high byte, bit `j` set when key `j` of the
    /// group is one text past key `j - 1` (bit 0 and the bits past the keys clear).
    let groups: _Column<UInt16>
    /// Keys per block, as a power of two: `blockShift`, or 0 for plain references.
    let shift: Int
    /// The bits of a reference below its text's number (`_KeyText.shift`): a block's
    /// text numbers are shifted by them.
    let refShift: Int
    /// For a word list, each key's whole-name key (the low `refBits`) and its start in that
    /// key's text (the `startBits` above): the words of its entries (`_KeyNameScores`).
    /// `nil` for a whole-name list.
    let refs: _PackedWords?
    let refBits: Int
    let startBits: Int
    /// The keys: a word list's, or the whole-name keys the columns hold.
    let count: Int
    /// The whole-name keys the columns hold.
    let wholeCount: Int
    /// (`Buffers`'s masks, computed once: the walks take a list's buffers for every range.)
    private let refMask: UInt64, startMask: UInt64
    /// `Self.counts`, held so that a read does not go through a global's accessor.
    private let counts: _Column<UInt8>

    /// The block size of a list in blocks (`shift`).
    static let blockShift = 8
    /// The group size (eight keys: a byte of steps).
    static let groupShift = 3

    /// For each byte of steps `s` and each place `j` in a group, at `s << 3 | j`: the bits
    /// of `s` set at or below `j`.
    static let counts: _Column<UInt8> = _Column((0..<2_048).map { index in
        UInt8((index >> 3 & ((2 << (index & 7)) - 1)).nonzeroBitCount)
    })

    /// The columns as they are; `count` is the whole-name keys' (used with `shift`
    /// `blockShift`: a plain list's is its references').
    init(base: _Column<UInt32>, groups: _Column<UInt16>, shift: Int, refShift: Int, count: Int) {
        self.base = base
        self.groups = groups
        self.shift = shift
        self.refShift = refShift
        self.refs = nil
        self.refBits = 0
        self.startBits = 0
        self.count = shift == 0 ? base.count : count
        self.wholeCount = self.count
        self.refMask = 0
        self.startMask = 0
        self.counts = Self.counts
    }

    /// A word list's references: key `i`'s is `whole`'s key `refs[i]`'s (low `refBits`)
    /// plus its start (the `startBits` above, at most `whole.refShift`: a start is inside
    /// its text); `nil` when the bits are out of range (as
    /// `_KeyNameScores.init(refs:refBits:startBits:whole:)`) or `whole` is a word list's.
    init?(refs: _PackedWords, refBits: Int, startBits: Int, whole: _KeyOffsets) {
        guard refBits >= 0, refBits <= 32, startBits >= 0, startBits <= whole.refShift, startBits <= 31,
              refBits + startBits <= 8 * refs.width, whole.refs == nil
        else { return nil }
        self.base = whole.base
        self.groups = whole.groups
        self.shift = whole.shift
        self.refShift = whole.refShift
        self.refs = refs
        self.refBits = refBits
        self.startBits = startBits
        self.count = refs.count
        self.wholeCount = whole.wholeCount
        self.refMask = (1 << UInt64(refBits)) &- 1
        self.startMask = (1 << UInt64(startBits)) &- 1
        self.counts = whole.counts
    }

    /// Plain references of `refShift` bits below their text numbers (or byte offsets,
    /// with `refShift` 0).
    convenience init(references: [UInt32], refShift: Int = 0) {
        self.init(base: _Column(references), groups: _Column([]), shift: 0, refShift: refShift,
                  count: references.count)
    }

    /// Whole-name keys' `textNumbers` (each below `1 << (32 - refShift)`), in blocks when
    /// every number is 0 or 1 past the number before it in its group and every group's
    /// first is within 255 of its block's, else as plain references.
    convenience init(textNumbers: [UInt32], refShift: Int) {
        if let (base, groups) = Self.blocks(textNumbers) {
            self.init(base: _Column(base), groups: _Column(groups), shift: Self.blockShift, refShift: refShift,
                      count: textNumbers.count)
        } else {
            self.init(base: _Column(textNumbers.map { $0 << UInt32(refShift) }), groups: _Column([]), shift: 0,
                      refShift: refShift, count: textNumbers.count)
        }
    }

    /// `numbers` in blocks of `1 << blockShift` and groups of eight, or nil when they do
    /// not fit.
    private static func blocks(_ numbers: [UInt32]) -> (base: [UInt32], groups: [UInt16])? {
        let size = 1 << blockShift, groupSize = 1 << groupShift
        var base: [UInt32] = [], groups: [UInt16] = []
        base.reserveCapacity((numbers.count + size - 1) >> blockShift)
        groups.reserveCapacity((numbers.count + groupSize - 1) >> groupShift)
        for start in stride(from: 0, to: numbers.count, by: size) {
            let first = numbers[start]
            base.append(first)
            for group in stride(from: start, to: min(start + size, numbers.count), by: groupSize) {
                guard numbers[group] >= first, numbers[group] - first <= UInt32(UInt8.max) else { return nil }
                var steps: UInt16 = 0
                for j in 1..<min(groupSize, numbers.count - group) {
                    switch numbers[group + j] &- numbers[group + j - 1] {
                    case 0: break
                    case 1: steps |= 1 << UInt16(j)
                    default: return nil
                    }
                }
                groups.append(UInt16(numbers[group] - first) | steps << 8)
            }
        }
        return (base, groups)
    }

    /// The reference of key `i` (bounds-checked).
    subscript(i: Int) -> Int {
        precondition(i >= 0 && i < count, "key index out of range")
        if let refs {
            let ref = refs.buffers[i], key = Int(truncatingIfNeeded: ref & refMask)
            return wholeReference(key) + Int(truncatingIfNeeded: ref >> UInt64(refBits) & startMask)
        }
        return wholeReference(i)
    }

    /// The reference of the columns' key `i` (bounds-checked).
    private func wholeReference(_ i: Int) -> Int {
        precondition(i >= 0 && i < wholeCount, "whole-name key index out of range")
        return buffers.blocks[i]
    }

    /// The columns as buffers, for a hot loop (see `_Column.buffer`).
    @inline(__always)
    var buffers: Buffers {
        Buffers(base: base.buffer, groups: groups.buffer, counts: counts.buffer, shift: shift, refShift: refShift,
                count: count,
                refs: refs?.buffers, refMask: refMask, startShift: UInt64(refBits), startMask: startMask)
    }

    /// The references as plain values, whichever list's: a branch per read, which every
    /// read of one list takes the same way (the typo walk, the best-first walk). A search
    /// that knows its list reads through `blocks` or `words` instead
    /// (`_PrefixIndex.range(of:in:)`).
    struct Buffers: _KeyOffsetReading {
        let base: UnsafeBufferPointer<UInt32>
        let groups: UnsafeBufferPointer<UInt16>
        let counts: UnsafeBufferPointer<UInt8>
        let shift: Int
        let refShift: Int
        let count: Int
        /// For a word list: each key's whole-name key and start.
        let refs: _PackedWords.Buffers?
        let refMask: UInt64
        let startShift: UInt64
        let startMask: UInt64

        /// The reference of key `i`.
        @inline(__always)
        subscript(i: Int) -> Int {
            guard let refs else { return blocks[i] }
            return Words(blocks: blocks, refs: refs, refMask: refMask, startShift: startShift, startMask: startMask)[i]
        }

        /// The references the columns hold (a whole-name list's own; a word list's
        /// whole-name keys').
        @inline(__always)
        var blocks: Blocks { Blocks(base: base, groups: groups, counts: counts, shift: shift, refShift: refShift) }

        /// A word list's references, or `nil` for a whole-name list.
        @inline(__always)
        var words: Words? {
            refs.map { Words(blocks: blocks, refs: $0, refMask: refMask, startShift: startShift, startMask: startMask) }
        }
    }

    /// A list's own references: a text number per key as a base per block, a byte per
    /// group and a bit a key, or plain (`shift` 0).
    struct Blocks: _KeyOffsetReading {
        let base: UnsafeBufferPointer<UInt32>
        let groups: UnsafeBufferPointer<UInt16>
        /// `_KeyOffsets.counts`.
        let counts: UnsafeBufferPointer<UInt8>
        let shift: Int
        let refShift: Int

        /// The reference of key `i`. (A branch every lookup of one list takes the same way.)
        @inline(__always)
        subscript(i: Int) -> Int {
            guard shift != 0 else { return Int(base[i]) }
            let group = Int(groups[i &>> _KeyOffsets.groupShift])
            // The group's steps above the key's place in it (`counts`).
            let steps = counts[(group &>> 5) & 0x7F8 | i & 7]
            return (Int(base[i &>> shift]) &+ (group & 0xFF) &+ Int(steps)) &<< refShift
        }
    }

    /// A word list's references: its whole-name key's (`blocks`) plus its start.
    struct Words: _KeyOffsetReading {
        let blocks: Blocks
        let refs: _PackedWords.Buffers
        let refMask: UInt64
        let startShift: UInt64
        let startMask: UInt64

        /// The whole-name key of key `i`, and its start in that key's text.
        @inline(__always)
        func ref(_ i: Int) -> (key: Int, start: Int) {
            let ref = refs[i]
            return (Int(truncatingIfNeeded: ref & refMask), Int(truncatingIfNeeded: ref &>> startShift & startMask))
        }

        /// The reference of key `i`.
        @inline(__always)
        subscript(i: Int) -> Int {
            let (key, start) = ref(i)
            return blocks[key] &+ start
        }
    }
}

/// Where the keys of a list refer to in the keys' text, key by key (`_KeyOffsets`'s
/// readers, so that a search is compiled once per kind of list).
protocol _KeyOffsetReading {
    /// The reference of key `i`.
    subscript(i: Int) -> Int { get }
}
