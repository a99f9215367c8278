/// Yields the keys of several ranges of a `_SortedKeys` list in descending order of
/// score plus a per-range bonus, touching only the tree nodes and blocks whose maximum
/// can still compete.
///
/// Items in the heap are tree nodes and *block cursors*: a cursor stands for the keys of
/// one block still to come (a bit mask) and carries the best of them, so expanding a
/// block adds one item instead of sixteen. A popped node's better child is followed
/// directly, without a round trip through the heap, while it stays ahead of the heap's
/// top. Every comparison is the one the heap would make, so keys come out in exactly the
/// order of a plain heap of nodes and keys.
///
/// That order is total and does not depend on the tree's shape: keys come out by score
/// (highest first), then source, then position. A node sorts as its first key would
/// (its bound, its source, the position of its first key), after a key at that same
/// place, so no key still inside a node can tie with one outside it and lose the tie.
/// (So a walk over a subset of a list's keys, with its own tree, yields those keys in
/// the order the walk over the whole list yields them: see `_KeyViews`.)
///
/// The walk reads the lists through raw pointers taken once per added range; each
/// distinct list is held once in `lists`, which keeps its memory alive as long as the
/// walk (a copy per range would retain its columns again each time).
///
/// - Complexity: O(log *n*) to add a range; O((*b* + log *n*) log *h*) per key yielded,
///   *b* the block size and *h* the heap size. Independent of how many keys a range holds.
struct _BestFirst {
    struct Item {
        /// The best score this item can yield.
        var bound: Float
        /// Which added range it belongs to.
        var source: Int32
        /// For a cursor, the position of the best key of its block still to come; for a
        /// node, the position of its first key (the tree node is
        /// `(leafCount + position / blockSize) >> level`).
        var position: Int32
        /// -1 for a cursor; for a tree node, its height above the leaves (0: a block).
        var level: Int8
        /// For a cursor: the keys of the block (bit i is key `block start + i`) still to
        /// come, `position`'s included.
        var remaining: UInt16

        var isNode: Bool { level >= 0 }
    }

    /// What the walk needs of a source, as plain values: no reference counting.
    private struct _Walkable {
        var key: UnsafeBufferPointer<UInt32>
        var name: UnsafeBufferPointer<UInt32>
        var score: UnsafePointer<Float>
        var tree: UnsafePointer<Float>
        /// The keys walked: the list's, or the view's.
        var count: Int
        var leafCount: Int
        var bonus: Float
        /// For a source over a view (`_KeyViews.View`), the list positions of its keys:
        /// the walk's positions are then the view's.
        var positions: UnsafePointer<UInt32>?

        /// The list position of the walk's position `i`.
        @inline(__always)
        func listPosition(_ i: Int) -> Int {
            guard let positions else { return i }
            return min(Int(positions[i]), key.count - 1)  // (clamped: see `_KeyViews`)
        }

        @inline(__always)
        func score(_ i: Int) -> Float { score[listPosition(i)] }
    }

    /// The lists the ranges come from, each once.
    private var lists: [_SortedKeys] = []
    private var walkable: [_Walkable] = []
    private let heap = _Heap()
    init() {
        lists.reserveCapacity(2)
        walkable.reserveCapacity(8)
    }

    /// The best score any key still in the walk can have, or `nil` when it is done.
    var bestRemaining: Float? { heap.count > 0 ? heap.items[0].bound : nil }

    /// The indexed name of the key at `position` of source `source`, as `next()` gave them.
    @inline(__always)
    func name(at position: Int, source: Int) -> UInt32 {
        let w = walkable[source]
        return w.name[w.listPosition(position)]
    }

    /// Where the key at `position` of source `source` starts in the folded text.
    @inline(__always)
    func keyOffset(at position: Int, source: Int) -> UInt32 {
        let w = walkable[source]
        return w.key[w.listPosition(position)]
    }

