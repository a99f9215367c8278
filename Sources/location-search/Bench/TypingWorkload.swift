#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Benchmarking) import LocationSearch

/// The queries a person produces typing place names: every prefix of each name, one
/// character more per keystroke ("S", "Sa", "San", "San ", "San F", ...).
struct TypingWorkload {
    struct Query {
        var text: String
        /// Length in characters: the benchmark splits 1–2 from longer.
        var length: Int
    }

    var queries: [Query] = []
    /// How many names were typed.
    var names = 0

    /// Types the canonical names of `count` places of `completer`, half drawn in
    /// proportion to population (people mostly look up big places) and half uniformly
    /// (the long tail), in a shuffled order. Deterministic for a seed.
    /// With `among`, only those places are drawn (at most `count`, fewer if there are
    /// fewer, and then each once).
    static func sample(_ completer: LocationCompleter, count: Int, seed: UInt64, among: [Int]? = nil) -> [String] {
        var random = SplitMix64(seed: seed)
        let places = among ?? Array(0..<completer.placeCount)
        guard !places.isEmpty else { return [] }
        if let among, among.count <= count { return among.map { completer._placeName(at: $0) } }
        // Weighted sampling without replacement (Efraimidis–Spirakis): the `count / 2`
        // largest keys log(u) / weight, kept in a min-heap.
        var heap = MinHeap(capacity: count / 2)
        for i in places {
            let weight = Double(max(1, completer._population(at: i)))
            heap.offer(key: log(random.unit()) / weight, value: i)
        }
        var picks = heap.values
        for _ in 0..<(count - picks.count) { picks.append(places[random.below(places.count)]) }
        for i in stride(from: picks.count - 1, to: 0, by: -1) { picks.swapAt(i, random.below(i + 1)) }
        return picks.map { completer._placeName(at: $0) }
    }

    /// Every prefix of each of `names`, in typing order.
    init(typing names: [String]) {
        self.names = names.count
        for name in names {
            var prefix = ""
            var length = 0
            for character in name {
                prefix.append(character)
                length += 1
                queries.append(Query(text: prefix, length: length))
            }
        }
    }

    /// The names with one typing mistake each, lowercased as people type: a letter
    /// replaced, dropped, doubled or swapped with the next, never the first (as in the
    /// peer benchmark's typos.txt).
    static func misspell(_ names: [String], seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed ^ 0x7479_706F)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return names.map { name in
            var characters = Array(name.lowercased())
            guard characters.count >= 3 else { return String(characters) }
            let i = 1 + random.below(characters.count - 1)
            switch random.below(4) {
            case 0: characters[i] = random.pick(letters)
            case 1: characters.remove(at: i)
            case 2: characters.insert(random.pick(letters), at: i)
            default:
                if i + 1 < characters.count {
                    characters.swapAt(i, i + 1)
                } else {
                    characters[i] = random.pick(letters)
                }
            }
            return String(characters)
        }
    }
}

/// The `capacity` largest keys seen, with their values: the library's `_Heap`, smallest
/// key on top.
struct MinHeap {
    private struct Item {
        var key: Double, value: Int
    }
    private struct SmallestFirst: _HeapOrder {
        func before(_ a: Item, _ b: Item) -> Bool { a.key < b.key }
    }
    private let heap: _Heap<SmallestFirst>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        heap = _Heap(SmallestFirst(), capacity: max(1, capacity))
    }

    /// In the heap's layout order.
    var values: [Int] { heap.elements.map(\.value) }

    mutating func offer(key: Double, value: Int) {
        guard capacity > 0 else { return }
        if heap.count < capacity {
            heap.push(Item(key: key, value: value))
        } else if let top = heap.top, key > top.key {
            heap.replaceTop(with: Item(key: key, value: value))
        }
    }
}
