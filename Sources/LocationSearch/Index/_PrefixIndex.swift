/// The prefix index: every folded name, and every later word start inside it, as a key in
/// one sorted list, so that the keys starting with a query are one contiguous range.
///
/// This is a trie laid out flat: a trie node is the range of keys sharing its path, and
/// walking down a byte narrows the range (`range(of:in:)` does it with a table for the
/// first two bytes, or down an explicit trie of the first levels, then by binary search).
/// Over the sorted keys sits a tree of block maxima, so the best keys of any range come
/// out best-first in O(*k* log *n*) (`_BestFirst`), however many keys the range holds.
/// (For the prefixes with the most keys, whole answers are precomputed: see
/// `_PrecomputedAnswers`.)
///
/// Storage is a handful of flat arrays (no per-node objects), immutable once built.
struct _PrefixIndex: Sendable {
    /// Folded names, each followed by a 0 byte (folding never produces 0), in whole-key
    /// order and each distinct text once (`layOut`), front-coded (`_KeyText`): names that
    /// fold alike share their text, and the whole-name keys' text numbers rise
    /// (`_KeyOffsets`).
    let keyText: _KeyText
    /// Per indexed (place, folded name): the name's index in the gazetteer's name table,
    /// and the place's index. (Its text is its whole-name key's, or, from any of its keys,
    /// the text of the key's reference: not stored.)
    let nameDisplay: _StepColumn
    let namePlace: _StepColumn
    /// Keys at the start of a name, and canonical names written without their spaces.
    let whole: _SortedKeys
    /// Keys at later word starts ("francisco" in "san francisco").
    let words: _SortedKeys
    /// The longest folded name, in bytes.
    let longestName: Int
    /// The first levels of both lists' tries, for the typo walk.
    let tries: _ShallowTries
    /// Each list's keys by country and of the places that are not cities, for filters.
    let wholeViews: _KeyViews
    let wordViews: _KeyViews

    init(
        keyText: _KeyText, nameDisplay: _StepColumn,
        namePlace: _StepColumn, whole: _SortedKeys, words: _SortedKeys, longestName: Int, tries: _ShallowTries,
        wholeViews: _KeyViews, wordViews: _KeyViews
    ) {
        self.wholeViews = wholeViews
        self.wordViews = wordViews
        self.keyText = keyText
        self.nameDisplay = nameDisplay
        self.namePlace = namePlace
        self.whole = whole
        self.words = words
        self.longestName = longestName
        self.tries = tries
    }

    /// The two key lists, for `range(of:in:)`.
    enum List {
        case whole, words
    }

    /// The range of `list`'s keys that start with `query`, and within it how many keys
    /// equal `query` exactly (they sort first).
    ///
    /// A one- or two-byte query's range is one lookup in the list's bucket table. A longer
    /// one is `narrow` from the root: down the list's shallow trie for its first
    /// `_ShallowTrie.depth` bytes, then by the keys' packed next bytes, then by binary
    /// search over the keys' text for the rest.
    ///
    /// - Complexity: O(*d* log *a* + *m* log *r*), *m* the query's length, *d* the trie's
    ///   depth, *a* the alphabet and *r* the size of the range of the query's first *d*
    ///   bytes (at most *n*, the number of keys).
    @inline(__always)
    func range(of query: [UInt8], in list: List) -> (range: Range<Int>, exact: Int) {
        switch list {
        case .whole: range(of: query, in: whole, trie: tries.whole)
        case .words: range(of: query, in: words, trie: tries.words)
        }
    }

    private func range(of query: [UInt8], in keys: _SortedKeys, trie: _ShallowTrie) -> (range: Range<Int>, exact: Int) {
        let k = keys.key.buffers
        if let words = k.words { return range(of: query, in: keys, references: words, trie: trie) }
        return range(of: query, in: keys, references: k.blocks, trie: trie)
    }

