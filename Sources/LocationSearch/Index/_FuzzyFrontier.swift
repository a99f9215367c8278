/// The typo-tolerant walk, best first: trie nodes (ranges of sorted keys sharing a path)
/// are expanded in order of the best score any key below them could still get, so the
/// walk stops as soon as the top results are settled instead of visiting every node
/// within the edit budget.
///
/// A node's bound is the best static score in its range, plus the list's match quality,
/// minus `_Ranking.weights.typo` for each edit its path already needs (the minimum of its
/// edit-distance row, which deeper nodes can only keep or raise). When the whole query is
/// within budget of a node's path, the node is a match: its range is handed to the key
/// walk with the exact number of edits.
///
/// The query's budget comes from its tokens (`budget(for:)`: one edit for each
/// token of 4–7 bytes, two from 8, at most two), and at most one edit may fall in the
/// first half of the query, as Lucene's fuzzy suggesters keep a prefix nearly exact. That
/// keeps the walk small and never loses a single typo.
///
/// Near the root, where most expansions happen and nodes have dozens of children, a
/// node's children and their best scores are read from the list's `_ShallowTrie`; deeper,
/// they are found in the sorted keys by galloping. The search passes its current cutoff
/// to `expand`, and a child that could not beat it is dropped before its row is computed.
///
/// A child whose edits are used up is never walked: below it, a key matches only by
/// spelling the rest of the query exactly, so its few possible continuations are looked
/// up directly, and their keys enter the heap as matches with exact bounds. With one
/// edit allowed, that is every node off the query's own path, so the walk expands about
/// one node per query byte and looks up the rest; such a child's row is known from its
/// parent's (the query's own prefix), so it is not computed (see
/// `addForcedMatches(offPathChild:of:depth:range:trieNode:text:cutoff:)`).
///
/// - Complexity: O(*e* (*m* + log *n*) log *h*) for *e* expanded nodes, *m* the query
///   length, *n* keys and *h* the heap size; *e* is bounded by `maxExpansions`.
struct _FuzzyFrontier {
    struct Match {
        var range: Range<Int>
        var edits: Int
        var depth: Int
    }

    /// Which of the index's key lists the walk is over.
    let list: _PrefixIndex.List
    /// The list's and its trie's columns as buffers. The walk holds no reference to them
    /// (a copy of a list or trie retains each of its columns, and a walk is made and
    /// moved for every typo query): they stay valid while the index does, which its
    /// creator holds for longer (a search holds its completer).
    private let keys: UnsafeBufferPointer<UInt32>
    private let scores: UnsafeBufferPointer<Float>, tree: UnsafeBufferPointer<Float>
    private let leafCount: Int
    private let trie: _ShallowTrie.Buffers
    /// The match quality of the list (`namePrefix` or `wordPrefix`).
    let quality: Float
    private let query: [UInt8]
    private let m: Int, budget: Int32
    /// Every node's edit-distance row, `m + 1` values each, and room for one more: a
    /// child's row is computed in place after the last node's, and kept by appending the
    /// node (most children are not kept). Grown by doubling, never shrunk.
    private var rows: [Int32] = []
    private var nodes: [Node] = []
    /// Nodes to expand, best bound first. Equal bounds go by the node's first key: nodes
    /// in the heap never overlap, so the order is total, and the walk does not depend on
    /// which other nodes were kept.
    private var heap: [Entry] = []

