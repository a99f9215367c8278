/// Typo-tolerant prefix matching: the key ranges whose prefix is within a few
/// Damerau-Levenshtein edits (substitution, insertion, deletion, adjacent transposition)
/// of the query.
///
/// The sorted keys are walked as a trie (a node is the range of keys sharing its path;
/// its children are found by binary search on the next byte), carrying one row of the
/// edit-distance table per level. A subtree is pruned as soon as every cell of its row
/// exceeds the budget, and taken whole as soon as the full query is within budget of its
/// path, so the walk touches only the neighbourhood of the query, never the whole list.
/// The first byte must match: typos on the first letter are rare and would multiply the
/// work by the alphabet.
///
/// - Complexity: O(*v* (*m* + log *n*)) for *v* visited trie nodes, *m* the query length
///   and *n* keys; *v* grows with the budget (at most 2) but not with *n*.
enum _FuzzyWalk {
    struct Match {
        /// The keys whose prefix matched.
        var range: Range<Int>
        /// The edits needed.
        var edits: Int
        /// How many bytes of each key the match covers.
        var depth: Int
    }

    static func matches(
        of query: [UInt8], budget: Int, in list: _SortedKeys, text: UnsafeBufferPointer<UInt8>,
        limit: Int = 4096
    ) -> [Match] {
        guard let first = query.first, budget > 0, query.count > budget else { return [] }
        let keys = list.key.buffer
        // Keys starting with the first byte.
        let lower = _PrefixIndex.partition(keys, 0..<keys.count) { text[Int($0)] < first }
        let upper = _PrefixIndex.partition(keys, lower..<keys.count) { text[Int($0)] <= first }
        guard lower < upper else { return [] }
        var walker = _Walker(query: query, budget: budget, keys: keys, text: text, limit: limit)
        walker.run(first: first, range: lower..<upper)
        return walker.matches
    }

    /// The walk's state, in one value so that it is checked for exclusive access at
    /// compile time rather than on every access (closures capturing mutable locals cost
    /// a runtime check each).
    private struct _Walker {
        let query: [UInt8]
        let m: Int, width: Int, budget: Int32, maxDepth: Int, limit: Int
        let keys: UnsafeBufferPointer<UInt32>
        let text: UnsafeBufferPointer<UInt8>
        /// Row d of the edit-distance table (query prefixes against the path's first d
        /// bytes) is rows[d * width ..< (d + 1) * width]. A path longer than m + budget
        /// cannot be within budget, which bounds the depth.
        var rows: [Int32]
        var path: [UInt8]
        var stack: [(end: Int, depth: Int, cursor: Int)] = []
        var matches: [Match] = []

        init(query: [UInt8], budget: Int, keys: UnsafeBufferPointer<UInt32>, text: UnsafeBufferPointer<UInt8>, limit: Int) {
            self.query = query
            m = query.count
            width = m + 1
            self.budget = Int32(budget)
            maxDepth = m + budget + 1
            self.limit = limit
            self.keys = keys
            self.text = text
            rows = [Int32](repeating: 0, count: (maxDepth + 1) * width)
            for j in 0...m { rows[j] = Int32(j) }
            path = [UInt8](repeating: 0, count: maxDepth + 1)
        }

        /// Fills row `depth` for path byte `byte` (already in `path[depth - 1]`); returns
        /// the full query's distance and the row's minimum.
        mutating func step(_ depth: Int, _ byte: UInt8) -> (distance: Int32, minimum: Int32) {
            let previous = (depth - 1) * width, current = depth * width, twoBack = (depth - 2) * width
            let last: UInt8 = depth >= 2 ? path[depth - 2] : 0
            return rows.withUnsafeMutableBufferPointer { rows in
                query.withUnsafeBufferPointer { q in
                    rows[current] = rows[previous] + 1
                    var minimum = rows[current]
                    for j in 1...m {
                        let cost: Int32 = q[j - 1] == byte ? 0 : 1
                        var value = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                        if j > 1 && depth >= 2 && q[j - 1] == last && q[j - 2] == byte {
                            value = min(value, rows[twoBack + j - 2] + 1)
                        }
                        rows[current + j] = value
                        minimum = min(minimum, value)
                    }
                    return (rows[current + m], minimum)
                }
            }
        }

        /// Emits, prunes or enters the node at `depth` covering keys `range`.
        mutating func enter(_ range: Range<Int>, _ depth: Int, _ result: (distance: Int32, minimum: Int32)) {
            if result.distance <= budget {
                matches.append(Match(range: range, edits: Int(result.distance), depth: depth))
            } else if result.minimum <= budget && depth < maxDepth {
                // Keys that end here have no child.
                let text = self.text
                let children = Self.gallop(keys, range) { text[Int($0) + depth] == 0 }
                stack.append((range.upperBound, depth, children))
            }
        }

        mutating func run(first: UInt8, range: Range<Int>) {
            path[0] = first
            enter(range, 1, step(1, first))
            let text = self.text
            while let frame = stack.last, matches.count < limit {
                guard frame.cursor < frame.end else {
                    stack.removeLast()
                    continue
                }
                let depth = frame.depth
                let byte = text[Int(keys[frame.cursor]) + depth]
                let end = Self.gallop(keys, frame.cursor..<frame.end) { text[Int($0) + depth] <= byte }
                stack[stack.count - 1].cursor = end
                path[depth] = byte
                enter(frame.cursor..<end, depth + 1, step(depth + 1, byte))
            }
        }

        /// `_PrefixIndex.partition` by galloping from the start: O(log *c*) for a first
        /// part of *c* keys, which is small for most trie children.
        @inline(__always)
        static func gallop(_ keys: UnsafeBufferPointer<UInt32>, _ range: Range<Int>, _ isBefore: (UInt32) -> Bool) -> Int {
            var low = range.lowerBound, step = 1
            while low + step <= range.upperBound && isBefore(keys[low + step - 1]) {
                low += step
                step *= 2
            }
            return _PrefixIndex.partition(keys, low..<min(range.upperBound, low + step), isBefore)
        }
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
