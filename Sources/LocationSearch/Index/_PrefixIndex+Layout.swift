extension _PrefixIndex {
    /// The text `layOut` laid out, front-coded (`_KeyText`, references with room for
    /// `longest` bytes and its longest text), the whole-name keys (offsets into `text`) as
    /// references into it (their texts' numbers), and each word key as its name's
    /// whole-name key (its index in `whole`) and its start in that key's text.
    ///
    /// - Complexity: O(*t* + *n*) for *t* bytes of text and *n* keys.
    static func references(
        text: [UInt8], whole: [_SortedKeys.Entry], words: [_SortedKeys.Entry], longest: Int
    ) -> (text: _KeyText, whole: _KeyOffsets, words: (key: [UInt32], start: [UInt32])) {
        // The whole-name keys' offsets rise, each at a text's start, and every text is one's
        // (`layOut`): the texts' starts are their distinct offsets. Each name has one.
        var starts: [Int] = [], numbers: [UInt32] = [], previous = -1
        numbers.reserveCapacity(whole.count)
        for entry in whole {
            if Int(entry.key) != previous {
                previous = Int(entry.key)
                starts.append(previous)
            }
            numbers.append(UInt32(starts.count - 1))
        }
        starts.append(text.count)
        var longest = longest
        for t in 0..<starts.count - 1 { longest = max(longest, starts[t + 1] - starts[t] - 1) }
        let shift = _KeyText.shift(longest: longest)
        precondition(starts.count - 1 <= Int(UInt32.max) >> shift, "the names need references of more than 32 bits")
        // A word key is a later word of its name's text: found (through each name's
        // whole-name key, a random write a key) while the text is front-coded here.
        let texts = starts, textNumbers = numbers
        let (keyText, (wordKey, wordStart, wholeOffsets)) = _Concurrently.run({
            text.withUnsafeBufferPointer { text in
                texts.withUnsafeBufferPointer { _KeyText(text: text, starts: $0, shift: shift) }
            }
        }, alongside: {
            var keyOfName = [UInt32](repeating: 0, count: whole.count)
            for i in whole.indices where Int(whole[i].name) < keyOfName.count {
                keyOfName[Int(whole[i].name)] = UInt32(i)
            }
            var wordKey: [UInt32] = [], wordStart: [UInt32] = []
            wordKey.reserveCapacity(words.count)
            wordStart.reserveCapacity(words.count)
            for entry in words {
                let key = Int(keyOfName[Int(entry.name)]), start = Int(entry.key) - Int(whole[key].key)
                precondition(whole[key].name == entry.name && start > 0 && start < 1 << shift,
                             "a word key outside its name's whole-name key")
                wordKey.append(UInt32(key))
                wordStart.append(UInt32(start))
            }
            return (wordKey, wordStart, _KeyOffsets(textNumbers: textNumbers, refShift: shift))
        })
        return (keyText, wholeOffsets, (wordKey, wordStart))
    }

    /// One sorted list's `keys` (`sorted`, offsets into `text`, whose scores' `ranks` are
    /// given) with its shallow trie and its views.
    ///
    /// - Complexity: O(*n* + *l*) for *n* keys and *l* labels.
    static func list(
        _ keys: _SortedKeys, sorted: [_SortedKeys.Entry], ranks: [UInt32], text: [UInt8], namePlace: [UInt32],
        gazetteer: Gazetteer
    ) -> (keys: _SortedKeys, trie: _ShallowTrie, views: _KeyViews) {
        text.withUnsafeBufferPointer { text in
            let offsets = _KeyOffsets(references: _SortedKeys.keys(of: sorted))
            let trie = ranks.withUnsafeBufferPointer { ranks in
                _ShallowTrie(keys: offsets.buffers, ranks: ranks, text: text)
            }
            let views = namePlace.withUnsafeBufferPointer { namePlace in
                _KeyViews(keys, namePlace: namePlace, places: gazetteer._places.buffers,
                          labelCount: gazetteer._labels.count)
            }
            return (keys, trie, views)
        }
    }

    /// The folded text laid out in whole-key order, each distinct text once (identical
    /// names sort next to each other), with both lists' keys (`whole` sorted, and `words`,
    /// keys into `folded`, each in a name of `nameCount`) moved into it: the whole-name
    /// keys' offsets then rise, which `_KeyOffsets` stores in two bytes a key. A word key
    /// keeps its place in its name's text.
    ///
    /// The keys' two halves are laid out at once (split where a key's text differs from
    /// the one before, so no text is shared across the split), the second half's text
    /// after the first's: the same text, byte for byte, as one pass.
    ///
    /// - Complexity: O(*t* + *n*) for *t* bytes of text and *n* keys.
    static func layOut(
        _ whole: inout [_SortedKeys.Entry], folded: [UInt8], nameCount: Int
    ) -> (text: [UInt8], moves: KeyMoves) {
        // Per name, where its text starts in `folded` and in the new text.
        var from = [UInt32](repeating: 0, count: nameCount), to = [UInt32](repeating: 0, count: nameCount)
        let count = whole.count
        let text = folded.withUnsafeBufferPointer { folded in
            whole.withUnsafeMutableBufferPointer { keys in
                from.withUnsafeMutableBufferPointer { fromBuffer in
                    to.withUnsafeMutableBufferPointer { toBuffer in
                        let whole = keys
                        let buffers = LayOutBuffers(whole: keys, folded: folded, from: fromBuffer, to: toBuffer)
                        // (A small index in one part: a thread costs more than it saves.)
                        var split = count < 1 << 16 ? count : count / 2
                        while split > 0 && split < count
                            && sameText(folded, Int(whole[split - 1].key), Int(whole[split].key)) { split += 1 }
                        let first = 0..<split, rest = split..<count
                        let (firstText, second) = rest.isEmpty
                            ? (layOut(first, of: buffers), [])
                            : _Concurrently.run({ layOut(first, of: buffers) }, alongside: { layOut(rest, of: buffers) })
                        var text = consume firstText  // (its one reference: appended to in place, not copied)
                        // The second part's text goes after the first's.
                        let base = UInt32(text.count)
                        for i in rest {
                            whole[i].key += base
                            toBuffer[Int(whole[i].name)] += base
                        }
                        text.append(contentsOf: second)
                        return text
                    }
                }
            }
        }
        return (text, KeyMoves(from: from, to: to))
    }

    /// Whether the keys at `a` and `b` of `folded` (each ended by a 0) have the same text.
    private static func sameText(_ folded: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> Bool {
        var i = 0
        while folded[a + i] == folded[b + i] {
            if folded[a + i] == 0 { return true }
            i += 1
        }
        return false
    }

    /// The buffers `layOut`'s parts read and write. `@unchecked Sendable`: each part writes
    /// only its own keys (`whole`) and their names' entries (`from`, `to`; a name has one
    /// whole-name key), and the buffers outlive the `_Concurrently.run` that runs the parts.
    private struct LayOutBuffers: @unchecked Sendable {
        let whole: UnsafeMutableBufferPointer<_SortedKeys.Entry>
        let folded: UnsafeBufferPointer<UInt8>
        let from: UnsafeMutableBufferPointer<UInt32>, to: UnsafeMutableBufferPointer<UInt32>
    }

    /// `layOut`'s pass over the keys `range` of `buffers.whole`: their text, each distinct
    /// text once, with each key moved to its offset in it and its name's `from` and `to`
    /// recorded (the keys of `range` and their names are this pass's alone).
    private static func layOut(_ range: Range<Int>, of buffers: LayOutBuffers) -> [UInt8] {
        let whole = buffers.whole, folded = buffers.folded, from = buffers.from, to = buffers.to
        var text: [UInt8] = []
        text.reserveCapacity(folded.count)
        var previous = 0..<0  // the last text laid out, in `folded`
        for i in range {
            let start = Int(whole[i].key)
            var end = start
            while folded[end] != 0 { end += 1 }
            let same = i > range.lowerBound
                && UnsafeBufferPointer(rebasing: folded[start..<end])._hasSameBytes(
                    as: UnsafeBufferPointer(rebasing: folded[previous]))
            if !same {
                text.append(contentsOf: UnsafeBufferPointer(rebasing: folded[start...end]))
                previous = start..<end
            }
            let moved = UInt32(text.count - (end - start) - 1)
            from[Int(whole[i].name)] = UInt32(start)
            to[Int(whole[i].name)] = moved
            whole[i].key = moved
        }
        return text
    }

    /// Where the whole-name keys split between two cores' sorts (`_SortedKeys.sort`): the
    /// first bytes below the one returned sort on one core, with how many keys they have;
    /// the rest on the other, after the `words` word keys and the table of scores. Split
    /// so that each core has about half of the work, counting a word key as one and a
    /// quarter whole-name keys (measured on the bundled data: counted alike, the word
    /// keys' side took 108 ms against the other's 78; at one and a half, 93 against 115).
    ///
    /// - Complexity: O(1): 256 counts.
    static func sortSplit(_ counts: [Int], words: Int) -> (firstBytes: Int, count: Int) {
        let whole = counts.reduce(0, +)
        let target = max(0, (whole + words * 5 / 4) / 2)
        var count = 0, byte = 0
        while byte < 256 && count + counts[byte] <= target {
            count += counts[byte]
            byte += 1
        }
        return (byte, count)
    }

    /// Where each name's text starts in the folded text and in the text laid out: what
    /// `move(_:_:)` needs to move the word keys.
    struct KeyMoves: Sendable {
        var from: [UInt32], to: [UInt32]
    }

    /// Moves word keys (offsets into the folded text) into the text `layOut` laid out: a
    /// word key keeps its place in its name's text.
    ///
    /// - Complexity: O(*n*) for *n* keys.
    static func move(_ words: inout [_SortedKeys.Entry], _ moves: KeyMoves) {
        for i in words.indices {
            let name = Int(words[i].name)
            words[i].key = moves.to[name] + (words[i].key - moves.from[name])
        }
    }
}