    /// `range(of:in:trie:)` with the list's references read through `k` (compiled once per
    /// kind of list: the whole-name keys' reads take no branch for the word keys').
    @inline(__always)
    private func range(
        of query: [UInt8], in keys: _SortedKeys, references k: some _KeyOffsetReading, trie: _ShallowTrie
    ) -> (range: Range<Int>, exact: Int) {
        let text = keyText.buffers
        guard let first = query.first else { return (0..<keys.count, 0) }
        let buckets = keys.buckets.buffers
        if query.count <= 2 {
            let bucket = Int(first) << 8 | (query.count == 2 ? Int(query[1]) : 0)
            let end = query.count == 2 ? bucket + 1 : (Int(first) + 1) << 8
            let all = buckets[bucket]..<buckets[end]
            let exact = query.count == 1
                ? buckets[bucket | 1] - all.lowerBound
                : _PrefixIndex.gallop(all) { text[k[$0] + 2] == 0 } - all.lowerBound
            return (all, exact)
        }
        return query.withUnsafeBufferPointer { q in
            let (within, node) = Self.narrow(
                0..<keys.count, depth: 0, trieNode: 0, by: q, keys: k, text: text, trie: trie.buffers)
            if node >= 0, q.count < _ShallowTrie.depth {
                // The keys equal to the query end here and sort before its children.
                let t = trie.buffers, children = t.children(of: node)
                return (within, children.isEmpty ? within.count : Int(t.lower[children.lowerBound]) - within.lowerBound)
            }
            // The exact matches sort first and are few: gallop from the start.
            let exactEnd = _PrefixIndex.gallop(within) { text[k[$0] + q.count] == 0 }
            return (within, exactEnd - within.lowerBound)
        }
    }

    /// The keys of `range` that continue with `bytes`, where the keys of `range` share
    /// their first `depth` bytes and `trieNode` is their node in `trie` (-1 below its
    /// levels). Also returns the node of the result in `trie`, or -1 below its levels or
    /// when no key continues so (the empty range is then where they would be).
    ///
    /// With `floor` (and `bounds`, the list's scores by `_KeyNameScores.Best`: a node's best
    /// is a rank plus one), the range is empty (at the start of `range`) as soon as a trie
    /// node on the way shows that no key continuing so scores above it (the typo walk wants
    /// no others), or that no key continues so.
    ///
    /// It goes down the trie, whose top levels every query shares (so they stay in
    /// cache), as far as it has levels; then narrows that node's range by the keys' next
    /// bytes, packed in key order (`_ShallowTrie.next`), and binary-searches whatever is
    /// left of `bytes` (past the packed bytes), comparing only the bytes after the trie's
    /// and the packed ones. The keys' text is read only for those last steps: it is cold,
    /// one cache miss (or page fault) per probe.
    ///
    /// - Complexity: O(*d* log *a* + *m* log *r*) for *m* bytes, *d* trie levels walked,
    ///   the alphabet *a* and *r* the size of the range where the walk leaves the trie.
    @inline(__always)
    static func narrow(
        _ range: Range<Int>, depth: Int, trieNode: Int, by bytes: UnsafeBufferPointer<UInt8>,
        keys k: some _KeyOffsetReading, text: _KeyText.Buffers, trie t: _ShallowTrie.Buffers,
        scoringAbove floor: Float = -.infinity, bounds: UnsafePointer<Float>? = nil
    ) -> (range: Range<Int>, trieNode: Int) {
        assert(floor == -.infinity || bounds != nil, "a floor needs the list's bounds")
        var within = range, node = trieNode, depth = depth, used = 0
        // Down the trie: a node's children are in byte order.
        while node >= 0, depth < _ShallowTrie.depth, used < bytes.count {
            let byte = bytes[used], children = t.children(of: node)
            let low = partition(t.byte, children) { $0 < byte }
            guard low < children.upperBound, t.byte[low] == byte else {
                // No key continues with this byte. (The typo walk, which gives a floor, only
                // asks whether any does: the empty range at the start, without reading where
                // the keys would be, a cold line.)
                guard floor == -.infinity else { return (range.lowerBound..<range.lowerBound, -1) }
                // The empty range where the keys would be.
                let at = low < children.upperBound ? Int(t.lower[low]) : Int(t.upper[node])
                return (at..<at, -1)
            }
            // No key below scores above the floor. (Not read without one: a cold line.)
            if floor > -.infinity, let bounds, bounds[Int(t.best[low])] <= floor {
                return (range.lowerBound..<range.lowerBound, -1)
            }
            node = low
            depth += 1
            used += 1
        }
        // (The range is read once, at the node reached: each level's is another cold line.)
        if node != trieNode { within = t.range(of: node) }
        guard used < bytes.count else { return (within, node) }
        let packedEnd = _ShallowTrie.depth + _ShallowTrie.nextBytes
        if depth >= _ShallowTrie.depth && depth < packedEnd {
            // The next bytes of every key, packed in key order: compare as many as the
            // rest of `bytes` covers (those before `depth` are the same in the range).
            let count = min(packedEnd - depth, bytes.count - used)
            let shift = 8 * (packedEnd - depth - count)
            let mask = _ShallowTrie.Packed(truncatingIfNeeded: (UInt64(1) << UInt64(8 * count)) - 1)
            var target: _ShallowTrie.Packed = 0
            for i in 0..<count { target = target << 8 | _ShallowTrie.Packed(bytes[used + i]) }
            let next = t.next
            let lower = partition(next, within) { $0 >> shift & mask < target }
            // (Galloping: the keys continuing so are usually a short run.)
            let upper = gallop(next, lower..<within.upperBound) { $0 >> shift & mask <= target }
            within = lower..<upper
            depth += count
            used += count
            guard used < bytes.count, !within.isEmpty else { return (within, -1) }
        }
        let rest = UnsafeBufferPointer(rebasing: bytes[used...])
        // The lower bound; a probe past the query's keys also bounds the upper one.
        var lower = within.lowerBound, upper = within.upperBound, count = within.count
        while count > 0 {
            let half = count / 2
            let order = text.comparePrefix(k[lower + half] &+ depth, rest)
            if order < 0 {
                lower += half + 1
                count -= half + 1
            } else {
                if order > 0 { upper = lower + half }
                count = half
            }
        }
        upper = partition(lower..<upper) { text.comparePrefix(k[$0] &+ depth, rest) <= 0 }
        return (lower..<upper, -1)
    }

