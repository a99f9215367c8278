import Testing
@testable @_spi(Benchmarking) import LocationSearch

/// `_Heap`, the one binary heap behind the key walk, the typo walk and the benchmark's
/// sampling: against a sort, with pushes, appends, pops and top replacements interleaved.
@Suite("Heap", .holdsItsThread)
struct HeapTests {
    /// Larger value first, ties by the lower tag: a strict total order, so the sequence
    /// popped is fully determined.
    struct LargestFirst: _HeapOrder {
        func before(_ a: Pair, _ b: Pair) -> Bool { a.value != b.value ? a.value > b.value : a.tag < b.tag }
    }
    struct Pair: Equatable {
        var value: Int, tag: Int
    }

    @Test(arguments: [1, 2, 3, 64, 65, 1000] as [Int])
    func popsInOrder(count: Int) {
        var random = SeededGenerator(seed: UInt64(count))
        // Few distinct values: many ties, which the order breaks by tag.
        let pairs = (0..<count).map { Pair(value: Int.random(in: 0..<20, using: &random), tag: $0) }
        // Pushed one by one, and appended then heapified (beyond the first capacity of 64,
        // so the storage grows).
        for byAppend in [false, true] {
            let heap = _Heap(LargestFirst(), capacity: 4)
            for pair in pairs {
                if byAppend { heap.append(pair) } else { heap.push(pair) }
            }
            if byAppend { heap.heapify() }
            #expect(heap.count == count)
            var popped: [Pair] = []
            while let top = heap.top {
                #expect(heap.pop() == top)
                popped.append(top)
            }
            #expect(popped == pairs.sorted { LargestFirst().before($0, $1) })
            #expect(heap.pop() == nil)
        }
    }

    @Test func interleavedOperationsMatchASortedList() {
        var random = SeededGenerator(seed: 21)
        let heap = _Heap(LargestFirst())
        var model: [Pair] = []
        for tag in 0..<2_000 {
            let pair = Pair(value: Int.random(in: 0..<50, using: &random), tag: tag)
            switch Int.random(in: 0..<4, using: &random) {
            case 0, 1:
                heap.push(pair)
                model.append(pair)
            case 2:
                let expected = model.min { LargestFirst().before($0, $1) }
                #expect(heap.pop() == expected)
                if let expected { model.removeAll { $0 == expected } }
            default:
                guard heap.count > 0 else { continue }
                let first = model.min { LargestFirst().before($0, $1) }!
                heap.replaceTop(with: pair)
                model.removeAll { $0 == first }
                model.append(pair)
            }
            #expect(heap.count == model.count)
            #expect(heap.top == model.min { LargestFirst().before($0, $1) })
        }
        heap.removeAll()
        #expect(heap.count == 0 && heap.top == nil)
    }
}