    /// Adds the keys `range` of `list` (with `view`, the keys `range` of the view), each
    /// scoring its static score plus `bonus`, at any time (a typo walk hands in ranges as
    /// it finds them). Returns the source number `next()` reports for them.
    /// - Complexity: O(log *n* log *h*).
    ///
    /// Sources added one after another with the same `joint` number (>= 0), each over a
    /// view of one list, walk as one: their exact ties go by list position, as if their
    /// keys were one source (a filter on several countries, one view each).
    @discardableResult
    mutating func add(_ range: Range<Int>, of list: _SortedKeys, view: _KeyViews.View? = nil, joint: Int32 = -1,
                      bonus: Float) -> Int {
        precondition(range.isEmpty || (range.lowerBound >= 0 && range.upperBound <= view?.positions.count ?? list.count),
                     "range outside the key list")
        let source = appendSource(list, view: view, joint: joint, bonus: bonus)
        push(range, source: Int32(source))
        return source
    }

    /// Adds single keys of `list` (with `view`, of the view), each with its own bonus
    /// (for ranges small enough that per-key scoring beats the tree): each is a cursor
    /// over one key with its own bound. `bonus` gets a key's list position; a key whose
    /// bonus is `nil` is left out.
    /// - Complexity: O(*c* log *h*) for *c* keys.
    @discardableResult
    mutating func add(
        keys range: Range<Int>, of list: _SortedKeys, view: _KeyViews.View? = nil, joint: Int32 = -1,
        bonus: (Int) -> Float?
    ) -> Int {
        let source = appendSource(list, view: view, joint: joint, bonus: 0)
        let w = walkable[source]
        // Many keys go in at once and the heap is rebuilt (O(h)), rather than each sifted
        // up (O(c log h)).
        let many = range.count > 32
        for i in range {
            let position = w.listPosition(i)
            guard let bonus = bonus(position) else { continue }
            let item = Item(
                bound: w.score[position] + bonus, source: Int32(source), position: Int32(i), level: -1,
                remaining: 1 << UInt16(i % _SortedKeys.blockSize))
            if many { heap.append(item) } else { heap.push(item) }
        }
        if many { heap.heapify() }
        return source
    }

    private mutating func appendSource(_ list: _SortedKeys, view: _KeyViews.View?, joint: Int32, bonus: Float) -> Int {
        if !lists.contains(where: { $0.key.pointer == list.key.pointer }) { lists.append(list) }
        precondition(joint < 0 || view != nil, "a joint source is a view")
        if joint >= 0 || heap.hasJoints {
            // (Only once a joint source is added: most walks never have one.)
            heap.setJoint(walkable.count, _Heap.Joint(group: joint, positions: view?.positions.baseAddress, count: list.count))
        }
        if let view {
            // (A view with keys has a tree; an empty one is never walked.)
            walkable.append(_Walkable(key: list.key.buffer, name: list.name.buffer, score: list.score.pointer,
                                      tree: view.tree.baseAddress ?? list.tree.pointer, count: view.positions.count,
                                      leafCount: view.leafCount, bonus: bonus, positions: view.positions.baseAddress))
        } else {
            walkable.append(_Walkable(key: list.key.buffer, name: list.name.buffer, score: list.score.pointer,
                                      tree: list.tree.pointer, count: list.count, leafCount: list.leafCount, bonus: bonus,
                                      positions: nil))
        }
        return walkable.count - 1
    }

    /// The next key, best first: its position in its list, its source and its score.
    mutating func next() -> (position: Int, source: Int, score: Float)? {
        walk()
    }

    /// Puts a source's range into the heap: its whole blocks as tree nodes (the fewest
    /// nodes that cover them), its partial blocks as cursors.
    private mutating func push(_ range: Range<Int>, source: Int32) {
        let w = walkable[Int(source)]
        guard !range.isEmpty else { return }
        let size = _SortedKeys.blockSize
        let firstFull = (range.lowerBound + size - 1) / size
        let endFull = range.upperBound / size
        if firstFull >= endFull {
            // No whole block: one cursor per block the range touches (at most two).
            var block = range.lowerBound / size
            while block * size < range.upperBound {
                pushCursor(max(range.lowerBound, block * size)..<min(range.upperBound, (block + 1) * size), source, w)
                block += 1
            }
            return
        }
        pushCursor(range.lowerBound..<(firstFull * size), source, w)
        pushCursor((endFull * size)..<range.upperBound, source, w)
        var l = firstFull + w.leafCount, r = endFull + w.leafCount, level: Int8 = 0
        while l < r {
            if l & 1 == 1 { pushNode(l, level: level, source, w); l += 1 }
            if r & 1 == 1 { r -= 1; pushNode(r, level: level, source, w) }
            l >>= 1
            r >>= 1
            level += 1
        }
    }

