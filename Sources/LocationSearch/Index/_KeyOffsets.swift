/// Each key of a sorted list as a reference into the keys' text (`_KeyText`: its text's
/// number shifted left by `refShift`, plus where the key starts in the text): for
/// whole-name keys, a text number per key as a base per block of 64 keys and a byte per
/// key; for word keys, their name's whole-name key and where the word starts in its text.
///
/// The text holds the names in whole-key order, each distinct text once
/// (`_PrefixIndex.layOut`), so the whole-name keys' text numbers rise by at most one from
/// a key to the next: a block of 64 spans at most 63 texts, and its numbers are its first
/// one plus a byte (1.26 MB for the bundled data's 1.19 M whole-name keys, where 16-bit
/// byte offsets took 2.46).
///
/// Word keys start inside names, in no order the text follows. Every word key is a later
/// word of an indexed name, and every indexed name has exactly one whole-name key, whose
/// text is the name's: so a word key is that key's index (`refBits`, 21 for the bundled
/// data) and the word's start in its text (`startBits` above it, 9: the latest start is
/// byte 280), in the words its entries share (`_KeyNameScores`, the rank above both). Its
/// reference is the whole-name key's plus the start: two dependent reads where a 32-bit
/// reference was one (format 29: 2.66 MB of references beside 3.33 MB of names and
/// ranks; 3.99 MB for all three now). Such a list keeps the whole-name list's columns
/// (`base`, `delta`, `shift`) and reads them through `refs`.
///
/// A class, like `_ShallowTries`: a key list is copied into every search and walk, and
/// two columns held by value would be copied and retained at each copy.
///
/// - Complexity: a reference in O(1): one read for a plain list; two, one of them from a
///   small, cache-friendly column, in blocks; one more, before them, for a word key.
final class _KeyOffsets: Sendable {
    /// With `shift` 0, every key's reference; else the lowest text number of each block
    /// of `1 << shift` keys. (For a word list: the whole-name list's.)
    let base: _Column<UInt32>
    /// Each key's text number less its block's base (empty with `shift` 0).
    let delta: _Column<UInt8>
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
    /// (`Buffers`'s masks, computed once: the walks take a list's buffers for every range.)
    private let refMask: UInt64, startMask: UInt64

    /// The block size of a list in blocks (`shift`).
    static let blockShift = 6

    init(base: _Column<UInt32>, delta: _Column<UInt8>, shift: Int, refShift: Int) {
        self.base = base
        self.delta = delta
        self.shift = shift
        self.refShift = refShift
        self.refs = nil
        self.refBits = 0
        self.startBits = 0
        self.count = shift == 0 ? base.count : delta.count
        self.refMask = 0
        self.startMask = 0
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
        self.delta = whole.delta
        self.shift = whole.shift
        self.refShift = whole.refShift
        self.refs = refs
        self.refBits = refBits
        self.startBits = startBits
        self.count = refs.count
        self.refMask = (1 << UInt64(refBits)) &- 1
        self.startMask = (1 << UInt64(startBits)) &- 1
    }

    /// Plain references of `refShift` bits below their text numbers (or byte offsets,
    /// with `refShift` 0).
    convenience init(references: [UInt32], refShift: Int = 0) {
        self.init(base: _Column(references), delta: _Column([]), shift: 0, refShift: refShift)
    }

    /// Whole-name keys' `textNumbers` (each below `1 << (32 - refShift)`), in blocks when
    /// every block's numbers lie within 255 of each other, else as plain references.
    convenience init(textNumbers: [UInt32], refShift: Int) {
        if let (base, delta) = Self.blocks(textNumbers) {
            self.init(base: _Column(base), delta: _Column(delta), shift: Self.blockShift, refShift: refShift)
        } else {
            self.init(base: _Column(textNumbers.map { $0 << UInt32(refShift) }), delta: _Column([]), shift: 0,
                      refShift: refShift)
        }
    }

