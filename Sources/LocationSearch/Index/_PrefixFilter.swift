/// A Bloom filter over every distinct prefix, up to `maxLength` bytes, of a sorted key
/// list's keys: it says at once, from one 32-byte block, that no key starts with a given
/// string, where a lookup in the trie takes several dependent reads of cold memory.
///
/// The typo walk (`_FuzzyFrontier`) asks, for each node off the query's own path, whether
/// a few strings (the node's path and a way to spell the rest of the query) start any
/// key. About 97% do not. The filter answers most of those without touching the trie.
/// A "maybe" is checked by the real lookup, so the filter never changes an answer: it
/// has no false negatives, and its false positives only cost that lookup.
///
/// The hash of a string is polynomial, extended a byte at a time (`extend(_:_:)`), so the
/// walk hashes a node's path once and extends it by each continuation's bytes; only the
/// first `maxLength` bytes count.
///
/// It is a split block Bloom filter (as in Apache Parquet): the hash picks a block of
/// eight 32-bit words, and sets or tests one bit in each, so a probe reads one half of
/// a cache line. With `bitsPerPrefix` bits a prefix, about 1.5% of absent strings pass.
///
/// Immutable once built; an empty filter (no blocks) passes everything.
struct _PrefixFilter: Sendable {
    /// `wordsPerBlock` words per block; the block count is a power of two (or zero).
    let words: _Column<UInt32>

    /// The longest prefix the filter holds: longer strings are tested by their first
    /// `maxLength` bytes.
    static let maxLength = 10
    /// The filter's size: at least this many bits per distinct prefix.
    static let bitsPerPrefix = 10
    static let wordsPerBlock = 8

    init(words: _Column<UInt32>) {
        self.words = words
    }

    /// The hash of a string extended by `byte`: start from `emptyHash`.
    @inline(__always)
    static func extend(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        hash &* base &+ UInt64(byte)
    }

    private static let base: UInt64 = 0x9E37_79B9_7F4A_7C15
    /// The hash of the empty string. (Zero, so that an `Extension` is a multiply-add.)
    static let emptyHash: UInt64 = 0

    /// Extending a hash by a whole string, in one multiply-add: the hash is polynomial, so
    /// the hash of *xy* is the hash of *x* times `base` to the length of *y*, plus the hash
    /// of *y*.
    struct Extension {
        private var multiplier: UInt64 = 1
        private var addend: UInt64 = _PrefixFilter.emptyHash

        /// The empty extension: `applied(to:)` returns its hash.
        init() {}

        /// Extends the extension by a byte.
        @inline(__always)
        mutating func append(_ byte: UInt8) {
            multiplier &*= _PrefixFilter.base
            addend = _PrefixFilter.extend(addend, byte)
        }

        /// `hash` extended by the extension's bytes.
        @inline(__always)
        func applied(to hash: UInt64) -> UInt64 {
            hash &* multiplier &+ addend
        }
    }

    /// Whether the block count is a power of two (or zero) and the words fill whole
    /// blocks: what a mapped index must satisfy. (The bits themselves cannot be checked
    /// without the keys; a damaged filter can only hide matches, never read out of bounds.)
    var isConsistent: Bool {
        let blocks = words.count / Self.wordsPerBlock
        return words.count % Self.wordsPerBlock == 0 && blocks & (blocks - 1) == 0
    }

    /// Whether some key may start with the string of hash `hash` (the hash of its first
    /// `maxLength` bytes): false only if none does.
    ///
    /// - Complexity: O(1): eight bits of one block.
    @inline(__always)
    func mayContain(_ hash: UInt64) -> Bool {
        Self.mayContain(hash, words: words.buffer)
    }

