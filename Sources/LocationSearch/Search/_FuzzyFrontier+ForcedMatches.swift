/// Nodes whose edits are used up: their few possible continuations looked up directly
/// (see `_FuzzyFrontier`).
extension _FuzzyFrontier {
    /// A way a used-up node's keys can still match: an optional first byte (a
    /// transposition's), then the query from `from` on; `length` bytes in all.
    typealias Continuation = (lead: Int16, from: Int32, length: Int32)

    /// Resolves a node whose edits are used up: below it, a key can only match by
    /// spelling the rest of the query exactly from a cell of the node's row at the budget,
    /// or by completing a transposition with its next byte and then doing so. Each such
    /// continuation is looked up directly (see `lookUp(_:count:covered:below:depth:range:trieNode:cutoff:)`),
    /// instead of walking the subtree a byte at a time on the node's loose bound (the
    /// best score anywhere below it).
    ///
    /// - Complexity: O(*c*² *m* + *c* (*d* log *a* + *m* log *r*)) for *c* ≤ 2 (2*b* + 1)
    ///   continuations, *b* the budget (see `_PrefixIndex.narrow`).
    mutating func addForcedMatches(of index: Int32, cutoff: Float) {
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
                   trieNode: Int(node.trie), cutoff: cutoff)
        }
    }

    /// `addForcedMatches(of:cutoff:)` for a child that leaves the query's own path
    /// when one edit is allowed, without its row: its parent spells the query's first
    /// `depth - 1` bytes, and its byte is not the next one, so its row is known. It is
    /// one edit from the query's first `depth - 1` (an inserted byte), `depth` (a
    /// replaced byte) and, when its byte is the query's one after next, `depth + 1` bytes
    /// (a byte left out); that byte may also start a transposition with the next one.
    /// The continuations are the ones its row would give, in the same order.
    ///
    /// - Complexity: as `addForcedMatches(of:cutoff:)`, with no row to compute.
    mutating func addForcedMatches(
        offPathChild byte: UInt8, of parent: Int32, depth: Int, range: Range<Int>, trieNode: Int,
        cutoff: Float
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
                   below: parent, depth: depth, range: range, trieNode: trieNode, cutoff: cutoff)
        }
    }

    /// The continuation's `i`-th byte.
    @inline(__always)
    static func byte(_ c: Continuation, _ i: Int, _ q: UnsafeBufferPointer<UInt8>) -> UInt8 {
        c.lead < 0 ? q[Int(c.from) + i] : i == 0 ? UInt8(c.lead) : q[Int(c.from) + i - 1]
    }

    /// The continuations (bit *a* for `found[a]`) that another one is a prefix of (the
    /// later one of two equal): their keys are in the other's range.
    static func covered(
        _ found: UnsafeMutableBufferPointer<Continuation>, count: Int, query q: UnsafeBufferPointer<UInt8>
    ) -> UInt8 {
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
    mutating func lookUp(
        _ found: UnsafeMutableBufferPointer<Continuation>, count: Int, covered: UInt8? = nil, below index: Int32,
        depth: Int,
        range: Range<Int>, trieNode node: Int, cutoff: Float
    ) {
        let text = self.text
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
                        _PrefixIndex.narrow(within, depth: at, trieNode: trieNode,
                                            by: UnsafeBufferPointer(start: $0, count: 1), keys: keys, text: text,
                                            trie: trie, scoringAbove: floor, bounds: entries.bounds)
                    }
                    at += 1
                }
                if !within.isEmpty && Int(continuation.from) < m {
                    (within, trieNode) = _PrefixIndex.narrow(
                        within, depth: at, trieNode: trieNode,
                        by: UnsafeBufferPointer(rebasing: q[Int(continuation.from)...]),
                        keys: keys, text: text, trie: trie, scoringAbove: floor, bounds: entries.bounds)
                }
                guard !within.isEmpty else { continue }
                let best = trieNode >= 0
                    ? entries.bound(trie.best[trieNode])
                    : _SortedKeys.maxScore(in: within, entries: entries, tree: tree, leafCount: leafCount)
                let edits = Float(budget)
                guard best + _Ranking.weights.typo * edits > cutoff else { continue }
                let match = Int32(nodes.count)
                nodes.append(Node(
                    lower: Int32(within.lowerBound), upper: Int32(within.upperBound), depth: Int32(depth + n),
                    parent: index, byte: Self.byte(continuation, n - 1, q), distance: budget, minimum: budget,
                    trie: -1))
                heap.push(Entry(bound: best + quality + _Ranking.weights.typo * edits, lower: Int32(within.lowerBound),
                                node: match))
            }
        }
    }
}
