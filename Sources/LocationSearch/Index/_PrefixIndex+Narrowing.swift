/// Narrowing a range of keys by the bytes that follow: down the shallow trie, by the keys'
/// packed next bytes, then by binary search over their text; and the searches it uses.
extension _PrefixIndex {
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
        upper = _partition(lower..<upper) { text.comparePrefix(k[$0] &+ depth, rest) <= 0 }
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
                return _partition((low + 1)..<min(probe, range.upperBound), isBefore)
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
        _partition(range) { isBefore(items[$0]) }
    }
}