    /// `mayContain(_:)` over a filter's words as a buffer, for a hot loop that holds them.
    @inline(__always)
    static func mayContain(_ hash: UInt64, words w: UnsafeBufferPointer<UInt32>) -> Bool {
        let blocks = w.count / wordsPerBlock
        guard blocks > 0 else { return true }
        let (block, key) = locate(hash, blocks: blocks)
        for i in 0..<wordsPerBlock where w[block + i] & bit(key, i) == 0 { return false }
        return true
    }

    /// The first word of the hash's block, and the 32 bits that pick its bits.
    @inline(__always)
    private static func locate(_ hash: UInt64, blocks: Int) -> (block: Int, key: UInt32) {
        // (Mixed first: a polynomial hash's low bits depend only on the last bytes.)
        var h = hash
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return ((Int(truncatingIfNeeded: h >> 32) & (blocks - 1)) * wordsPerBlock, UInt32(truncatingIfNeeded: h))
    }

    /// The bit word `i` of a block has for `key` (Parquet's salts).
    @inline(__always)
    private static func bit(_ key: UInt32, _ i: Int) -> UInt32 {
        let salt: UInt32
        switch i {
        case 0: salt = 0x47B6_137B
        case 1: salt = 0x4497_4D91
        case 2: salt = 0x8824_AD5B
        case 3: salt = 0xA2B7_289D
        case 4: salt = 0x7054_95C7
        case 5: salt = 0x2DF1_424B
        case 6: salt = 0x9EFC_4947
        default: salt = 0x5C6B_FB31
        }
        return 1 << ((key &* salt) >> 27)
    }

    /// The filter of every distinct prefix (up to `maxLength` bytes) of `keys`, sorted
    /// offsets of 0-terminated keys in `text`.
    ///
    /// - Complexity: O(*n* *L*) for *n* keys and `maxLength` *L*.
    init(keys: UnsafeBufferPointer<UInt32>, text: UnsafeBufferPointer<UInt8>) {
        let limit = Self.maxLength
        // Sorted keys share a prefix with their predecessor: a key adds the prefixes
        // longer than their common one.
        func added(_ i: Int, _ body: (_ length: Int, _ hash: UInt64) -> Void) {
            let start = Int(keys[i])
            var common = 0
            if i > 0 {
                let previous = Int(keys[i - 1])
                while common < limit && text[start + common] != 0 && text[start + common] == text[previous + common] { common += 1 }
            }
            var hash = Self.emptyHash, length = 0
            while length < limit && text[start + length] != 0 {
                hash = Self.extend(hash, text[start + length])
                length += 1
                if length > common { body(length, hash) }
            }
        }
        var count = 0
        for i in keys.indices { added(i) { _, _ in count += 1 } }
        guard count > 0 else {
            self.init(words: _Column([]))
            return
        }
        var blocks = 1
        while blocks * Self.wordsPerBlock * 32 < count * Self.bitsPerPrefix { blocks *= 2 }
        var words = [UInt32](repeating: 0, count: blocks * Self.wordsPerBlock)
        for i in keys.indices {
            added(i) { _, hash in
                let (block, key) = Self.locate(hash, blocks: blocks)
                for j in 0..<Self.wordsPerBlock { words[block + j] |= Self.bit(key, j) }
            }
        }
        self.init(words: _Column(words))
    }

    /// The hash of `bytes`' first `maxLength` bytes.
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash = emptyHash
        for byte in bytes.prefix(maxLength) { hash = extend(hash, byte) }
        return hash
    }

    /// Checks that every prefix of every key is in the filter. Traps otherwise; tests call
    /// it, and debug builds after every build.
    func _checkInvariants(keys: UnsafeBufferPointer<UInt32>, text: UnsafeBufferPointer<UInt8>) {
        precondition(isConsistent)
        for key in keys {
            var hash = Self.emptyHash, length = 0
            while length < Self.maxLength && text[Int(key) + length] != 0 {
                hash = Self.extend(hash, text[Int(key) + length])
                length += 1
                precondition(mayContain(hash), "a prefix of key at \(key) is missing from the filter")
            }
        }
    }
}