    private struct Entry {
        var bound: Float
        var lower: Int32
        var node: Int32

        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            bound > other.bound || (bound == other.bound && lower < other.lower)
        }
    }
    private var expansions = 0
    /// `covered(_:count:query:)` of the continuations of an off-path child (see
    /// `addForcedMatches(offPathChild:...)`) below the path node at `depth`, without and
    /// with the two a transposition allows.
    private var offPathCoverage: (depth: Int, two: UInt8, four: UInt8) = (-1, 0, 0)
    /// Bounds the work on pathological queries.
    static let maxExpansions = 4_000
    /// The effort when exact matches exist, for a query of `length` bytes: 800
    /// expansions up to 5 bytes, then half as many for each byte more, down to 10.
    /// (A node whose edits are used up counts as one expansion when it is resolved:
    /// see `addForcedMatches(of:text:cutoff:)`.)
    ///
    /// Each byte more that still spells the start of a real name makes a typo in it
    /// less likely: "chiriaco" is Chiriaco, not Chivilcoy. The walk is best first, so a
    /// smaller effort drops the least plausible readings, and keeps the ones a big place
    /// makes plausible. (On the development set and the peer benchmark's 1,000 misspelt
    /// cities, recall is unchanged; the typing log's slowest keystrokes, with typos on,
    /// were these walks beside a long exact match.)
    static func expansionsBesideExact(queryLength length: Int) -> Int {
        max(10, 800 >> min(max(0, length - 5), 16))
    }
    /// This walk's bound on expansions.
    var expansionLimit = maxExpansions

    private struct Node {
        var lower: Int32, upper: Int32
        var depth: Int32
        var parent: Int32
        var byte: UInt8
        var distance: Int32
        /// The least value in its row: the fewest edits any key below needs.
        var minimum: Int32
        /// Its node in the list's `_ShallowTrie`, or -1 below it.
        var trie: Int32
    }

    /// Starts a walk for `query` within `budget` edits over the keys of `index`'s `list`
    /// starting with its first byte. The walk reads `index` through pointers: the caller
    /// keeps it alive while the walk is used.
    init(query: [UInt8], budget: Int, list: _PrefixIndex.List, of index: _PrefixIndex, quality: Float) {
        let keyList = list == .whole ? index.whole : index.words
        let text = index.folded.buffer
        self.list = list
        self.keys = keyList.key.buffer
        self.scores = keyList.score.buffer
        self.tree = keyList.tree.buffer
        self.leafCount = keyList.leafCount
        self.trie = (list == .whole ? index.tries.whole : index.tries.words).buffers
        self.quality = quality
        self.query = query
        self.m = query.count
        self.budget = Int32(budget)
        guard let first = query.first, budget > 0, query.count > budget else { return }
        guard let start = self.trie.children(of: 0).first(where: { self.trie.byte[$0] == first }) else { return }
        rows = (0...Int32(m)).map { min($0, Int32(budget) + 1) }  // the root: the empty path, capped
        rows.reserveCapacity(64 * (m + 1))
        nodes.reserveCapacity(256)
        heap.reserveCapacity(256)
        nodes.append(Node(lower: 0, upper: 0, depth: 0, parent: -1, byte: 0, distance: Int32(m), minimum: 0, trie: 0))
        addChild(parent: 0, byte: first, range: self.trie.range(of: start), best: self.trie.best[start],
                 trie: Int32(start), cutoff: -.infinity, parentMinimum: 0, text: text)
    }

    /// The best score any match still to come could have.
    var bestBound: Float? { heap.first?.bound }

    /// Expands the best node: returns it if it is a match, else pushes its children and
    /// returns nil. Call only when `bestBound` is not nil.
    ///
    /// A child whose bound could not beat `cutoff` is not kept: the search's thresholds
    /// only rise, so it would never be expanded. Its bound is known before its row (a
    /// child needs at least as many edits as its parent), which spares most rows.
    mutating func expand(text: UnsafeBufferPointer<UInt8>, cutoff: Float) -> Match? {
        let index = popHeap().node
        let node = nodes[Int(index)]
        let range = Int(node.lower)..<Int(node.upper)
        if node.distance <= budget {
            return Match(range: range, edits: Int(node.distance), depth: Int(node.depth))
        }
        expansions += 1
        guard expansions < expansionLimit else {
            heap.removeAll()
            return nil
        }
        let cutoff = cutoff - quality
        let depth = Int(node.depth)
        let (viable, minimum) = viableBytes(of: index)
        if node.trie >= 0 && depth < _ShallowTrie.depth {
            // Near the root: the children are listed, with their bounds, in the trie.
            let bytes = trie.byte, lowers = trie.lower, uppers = trie.upper, bests = trie.best
            for child in trie.children(of: Int(node.trie)) where viable.contains(bytes[child]) {
                // (Resolving a child counts as an expansion: none is worth a row after the last.)
                guard expansions < expansionLimit else { break }
                addChild(parent: index, byte: bytes[child], range: Int(lowers[child])..<Int(uppers[child]),
                         best: bests[child], trie: Int32(child), cutoff: cutoff, parentMinimum: minimum, text: text)
            }
            return nil
        }
        // Deeper, the children are runs of the keys' byte at `depth`: read from the keys'
        // packed next bytes while they hold it (in key order, so in few cache lines),
        // else from their text.
        let next = trie.next
        let packedEnd = _ShallowTrie.depth + _ShallowTrie.nextBytes
        let shift = UInt32(8 * max(0, packedEnd - 1 - depth))
        let packed = depth >= _ShallowTrie.depth && depth < packedEnd
        @inline(__always) func byte(at i: Int) -> UInt8 {
            packed ? UInt8(truncatingIfNeeded: next[i] >> shift) : text[Int(keys[i]) + depth]
        }
        var cursor = _PrefixIndex.gallop(range) { byte(at: $0) == 0 }
        if viable.count <= 4 {
            // Only a few bytes can continue: search for each instead of listing every
            // child (near the root, a node has dozens).
            viable.forEach { target in
                guard cursor < range.upperBound, expansions < expansionLimit else { return }
                let start = _PrefixIndex.partition(cursor..<range.upperBound) { byte(at: $0) < target }
                let end = _PrefixIndex.gallop(start..<range.upperBound) { byte(at: $0) <= target }
                if start < end { addChild(parent: index, byte: target, range: start..<end, best: nil, trie: -1, cutoff: cutoff, parentMinimum: minimum, text: text) }
                cursor = end
            }
            return nil
        }
        while cursor < range.upperBound && expansions < expansionLimit {
            let first = byte(at: cursor)
            let end = _PrefixIndex.gallop(cursor..<range.upperBound) { byte(at: $0) <= first }
            if viable.contains(first) {
                addChild(parent: index, byte: first, range: cursor..<end, best: nil, trie: -1, cutoff: cutoff, parentMinimum: minimum, text: text)
            }
            cursor = end
        }
        return nil
    }

    /// A way a used-up node's keys can still match: an optional first byte (a
    /// transposition's), then the query from `from` on; `length` bytes in all.
    private typealias Continuation = (lead: Int16, from: Int32, length: Int32)

    /// Resolves a node whose edits are used up: below it, a key can only match by
    /// spelling the rest of the query exactly from a cell of the node's row at the budget,
    /// or by completing a transposition with its next byte and then doing so. Each such
    /// continuation is looked up directly (see `lookUp(_:count:covered:below:depth:range:trieNode:text:cutoff:)`),
    /// instead of walking the subtree a byte at a time on the node's loose bound (the
    /// best score anywhere below it).
    ///
    /// - Complexity: O(*c*² *m* + *c* (*d* log *a* + *m* log *r*)) for *c* ≤ 2 (2*b* + 1)
    ///   continuations, *b* the budget (see `_PrefixIndex.narrow`).
    private mutating func addForcedMatches(of index: Int32, text: UnsafeBufferPointer<UInt8>, cutoff: Float) {
        let node = nodes[Int(index)]
        let width = m + 1, row = Int(index) * width
        let depth = Int(node.depth)
        // Only cells in a row's band can be within budget, so there are at most
        // 2 budget + 1 continuations of each kind.
        withUnsafeTemporaryAllocation(of: Continuation.self, capacity: 4 * Int(budget) + 2) { found in
            var count = 0
            let band = Int(budget)
            rows.withUnsafeBufferPointer { rows in
                query.withUnsafeBufferPointer { q in
                    let low = max(0, depth - band), high = min(m - 1, depth + band)
                    if low <= high {
                        for j in low...high where rows[row + j] <= budget {
                            found[count] = (-1, Int32(j), Int32(m - j))
                            count += 1
                        }
                    }
                    // A transposition completed by the next byte reads the parent's row,
                    // one level up: its band.
                    let first = max(2, depth + 1 - band), last = min(m, depth + 1 + band)
                    if node.parent >= 0 && first <= last {
                        let grandparent = Int(node.parent) * width
                        for j in first...last where q[j - 1] == node.byte && rows[grandparent + j - 2] + 1 <= budget {
                            found[count] = (Int16(q[j - 2]), Int32(j), Int32(m - j + 1))
                            count += 1
                        }
                    }
                }
            }
            lookUp(found, count: count, below: index, depth: depth, range: Int(node.lower)..<Int(node.upper),
                   trieNode: Int(node.trie), text: text, cutoff: cutoff)
        }
    }

    /// `addForcedMatches(of:text:cutoff:)` for a child that leaves the query's own path
    /// when one edit is allowed, without its row: its parent spells the query's first
    /// `depth - 1` bytes, and its byte is not the next one, so its row is known. It is
    /// one edit from the query's first `depth - 1` (an inserted byte), `depth` (a
    /// replaced byte) and, when its byte is the query's one after next, `depth + 1` bytes
    /// (a byte left out); that byte may also start a transposition with the next one.
    /// The continuations are the ones its row would give, in the same order.
    ///
    /// - Complexity: as `addForcedMatches(of:text:cutoff:)`, with no row to compute.
    private mutating func addForcedMatches(
        offPathChild byte: UInt8, of parent: Int32, depth: Int, range: Range<Int>, trieNode: Int,
        text: UnsafeBufferPointer<UInt8>, cutoff: Float
    ) {
        let d = depth - 1  // the parent's depth: the child replaces or precedes query[d]
        withUnsafeTemporaryAllocation(of: Continuation.self, capacity: 4) { found in
            found[0] = (-1, Int32(d), Int32(m - d))  // inserted
            found[1] = (-1, Int32(d + 1), Int32(m - d - 1))  // replaced
            found[2] = (-1, Int32(d + 2), Int32(m - d - 2))  // left out
            found[3] = (Int16(query[d]), Int32(d + 2), Int32(m - d - 1))  // transposed
            let count = query[d + 1] == byte ? 4 : 2
            // Which continuations another covers depends only on the query and `d`: worked
            // out once for all of the parent's children.
            if offPathCoverage.depth != d {
                offPathCoverage = query.withUnsafeBufferPointer {
                    (d, Self.covered(found, count: 2, query: $0), Self.covered(found, count: 4, query: $0))
                }
            }
            lookUp(found, count: count, covered: count == 4 ? offPathCoverage.four : offPathCoverage.two,
                   below: parent, depth: depth, range: range, trieNode: trieNode, text: text, cutoff: cutoff)
        }
    }

    /// The continuation's `i`-th byte.
    @inline(__always)
    private static func byte(_ c: Continuation, _ i: Int, _ q: UnsafeBufferPointer<UInt8>) -> UInt8 {
        c.lead < 0 ? q[Int(c.from) + i] : i == 0 ? UInt8(c.lead) : q[Int(c.from) + i - 1]
    }

    /// The continuations (bit *a* for `found[a]`) that another one is a prefix of (the
    /// later one of two equal): their keys are in the other's range.
    private static func covered(_ found: UnsafeMutableBufferPointer<Continuation>, count: Int, query q: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var mask: UInt8 = 0
        for a in 0..<count {
            let continuation = found[a], n = Int(continuation.length)
            for b in 0..<count where b != a {
                let other = found[b], k = Int(other.length)
                guard k < n || (k == n && b < a) else { continue }
                var i = 0
                while i < k && byte(other, i, q) == byte(continuation, i, q) { i += 1 }
                if i == k {
                    mask |= 1 << a
                    break
                }
            }
        }
        return mask
    }

    /// Looks up each continuation below a used-up node (`_PrefixIndex.narrow`, which gives
    /// up as soon as a trie node shows no key below could beat `cutoff`), and pushes the
    /// keys found as matches with their exact bound.
    ///
    /// The matches are those the byte-at-a-time walk would reach: it stops at the first
    /// node within budget on each path, so a continuation that extends another one is
    /// left out (its keys are in the shorter one's range).
    /// `covered` is `covered(_:count:query:)` when already known.
    private mutating func lookUp(
        _ found: UnsafeMutableBufferPointer<Continuation>, count: Int, covered: UInt8? = nil, below index: Int32, depth: Int,
        range: Range<Int>, trieNode node: Int, text: UnsafeBufferPointer<UInt8>, cutoff: Float
    ) {
        query.withUnsafeBufferPointer { q in
            // Only keys that could still beat the cutoff are wanted.
            let floor = cutoff - _Ranking.weights.typo * Float(budget)
            let covered = covered ?? Self.covered(found, count: count, query: q)
            for a in 0..<count where covered >> a & 1 == 0 {
                let continuation = found[a], n = Int(continuation.length)
                var within = range, trieNode = node, at = depth
                if continuation.lead >= 0 {
                    var lead = UInt8(continuation.lead)
                    (within, trieNode) = withUnsafePointer(to: &lead) {
                        _PrefixIndex.narrow(within, depth: at, trieNode: trieNode, by: UnsafeBufferPointer(start: $0, count: 1),
                                            keys: keys, text: text, trie: trie, scoringAbove: floor)
                    }
                    at += 1
                }
                if !within.isEmpty && Int(continuation.from) < m {
                    (within, trieNode) = _PrefixIndex.narrow(
                        within, depth: at, trieNode: trieNode, by: UnsafeBufferPointer(rebasing: q[Int(continuation.from)...]),
                        keys: keys, text: text, trie: trie, scoringAbove: floor)
                }
                guard !within.isEmpty else { continue }
                let best = trieNode >= 0
                    ? trie.best[trieNode] : _SortedKeys.maxScore(in: within, scores: scores, tree: tree, leafCount: leafCount)
                let edits = Float(budget)
                guard best + _Ranking.weights.typo * edits > cutoff else { continue }
                let match = Int32(nodes.count)
                nodes.append(Node(
                    lower: Int32(within.lowerBound), upper: Int32(within.upperBound), depth: Int32(depth + n),
                    parent: index, byte: Self.byte(continuation, n - 1, q), distance: budget, minimum: budget, trie: -1))
                pushHeap(Entry(bound: best + quality + _Ranking.weights.typo * edits, lower: Int32(within.lowerBound), node: match))
            }
        }
    }

    /// The bytes a child of `node` may have and still be within its allowed edits. When
    /// the node's row already sits at the limit everywhere, only a byte that matches the
    /// query where the row is at the limit (or completes a transposition) keeps a cell
    /// there; any other child would exceed it, so its row need not be computed.
    /// Also returns the minimum of the node's row.
    /// (Inlined: called from the mutating `expand` as a method, it copied the whole walk,
    /// about 470 bytes, on every expansion.)
    @inline(__always)
    private func viableBytes(of index: Int32) -> (_ByteSet, minimum: Int32) {
        let node = nodes[Int(index)]
        let allowed = allowedEdits(atDepth: Int(node.depth) + 1)
        guard node.minimum >= allowed else { return (.all, node.minimum) }
        let width = m + 1, row = Int(index) * width
        var set = _ByteSet()
        rows.withUnsafeBufferPointer { rows in
            query.withUnsafeBufferPointer { query in
                for j in 1..<width where rows[row + j - 1] <= allowed { set.insert(query[j - 1]) }
                if node.parent >= 0 {
                    let grandparent = Int(node.parent) * width
                    for j in 2..<max(2, width) where query[j - 1] == node.byte && rows[grandparent + j - 2] + 1 <= allowed {
                        set.insert(query[j - 2])
                    }
                }
            }
        }
        return (set, node.minimum)
    }

    /// Two edits only in the second half of the query: a path that already needs two
    /// within the first half is given up. This bounds the walk (the neighbourhood of two
    /// edits in a short prefix is most of the trie) and never loses a single typo.
    private func allowedEdits(atDepth depth: Int) -> Int32 {
        depth * 2 <= m ? min(budget, 1) : budget
    }

    /// Computes the child's row; keeps it if it can still match and its bound can beat
    /// `cutoff` (less the list's quality). A child needs at least its parent's edits
    /// (`parentMinimum`), so most children are ruled out before their rows. `best` is
    /// the range's best score when the trie knows it.
    ///
    /// Cells are capped at `budget + 1` (any larger distance counts the same), and only the
    /// band `depth - budget ... depth + budget` is computed: a cell further from the
    /// diagonal needs more than `budget` edits, so it is the cap. With the cap, a capped
    /// recurrence gives exactly the capped distances.
    private mutating func addChild(
        parent: Int32, byte: UInt8, range: Range<Int>, best: Float?, trie: Int32, cutoff: Float, parentMinimum: Int32,
        text: UnsafeBufferPointer<UInt8>
    ) {
        let best = best ?? _SortedKeys.maxScore(in: range, scores: scores, tree: tree, leafCount: leafCount)
        guard best + _Ranking.weights.typo * Float(parentMinimum) > cutoff else { return }
        let parentNode = nodes[Int(parent)]
        let depth = Int(parentNode.depth) + 1
        // One edit, and the parent spells the start of the query: the child takes the
        // edit, and its row is known (see `addForcedMatches(offPathChild:...)`): one edit
        // at least, and within it only with the last byte replaced or the one before it
        // left out.
        let knownRow = budget == 1 && parentMinimum == 0 && byte != query[depth - 1]
        let distance: Int32, minimum: Int32
        if knownRow {
            minimum = 1
            distance = depth == m || (depth + 1 == m && query[depth] == byte) ? 1 : 2
        } else {
            let width = m + 1
            let previous = Int(parent) * width
            // The row two levels up and the parent's byte, for transpositions.
            let grandparent = Int(parentNode.parent)
            let last = parentNode.byte
            let cap = budget + 1
            let low = max(1, depth - Int(budget)), high = min(m, depth + Int(budget))
            var rowMinimum = min(cap, Int32(depth))
            // Computed in the free row after the last node's, kept only if the child is.
            let start = nodes.count * width
            // (Match nodes take no row, but their slots are skipped: grow by at least double.)
            if rows.count < start + width { rows.append(contentsOf: repeatElement(0, count: max(start + width - rows.count, rows.count))) }
            let rowDistance: Int32 = rows.withUnsafeMutableBufferPointer { rows in
                query.withUnsafeBufferPointer { q in
                    let row = rows.baseAddress! + start
                    for j in 0..<width { row[j] = cap }
                    row[0] = rowMinimum
                    guard low <= high else { return row[m] }
                    for j in low...high {
                        let cost: Int32 = q[j - 1] == byte ? 0 : 1
                        var value = min(rows[previous + j] + 1, row[j - 1] + 1, rows[previous + j - 1] + cost)
                        if j > 1 && depth >= 2 && grandparent >= 0 && q[j - 1] == last && q[j - 2] == byte {
                            value = min(value, rows[grandparent * width + j - 2] + 1)
                        }
                        value = min(value, cap)
                        row[j] = value
                        rowMinimum = min(rowMinimum, value)
                    }
                    return row[m]
                }
            }
            (distance, minimum) = (rowDistance, rowMinimum)
        }
        let edits = distance <= budget ? distance : minimum
        guard minimum <= allowedEdits(atDepth: depth), best + _Ranking.weights.typo * Float(edits) > cutoff else { return }
        // Its edits used up, it is resolved now, counted as an expansion, rather than
        // pushed on its loose bound (and its siblings' continuations are next to its own
        // in the trie, so they are looked up while in cache).
        let usedUp = distance > budget && minimum >= budget
        guard !usedUp || expansions < expansionLimit else { return }
        if usedUp { expansions += 1 }
        if usedUp && knownRow {
            // (Not kept as a node: its resolution needs no row, and a node would take one.)
            addForcedMatches(offPathChild: byte, of: parent, depth: depth, range: range, trieNode: Int(trie), text: text, cutoff: cutoff)
            return
        }
        let node = Int32(nodes.count)
        nodes.append(Node(
            lower: Int32(range.lowerBound), upper: Int32(range.upperBound), depth: Int32(depth),
            parent: parent, byte: byte, distance: distance, minimum: minimum, trie: trie))
        if usedUp {
            addForcedMatches(of: node, text: text, cutoff: cutoff)
            return
        }
        pushHeap(Entry(bound: best + quality + _Ranking.weights.typo * Float(edits), lower: Int32(range.lowerBound), node: node))
    }

    private mutating func pushHeap(_ item: Entry) {
        heap.append(item)
        heap.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard item.precedes(heap[parent]) else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = item
        }
    }

    private mutating func popHeap() -> Entry {
        let top = heap[0]
        let last = heap.removeLast()
        guard !heap.isEmpty else { return top }
        heap.withUnsafeMutableBufferPointer { heap in
            let count = heap.count
            var hole = 0
            while true {
                let left = 2 * hole + 1
                guard left < count else { break }
                let right = left + 1
                let best = right < count && heap[right].precedes(heap[left]) ? right : left
                guard heap[best].precedes(last) else { break }
                heap[hole] = heap[best]
                hole = best
            }
            heap[hole] = last
        }
        return top
    }

    /// How many edits a query may have: 1 for each token of 4–7 bytes, 2 for one of 8 or
    /// more, in total at most 2.
    static func budget(for key: [UInt8]) -> Int {
        var total = 0
        for token in key.split(separator: 0x20) {
            total += token.count >= 8 ? 2 : token.count >= 4 ? 1 : 0
        }
        return min(total, 2)
    }

}