    /// The next key of the real walk.
    private mutating func walk() -> (position: Int, source: Int, score: Float)? {
        guard var item = heap.pop() else { return nil }
        // Invariant: `item` comes before everything in the heap.
        while item.isNode {
            let w = walkable[Int(item.source)]
            var next: Item
            if item.level == 0 {
                let start = Int(item.position)
                next = Self.cursor(start, mask: Self.mask(start, w.count), item.source, w)
            } else {
                let node = (w.leafCount + Int(item.position) / _SortedKeys.blockSize) >> Int(item.level)
                let level = item.level - 1
                let left = Self.node(2 * node, level: level, item.source, w)
                let right = Self.node(2 * node + 1, level: level, item.source, w)
                if heap.before(right, left) {
                    next = right
                    if left.bound > -.infinity { heap.push(left) }
                } else {
                    next = left
                    if right.bound > -.infinity { heap.push(right) }
                }
            }
            if heap.count > 0 && heap.before(heap.items[0], next) {
                heap.push(next)
                item = heap.pop()!
            } else {
                item = next
            }
        }
        // A cursor: yield its key, and keep the rest of its block in the walk.
        let rest = item.remaining & ~(1 << UInt16(Int(item.position) % _SortedKeys.blockSize))
        if rest != 0 {
            let w = walkable[Int(item.source)]
            let start = Int(item.position) - Int(item.position) % _SortedKeys.blockSize
            heap.push(Self.cursor(start, mask: rest, item.source, w))
        }
        return (Int(item.position), Int(item.source), item.bound)
    }

    /// The keys of the block at `start` that exist (the last block may be short).
    @inline(__always)
    private static func mask(_ start: Int, _ count: Int) -> UInt16 {
        let n = min(_SortedKeys.blockSize, count - start)
        return n >= 16 ? .max : UInt16((1 << n) - 1)
    }

    /// A cursor over the keys `mask` of the block at `start`, holding the best of them
    /// (highest score, then lowest position).
    @inline(__always)
    private static func cursor(_ start: Int, mask: UInt16, _ source: Int32, _ w: _Walkable) -> Item {
        var m = mask
        var best = start + m.trailingZeroBitCount
        var bestScore = w.score(best)
        m &= m - 1
        while m != 0 {
            let i = start + m.trailingZeroBitCount
            let s = w.score(i)
            if s > bestScore { best = i; bestScore = s }
            m &= m - 1
        }
        return Item(bound: bestScore + w.bonus, source: source, position: Int32(best), level: -1, remaining: mask)
    }

    /// The tree node `node`, `level` above the leaves.
    @inline(__always)
    private static func node(_ node: Int, level: Int8, _ source: Int32, _ w: _Walkable) -> Item {
        let first = ((node << Int(level)) - w.leafCount) * _SortedKeys.blockSize
        return Item(bound: w.tree[node] + w.bonus, source: source, position: Int32(first), level: level, remaining: 0)
    }

    /// Adds a cursor over the keys `range` (inside one block, possibly empty).
    private func pushCursor(_ range: Range<Int>, _ source: Int32, _ w: _Walkable) {
        guard !range.isEmpty else { return }
        let start = range.lowerBound - range.lowerBound % _SortedKeys.blockSize
        var mask: UInt16 = 0
        for i in range where i - start < _SortedKeys.blockSize { mask |= 1 << UInt16(i - start) }
        heap.push(Self.cursor(start, mask: mask, source, w))
    }

    private func pushNode(_ node: Int, level: Int8, _ source: Int32, _ w: _Walkable) {
        let item = Self.node(node, level: level, source, w)
        guard item.bound > -.infinity else { return }
        heap.push(item)
    }

}

