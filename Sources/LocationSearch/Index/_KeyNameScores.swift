/// Each key's indexed name and static score, in one word of `width` bytes per key: the
/// name in the low `nameBits` bits, and above them the score's rank among the distinct
/// scores (`scores`, strictly rising): the index's two lists share one table of their
/// keys' distinct scores.
///
/// Ranks compare as the scores do, ties included, so the walks compare ranks and look a
/// score up (`scores[rank]`) only where its value is used: a block's best key, a key
/// yielded. The width is chosen when the list is built: the name takes the bits its
/// largest index needs, the rank the bits its largest rank needs, and the word the fewest
/// whole bytes that hold both (at most 8: a name and a rank are each below 2³²). Nothing
/// is ever truncated, whatever the gazetteer.
///
/// In the bundled data a key's score is a place's importance (from its population, so about
/// as many values as distinct populations) plus a few name adjustments: 136,334 distinct
/// scores among the 1.19 M whole-name keys, which would take 18 bits beside a 21-bit name,
/// 5 bytes a key. The build keeps the scores to the levels a rank has bits for beside the
/// name in the fewest whole bytes, 11 bits and so 2,048 levels here
/// (`scoreLevels(nameCount:)`, `Levels`; docs/decisions/0054), evenly spaced from the lowest score
/// (-4.0) to the highest (8.15): a step is 0.0059 powers of ten of population (1.4%), and
/// keys closer than that may tie, then ranking as ties do. 4 bytes a key (5.96 → 4.77 MB),
/// a table of 1,436 scores (0.55 MB → 6 KB); on the check queries 2% of answers put two
/// such keys the other way round, and the relevance set's scores did not move. A word key's
/// score is its name's whole-name key's (one score a name), so a word key's word holds only
/// its name's whole-name key and its start in that key's text (`_KeyOffsets`), and both its
/// name and its rank are read from that key's word (`names`): 4 bytes a word key, where
/// its own rank would take 6 (3.99 → 2.66 MB for the bundled data's 665 k
/// word keys, for one more read of a whole-name key's word where a walk compares a word
/// key's rank).
///
/// The words are `_PackedWords`.
///
/// A class, like `_KeyOffsets`: a key list is copied into every search and walk, and its
/// columns held by value would be copied and retained at each copy.
///
///     let entries = _KeyNameScores(names: [7, 3], scores: [1.5, 0.25], nameCount: 8)
///     entries.nameBits        // 3 (names 0...7); ranks 0...1 take 1 bit: 1-byte words
///     entries.name(1)         // 3
///     entries.score(0)        // 1.5
///
/// - Complexity: a name or a rank in O(1), one unaligned read; a score one more read,
///   from a table of *s* distinct scores.
final class _KeyNameScores: Sendable {
    /// The words, `_PackedWords` of `width` bytes.
    let words: _PackedWords
    /// The name's bits at the bottom of a word (0...32, and at most the word's); the rank
    /// is the rest of the word. (For a word list: the whole-name key's bits.)
    let nameBits: Int
    /// Where the rank starts in a word: `nameBits`. (For a word list, in its whole-name
    /// key's word: that list's `rankShift`.)
    let rankShift: Int
    /// The bits a word holds: all of them, or for a word list its whole-name key's and its
    /// start's (`_KeyOffsets`), above which a word is 0.
    let usedBits: Int
    /// -infinity, then the distinct scores, strictly rising: the value of a best kept as a
    /// rank plus one, 0 for none (`Best`: the block-maximum trees' and the tries' nodes).
    /// Made at load from the file's `scores` (6 KB for the bundled data).
    let bounds: _Column<Float>
    /// The distinct scores, strictly rising: a rank's score is `scores[rank]` (`bounds`
    /// past its first value).
    var scores: _Column<Float> {
        _Column(memory: bounds.memory, byteOffset: UnsafeRawPointer(bounds.pointer + 1) - bounds.memory.base,
                count: bounds.count - 1)
    }
    /// For a word list, the whole-name list's entries: a word key's name is its whole-name
    /// key's (the word's low `nameBits` index them). `nil` for a whole-name list.
    let names: _KeyNameScores?
    /// (`Buffers`'s masks, computed once: the walks take a list's buffers for every range.)
    private let nameMask: UInt64, wholeNameMask: UInt64

