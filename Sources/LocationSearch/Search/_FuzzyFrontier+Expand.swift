/// Expanding the walk: a node's children, their edit-distance rows and bounds.
extension _FuzzyFrontier {
    /// Expands the best node: returns it if it is a match, else pushes its children and
    /// returns nil. Call only when `bestBound` is not nil.
    ///
    /// A child whose bound could not beat `cutoff` is not kept: the search's thresholds
    /// only rise, so it would never be expanded. Its bound is known before its row (a
    /// child needs at least as many edits as its parent), which spares most rows.
    mutating func expand(cutoff: Float) -> Match? {
        let index = heap.pop()!.node
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
            let bytes = trie.byte, bests = trie.best, bounds = entries.bounds
            for child in trie.children(of: Int(node.trie)) where viable.contains(bytes[child]) {
                // (Resolving a child counts as an expansion: none is worth a row after the last.)
                guard expansions < expansionLimit else { break }
                // `addChild`'s first test, before its call: most children near the root
                // cannot beat the cutoff.
                let best = bounds[Int(bests[child])]
                guard best + _Ranking.weights.typo * Float(minimum) > cutoff else { continue }
                addChild(parent: index, byte: bytes[child], range: nil,
                         best: best, trie: Int32(child), cutoff: cutoff, parentMinimum: minimum)
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
        // (The text last read, kept: keys next to each other often share it. It is kept in
        // memory of its own, not in a variable the closures below capture: each access to
        // such a variable is checked for exclusivity at run time, which cost the walk more
        // than the reads it spares.)
        let text = self.text, mask = (1 << text.shift) &- 1
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 7) { last in
            last.initialize(repeating: -1)
            @inline(__always) func byte(at i: Int) -> UInt8 {
                if packed { return UInt8(truncatingIfNeeded: next[i] >> shift) }
                let reference = keys[i] &+ depth, t = reference &>> text.shift, q = reference & mask
                if t != last[0] {
                    let entry = text.entry(t)
                    last[0] = t
                    last[1] = entry.head
                    last[2] = entry.inHead
                    last[3] = entry.middle
                    last[4] = entry.shared
                    last[5] = entry.own
                    last[6] = entry.end
                }
                // (As `_KeyText.Entry.position` and `_KeyText.Buffers`' subscript: 0 past
                // the text's end. Written out over the six words, not a kept `Entry`: copying
                // the entry in and calling `position` cost the walk 0.3–0.4% more.)
                let at = q < last[2] ? last[1] &+ q : (q < last[4] ? last[3] &+ q : last[5] &+ q &- last[4])
                let byte = text.bytes.load(fromByteOffset: at, as: UInt8.self)
                return at < last[6] ? byte : 0
            }
            var cursor = _PrefixIndex.gallop(range) { byte(at: $0) == 0 }
            if viable.count <= 4 {
                // Only a few bytes can continue: search for each instead of listing every
                // child (near the root, a node has dozens).
                viable.forEach { target in
                    guard cursor < range.upperBound, expansions < expansionLimit else { return }
                    let start = _partition(cursor..<range.upperBound) { byte(at: $0) < target }
                    let end = _PrefixIndex.gallop(start..<range.upperBound) { byte(at: $0) <= target }
                    if start < end {
                        addChild(parent: index, byte: target, range: start..<end, best: nil, trie: -1, cutoff: cutoff,
                                 parentMinimum: minimum)
                    }
                    cursor = end
                }
                return
            }
            while cursor < range.upperBound && expansions < expansionLimit {
                let first = byte(at: cursor)
                let end = _PrefixIndex.gallop(cursor..<range.upperBound) { byte(at: $0) <= first }
                if viable.contains(first) {
                    addChild(parent: index, byte: first, range: cursor..<end, best: nil, trie: -1, cutoff: cutoff,
                             parentMinimum: minimum)
                }
                cursor = end
            }
        }
        return nil
    }