/// The walk's binary max-heap (on `before`), in memory it owns: no copy-on-write checks
/// on the hot path. A walk is a local value of one query, never copied.
private final class _Heap {
    private(set) var items: UnsafeMutablePointer<_BestFirst.Item>
    private(set) var count = 0
    private var capacity = 64

    /// Per source, its joint group (-1: none) and, for a view, its keys' list positions.
    struct Joint {
        var group: Int32
        var positions: UnsafePointer<UInt32>?
        var count: Int

        /// The list position of an item's position (clamped: see `_KeyViews`).
        @inline(__always)
        func listPosition(_ position: Int32) -> Int {
            guard let positions else { return Int(position) }
            return min(Int(positions[Int(position)]), count - 1)
        }
    }
    /// Per source from the first joint one on (earlier ones are in no group).
    private var joints: [Joint] = []
    /// Whether any source is in a joint group (else ties never look them up).
    private(set) var hasJoints = false

    /// Records source `source`'s joint group (sources before it without one).
    func setJoint(_ source: Int, _ joint: Joint) {
        while joints.count < source { joints.append(Joint(group: -1, positions: nil, count: 0)) }
        joints.append(joint)
        if joint.group >= 0 { hasJoints = true }
    }

    /// The heap's order: higher bound first, then lower sources, then lower positions (a
    /// node's is its first key's), and a key before a node at the same position: a
    /// total order on keys that any tree over them yields (see `_BestFirst`). Sources of
    /// one joint group are one source here: their items go by list position.
    @inline(__always)
    func before(_ a: _BestFirst.Item, _ b: _BestFirst.Item) -> Bool {
        if a.bound != b.bound { return a.bound > b.bound }
        if a.source != b.source {
            if hasJoints, let order = jointOrder(a, b) { return order }
            return a.source < b.source
        }
        if a.position != b.position { return a.position < b.position }
        return a.level < b.level
    }

    /// `before` for items of two sources of one joint group, `nil` for others.
    @inline(never)
    private func jointOrder(_ a: _BestFirst.Item, _ b: _BestFirst.Item) -> Bool? {
        guard Int(a.source) < joints.count, Int(b.source) < joints.count else { return nil }
        let x = joints[Int(a.source)], y = joints[Int(b.source)]
        guard x.group >= 0, x.group == y.group else { return nil }
        let p = x.listPosition(a.position), q = y.listPosition(b.position)
        if p != q { return p < q }
        return a.level < b.level
    }

    init() { items = .allocate(capacity: capacity) }

    deinit { items.deallocate() }

    func push(_ item: _BestFirst.Item) {
        if count == capacity { grow() }
        var child = count
        count += 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard before(item, items[parent]) else { break }
            items[child] = items[parent]
            child = parent
        }
        (items + child).initialize(to: item)
    }

    /// Adds `item` at the end without restoring the heap order: call `heapify()` before
    /// the next `push` or `pop`.
    func append(_ item: _BestFirst.Item) {
        if count == capacity { grow() }
        (items + count).initialize(to: item)
        count += 1
    }

    /// Restores the heap order after `append`s (Floyd's method, O(*h*)).
    func heapify() {
        guard count > 1 else { return }
        for i in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(items[i], from: i) }
    }

    func pop() -> _BestFirst.Item? {
        guard count > 0 else { return nil }
        let top = items[0]
        count -= 1
        guard count > 0 else { return top }
        siftDown(items[count], from: 0)
        return top
    }

    /// Puts `item` at `start` or below it, moving better children up.
    @inline(__always)
    private func siftDown(_ item: _BestFirst.Item, from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < count else { break }
            var best = left
            if left + 1 < count && before(items[left + 1], items[left]) { best = left + 1 }
            guard before(items[best], item) else { break }
            items[parent] = items[best]
            parent = best
        }
        items[parent] = item
    }

    private func grow() {
        let larger = UnsafeMutablePointer<_BestFirst.Item>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: items, count: count)
        items.deallocate()
        items = larger
        capacity *= 2
    }
}
