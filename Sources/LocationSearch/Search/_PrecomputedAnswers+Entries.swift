extension _PrecomputedAnswers {
    /// The stored results, each one word (`_PackedWords`) of the fewest bytes that hold its
    /// fields: the name in the low `nameBits` bits, the key offset in the `offsetBits` above
    /// them, and the matched length in the rest. The widths are the bits the largest value
    /// of each field needs, measured when the answers are built, so nothing is truncated.
    ///
    /// Each entry holds all it shows, as a 12-byte entry did: a result is one read, and a
    /// stored answer's ten results are 70 contiguous bytes. For the bundled data a name
    /// takes 21 bits (1.19 M names), a key offset 29 (a reference into the keys' text, 20
    /// bits of text number and 9 of start: `_KeyText`) and a matched length 5 (at most 23):
    /// 7 bytes, 2.69 MB for 383,760 entries where 12 bytes took 4.61 MB. (References to the keys in 21 bits were smaller but cost a cold read of the
    /// key per result: a stored keystroke took 1.2 µs, not 0.7.)
    ///
    ///     let entries = _PrecomputedAnswers.Entries([Entry(name: 5, keyOffset: 300, matchedLength: 2)])!
    ///     entries.nameBits, entries.offsetBits    // 3, 9: a 14-bit word, 2 bytes
    ///     entries.run(from: 0, count: 1)[0]       // the entry
    ///
    /// - Complexity: an entry in O(1): one unaligned read.
    struct Entries: Sendable {
        let words: _PackedWords
        /// The name's bits at the bottom of a word (0...32).
        let nameBits: Int
        /// The key offset's bits above the name's (0...32); the matched length is the rest.
        let offsetBits: Int

        var count: Int { words.count }

        /// The entries in `words`; `nil` when the widths are out of range: each field at
        /// most 32 bits, the name and key offset within the word.
        init?(words: _PackedWords, nameBits: Int, offsetBits: Int) {
            guard (0...32).contains(nameBits), (0...32).contains(offsetBits),
                  nameBits + offsetBits <= 8 * words.width, 8 * words.width - nameBits - offsetBits <= 32
            else { return nil }
            self.words = words
            self.nameBits = nameBits
            self.offsetBits = offsetBits
        }

        /// `entries`, each field in the bits its largest value needs; `nil` when the three
        /// take more than 64 bits.
        ///
        /// - Complexity: O(*e*) for *e* entries.
        init?(_ entries: [Entry]) {
            var name: UInt32 = 0, keyOffset: UInt32 = 0, matchedLength: UInt32 = 0
            for entry in entries {
                name = max(name, entry.name)
                keyOffset = max(keyOffset, entry.keyOffset)
                matchedLength = max(matchedLength, entry.matchedLength)
            }
            let nameBits = _PackedWords.bits(toHold: Int(name)), offsetBits = _PackedWords.bits(toHold: Int(keyOffset))
            let bits = nameBits + offsetBits + _PackedWords.bits(toHold: Int(matchedLength))
            guard bits <= 64 else { return nil }
            let width = _PackedWords.width(forBits: bits)
            // (The matched length takes the word's top bits, which the widths leave over.)
            guard 8 * width - nameBits - offsetBits <= 32 else { return nil }
            let words = entries.map {
                UInt64($0.matchedLength) << UInt64(nameBits + offsetBits) | UInt64($0.keyOffset) << UInt64(nameBits)
                    | UInt64($0.name)
            }
            self.init(words: _PackedWords(words, width: width), nameBits: nameBits, offsetBits: offsetBits)
        }

        /// The largest name, key offset and matched length among the entries (0 for none), or
        /// `nil` when the padding after them is not zero.
        ///
        /// - Complexity: O(*e*) for *e* entries.
        func largest() -> Entry? {
            guard words.paddingIsZero else { return nil }
            let run = run(from: 0, count: count)
            // (Branch-free maxima over the words, which the compiler vectorises: a load
            // reads every entry.)
            var name: UInt64 = 0, keyOffset: UInt64 = 0, matchedLength: UInt64 = 0
            for i in 0..<count {
                let word = run.words[i]
                name = max(name, word & run.nameMask)
                keyOffset = max(keyOffset, (word &>> run.offsetShift) & run.offsetMask)
                matchedLength = max(matchedLength, word >> run.lengthShift)
            }
            return Entry(name: UInt32(truncatingIfNeeded: name), keyOffset: UInt32(truncatingIfNeeded: keyOffset),
                         matchedLength: UInt32(truncatingIfNeeded: matchedLength))
        }

        /// Entries `start..<start + count`, which must lie within the entries.
        func run(from start: Int, count: Int) -> Run {
            precondition(start >= 0 && count >= 0 && start + count <= self.count, "stored entries out of range")
            return Run(words: words.buffers, start: start, count: count, nameMask: (1 << UInt64(nameBits)) - 1,
                       offsetShift: UInt64(nameBits), offsetMask: (1 << UInt64(offsetBits)) - 1,
                       lengthShift: UInt64(nameBits + offsetBits))
        }

        /// A run of entries, decoded as they are read: a plain value over the words (whatever
        /// holds the answers must outlive it), no reference counting.
        struct Run: RandomAccessCollection {
            let words: _PackedWords.Buffers
            let start: Int
            let count: Int
            let nameMask: UInt64
            let offsetShift: UInt64
            let offsetMask: UInt64
            /// The matched length's shift: the bits above the name's and the key offset's.
            /// (At most 64: a shift of 64 leaves 0, the length of a word with no bits for it.)
            let lengthShift: UInt64

            var startIndex: Int { 0 }
            var endIndex: Int { count }

            /// The first `count` entries (at most this run's).
            func prefix(_ count: Int) -> Run {
                Run(words: words, start: start, count: Swift.min(Swift.max(count, 0), self.count), nameMask: nameMask,
                    offsetShift: offsetShift, offsetMask: offsetMask, lengthShift: lengthShift)
            }

            @inline(__always)
            subscript(i: Int) -> Entry {
                precondition(i >= 0 && i < count, "stored entry out of range")
                let word = words[start &+ i]
                return Entry(name: UInt32(truncatingIfNeeded: word & nameMask),
                             keyOffset: UInt32(truncatingIfNeeded: (word &>> offsetShift) & offsetMask),
                             matchedLength: UInt32(truncatingIfNeeded: word >> lengthShift))
            }
        }
    }
}
