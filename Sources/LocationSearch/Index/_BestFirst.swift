/// Yields the keys of several ranges of a `_SortedKeys` list in descending order of
/// score plus a per-range bonus, touching only the tree nodes and blocks whose maximum
/// can still compete.
///
/// The walk reads the lists through raw pointers taken once per added range: the lists
/// themselves stay in `sources`, which keeps their memory alive for as long as the walk.
/// (Copying a `_SortedKeys` retains four columns; the walk used to do it for every key
/// it touched, which was most of its cost.)
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

    /// What the walk needs of a source, as plain values: no reference counting.
    private struct _Walkable {
        var score: UnsafePointer<Float>
        var tree: UnsafePointer<Float>
        var count: Int
        var leafCount: Int
        var bonus: Float
    }

    private(set) var sources: [Source] = []
    private var walkable: [_Walkable] = []
    private var heap: [Item] = []

    init() {
        sources.reserveCapacity(8)
        walkable.reserveCapacity(8)
        heap.reserveCapacity(128)
    }

    /// The best score any item still in the walk can have, or `nil` when it is done.
    var bestRemaining: Float? { heap.first?.bound }

    /// Adds the keys `range` of `list`, each scoring its static score plus `bonus`.
    /// Returns the source number `next()` reports for them.
    @discardableResult
    mutating func add(_ range: Range<Int>, of list: _SortedKeys, bonus: Float) -> Int {
        let source = Int32(sources.count)
        sources.append(Source(list: list, bonus: bonus))
        walkable.append(_Walkable(
            score: list.score.pointer, tree: list.tree.pointer, count: list.count, leafCount: list.leafCount,
            bonus: bonus))
        guard !range.isEmpty else { return Int(source) }
        precondition(range.lowerBound >= 0 && range.upperBound <= list.count, "range outside the key list")
        let w = walkable[Int(source)]
        let size = _SortedKeys.blockSize
        let firstFull = (range.lowerBound + size - 1) / size
        let endFull = range.upperBound / size
        if firstFull >= endFull {
            for i in range { pushKey(i, source, w) }
            return Int(source)
        }
        for i in range.lowerBound..<(firstFull * size) { pushKey(i, source, w) }
        for i in (endFull * size)..<range.upperBound { pushKey(i, source, w) }
        var l = firstFull + list.leafCount, r = endFull + list.leafCount
        while l < r {
            if l & 1 == 1 { pushNode(l, source, w); l += 1 }
            if r & 1 == 1 { r -= 1; pushNode(r, source, w) }
            l >>= 1
            r >>= 1
        }
        return Int(source)
    }

    /// The next key, best first: its position in its list, its source and its score.
    mutating func next() -> (position: Int, source: Int, score: Float)? {
        while let item = pop() {
            if !item.isNode {
                return (Int(item.position), Int(item.source), item.bound)
            }
            let w = walkable[Int(item.source)]
            let node = Int(item.position)
            if node >= w.leafCount {
                let start = (node - w.leafCount) * _SortedKeys.blockSize
                for i in start..<min(w.count, start + _SortedKeys.blockSize) { pushKey(i, item.source, w) }
            } else {
                pushNode(2 * node, item.source, w)
                pushNode(2 * node + 1, item.source, w)
            }
        }
        return nil
    }

    @inline(__always)
    private mutating func pushKey(_ i: Int, _ source: Int32, _ w: _Walkable) {
        push(Item(bound: w.score[i] + w.bonus, source: source, position: Int32(i), isNode: false))
    }

    @inline(__always)
    private mutating func pushNode(_ node: Int, _ source: Int32, _ w: _Walkable) {
        let best = w.tree[node]
        guard best > -.infinity else { return }
        push(Item(bound: best + w.bonus, source: source, position: Int32(node), isNode: true))
    }

    // A binary max-heap on `bound`; ties prefer keys over nodes, then lower sources, then
    // lower positions, so the order is deterministic.
    @inline(__always)
    private static func before(_ a: Item, _ b: Item) -> Bool {
        if a.bound != b.bound { return a.bound > b.bound }
        if a.isNode != b.isNode { return !a.isNode }
        if a.source != b.source { return a.source < b.source }
        return a.position < b.position
    }

    private mutating func push(_ item: Item) {
        heap.append(item)
        heap.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.before(item, heap[parent]) else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = item
        }
    }

    private mutating func pop() -> Item? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return top }
        heap.withUnsafeMutableBufferPointer { heap in
            let count = heap.count
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < count else { break }
                var best = left
                if left + 1 < count && Self.before(heap[left + 1], heap[left]) { best = left + 1 }
                guard Self.before(heap[best], last) else { break }
                heap[parent] = heap[best]
                parent = best
            }
            heap[parent] = last
        }
        return top
    }
}
