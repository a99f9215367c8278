/// The walk itself: ranges into the heap as tree nodes and block cursors, and the next key
/// out of it (see `_BestFirst`).
extension _BestFirst {
    /// Puts a source's range into the heap: its whole blocks as tree nodes (the fewest
    /// nodes that cover them), its partial blocks as cursors.
    mutating func push(_ range: Range<Int>, source: Int32) {
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
    mutating func walk() -> (position: Int, source: Int, score: Float)? {
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
                if heap.order.before(right, left) {
                    next = right
                    if left.bound > -.infinity { heap.push(left) }
                } else {
                    next = left
                    if right.bound > -.infinity { heap.push(right) }
                }
            }
            if let top = heap.top, heap.order.before(top, next) {
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
    /// (highest score, then lowest position): found by their scores' ranks, and only its
    /// score looked up.
    /// (Over a view, the list positions of the block's keys from the first in `mask` to
    /// the last are read in one pass.)
    @inline(__always)
    private static func cursor(_ start: Int, mask: UInt16, _ source: Int32, _ w: _Walkable) -> Item {
        var best = start + mask.trailingZeroBitCount, bestRank = 0
        if let positions = w.positions {
            let from = mask.trailingZeroBitCount, last = w.listCount - 1
            bestRank = -1
            positions.forEach(from: start + from, count: 16 - mask.leadingZeroBitCount - from) { k, position in
                guard mask >> (from + k) & 1 != 0 else { return }
                // (Clamped: see `_KeyViews`.)
                let r = w.entries.rank(min(Int(position), last))
                if r > bestRank { best = start + from + k; bestRank = r }
            }
        } else {
            var m = mask
            bestRank = w.entries.rank(best)
            m &= m - 1
            while m != 0 {
                let i = start + m.trailingZeroBitCount
                let r = w.entries.rank(i)
                if r > bestRank { best = i; bestRank = r }
                m &= m - 1
            }
        }
        return Item(bound: w.entries.scores[bestRank] + w.bonus, source: source, position: Int32(best), level: -1,
                    remaining: mask)
    }

    /// The tree node `node`, `level` above the leaves.
    @inline(__always)
    private static func node(_ node: Int, level: Int8, _ source: Int32, _ w: _Walkable) -> Item {
        let first = ((node << Int(level)) - w.leafCount) * _SortedKeys.blockSize
        return Item(bound: w.entries.bound(w.tree[node]) + w.bonus, source: source, position: Int32(first),
                    level: level, remaining: 0)
    }

    /// Adds a cursor over the keys `range` (inside one block, possibly empty).
    func pushCursor(_ range: Range<Int>, _ source: Int32, _ w: _Walkable) {
        guard !range.isEmpty else { return }
        let start = range.lowerBound - range.lowerBound % _SortedKeys.blockSize
        var mask: UInt16 = 0
        for i in range where i - start < _SortedKeys.blockSize { mask |= 1 << UInt16(i - start) }
        heap.push(Self.cursor(start, mask: mask, source, w))
    }

    func pushNode(_ node: Int, level: Int8, _ source: Int32, _ w: _Walkable) {
        let item = Self.node(node, level: level, source, w)
        guard item.bound > -.infinity else { return }
        heap.push(item)
    }
}