    /// `partition(keys, range, isBefore)` found by galloping from the start (1, 2, 4, ...
    /// elements, then a binary search in the last step): O(log *p*) for a partition point
    /// *p* elements in, reading keys next to each other first.
    @inline(__always)
    static func gallop<Element>(
        _ keys: UnsafeBufferPointer<Element>, _ range: Range<Int>, _ isBefore: (Element) -> Bool
    ) -> Int {
        gallop(range) { isBefore(keys[$0]) }
    }

    /// `gallop` over positions: the first position in `range` not satisfying `isBefore`,
    /// given that those satisfying it come first.
    @inline(__always)
    static func gallop(_ range: Range<Int>, _ isBefore: (Int) -> Bool) -> Int {
        var low = range.lowerBound, step = 1
        while low < range.upperBound && isBefore(low) {
            let probe = low + step
            guard probe < range.upperBound, isBefore(probe) else {
                return partition((low + 1)..<min(probe, range.upperBound), isBefore)
            }
            low = probe + 1
            step *= 2
        }
        return low
    }

    /// The first index in `range` whose element does not satisfy `isBefore`, given that
    /// the elements satisfying it come first.
    @inline(__always)
    static func partition<Element>(
        _ items: UnsafeBufferPointer<Element>, _ range: Range<Int>, _ isBefore: (Element) -> Bool
    ) -> Int {
        partition(range) { isBefore(items[$0]) }
    }

    /// `partition` over positions, by binary search.
    @inline(__always)
    static func partition(_ range: Range<Int>, _ isBefore: (Int) -> Bool) -> Int {
        var low = range.lowerBound, count = range.count
        while count > 0 {
            let half = count / 2
            if isBefore(low + half) {
                low += half + 1
                count -= half + 1
            } else {
                count = half
            }
        }
        return low
    }

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