    var count: Int { words.count }
    var width: Int { words.width }

    /// The list over `words`; `nil` when `nameBits` is out of range.
    init?(words: _PackedWords, nameBits: Int, scores: _Column<Float>) {
        guard nameBits >= 0, nameBits <= 32, nameBits <= 8 * words.width else { return nil }
        self.words = words
        self.nameBits = nameBits
        self.rankShift = nameBits
        self.usedBits = 64
        self.bounds = _Column([-.infinity] + scores.buffer)
        self.names = nil
        self.nameMask = (1 << UInt64(nameBits)) - 1
        self.wholeNameMask = 0
    }

    /// A word list's entries over `words` (as `_KeyOffsets.init(refs:refBits:startBits:whole:)`
    /// reads them: the whole-name key in the low `refBits`, the start in the `startBits`
    /// above, zeros above both), whose names and ranks are those of `whole`'s keys; `nil`
    /// when the bits are out of range or `whole` is itself a word list's.
    init?(refs words: _PackedWords, refBits: Int, startBits: Int, whole: _KeyNameScores) {
        guard refBits >= 0, refBits <= 32, startBits >= 0, startBits <= 31, refBits + startBits <= 8 * words.width,
              whole.names == nil
        else { return nil }
        self.words = words
        self.nameBits = refBits
        self.rankShift = whole.rankShift
        self.usedBits = refBits + startBits
        self.bounds = whole.bounds
        self.names = whole
        self.nameMask = (1 << UInt64(refBits)) - 1
        self.wholeNameMask = whole.nameMask
    }

    /// Each key's name and score, for names below `nameCount`, in words of the fewest
    /// bytes that hold them, and at least `minimumWidth` (tests pass more than they need).
    ///
    /// - Complexity: O(*n* + *s* log *s*) for *n* keys and *s* distinct scores.
    convenience init(names: [UInt32], scores: [Float], nameCount: Int, minimumWidth: Int = 1) {
        precondition(names.count == scores.count, "a name and a score per key")
        let (table, ranks) = Self.ranked(scores)
        self.init(names: names, ranks: ranks[...], scores: _Column(table), nameCount: nameCount,
                  minimumWidth: minimumWidth)
    }

    /// Each key's name and score's rank in `scores` (`ranked(_:)`'s, for these keys' scores
    /// and perhaps others'), as `init(names:scores:nameCount:minimumWidth:)` stores them.
    ///
    /// - Complexity: O(*n*) for *n* keys.
    convenience init(names: [UInt32], ranks: ArraySlice<UInt32>, scores: _Column<Float>, nameCount: Int,
                     minimumWidth: Int = 1) {
        precondition(names.count == ranks.count, "a name and a rank per key")
        let nameBits = _PackedWords.bits(toHold: max(nameCount, 1) - 1)
        let rankBits = _PackedWords.bits(toHold: max(scores.count, 1) - 1)
        let width = max(minimumWidth, _PackedWords.width(forBits: nameBits + rankBits))
        var words = [UInt64](repeating: 0, count: names.count)
        for i in names.indices {
            words[i] = UInt64(ranks[ranks.startIndex + i]) << UInt64(nameBits) | UInt64(names[i])
        }
        self.init(words: _PackedWords(words, width: width), nameBits: nameBits, scores: scores)!
    }

    /// The indexed name of key `i` (bounds-checked).
    func name(_ i: Int) -> UInt32 {
        precondition(i >= 0 && i < count, "key index out of range")
        return buffers.name(i)
    }

    /// The static score of key `i` (bounds-checked).
    func score(_ i: Int) -> Float {
        precondition(i >= 0 && i < count, "key index out of range")
        return buffers.score(i)
    }

    /// The columns as pointers, for a hot loop (see `_Column.buffer`).
    @inline(__always)
    var buffers: Buffers {
        Buffers(words: words.buffers, shift: UInt64(rankShift), nameMask: nameMask, bounds: bounds.pointer,
                names: names?.words.buffers, wholeNameMask: wholeNameMask)
    }

