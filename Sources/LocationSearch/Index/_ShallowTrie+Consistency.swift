/// What a loaded `_ShallowTrie` must satisfy before a walk reads it, and the build's own checks.
extension _ShallowTrie {
    /// Whether the columns fit together and every range and child lies within a list of
    /// `keyCount` keys, so that a damaged file cannot send the walk out of bounds.
    ///
    /// - Complexity: O(*t*) for *t* nodes.
    func isConsistent(keyCount: Int) -> Bool {
        let n = count
        // (`next`'s values need no check: a wrong one narrows a range to a wrong part of itself.)
        guard n > 0, n < Int(UInt32.max), next.count == keyCount, upper.count == n, Int(upper.keyCount) == keyCount,
              lower.isConsistent(), firstChild.isConsistent(), upper.isConsistent(), byte.count == n, best.count == n,
              firstChild.count == n + 1,
              firstChild[n] == UInt32(n), levelStart.count == Self.depth + 2, levelStart[0] == 0,
              levelStart[Self.depth + 1] == UInt32(n), levelStart[Self.depth] <= UInt32(n)
        else { return false }
        // A load checks every node: the columns are decoded once, in passes the compiler
        // vectorises, rather than a block base read and a branch per number per pass.
        let firstChild = firstChild.decoded(), lower = lower.decoded()
        let uppers = upper.decoded(lower: lower)
        return firstChild.withUnsafeBufferPointer { firstChild in
            lower.withUnsafeBufferPointer { lower in
                uppers.withUnsafeBufferPointer { uppers in
                    Self.nodesAreConsistent(
                        firstChild: firstChild, lower: lower, upper: uppers, keyCount: UInt32(keyCount),
                        deepest: Int(levelStart[Self.depth]))
                }
            }
        }
    }

    /// The per-node part of `isConsistent(keyCount:)`, over decoded columns: `firstChild`
    /// has `n + 1` entries and `lower` and `upper` `n`; nodes from `deepest` on are on the
    /// deepest level.
    private static func nodesAreConsistent(
        firstChild: UnsafeBufferPointer<UInt32>, lower: UnsafeBufferPointer<UInt32>,
        upper: UnsafeBufferPointer<UInt32>, keyCount: UInt32, deepest: Int
    ) -> Bool {
        let n = lower.count, count = UInt32(n)
        // Branch-free passes (a flag or'ed per node, which the compiler vectorises).
        var bad: UInt8 = firstChild[n] == count ? 0 : 1
        // The deepest level's nodes have no children: the walk lists no child table there.
        for i in deepest..<n { bad |= firstChild[i] == count ? 0 : 1 }
        // First children rise, within the nodes, each after its parent.
        // (In 32 bits throughout: a comparison with the node's `Int` index kept the
        // compiler from vectorising the pass.)
        for i in 1..<n {
            let first = firstChild[i], node = UInt32(truncatingIfNeeded: i)
            bad |= (first < firstChild[i &- 1] ? 1 : 0) | (first > count ? 1 : 0) | (first <= node ? 1 : 0)
        }
        // Ranges lie within the list.
        for i in 0..<n { bad |= (lower[i] > upper[i] ? 1 : 0) | (upper[i] > keyCount ? 1 : 0) }
        guard bad == 0 else { return false }
        // Children lie inside their parent's range (`_PrefixIndex.range(of:in:)` counts a
        // node's exact keys as those before its first child). Only nodes above the deepest
        // level have children.
        for i in 0..<deepest {
            let first = Int(firstChild[i]), end = Int(firstChild[i &+ 1])
            if first < end && (lower[first] < lower[i] || upper[end &- 1] > upper[i]) { return false }
        }
        return true
    }

    /// Checks the trie against its list: every node's range is exactly the keys with its
    /// path, its best their largest of `ranks` plus one, and its children every next byte.
    /// Traps on a broken invariant; tests call it, and debug builds after every build.
    func _checkInvariants(keys: _KeyOffsets.Buffers, ranks: [Int], text: UnsafeBufferPointer<UInt8>) {
        precondition(isConsistent(keyCount: keys.count))
        precondition(lower[0] == 0 && Int(upper[0]) == keys.count)
        var stack: [(node: Int, depth: Int)] = [(0, 0)]
        var visited = 0
        while let (node, depth) = stack.popLast() {
            visited += 1
            precondition(
                levelStart[depth] <= UInt32(node) && UInt32(node) < levelStart[depth + 1],
                "trie node \(node) is on another level")
            let range = Int(lower[node])..<Int(upper[node])
            precondition(!range.isEmpty || node == 0)
            let top = range.map { ranks[$0] }.max() ?? -1
            precondition(best[node] == _KeyNameScores.best(rank: top), "trie node \(node) has the wrong best score")
            guard depth < Self.depth else {
                precondition(buffers.children(of: node).isEmpty)
                continue
            }
            // The keys that end here sort first; then one child per next byte, in order.
            var cursor = range.lowerBound
            while cursor < range.upperBound && text[keys[cursor] + depth] == 0 { cursor += 1 }
            for child in buffers.children(of: node) {
                let childRange = Int(lower[child])..<Int(upper[child])
                precondition(
                    childRange.lowerBound == cursor, "trie node \(child) does not start where its sibling ends")
                for i in childRange { precondition(text[keys[i] + depth] == byte[child]) }
                cursor = childRange.upperBound
                stack.append((child, depth + 1))
            }
            precondition(cursor == range.upperBound, "trie node \(node) misses a child")
        }
        precondition(visited == count, "the trie has unreachable nodes")
        for i in 0..<keys.count {
            precondition(next[i] == Self.nextBytes(ofKeyAt: keys[i], in: text), "key \(i)'s next bytes are wrong")
        }
    }
}
