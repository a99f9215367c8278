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
        let m = query.count, width = m + 1
        // Keys starting with the first byte.
        let lower = _PrefixIndex.partition(keys, 0..<keys.count) { text[Int($0)] < first }
        let upper = _PrefixIndex.partition(keys, lower..<keys.count) { text[Int($0)] <= first }
        guard lower < upper else { return [] }

        // Row d of the edit-distance table (query prefixes against the path's first d
        // bytes) lives at rows[d * width ..< (d + 1) * width]. A path longer than m + budget
        // cannot be within budget, so that bounds the depth.
        let maxDepth = m + budget + 1
        var rows = [Int32](repeating: 0, count: (maxDepth + 1) * width)
        var path = [UInt8](repeating: 0, count: maxDepth + 1)
        var matches: [Match] = []
        struct Frame { var end: Int, depth: Int, cursor: Int }
        var stack: [Frame] = []

        query.withUnsafeBufferPointer { q in
            rows.withUnsafeMutableBufferPointer { rows in
                for j in 0...m { rows[j] = Int32(j) }
                let limit32 = Int32(budget)
                /// Fills row `depth` for path byte `byte`; returns (full-query distance, row minimum).
                func step(_ depth: Int, _ byte: UInt8) -> (Int32, Int32) {
                    let previous = (depth - 1) * width, current = depth * width
                    rows[current] = rows[previous] + 1
                    var minimum = rows[current]
                    let last: UInt8 = depth >= 2 ? path[depth - 2] : 0
                    for j in 1...m {
                        let cost: Int32 = q[j - 1] == byte ? 0 : 1
                        var value = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                        if j > 1 && depth >= 2 && q[j - 1] == last && q[j - 2] == byte {
                            value = min(value, rows[(depth - 2) * width + j - 2] + 1)
                        }
                        rows[current + j] = value
                        minimum = min(minimum, value)
                    }
                    return (rows[current + m], minimum)
                }
                /// Emits, prunes or enters the node at `depth` covering keys `range`.
                func enter(_ range: Range<Int>, _ depth: Int, _ distance: Int32, _ minimum: Int32) {
                    if distance <= limit32 {
                        matches.append(Match(range: range, edits: Int(distance), depth: depth))
                    } else if minimum <= limit32 && depth < maxDepth {
                        // Keys that end here have no child.
                        let children = _PrefixIndex.partition(keys, range) { text[Int($0) + depth] == 0 }
                        stack.append(Frame(end: range.upperBound, depth: depth, cursor: children))
                    }
                }
                path[0] = first
                let (distance, minimum) = step(1, first)
                enter(lower..<upper, 1, distance, minimum)
                while let frame = stack.last, matches.count < limit {
                    guard frame.cursor < frame.end else {
                        stack.removeLast()
                        continue
                    }
                    let depth = frame.depth
                    let byte = text[Int(keys[frame.cursor]) + depth]
                    let end = _PrefixIndex.partition(keys, frame.cursor..<frame.end) { text[Int($0) + depth] <= byte }
                    stack[stack.count - 1].cursor = end
                    path[depth] = byte
                    let (distance, minimum) = step(depth + 1, byte)
                    enter(frame.cursor..<end, depth + 1, distance, minimum)
                }
            }
        }
        return matches
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