    /// `numbers` in blocks of `1 << blockShift`, or nil when a block spans more than 255.
    private static func blocks(_ numbers: [UInt32]) -> (base: [UInt32], delta: [UInt8])? {
        let size = 1 << blockShift
        var base: [UInt32] = [], delta: [UInt8] = []
        base.reserveCapacity((numbers.count + size - 1) / size)
        delta.reserveCapacity(numbers.count)
        for start in stride(from: 0, to: numbers.count, by: size) {
            let block = numbers[start..<min(start + size, numbers.count)]
            let lowest = block.min() ?? 0
            guard let highest = block.max(), highest - lowest <= UInt32(UInt8.max) else { return nil }
            base.append(lowest)
            for number in block { delta.append(UInt8(number - lowest)) }
        }
        return (base, delta)
    }

    /// The whole-name keys the columns hold.
    private var wholeCount: Int { shift == 0 ? base.count : delta.count }

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
        shift == 0 ? Int(base[i]) : (Int(base[i >> shift]) + Int(delta[i])) << refShift
    }

    /// The columns as buffers, for a hot loop (see `_Column.buffer`).
    @inline(__always)
    var buffers: Buffers {
        Buffers(base: base.buffer, delta: delta.buffer, shift: shift, refShift: refShift, count: count,
                refs: refs?.buffers, refMask: refMask, startShift: UInt64(refBits), startMask: startMask)
    }

    /// The references as plain values, whichever list's: a branch per read, which every
    /// read of one list takes the same way (the typo walk, the best-first walk). A search
    /// that knows its list reads through `blocks` or `words` instead
    /// (`_PrefixIndex.range(of:in:)`).
    struct Buffers: _KeyOffsetReading {
        let base: UnsafeBufferPointer<UInt32>
        let delta: UnsafeBufferPointer<UInt8>
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
        var blocks: Blocks { Blocks(base: base, delta: delta, shift: shift, refShift: refShift) }

        /// A word list's references, or `nil` for a whole-name list.
        @inline(__always)
        var words: Words? {
            refs.map { Words(blocks: blocks, refs: $0, refMask: refMask, startShift: startShift, startMask: startMask) }
        }
    }

    /// A list's own references: a text number per key as a base per block and a byte a
    /// key, or plain (`shift` 0).
    struct Blocks: _KeyOffsetReading {
        let base: UnsafeBufferPointer<UInt32>
        let delta: UnsafeBufferPointer<UInt8>
        let shift: Int
        let refShift: Int

        /// The reference of key `i`. (A branch every lookup of one list takes the same way.)
        @inline(__always)
        subscript(i: Int) -> Int {
            shift == 0 ? Int(base[i]) : (Int(base[i &>> shift]) &+ Int(delta[i])) &<< refShift
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
        switch shift {
        case 0:
            return delta.isEmpty && base.allBelow(textCount << refShift)
        case Self.blockShift:
            guard base.count == (delta.count + (1 << shift) - 1) >> shift else { return false }
            let base = base.buffer, delta = delta.buffer
            // (Branch-free maxima per block, which the compiler vectorises.)
            for block in base.indices {
                var largest: UInt8 = 0
                for i in (block << shift)..<min(delta.count, (block + 1) << shift) { largest = max(largest, delta[i]) }
                if Int(base[block]) + Int(largest) >= textCount { return false }
            }
            return true
        default:
            return false
        }
    }

    /// A word list's check: every key's whole-name key below the whole-name keys' count.
    /// `largest`, when given, is the largest of them, found by the caller in a pass it
    /// makes anyway (`_SortedKeys.WordReferences.largest()`).
    ///
    /// - Complexity: O(*n*) for *n* keys, read in order (a loop compiled per word width);
    ///   O(1) with `largest`.
    private func refsAreConsistent(_ refs: _PackedWords, largest: UInt64?) -> Bool {
        switch shift {
        case 0: guard delta.isEmpty else { return false }
        case Self.blockShift: guard base.count == (delta.count + (1 << shift) - 1) >> shift else { return false }
        default: return false
        }
        return refs.count == 0 || (largest ?? refs.maxima(splitAt: refBits).low) < UInt64(wholeCount)
    }
}

/// Where the keys of a list refer to in the keys' text, key by key (`_KeyOffsets`'s
/// readers, so that a search is compiled once per kind of list).
protocol _KeyOffsetReading {
    /// The reference of key `i`.
    subscript(i: Int) -> Int { get }
}