    /// The bytes a child of `node` may have and still be within its allowed edits. When
    /// the node's row already sits at the limit everywhere, only a byte that matches the
    /// query where the row is at the limit (or completes a transposition) keeps a cell
    /// there; any other child would exceed it, so its row need not be computed.
    /// Also returns the minimum of the node's row.
    /// (Inlined: called from the mutating `expand` as a method, it copied the whole walk,
    /// about 470 bytes, on every expansion.)
    @inline(__always)
    func viableBytes(of index: Int32) -> (_ByteSet, minimum: Int32) {
        let node = nodes[Int(index)]
        let allowed = allowedEdits(atDepth: Int(node.depth) + 1)
        guard node.minimum >= allowed else { return (.all, node.minimum) }
        let width = m + 1, row = Int(index) * width
        // Only the cells of a row's band can be below the cap (see `addChild`): the node's
        // at its depth, its parent's one level up.
        let depth = Int(node.depth), band = Int(budget)
        var set = _ByteSet()
        rows.withUnsafeBufferPointer { rows in
            query.withUnsafeBufferPointer { query in
                for j in max(0, depth - band)..<max(0, min(m, depth + band + 1)) where rows[row + j] <= allowed {
                    set.insert(query[j])
                }
                if node.parent >= 0 {
                    let grandparent = Int(node.parent) * width
                    // (A transposition: the query's bytes j and j + 1 swapped, the node's byte the first.)
                    for j in max(0, depth - 1 - band)..<max(0, min(m - 1, depth + band))
                    where query[j + 1] == node.byte && rows[grandparent + j] + 1 <= allowed {
                        set.insert(query[j])
                    }
                }
            }
        }
        return (set, node.minimum)
    }

    /// Two edits only in the second half of the query: a path that already needs two
    /// within the first half is given up. This bounds the walk (the neighbourhood of two
    /// edits in a short prefix is most of the trie) and never loses a single typo.
    func allowedEdits(atDepth depth: Int) -> Int32 {
        depth * 2 <= m ? min(budget, 1) : budget
    }

    /// Computes the child's row; keeps it if it can still match and its bound can beat
    /// `cutoff` (less the list's quality). A child needs at least its parent's edits
    /// (`parentMinimum`), so most children are ruled out before their rows. `best` is
    /// the range's best score when the trie knows it. A range of nil is the trie node
    /// `trie`'s, read only for a child that is kept (each end is a decode, `_BlockedNumbers`,
    /// and most children are not).
    ///
    /// Cells are capped at `budget + 1` (any larger distance counts the same), and only the
    /// band `depth - budget ... depth + budget` is computed: a cell further from the
    /// diagonal needs more than `budget` edits, so it is the cap. With the cap, a capped
    /// recurrence gives exactly the capped distances.
    mutating func addChild(
        parent: Int32, byte: UInt8, range: Range<Int>?, best: Float?, trie: Int32, cutoff: Float,
        parentMinimum: Int32
    ) {
        let best = best ?? _SortedKeys.maxScore(
            in: range ?? self.trie.range(of: Int(trie)), entries: entries, tree: tree, leafCount: leafCount)
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
            if rows.count < start + width {
                rows.append(contentsOf: repeatElement(0, count: max(start + width - rows.count, rows.count)))
            }
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
        guard minimum <= allowedEdits(atDepth: depth), best + _Ranking.weights.typo * Float(edits) > cutoff else {
            return
        }
        // Its edits used up, it is resolved now, counted as an expansion, rather than
        // pushed on its loose bound (and its siblings' continuations are next to its own
        // in the trie, so they are looked up while in cache).
        let usedUp = distance > budget && minimum >= budget
        guard !usedUp || expansions < expansionLimit else { return }
        if usedUp { expansions += 1 }
        let range = range ?? self.trie.range(of: Int(trie))
        if usedUp && knownRow {
            // (Not kept as a node: its resolution needs no row, and a node would take one.)
            addForcedMatches(offPathChild: byte, of: parent, depth: depth, range: range, trieNode: Int(trie),
                             cutoff: cutoff)
            return
        }
        let node = Int32(nodes.count)
        nodes.append(Node(
            lower: Int32(range.lowerBound), upper: Int32(range.upperBound), depth: Int32(depth),
            parent: parent, byte: byte, distance: distance, minimum: minimum, trie: trie))
        if usedUp {
            addForcedMatches(of: node, cutoff: cutoff)
            return
        }
        heap.push(Entry(bound: best + quality + _Ranking.weights.typo * Float(edits), lower: Int32(range.lowerBound),
                        node: node))
    }
}
