/// The index read back for checks and tests: a key's bytes, the plain key text, and
/// `_checkInvariants()`.
extension _PrefixIndex {
    /// The key of entry `i` of `keys`, for tests and diagnostics.
    func key(_ i: Int, in keys: _SortedKeys) -> [UInt8] {
        let reference = keys.key[i], shift = keyText.shift
        return Array(keyText.bytes(of: reference >> shift).dropFirst(reference & ((1 << shift) - 1)))
    }

    /// The keys' text as one plain text (each text and its 0), and where each text starts
    /// in it: for checks and tests.
    func plainText() -> (text: [UInt8], starts: [Int]) {
        var text: [UInt8] = [], starts: [Int] = []
        for t in 0..<keyText.count {
            starts.append(text.count)
            text += keyText.bytes(of: t)
            text.append(0)
        }
        return (text, starts)
    }

    /// Checks that keys are sorted, every range tree node holds its children's maximum,
    /// and every reference is in bounds. Traps on a broken invariant; tests call it, and
    /// so does every build of an index when compiled with `LOCATIONSEARCH_INTERNAL_CHECKS`.
    func _checkInvariants() {
        keyText._checkInvariants()
        let (text, textStarts) = plainText(), shift = keyText.shift
        precondition(longestName < 1 << shift, "the references' start bits do not hold the longest name")
        // Each list's keys as offsets in the plain text.
        func offsets(_ list: _SortedKeys) -> _KeyOffsets {
            _KeyOffsets(references: (0..<list.count).map {
                let reference = list.key[$0], t = reference >> shift
                precondition(t < textStarts.count, "key \($0)'s text is out of range")
                return UInt32(textStarts[t] + reference & ((1 << shift) - 1))
            })
        }
        for list in [whole, words] {
            precondition(list.key.count == list.count)
            precondition(list.key.isConsistent(textCount: keyText.count, refShift: shift))
            precondition(list.entries.isConsistent(nameCount: nameDisplay.count))
            for i in 0..<list.count {
                precondition(Int(list.name(i)) < nameDisplay.count)
                let k = key(i, in: list)
                if i > 0 {
                    precondition(!k.lexicographicallyPrecedes(key(i - 1, in: list)), "keys out of order at \(i)")
                }
                let bucket = Int(k.first ?? 0) << 8 | Int(k.dropFirst().first ?? 0)
                precondition(list.buckets[bucket] <= i && i < list.buckets[bucket + 1],
                             "key \(i) is outside its bucket")
            }
            list._checkInvariants()
        }
        wholeViews._checkInvariants(whole)
        wordViews._checkInvariants(words)
        let wholeOffsets = offsets(whole), wordOffsets = offsets(words)
        text.withUnsafeBufferPointer { text in
            tries.whole._checkInvariants(
                keys: wholeOffsets.buffers, ranks: (0..<whole.count).map(whole.entries.buffers.rank), text: text)
            tries.words._checkInvariants(
                keys: wordOffsets.buffers, ranks: (0..<words.count).map(words.entries.buffers.rank), text: text)
        }
        // The text holds the names in whole-key order, each distinct text once: a key's
        // text is the one before's or the next.
        var names = Set<UInt32>()
        var previous = -1
        for i in 0..<whole.count {
            let reference = whole.key[i], t = reference >> shift
            precondition(reference & ((1 << shift) - 1) == 0, "a name key does not start its text")
            precondition(t == previous || t == previous + 1, "the key text is not in whole-key order, each text once")
            names.insert(whole.name(i))
            previous = t
        }
        precondition(previous + 1 == keyText.count, "the key text holds more than the names")
        precondition(names.count == nameDisplay.count, "an indexed name has no whole-name key, or more than one")
        // A word key is a later word of its whole-name key's text. (Its name and score are
        // read from that key's word; the word list's tree, built from the word keys' own
        // scores, was checked against them above.)
        if let refs = words.key.refs?.buffers {
            let mask = UInt64(1) << UInt64(words.key.refBits) - 1
            for i in 0..<words.count {
                let key = Int(refs[i] & mask), start = wholeOffsets[key], offset = wordOffsets[i]
                let t = whole.key[key] >> shift, end = (t + 1 < textStarts.count ? textStarts[t + 1] : text.count) - 1
                precondition(offset > start && offset < end && text[offset - 1] == 0x20,
                             "word key \(i) is not a later word of its whole-name key's text")
            }
        } else {
            precondition(words.count == 0, "the word keys do not refer to whole-name keys")
        }
    }
}
