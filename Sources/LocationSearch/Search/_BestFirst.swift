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
    struct _Walkable {
        /// The list's index in `lists`, and its count of keys.
        var list: Int
        var listCount: Int
        /// Each key's name and score's rank (the walk compares ranks, and looks up the
        /// score of the best key of a block).
        var entries: _KeyNameScores.Buffers
        /// The block-maximum tree: each node's best as a rank plus one (`_KeyNameScores.Best`).
        var tree: UnsafePointer<_KeyNameScores.Best>
        /// The keys walked: the list's, or the view's.
        var count: Int
        var leafCount: Int
        var bonus: Float
        /// For a source over a view (`_KeyViews.View`), the list positions of its keys:
        /// the walk's positions are then the view's.
        var positions: _RisingNumbers.Slice?

        /// The list position of the walk's position `i`.
        @inline(__always)
        func listPosition(_ i: Int) -> Int {
            guard let positions else { return i }
            return min(Int(positions[i]), listCount - 1)  // (clamped: see `_KeyViews`)
        }

        /// The rank of the score of the walk's position `i` (ranks compare as scores do).
        @inline(__always)
        func rank(_ i: Int) -> Int { entries.rank(listPosition(i)) }
    }

    /// The lists the ranges come from, each once (their key references are read from here, once
    /// per key yielded: a walk's sources are copied far more often).
    private var lists: [_SortedKeys] = []
    private(set) var walkable: [_Walkable] = []
    /// Items to walk, best first (`Order`).
    let heap = _Heap(Order())
    init() {
        lists.reserveCapacity(2)
        walkable.reserveCapacity(8)
    }

    /// The best score any key still in the walk can have, or `nil` when it is done.
    var bestRemaining: Float? { heap.top?.bound }

    /// The indexed name of the key at `position` of source `source`, as `next()` gave them.
    @inline(__always)
    func name(at position: Int, source: Int) -> UInt32 {
        let w = walkable[source]
        return w.entries.name(w.listPosition(position))
    }

    /// The reference of the key at `position` of source `source` into the keys' text.
    @inline(__always)
    func keyOffset(at position: Int, source: Int) -> UInt32 {
        let w = walkable[source]
        return UInt32(truncatingIfNeeded: lists[w.list].key.buffers[w.listPosition(position)])
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
        precondition(
            range.isEmpty || (range.lowerBound >= 0 && range.upperBound <= view?.positions.count ?? list.count),
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
                bound: w.entries.score(position) + bonus, source: Int32(source), position: Int32(i), level: -1,
                remaining: 1 << UInt16(i % _SortedKeys.blockSize))
            if many { heap.append(item) } else { heap.push(item) }
        }
        if many { heap.heapify() }
        return source
    }

    private mutating func appendSource(_ list: _SortedKeys, view: _KeyViews.View?, joint: Int32, bonus: Float) -> Int {
        var listIndex = lists.firstIndex { $0.entries === list.entries } ?? -1
        if listIndex < 0 {
            listIndex = lists.count
            lists.append(list)
        }
        precondition(joint < 0 || view != nil, "a joint source is a view")
        if joint >= 0 || heap.order.hasJoints {
            // (Only once a joint source is added: most walks never have one.)
            heap.order.setJoint(walkable.count, Order.Joint(group: joint, positions: view?.positions,
                                                            count: list.count))
        }
        if let view {
            // (A view with keys has a tree; an empty one is never walked.)
            walkable.append(_Walkable(list: listIndex, listCount: list.count, entries: list.entries.buffers,
                                      tree: view.tree.baseAddress ?? list.tree.pointer, count: view.positions.count,
                                      leafCount: view.leafCount, bonus: bonus, positions: view.positions))
        } else {
            walkable.append(_Walkable(list: listIndex, listCount: list.count, entries: list.entries.buffers,
                                      tree: list.tree.pointer, count: list.count, leafCount: list.leafCount,
                                      bonus: bonus, positions: nil))
        }
        return walkable.count - 1
    }

    /// The next key, best first: its position in its list, its source and its score.
    mutating func next() -> (position: Int, source: Int, score: Float)? {
        walk()
    }
}
