/// Subsets of one sorted key list that a filter asks for, each walked best first on its
/// own: the keys of each country's places (one group per country code), then the keys of
/// regions, of countries, and of both (every place that is not a city).
///
/// A country or kind filter over the whole list rejects every better-ranked key of
/// another country: "a" in Iceland skipped most of the hundred thousand keys starting
/// with "a" (tens of milliseconds). A group holds, in key order, the positions of its
/// keys in the list, and a block-maximum tree over their scores, like the list's own
/// (`_SortedKeys.tree`). The keys of a list range that are in a group are one range of
/// the group (two binary searches over its positions), which `_BestFirst` walks through
/// the positions; its ties go by position, so the walk yields a group's keys in the
/// order the walk over the whole list yields them, and a filtered search through a
/// group finds what a filtered search through the list finds.
///
/// Storage: every key's position once in its country's group and twice more for a key
/// of a region or country (about a byte each: `_ViewPositions`, a run per group), and each group's tree
/// (about half a byte a key). A damaged position is clamped into the list when it is read, so it can give a
/// wrong answer but never reads outside the list.
///
/// - Complexity: O(log *g*) to find the range of a group, *g* its keys.
struct _KeyViews: Sendable {
    /// Every group's positions, group after group (a run each), each in key order.
    let positions: _ViewPositions
    /// Group `g`'s positions are `groupStart[g] ..< groupStart[g + 1]` of all of them.
    var groupStart: _Column<UInt32> { positions.runStart }
    /// Every group's block-maximum tree (`2 * leafCount` values, each a best score's rank
    /// plus one: `_KeyNameScores.Best`), group after group.
    let trees: _Column<_KeyNameScores.Best>
    /// Group `g`'s tree is `trees[treeStart[g] ..< treeStart[g + 1]]`.
    let treeStart: _Column<UInt32>

    /// The number of groups: one per country-code label, then the kind groups.
    var groupCount: Int { groupStart.count - 1 }
    /// The groups of the keys of regions, of countries, and of both.
    var regionGroup: Int { groupCount - 3 }
    var countryGroup: Int { groupCount - 2 }
    var nonCityGroup: Int { groupCount - 1 }
    /// The groups besides the labels'.
    static let kindGroups = 3

    init(positions: _ViewPositions, trees: _Column<_KeyNameScores.Best>, treeStart: _Column<UInt32>) {
        self.positions = positions
        self.trees = trees
        self.treeStart = treeStart
    }

    /// The views of `list`: a group per label (a key's group is its place's country-code
    /// label; most labels are not country codes and have no keys), then the kind groups.
    ///
    /// - Complexity: O(*n* + *l*) for *n* keys and *l* labels.
    init(_ list: _SortedKeys, namePlace: UnsafeBufferPointer<UInt32>, places: _PlaceTable.Buffers,
         labelCount: Int) {
        let groups = labelCount + Self.kindGroups
        let entries = list.entries.buffers
        // Each key's country group (-1 for none) and kind, read once: a key's place is two
        // random reads (its name's place, then the place's record), the most of this pass.
        var country = [Int32](repeating: -1, count: list.count)
        var kind = [UInt8](repeating: 0, count: list.count)
        var counts = [Int](repeating: 0, count: groups + 1)
        for i in 0..<list.count {
            let record = places[Int(namePlace[Int(entries.name(i))])]
            if record.countryCode >= 0 && Int(record.countryCode) < labelCount {
                country[i] = record.countryCode
                counts[Int(record.countryCode) + 1] += 1
            }
            kind[i] = record.kindCode
            if record.kindCode != 0 {
                counts[labelCount + (record.kindCode == 1 ? 0 : 1) + 1] += 1
                counts[labelCount + 2 + 1] += 1
            }
        }
        for g in 0..<groups { counts[g + 1] += counts[g] }
        var next = counts
        var positions = [UInt32](repeating: 0, count: counts[groups])
        for i in 0..<list.count {
            if country[i] >= 0 {
                let g = Int(country[i])
                positions[next[g]] = UInt32(i)
                next[g] += 1
            }
            if kind[i] != 0 {
                let g = labelCount + (kind[i] == 1 ? 0 : 1), all = labelCount + 2
                positions[next[g]] = UInt32(i)
                next[g] += 1
                positions[next[all]] = UInt32(i)
                next[all] += 1
            }
        }
        var trees: [_KeyNameScores.Best] = [], treeStart: [UInt32] = [0]
        for g in 0..<groups {
            let first = counts[g], memberCount = counts[g + 1] - counts[g]
            let leaves = Self.leafCount(memberCount)
            var tree = [_KeyNameScores.Best](repeating: 0, count: 2 * leaves)
            for i in 0..<memberCount {
                let leaf = leaves + i / _SortedKeys.blockSize
                tree[leaf] = max(tree[leaf], _KeyNameScores.best(rank: entries.rank(Int(positions[first + i]))))
            }
            for node in stride(from: leaves - 1, to: 0, by: -1) { tree[node] = max(tree[2 * node], tree[2 * node + 1]) }
            trees += tree
            treeStart.append(UInt32(trees.count))
        }
        self.init(positions: _ViewPositions(positions, runStart: counts.map { UInt32($0) }),
                  trees: _Column(trees), treeStart: _Column(treeStart))
    }

