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
    /// Folded names, each followed by a 0 byte (folding never produces 0).
    let folded: _Column<UInt8>
    /// Per indexed (place, folded name): the name's index in the gazetteer's name table,
    /// and the place's index. (Where its key starts in `folded` is its whole-name key's
    /// offset, or, from any of its keys, the byte after the 0 before it: not stored.)
    let nameDisplay: _Column<UInt32>
    let namePlace: _Column<UInt32>
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
        folded: _Column<UInt8>, nameDisplay: _Column<UInt32>,
        namePlace: _Column<UInt32>, whole: _SortedKeys, words: _SortedKeys, longestName: Int, tries: _ShallowTries,
        wholeViews: _KeyViews, wordViews: _KeyViews
    ) {
        self.wholeViews = wholeViews
        self.wordViews = wordViews
        self.folded = folded
        self.nameDisplay = nameDisplay
        self.namePlace = namePlace
        self.whole = whole
        self.words = words
        self.longestName = longestName
        self.tries = tries
    }

    init(_ gazetteer: Gazetteer, progress: _BuildProgress? = nil) {
        var folded: [UInt8] = []
        var nameDisplay: [UInt32] = [], namePlace: [UInt32] = []
        var whole: [_SortedKeys.Entry] = [], words: [_SortedKeys.Entry] = []
        let nameCount = gazetteer._names.count
        folded.reserveCapacity(gazetteer._names.bytes.count + nameCount)
        let places = gazetteer._places
        nameDisplay.reserveCapacity(nameCount)
        namePlace.reserveCapacity(nameCount)
        whole.reserveCapacity(nameCount)
        words.reserveCapacity(nameCount)

        var key: [UInt8] = []
        var placeKeys: [Range<Int>] = []  // ranges of `folded`: slices would force copy-on-write
        // A place's keys by hash once it has many names (a GeoNames row can hold tens of
        // thousands of alternate names): comparing each with all before it would be
        // quadratic. A hash shared by two different keys falls back to the comparisons.
        var manyKeys: [UInt64: Int] = [:]  // hash -> index in placeKeys
        let fewNames = 16
        func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {  // FNV-1a
            bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        }
        var longest = 0
        // Cities' canonical keys, and their alternate names' refs and keys: an alias that is
        // another city's name is shadowed (`_Ranking.weights.shadowedAlternateName`).
        var cityNames = Set<[UInt8]>()
        var cityAliases: [(ref: UInt32, key: Range<Int>)] = []
        for placeIndex in 0..<places.count {
            if let progress, placeIndex & 0x3FFF == 0 { progress("Folding names", Double(placeIndex) / Double(places.count)) }
            let record = places[placeIndex]
            let importance = _Ranking.importance(population: record.population, kind: record.kind)
            placeKeys.removeAll(keepingCapacity: true)
            if !manyKeys.isEmpty { manyKeys = [:] }
            for n in 0..<Int(record.nameCount) {
                let name = Int(record.firstName) + n
                gazetteer._names.withBytes(name) { _Folding.fold(utf8: $0, into: &key) }
                guard !key.isEmpty else { continue }
                if placeKeys.count < fewNames {
                    guard !placeKeys.contains(where: { folded[$0].elementsEqual(key) }) else { continue }
                } else {
                    if manyKeys.isEmpty {
                        for (i, range) in placeKeys.enumerated() { manyKeys[hash(folded[range])] = i }
                    }
                    let keyHash = hash(key)
                    if let seen = manyKeys[keyHash] {
                        if folded[placeKeys[seen]].elementsEqual(key) { continue }
                        guard !placeKeys.contains(where: { folded[$0].elementsEqual(key) }) else { continue }
                    } else {
                        manyKeys[keyHash] = placeKeys.count
                    }
                }
                let start = folded.count
                folded.append(contentsOf: key)
                folded.append(0)
                placeKeys.append(start..<start + key.count)
                longest = max(longest, key.count)
                let ref = UInt32(nameDisplay.count)
                nameDisplay.append(UInt32(name))
                namePlace.append(UInt32(placeIndex))
                if record.kind == .city {
                    if n == 0 { cityNames.insert(key) } else { cityAliases.append((ref, start..<start + key.count)) }
                }
                var score = importance + (n == 0 ? 0 : _Ranking.weights.alternateName)
                if n > 0 && gazetteer._names.withBytes(name, _NameQuality.isLowercaseOnly) {
                    score += _Ranking.weights.artefactAlternateName
                }
                whole.append(.init(key: UInt32(start), name: ref, score: score))
                for (i, byte) in key.enumerated() where byte == 0x20 {
                    words.append(.init(key: UInt32(start + i + 1), name: ref, score: score))
                }
                // A city's canonical name written without spaces, for "newyork" and
                // "laquila". Its display is the same name; highlighting maps the joined bytes
                // back. (Other spellings are read from the query instead: see
                // `LocationCompleter.completions(for:options:)`.)
                if n == 0 && record.kind == .city && key.contains(0x20) {
                    let joined = key.filter { $0 != 0x20 }
                    let start = folded.count
                    folded.append(contentsOf: joined)
                    folded.append(0)
                    let ref = UInt32(nameDisplay.count)
                    nameDisplay.append(UInt32(name))
                    namePlace.append(UInt32(placeIndex))
                    whole.append(.init(key: UInt32(start), name: ref, score: importance + _Ranking.weights.joinedName))
                }
            }
        }
        var shadowed = [Bool](repeating: false, count: nameDisplay.count)
        for alias in cityAliases where cityNames.contains(Array(folded[alias.key])) { shadowed[Int(alias.ref)] = true }
        for i in whole.indices where shadowed[Int(whole[i].name)] { whole[i].score += _Ranking.weights.shadowedAlternateName }
        for i in words.indices where shadowed[Int(words[i].name)] { words[i].score += _Ranking.weights.shadowedAlternateName }
        // Sorting has no natural progress; the two lists split the bar by their sizes.
        let total = Double(max(1, whole.count + words.count))
        progress?("Sorting keys", 0)
        let wholeKeys = _SortedKeys(whole, folded: folded)
        progress?("Sorting keys", Double(whole.count) / total)
        let wordKeys = _SortedKeys(words, folded: folded)
        progress?("Sorting keys", 1)
        let tries = folded.withUnsafeBufferPointer { text in
            _ShallowTries(
                whole: _ShallowTrie(keys: wholeKeys.key.buffer, scores: wholeKeys.score.buffer, text: text),
                words: _ShallowTrie(keys: wordKeys.key.buffer, scores: wordKeys.score.buffer, text: text))
        }
        let views = namePlace.withUnsafeBufferPointer { namePlace in
            (whole: _KeyViews(wholeKeys, namePlace: namePlace, places: places.buffer, labelCount: gazetteer._labels.count),
             words: _KeyViews(wordKeys, namePlace: namePlace, places: places.buffer, labelCount: gazetteer._labels.count))
        }
        self.init(
            folded: _Column(folded), nameDisplay: _Column(nameDisplay),
            namePlace: _Column(namePlace), whole: wholeKeys, words: wordKeys, longestName: longest, tries: tries,
            wholeViews: views.whole, wordViews: views.words)
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
        let text = folded.buffer, k = keys.key.buffer
        guard let first = query.first else { return (0..<k.count, 0) }
        let buckets = keys.buckets.buffer
        if query.count <= 2 {
            let bucket = Int(first) << 8 | (query.count == 2 ? Int(query[1]) : 0)
            let end = query.count == 2 ? bucket + 1 : (Int(first) + 1) << 8
            let all = Int(buckets[bucket])..<Int(buckets[end])
            let exact = query.count == 1
                ? Int(buckets[bucket | 1]) - all.lowerBound
                : _PrefixIndex.gallop(k, all) { text[Int($0) + 2] == 0 } - all.lowerBound
            return (all, exact)
        }
        return query.withUnsafeBufferPointer { q in
            let (within, node) = Self.narrow(0..<k.count, depth: 0, trieNode: 0, by: q, keys: k, text: text, trie: trie.buffers)
            if node >= 0, q.count < _ShallowTrie.depth {
                // The keys equal to the query end here and sort before its children.
                let t = trie.buffers, children = t.children(of: node)
                return (within, children.isEmpty ? within.count : Int(t.lower[children.lowerBound]) - within.lowerBound)
            }
            // The exact matches sort first and are few: gallop from the start.
            let exactEnd = _PrefixIndex.gallop(k, within) { text[Int($0) + q.count] == 0 }
            return (within, exactEnd - within.lowerBound)
        }
    }

    /// The keys of `range` that continue with `bytes`, where the keys of `range` share
    /// their first `depth` bytes and `trieNode` is their node in `trie` (-1 below its
    /// levels). Also returns the node of the result in `trie`, or -1 below its levels or
    /// when no key continues so (the empty range is then where they would be).
    ///
    /// With `floor`, the range is empty (at the start of `range`) as soon as a trie node
    /// on the way shows that no key continuing so scores above it (the typo walk wants no
    /// others), or that no key continues so.
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
        keys k: UnsafeBufferPointer<UInt32>, text: UnsafeBufferPointer<UInt8>, trie t: _ShallowTrie.Buffers,
        scoringAbove floor: Float = -.infinity
    ) -> (range: Range<Int>, trieNode: Int) {
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
            if floor > -.infinity && t.best[low] <= floor { return (range.lowerBound..<range.lowerBound, -1) }
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
            let mask = UInt32(truncatingIfNeeded: (UInt64(1) << UInt64(8 * count)) - 1)
            var target: UInt32 = 0
            for i in 0..<count { target = target << 8 | UInt32(bytes[used + i]) }
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
            let order = comparePrefix(text, Int(k[lower + half]) + depth, rest)
            if order < 0 {
                lower += half + 1
                count -= half + 1
            } else {
                if order > 0 { upper = lower + half }
                count = half
            }
        }
        upper = partition(k, lower..<upper) { comparePrefix(text, Int($0) + depth, rest) <= 0 }
        return (lower..<upper, -1)
    }

    /// `partition(keys, range, isBefore)` found by galloping from the start (1, 2, 4, ...
    /// elements, then a binary search in the last step): O(log *p*) for a partition point
    /// *p* elements in, reading keys next to each other first.
    @inline(__always)
    static func gallop(
        _ keys: UnsafeBufferPointer<UInt32>, _ range: Range<Int>, _ isBefore: (UInt32) -> Bool
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

    /// Compares the first `query.count` bytes of the key at `offset` with `query`
    /// (a key that ends sooner compares less).
    @inline(__always)
    static func comparePrefix(_ text: UnsafeBufferPointer<UInt8>, _ offset: Int, _ query: UnsafeBufferPointer<UInt8>) -> Int {
        for i in 0..<query.count {
            let a = text[offset + i], b = query[i]
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }

    /// The key of entry `i` of `keys`, for tests and diagnostics.
    func key(_ i: Int, in keys: _SortedKeys) -> [UInt8] {
        let start = Int(keys.key[i])
        var end = start
        while folded[end] != 0 { end += 1 }
        return Array(folded.buffer[start..<end])
    }

    /// Checks that keys are sorted, every range tree node holds its children's maximum,
    /// and every reference is in bounds. Traps on a broken invariant; tests call it, and
    /// debug builds call it after every build.
    func _checkInvariants() {
        for list in [whole, words] {
            precondition(list.key.count == list.name.count && list.key.count == list.score.count)
            for i in list.key.indices {
                precondition(Int(list.key[i]) < folded.count && Int(list.name[i]) < nameDisplay.count)
                let k = key(i, in: list)
                if i > 0 {
                    precondition(!k.lexicographicallyPrecedes(key(i - 1, in: list)), "keys out of order at \(i)")
                }
                let bucket = Int(k.first ?? 0) << 8 | Int(k.dropFirst().first ?? 0)
                precondition(Int(list.buckets[bucket]) <= i && i < Int(list.buckets[bucket + 1]), "key \(i) is outside its bucket")
            }
            list._checkInvariants()
        }
        wholeViews._checkInvariants(whole)
        wordViews._checkInvariants(words)
        tries.whole._checkInvariants(keys: whole.key.buffer, scores: whole.score.buffer, text: folded.buffer)
        tries.words._checkInvariants(keys: words.key.buffer, scores: words.score.buffer, text: folded.buffer)
        var names = Set<UInt32>()
        for i in whole.key.indices {
            precondition(whole.key[i] == 0 || folded[Int(whole.key[i]) - 1] == 0, "a name key does not start after a terminator")
            names.insert(whole.name[i])
        }
        precondition(names.count == nameDisplay.count, "an indexed name has no whole-name key, or more than one")
    }
}

/// One sorted key list with its static scores and the block-maximum tree over them.
struct _SortedKeys: Sendable {
    struct Entry {
        var key: UInt32
        var name: UInt32
        var score: Float
    }

    /// Offsets of the keys in the folded text, in key order.
    let key: _Column<UInt32>
    /// The indexed name each key belongs to.
    let name: _Column<UInt32>
    /// Each key's static score (place importance and name adjustment).
    let score: _Column<Float>
    /// `tree[leafCount + b]` is the best score in block `b` (keys `b * blockSize ..<`);
    /// `tree[i]` is the best of `tree[2i]` and `tree[2i + 1]`.
    let tree: _Column<Float>
    /// Where each first two bytes start among the keys (`_BucketTable`).
    let buckets: _Column<UInt32>
    let leafCount: Int
    static let blockSize = 16

    var count: Int { key.count }

    init(
        key: _Column<UInt32>, name: _Column<UInt32>, score: _Column<Float>, tree: _Column<Float>,
        buckets: _Column<UInt32>, leafCount: Int
    ) {
        self.key = key
        self.name = name
        self.score = score
        self.tree = tree
        self.buckets = buckets
        self.leafCount = leafCount
    }

    init(_ entries: [Entry], folded: [UInt8]) {
        func prefix8(_ offset: UInt32) -> UInt64 {
            var value: UInt64 = 0
            var i = Int(offset)
            var ended = false
            for _ in 0..<8 {
                let byte: UInt8 = ended ? 0 : folded[i]
                if byte == 0 { ended = true } else { i += 1 }
                value = value << 8 | UInt64(byte)
            }
            return value
        }
        var keyed = entries.map { (prefix: prefix8($0.key), entry: $0) }
        folded.withUnsafeBufferPointer { text in
            keyed.sort { a, b in
                if a.prefix != b.prefix { return a.prefix < b.prefix }
                if a.prefix & 0xFF != 0 {
                    var i = Int(a.entry.key) + 8, j = Int(b.entry.key) + 8
                    while true {
                        let x = text[i], y = text[j]
                        if x != y { return x < y }
                        if x == 0 { break }
                        i += 1
                        j += 1
                    }
                }
                if a.entry.score != b.entry.score { return a.entry.score > b.entry.score }
                return a.entry.name < b.entry.name
            }
        }
        let score = keyed.map(\.entry.score)
        let blocks = (keyed.count + Self.blockSize - 1) / Self.blockSize
        var leaves = 1
        while leaves < blocks { leaves *= 2 }
        var tree = [Float](repeating: -.infinity, count: 2 * leaves)
        for (i, s) in score.enumerated() {
            let leaf = leaves + i / Self.blockSize
            tree[leaf] = max(tree[leaf], s)
        }
        for node in stride(from: leaves - 1, to: 0, by: -1) {
            tree[node] = max(tree[2 * node], tree[2 * node + 1])
        }
        let buckets = _BucketTable.build(count: keyed.count) { Int(keyed[$0].prefix >> 48) }
        self.init(
            key: _Column(keyed.map(\.entry.key)), name: _Column(keyed.map(\.entry.name)),
            score: _Column(score), tree: _Column(tree), buckets: _Column(buckets), leafCount: leaves)
    }

    /// Whether the bucket table has its size, rises, and ends at `count`: what a loaded
    /// index must satisfy before `range(of:in:)` trusts it.
    func bucketsAreConsistent() -> Bool {
        _BucketTable.isConsistent(buckets, count: count)
    }

    func _checkInvariants() {
        precondition(tree.count == 2 * leafCount && leafCount * Self.blockSize >= count)
        precondition(bucketsAreConsistent(), "the bucket table is not a rising table of size 65,537")
        for b in 0..<leafCount {
            let block = min(count, b * Self.blockSize)..<min(count, (b + 1) * Self.blockSize)
            let best = score.buffer[block].max() ?? -.infinity
            precondition(tree[leafCount + b] == best, "block \(b) maximum is stale")
        }
        for node in 1..<leafCount {
            precondition(tree[node] == max(tree[2 * node], tree[2 * node + 1]), "node \(node) maximum is stale")
        }
    }
}

extension _SortedKeys {
    /// The best static score of the keys in `range` (-infinity if empty).
    ///
    /// - Complexity: O(*b* + log *n*) for block size *b*.
    func maxScore(in range: Range<Int>) -> Float {
        Self.maxScore(in: range, scores: score.buffer, tree: tree.buffer, leafCount: leafCount)
    }

    /// `maxScore(in:)` over the list's columns as buffers, for a caller that holds them
    /// (calling it on a list stored in a mutating caller's `self` copies the list).
    @inline(__always)
    static func maxScore(
        in range: Range<Int>, scores: UnsafeBufferPointer<Float>, tree nodes: UnsafeBufferPointer<Float>, leafCount: Int
    ) -> Float {
        let size = blockSize
        let firstFull = (range.lowerBound + size - 1) / size
        let endFull = range.upperBound / size
        var best = -Float.infinity
        if firstFull >= endFull {
            for i in range { best = max(best, scores[i]) }
            return best
        }
        for i in range.lowerBound..<(firstFull * size) { best = max(best, scores[i]) }
        for i in (endFull * size)..<range.upperBound { best = max(best, scores[i]) }
        var l = firstFull + leafCount, r = endFull + leafCount
        while l < r {
            if l & 1 == 1 { best = max(best, nodes[l]); l += 1 }
            if r & 1 == 1 { r -= 1; best = max(best, nodes[r]) }
            l >>= 1
            r >>= 1
        }
        return best
    }
}