/// A set of bytes, as four 64-bit words.
struct _ByteSet {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    static let all: _ByteSet = {
        var set = _ByteSet()
        set.words = (.max, .max, .max, .max)
        return set
    }()

    // The word is picked by offset, not by a switch over the four.
    @inline(__always)
    mutating func insert(_ byte: UInt8) {
        let offset = Int(byte >> 6) * 8, bit = UInt64(1) << UInt64(byte & 63)
        withUnsafeMutableBytes(of: &words) { words in
            words.storeBytes(of: words.load(fromByteOffset: offset, as: UInt64.self) | bit, toByteOffset: offset, as: UInt64.self)
        }
    }

    /// How many bytes the set holds.
    var count: Int {
        words.0.nonzeroBitCount + words.1.nonzeroBitCount + words.2.nonzeroBitCount + words.3.nonzeroBitCount
    }

    /// Calls `body` with each byte of the set, in ascending order.
    @inline(__always)
    func forEach(_ body: (UInt8) -> Void) {
        for (w, word) in [words.0, words.1, words.2, words.3].enumerated() {
            var rest = word
            while rest != 0 {
                body(UInt8(w * 64 + rest.trailingZeroBitCount))
                rest &= rest - 1
            }
        }
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        withUnsafeBytes(of: words) { $0.load(fromByteOffset: Int(byte >> 6) * 8, as: UInt64.self) } >> UInt64(byte & 63) & 1 != 0
    }
}