    /// `_KeyNameScores` as plain values: no reference counting, no bounds checks (a loaded
    /// list was checked: every name and rank is in range).
    struct Buffers {
        let words: _PackedWords.Buffers
        let shift: UInt64
        let nameMask: UInt64
        /// -infinity, then the scores (`_KeyNameScores.bounds`).
        let bounds: UnsafePointer<Float>
        /// For a word list, the whole-name keys' words, which hold the names.
        let names: _PackedWords.Buffers?
        let wholeNameMask: UInt64

        /// Key `i`'s name: in its word, or a word key's in its whole-name key's word.
        @inline(__always)
        func name(_ i: Int) -> UInt32 {
            let low = words[i] & nameMask
            guard let names else { return UInt32(truncatingIfNeeded: low) }
            return UInt32(truncatingIfNeeded: names[Int(truncatingIfNeeded: low)] & wholeNameMask)
        }

        /// Key `i`'s score's rank: ranks compare as the scores do. (A word key's is its
        /// whole-name key's.)
        @inline(__always)
        func rank(_ i: Int) -> Int {
            guard let names else { return Int(truncatingIfNeeded: words[i] &>> shift) }
            return Int(truncatingIfNeeded: names[Int(truncatingIfNeeded: words[i] & nameMask)] &>> shift)
        }

        /// The distinct scores: a rank's score is `scores[rank]`.
        @inline(__always)
        var scores: UnsafePointer<Float> { bounds + 1 }

        @inline(__always)
        func score(_ i: Int) -> Float { bounds[rank(i) &+ 1] }

        /// The score of a best kept as a rank plus one (`Best`), -infinity for 0.
        @inline(__always)
        func bound(_ best: Best) -> Float { bounds[Int(best)] }
    }

    /// A block's or a trie node's best score, as its rank plus one (0: no key): 16 bits,
    /// where the score took 32 (`scoreLevels(nameCount:)` keeps a list's ranks below
    /// 65,535). `Buffers.bound(_:)` is its score.
    typealias Best = UInt16

    /// The `Best` of a key of rank `rank` (-1 for none).
    @inline(__always)
    static func best(rank: Int) -> Best { Best(truncatingIfNeeded: rank &+ 1) }

    /// Whether the scores are finite and strictly rising, the padding is zero, and every
    /// name is below `nameCount` and every rank below the scores' count: what a loaded
    /// list must satisfy before a walk reads a score through a rank.
    ///
    /// - Complexity: O(*n* + *s*) for *n* keys and *s* distinct scores.
    func isConsistent(nameCount: Int) -> Bool {
        Self.scoresAreConsistent(scores) && wordsAreConsistent(nameCount: nameCount)
    }

    /// Whether `scores` are finite and strictly rising, at most `maximumLevels` of them (a
    /// rank plus one is a `Best`; a table the lists share is checked once).
    ///
    /// - Complexity: O(*s*) for *s* scores.
    static func scoresAreConsistent(_ scores: _Column<Float>) -> Bool {
        let table = scores.buffer
        guard table.count <= maximumLevels else { return false }
        for i in table.indices where !table[i].isFinite || (i > 0 && !(table[i - 1] < table[i])) { return false }
        return true
    }

    /// `isConsistent(nameCount:)` without the scores' own check. (For a word list, the
    /// bits above its whole-name keys and starts only, which must be 0: those are
    /// `_KeyOffsets.isConsistent(textCount:refShift:)`'s, and its ranks its whole-name keys'.)
    ///
    /// - Complexity: O(*n*) for *n* keys.
    func wordsAreConsistent(nameCount: Int) -> Bool {
        guard count > 0 else { return true }
        guard words.paddingIsZero else { return false }
        if self.names != nil { return usedBits >= 8 * width || words.maxima(splitAt: usedBits).high == 0 }
        let (names, ranks) = words.maxima(splitAt: rankShift)
        return names < UInt64(max(nameCount, 0)) && ranks < UInt64(scores.count)
    }
}
