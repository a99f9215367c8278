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
/// A word is read as 8 bytes from its first byte (`loadUnaligned`) and masked, so the
/// column ends with `8 - width` bytes of padding.
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
    /// The words, `width` bytes each, little-endian, then `8 - width` bytes of zeros
    /// (nothing at all when there are no keys).
    let words: _Column<UInt8>
    /// The bytes of a word (1...8).
    let width: Int
    /// The name's bits at the bottom of a word (0...32); the rank is the rest of the word.
    let nameBits: Int
    /// The distinct scores, strictly rising: a rank's score is `scores[rank]`.
    let scores: _Column<Float>
    let count: Int

    /// The most bytes a word takes.
    static let maximumWidth = 8

    /// The list over `words` (as `layout(…)` gives them); `nil` when `words`' size does
    /// not fit `width` or `width` or `nameBits` is out of range.
    init?(words: _Column<UInt8>, width: Int, nameBits: Int, scores: _Column<Float>) {
        guard width >= 1, width <= Self.maximumWidth, nameBits >= 0, nameBits <= 32, nameBits <= 8 * width
        else { return nil }
        let padding = Self.maximumWidth - width
        if words.isEmpty {
            count = 0
        } else {
            guard words.count > padding, (words.count - padding) % width == 0 else { return nil }
            count = (words.count - padding) / width
        }
        self.words = words
        self.width = width
        self.nameBits = nameBits
        self.scores = scores
    }

    /// Each key's name and score, for names below `nameCount`, in words of the fewest
    /// bytes that hold them, and at least `minimumWidth` (tests pass more than they need).
    ///
    /// - Complexity: O(*n* log *s*) for *n* keys and *s* distinct scores.
    convenience init(names: [UInt32], scores: [Float], nameCount: Int, minimumWidth: Int = 1) {
        precondition(names.count == scores.count, "a name and a score per key")
        precondition(minimumWidth >= 1 && minimumWidth <= Self.maximumWidth, "a word of 1...8 bytes")
        let table = Array(Set(scores)).sorted()
        let nameBits = Self.bits(toHold: max(nameCount, 1) - 1)
        let rankBits = Self.bits(toHold: max(table.count, 1) - 1)
        let width = max(minimumWidth, (nameBits + rankBits + 7) / 8, 1)
        var bytes = [UInt8](repeating: 0, count: names.isEmpty ? 0 : names.count * width + Self.maximumWidth - width)
        table.withUnsafeBufferPointer { table in
            for (i, (name, score)) in zip(names, scores).enumerated() {
                let rank = _PrefixIndex.partition(table, table.indices) { $0 < score }
                let word = UInt64(rank) << UInt64(nameBits) | UInt64(name)
                withUnsafeBytes(of: word.littleEndian) { word in
                    for b in 0..<width { bytes[i * width + b] = word[b] }
                }
            }
        }
        self.init(words: _Column(bytes), width: width, nameBits: nameBits, scores: _Column(table))!
    }

    /// The number of bits that hold `value` (0 for 0).
    static func bits(toHold value: Int) -> Int { Int.bitWidth - value.leadingZeroBitCount }

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
        let wordMask: UInt64 = width == 8 ? .max : (1 << UInt64(8 * width)) - 1
        return Buffers(words: UnsafeRawPointer(words.pointer), width: width, wordMask: wordMask,
                       shift: UInt64(nameBits), nameMask: (1 << UInt64(nameBits)) - 1, scores: scores.pointer)
    }

    /// `_KeyNameScores` as plain values: no reference counting, no bounds checks (a loaded
    /// list was checked: every name and rank is in range).
    struct Buffers {
        let words: UnsafeRawPointer
        let width: Int
        let wordMask: UInt64
        let shift: UInt64
        let nameMask: UInt64
        let scores: UnsafePointer<Float>

        /// Key `i`'s word: 8 bytes from its first, masked to its width.
        @inline(__always)
        func word(_ i: Int) -> UInt64 {
            UInt64(littleEndian: words.loadUnaligned(fromByteOffset: i &* width, as: UInt64.self)) & wordMask
        }

        @inline(__always)
        func name(_ i: Int) -> UInt32 { UInt32(truncatingIfNeeded: word(i) & nameMask) }

        /// Key `i`'s score's rank: ranks compare as the scores do.
        @inline(__always)
        func rank(_ i: Int) -> Int { Int(truncatingIfNeeded: word(i) &>> shift) }

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
        guard words.buffer[(count * width)...].allSatisfy({ $0 == 0 }) else { return false }
        let b = buffers
        var names: UInt64 = 0, ranks: UInt64 = 0
        for i in 0..<count {
            let word = b.word(i)
            names = max(names, word & b.nameMask)
            ranks = max(ranks, word &>> b.shift)
        }
        return names < UInt64(max(nameCount, 0)) && ranks < UInt64(table.count)
    }
}
