/// How a `_Heap` orders its elements.
@_spi(Benchmarking)
public protocol _HeapOrder {
    associatedtype Element: BitwiseCopyable
    /// Whether `a` comes out of the heap before `b`: a strict order (never both ways).
    func before(_ a: Element, _ b: Element) -> Bool
}

/// A binary heap: `pop()` gives the element that comes `before` all the others.
///
/// The order is a value the heap holds (`order`), and may hold state of its own that
/// changes while the heap is in use, as long as the order of the elements already in it
/// stays the same (`_BestFirst` records its sources' joint groups as they are added).
///
/// The elements live in memory the heap owns: no copy-on-write checks on the hot path.
/// A heap belongs to one walk of one query, a local value never shared, which is why it
/// is a class: its users are structs whose methods push without being `mutating`.
///
/// ```swift
/// struct Smallest: _HeapOrder { func before(_ a: Int, _ b: Int) -> Bool { a < b } }
/// let heap = _Heap(Smallest())
/// for n in [5, 1, 3] { heap.push(n) }
/// heap.pop()  // 1
/// ```
///
/// Outside the public API: the benchmark's weighted sampling uses it too
/// (`@_spi(Benchmarking)`).
///
/// - Complexity: O(log *h*) to push or pop with *h* elements; O(*h*) to `heapify()`.
@_spi(Benchmarking)
public final class _Heap<Order: _HeapOrder> {
    public typealias Element = Order.Element

    // (`@exclusivity(unchecked)`: a heap has one owner, and none of its methods reads or
    // writes a property while another access to it is open, so the run-time exclusivity
    // checks a class property otherwise gets, on every push and pop, find nothing; the
    // typo walk's instruction count rose 7% with them.)
    @exclusivity(unchecked) private(set) var items: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) public private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int
    /// The order; it may be changed in place (see the type's notes).
    @exclusivity(unchecked) var order: Order

    /// An empty heap with room for `capacity` elements before it grows.
    public init(_ order: Order, capacity: Int = 64) {
        self.order = order
        self.capacity = max(1, capacity)
        items = .allocate(capacity: self.capacity)
    }

    deinit { items.deallocate() }

    /// The element `pop()` would give, or `nil` when the heap is empty.
    public var top: Element? { count > 0 ? items[0] : nil }

    /// Adds `item`.
    public func push(_ item: Element) {
        if count == capacity { grow() }
        var child = count
        count += 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard order.before(item, items[parent]) else { break }
            items[child] = items[parent]
            child = parent
        }
        (items + child).initialize(to: item)
    }

    /// Adds `item` at the end without restoring the heap order: call `heapify()` before
    /// the next `push` or `pop`.
    func append(_ item: Element) {
        if count == capacity { grow() }
        (items + count).initialize(to: item)
        count += 1
    }

    /// Restores the heap order after `append`s (Floyd's method, O(*h*)).
    func heapify() {
        guard count > 1 else { return }
        for i in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(items[i], from: i) }
    }

    /// Removes and returns the first element, or `nil` when the heap is empty.
    public func pop() -> Element? {
        guard count > 0 else { return nil }
        let top = items[0]
        count -= 1
        guard count > 0 else { return top }
        siftDown(items[count], from: 0)
        return top
    }

    /// Replaces the first element with `item` (one sift, where a `pop()` and a `push(_:)`
    /// take two). The heap must not be empty.
    public func replaceTop(with item: Element) {
        precondition(count > 0, "replaceTop on an empty heap")
        siftDown(item, from: 0)
    }

    /// Removes every element (keeping the memory).
    func removeAll() { count = 0 }

    /// The elements, in the heap's layout order (not sorted).
    public var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: items, count: count) }

    /// Puts `item` at `start` or below it, moving better children up.
    @inline(__always)
    private func siftDown(_ item: Element, from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < count else { break }
            var best = left
            if left + 1 < count && order.before(items[left + 1], items[left]) { best = left + 1 }
            guard order.before(items[best], item) else { break }
            items[parent] = items[best]
            parent = best
        }
        items[parent] = item
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: items, count: count)
        items.deallocate()
        items = larger
        capacity *= 2
    }
}