    /// The leaves of a group's tree: one per block (at least one; see `_SortedKeys.leafCount(keys:)`).
    static func leafCount(_ keys: Int) -> Int { _SortedKeys.leafCount(keys: keys) }

    /// Whether the group tables rise, end at their columns' sizes and give each group a
    /// tree of its size, and the positions' runs have their blocks (`_ViewPositions`; the
    /// blocks themselves are checked as they are read, `_RisingNumbers`): what a loaded index must
    /// satisfy before a view is made. (The positions are clamped when read, not checked
    /// here.)
    func isConsistent(groups: Int) -> Bool {
        guard positions.isConsistent(), groupStart.count == groups + 1, treeStart.count == groups + 1,
              groupStart[0] == 0, treeStart[0] == 0, Int(groupStart[groups]) == positions.count,
              Int(treeStart[groups]) == trees.count else { return false }
        for g in 0..<groups {
            guard groupStart[g] <= groupStart[g + 1], treeStart[g] <= treeStart[g + 1],
                  Int(treeStart[g + 1] - treeStart[g]) == 2 * Self.leafCount(Int(groupStart[g + 1] - groupStart[g]))
            else { return false }
        }
        return true
    }

    /// One group, as the walk reads it: positions into the list, and the tree over them.
    struct View {
        let positions: _RisingNumbers.Slice
        let tree: UnsafeBufferPointer<_KeyNameScores.Best>
        var leafCount: Int { tree.count / 2 }

        /// The range of the view's keys that are in `range` of the list.
        ///
        /// - Complexity: O(log *g*) for *g* keys in the view.
        @inline(__always)
        func range(of range: Range<Int>) -> Range<Int> {
            let lower = positions.firstIndex(notBelow: UInt32(clamping: range.lowerBound), from: 0)
            let upper = positions.firstIndex(notBelow: UInt32(clamping: range.upperBound), from: lower)
            return lower..<upper
        }

        /// The list position of the view's key `i`, clamped into a list of `count` keys.
        @inline(__always)
        func position(_ i: Int, in count: Int) -> Int { min(Int(positions[i]), count - 1) }
    }

    /// Group `g` (0 ..< `groupCount`).
    func view(_ g: Int) -> View {
        let t = trees.buffer
        return View(positions: positions.slice(run: g),
                    tree: UnsafeBufferPointer(rebasing: t[Int(treeStart[g])..<Int(treeStart[g + 1])]))
    }

    /// A view with no keys (a filter no place satisfies).
    static var emptyView: View {
        View(positions: .empty, tree: UnsafeBufferPointer(start: nil, count: 0))
    }

    func _checkInvariants(_ list: _SortedKeys) {
        precondition(isConsistent(groups: groupCount), "the key views' group tables are inconsistent")
        for g in 0..<groupCount {
            let v = view(g)
            for i in v.positions.indices {
                precondition(Int(v.positions[i]) < list.count, "a view position is outside its list")
                precondition(i == 0 || v.positions[i - 1] < v.positions[i], "a view's positions are out of order")
            }
            for b in 0..<v.leafCount {
                var best = -1
                let size = _SortedKeys.blockSize
                for i in min(v.positions.count, b * size)..<min(v.positions.count, (b + 1) * size) {
                    best = max(best, list.entries.buffers.rank(Int(v.positions[i])))
                }
                precondition(v.tree[v.leafCount + b] == _KeyNameScores.best(rank: best),
                             "view \(g) block \(b) maximum is stale")
            }
            for node in 1..<v.leafCount {
                precondition(v.tree[node] == max(v.tree[2 * node], v.tree[2 * node + 1]),
                             "view \(g) node \(node) is stale")
            }
        }
    }
}
