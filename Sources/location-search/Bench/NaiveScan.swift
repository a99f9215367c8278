@_spi(Benchmarking) import LocationSearch

/// The naive baseline: a linear scan over every folded name, keeping the 10 most populous
/// places with a name that starts with the folded query. What a first implementation
/// does; timed in the same run as the completer, so the ratio holds on a noisy machine.
///
/// It returns place numbers only (no `LocalSearchCompletion`s), and matches whole names
/// only (no word starts, no qualifiers): less work than the completer does, which favours
/// the baseline.
struct NaiveScan {
    private var bytes: [UInt8] = []
    private var ends: [UInt32] = []
    private var places: [UInt32] = []
    private var populations: [Int64] = []

    init(_ completer: LocationCompleter) {
        ends.reserveCapacity(completer._indexedNameCount)
        places.reserveCapacity(completer._indexedNameCount)
        completer._forEachIndexedName { name, place in
            bytes.append(contentsOf: name)
            ends.append(UInt32(bytes.count))
            places.append(UInt32(place))
        }
        populations = (0..<completer.placeCount).map { Int64(completer._population(at: $0)) }
    }

    /// The 10 most populous places (ties: lower number) with a name starting with `query`.
    func top10(_ query: String) -> [Int] {
        let key = LocationCompleter._foldQuery(query)
        guard let first = key.first else { return [] }
        var best: [(population: Int64, place: UInt32)] = []
        bytes.withUnsafeBufferPointer { text in
            key.withUnsafeBufferPointer { key in
                var start = 0
                for n in 0..<ends.count {
                    let end = Int(ends[n])
                    defer { start = end }
                    guard end - start >= key.count, text[start] == first else { continue }
                    var i = 1
                    while i < key.count && text[start + i] == key[i] { i += 1 }
                    guard i == key.count else { continue }
                    let place = places[n], population = populations[Int(place)]
                    if best.count == 10, let last = best.last,
                       population < last.population || (population == last.population && place > last.place) {
                        continue
                    }
                    guard !best.contains(where: { $0.place == place }) else { continue }
                    let at = best.firstIndex {
                        population > $0.population || (population == $0.population && place < $0.place)
                    } ?? best.count
                    best.insert((population, place), at: at)
                    if best.count > 10 { best.removeLast() }
                }
            }
        }
        return best.map { Int($0.place) }
    }
}
