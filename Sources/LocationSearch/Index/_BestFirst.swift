/// Yields the keys of several ranges of a `_SortedKeys` list in descending order of
/// score plus a per-range bonus, touching only the tree nodes and blocks whose maximum
/// can still compete.
///
/// - Complexity: O(log *n*) to add a range; O((*b* + log *n*) log *h*) per key yielded,
///   *b* the block size and *h* the heap size. Independent of how many keys a range holds.
struct _BestFirst {
    struct Item {
        /// The best score this item can yield.
        var bound: Float
        /// Which added range it belongs to.
        var source: Int32
        /// A tree node (>= 0 and < leafCount * 2) when `isNode`, else a key position.
        var position: Int32
        var isNode: Bool
    }

    struct Source {
        var list: _SortedKeys
        var bonus: Float
    }

    private(set) var sources: [Source] = []
    private var heap: [Item] = []

    /// The best score any item still in the walk can have, or `nil` when it is done.
    var bestRemaining: Float? { heap.first?.bound }

    /// Adds the keys `range` of `list`, each scoring its static score plus `bonus`.
    /// Returns the source number `next()` reports for them.
    @discardableResult
    mutating func add(_ range: Range<Int>, of list: _SortedKeys, bonus: Float) -> Int {
        let source = Int32(sources.count)
        sources.append(Source(list: list, bonus: bonus))
        guard !range.isEmpty else { return Int(source) }
        let size = _SortedKeys.blockSize
        let firstFull = (range.lowerBound + size - 1) / size
        let endFull = range.upperBound / size
        if firstFull >= endFull {
            for i in range { pushKey(i, source) }
            return Int(source)
        }
        for i in range.lowerBound..<(firstFull * size) { pushKey(i, source) }
        for i in (endFull * size)..<range.upperBound { pushKey(i, source) }
        var l = firstFull + list.leafCount, r = endFull + list.leafCount
        while l < r {
            if l & 1 == 1 { pushNode(l, source); l += 1 }
            if r & 1 == 1 { r -= 1; pushNode(r, source) }
            l >>= 1
            r >>= 1
        }
        return Int(source)
    }

    /// Adds single keys of `list`, each with its own bonus (for ranges small enough that
    /// per-key scoring beats the tree).
    /// - Complexity: O(*c* log *h*) for *c* keys.
    mutating func add(keys range: Range<Int>, of list: _SortedKeys, bonus: (Int) -> Float) -> Int {
        let source = Int32(sources.count)
        sources.append(Source(list: list, bonus: 0))
        for i in range {
            push(Item(bound: list.score[i] + bonus(i), source: source, position: Int32(i), isNode: false))
        }
        return Int(source)
    }

    /// The next key, best first: its position in its list, its source and its score.
    mutating func next() -> (position: Int, source: Int, score: Float)? {
        while let item = pop() {
            if !item.isNode {
                return (Int(item.position), Int(item.source), item.bound)
            }
            let list = sources[Int(item.source)].list
            let node = Int(item.position)
            if node >= list.leafCount {
                let block = node - list.leafCount
                let start = block * _SortedKeys.blockSize
                for i in start..<min(list.count, start + _SortedKeys.blockSize) { pushKey(i, item.source) }
            } else {
                pushNode(2 * node, item.source)
                pushNode(2 * node + 1, item.source)
            }
        }
        return nil
    }

    private mutating func pushKey(_ i: Int, _ source: Int32) {
        let s = sources[Int(source)]
        push(Item(bound: s.list.score[i] + s.bonus, source: source, position: Int32(i), isNode: false))
    }

    private mutating func pushNode(_ node: Int, _ source: Int32) {
        let s = sources[Int(source)]
        let best = s.list.tree[node]
        guard best > -.infinity else { return }
        push(Item(bound: best + s.bonus, source: source, position: Int32(node), isNode: true))
    }

    // A binary max-heap on `bound`; ties prefer keys over nodes, then lower positions, so
    // the order is deterministic.
    @inline(__always)
    private static func before(_ a: Item, _ b: Item) -> Bool {
        if a.bound != b.bound { return a.bound > b.bound }
        if a.isNode != b.isNode { return !a.isNode }
        if a.source != b.source { return a.source < b.source }
        return a.position < b.position
    }

    private mutating func push(_ item: Item) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func pop() -> Item? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var best = parent
                if left < heap.count && Self.before(heap[left], heap[best]) { best = left }
                if right < heap.count && Self.before(heap[right], heap[best]) { best = right }
                if best == parent { break }
                heap.swapAt(parent, best)
                parent = best
            }
        }
        return top
    }
}
