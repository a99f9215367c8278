/// The best `limit` matches of a search so far.
///
/// A few matches (the usual limits) are kept sorted, best first, each placed by a scan from
/// the best: fewer comparisons than anything cleverer for a list of ten. Past
/// `sortedLimit` they move into a heap with the worst on top, so that a long list (a
/// picker's, or `--limit 40000`) costs O(log *k*) a match rather than O(*k*); `sorted()`
/// sorts them once at the end. `_Match.Rank` is a strict total order, so both keep the
/// same matches in the same order whatever order they come in.
///
/// ```swift
/// var top = _TopMatches(limit: 2)
/// top.insert(a)                   // (placed: true, pushedOut: nil)
/// top.insert(b)
/// let (placed, out) = top.insert(c) // if c ranks before a or b, the worse of them is out
/// top.sorted()                    // the best two, best first
/// ```
///
/// - Complexity: `insert` O(*k*) while at most `sortedLimit` are kept, O(log *k*) after;
///   `sorted()` O(*k* log *k*).
struct _TopMatches {
    let limit: Int
    /// The matches: sorted best first while `heap` is nil, else in the slots `heap` orders.
    private var matches: [_Match] = []
    /// The matches kept, in no order to rely on (`sorted()` orders them).
    var unordered: [_Match] { matches }
    /// The slots of `matches` ranked worst first, once there are more than `sortedLimit`.
    private var heap: _Heap<WorstFirst>?
    /// The best match's slot in `matches`.
    private var bestSlot = 0
    /// How many matches are kept sorted by a scan before they move into a heap.
    static let sortedLimit = 64
    #if DEBUG
    /// Matches compared to place one, counted for the tests that check a search's
    /// complexity.
    private(set) var steps = 0
    #endif

    init(limit: Int) {
        self.limit = max(0, limit)
        matches.reserveCapacity(min(self.limit, Self.sortedLimit) + 1)
    }

    var count: Int { matches.count }
    var isEmpty: Bool { matches.isEmpty }

    /// The best match.
    var best: _Match? { matches.isEmpty ? nil : matches[bestSlot] }

    /// The worst match kept: the one the next to rank before it would push out.
    var worst: _Match? {
        if let heap { return heap.top.map { matches[Int($0.slot)] } }
        return matches.last
    }

    /// Adds `match` if it ranks among the best `limit`: whether it did, and the match it
    /// pushed out of a full list.
    @discardableResult
    mutating func insert(_ match: _Match) -> (placed: Bool, pushedOut: _Match?) {
        guard limit > 0 else { return (false, nil) }
        if let heap { return insert(match, into: heap) }
        let at = matches.firstIndex {
            #if DEBUG
            steps += 1
            #endif
            return match.ranks(before: $0)
        } ?? matches.count
        guard at < limit else { return (false, nil) }
        matches.insert(match, at: at)
        var out: _Match? = nil
        if matches.count > limit { out = matches.removeLast() }
        if matches.count > Self.sortedLimit { makeHeap() }
        return (true, out)
    }

    /// The matches, best first.
    func sorted() -> [_Match] {
        heap == nil ? matches : matches.sorted { $0.ranks(before: $1) }
    }

    private mutating func insert(_ match: _Match, into heap: _Heap<WorstFirst>) -> (placed: Bool, pushedOut: _Match?) {
        #if DEBUG
        steps += 1 + Int.bitWidth - heap.count.leadingZeroBitCount
        #endif
        let rank = match.rank
        if matches.count < limit {
            let slot = Int32(matches.count)
            matches.append(match)
            heap.push(Slot(rank: rank, slot: slot))
            if rank.ranks(before: matches[bestSlot].rank) { bestSlot = Int(slot) }
            return (true, nil)
        }
        guard let top = heap.top, rank.ranks(before: top.rank) else { return (false, nil) }
        let out = matches[Int(top.slot)]
        matches[Int(top.slot)] = match
        heap.replaceTop(with: Slot(rank: rank, slot: top.slot))
        if rank.ranks(before: matches[bestSlot].rank) { bestSlot = Int(top.slot) }
        return (true, out)
    }

    /// Moves the sorted matches into a heap (the best is in slot 0).
    private mutating func makeHeap() {
        let heap = _Heap(WorstFirst(), capacity: 2 * matches.count)
        for (i, match) in matches.enumerated() { heap.append(Slot(rank: match.rank, slot: Int32(i))) }
        heap.heapify()
        self.heap = heap
        bestSlot = 0
    }

    /// A match's rank and where it is in `matches`.
    struct Slot: BitwiseCopyable {
        var rank: _Match.Rank
        var slot: Int32
    }

    /// The worst rank first.
    struct WorstFirst: _HeapOrder {
        @inline(__always)
        func before(_ a: Slot, _ b: Slot) -> Bool { b.rank.ranks(before: a.rank) }
    }
}
