/// Each key's indexed name and static score, in one word of `width` bytes per key: the
/// name in the low `nameBits` bits, and above them the score's rank among the distinct
/// scores of the list (`scores`, strictly rising).
///
/// Ranks compare as the scores do, ties included, so the walks compare ranks and look a
/// score up (`scores[rank]`) only where its value is used: a block's best key, a key
/// yielded. The width is chosen when the list is built: the name takes the bits its
/// largest index needs, the rank the bits its largest rank needs, and the word the fewest
/// whole bytes that hold both (at most 8: a name and a rank are each below 2³²). Nothing
/// is ever truncated, whatever the gazetteer.
///
/// In the bundled data a key's score is a place's importance (from its population, so
/// about as many values as distinct populations) plus a few name adjustments: 136,334
/// distinct scores among the 1.19 M whole-name keys (18 bits) and 73,869 among the word
/// keys (17 bits), beside a 21-bit name: 5 bytes a key, where a 32-bit name and a 32-bit
/// score took 8. (A score quantised to fewer bits would change the order of keys whose
/// scores differ by less than a step, and so the answers.)
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
    /// is the rest of the word.
    let nameBits: Int
    /// The distinct scores, strictly rising: a rank's score is `scores[rank]`.
    let scores: _Column<Float>

    var count: Int { words.count }
    var width: Int { words.width }

    /// The list over `words`; `nil` when `nameBits` is out of range.
    init?(words: _PackedWords, nameBits: Int, scores: _Column<Float>) {
        guard nameBits >= 0, nameBits <= 32, nameBits <= 8 * words.width else { return nil }
        self.words = words
        self.nameBits = nameBits
        self.scores = scores
    }

    /// Each key's name and score, for names below `nameCount`, in words of the fewest
    /// bytes that hold them, and at least `minimumWidth` (tests pass more than they need).
    ///
    /// - Complexity: O(*n* log *s*) for *n* keys and *s* distinct scores.
    convenience init(names: [UInt32], scores: [Float], nameCount: Int, minimumWidth: Int = 1) {
        precondition(names.count == scores.count, "a name and a score per key")
        let table = Array(Set(scores)).sorted()
        let nameBits = _PackedWords.bits(toHold: max(nameCount, 1) - 1)
        let rankBits = _PackedWords.bits(toHold: max(table.count, 1) - 1)
        let width = max(minimumWidth, _PackedWords.width(forBits: nameBits + rankBits))
        let words = table.withUnsafeBufferPointer { table in
            zip(names, scores).map { name, score in
                let rank = _PrefixIndex.partition(table, table.indices) { $0 < score }
                return UInt64(rank) << UInt64(nameBits) | UInt64(name)
            }
        }
        self.init(words: _PackedWords(words, width: width), nameBits: nameBits, scores: _Column(table))!
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
    var buffers: Buffers {
        Buffers(words: words.buffers, shift: UInt64(nameBits), nameMask: (1 << UInt64(nameBits)) - 1,
                scores: scores.pointer)
    }

    /// `_KeyNameScores` as plain values: no reference counting, no bounds checks (a loaded
    /// list was checked: every name and rank is in range).
    struct Buffers {
        let words: _PackedWords.Buffers
        let shift: UInt64
        let nameMask: UInt64
        let scores: UnsafePointer<Float>

        @inline(__always)
        func name(_ i: Int) -> UInt32 { UInt32(truncatingIfNeeded: words[i] & nameMask) }

        /// Key `i`'s score's rank: ranks compare as the scores do.
        @inline(__always)
        func rank(_ i: Int) -> Int { Int(truncatingIfNeeded: words[i] &>> shift) }

        @inline(__always)
        func score(_ i: Int) -> Float { scores[rank(i)] }
    }

    /// Whether the scores are finite and strictly rising, the padding is zero, and every
    /// name is below `nameCount` and every rank below the scores' count: what a loaded
    /// list must satisfy before a walk reads a score through a rank.
    ///
    /// - Complexity: O(*n* + *s*) for *n* keys and *s* distinct scores.
    func isConsistent(nameCount: Int) -> Bool {
        let table = scores.buffer
        for i in table.indices where !table[i].isFinite || (i > 0 && !(table[i - 1] < table[i])) { return false }
        guard count > 0 else { return true }
        guard words.paddingIsZero else { return false }
        let b = buffers
        var names: UInt64 = 0, ranks: UInt64 = 0
        for i in 0..<count {
            let word = b.words[i]
            names = max(names, word & b.nameMask)
            ranks = max(ranks, word &>> b.shift)
        }
        return names < UInt64(max(nameCount, 0)) && ranks < UInt64(table.count)
    }
}
