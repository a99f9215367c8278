/// The places a query has already returned: a few dozen at most for the usual limits, so
/// a linear scan of a small array beats hashing; past `linearLimit` it becomes a `Set`.
///
/// - Complexity: O(*n*) per operation up to `linearLimit` elements, O(1) on average after.
struct _PlaceSet {
    private var few: [UInt32] = []
    private var many: Set<UInt32>? = nil
    static let linearLimit = 64

    init() { few.reserveCapacity(16) }

    @inline(__always)
    func contains(_ place: UInt32) -> Bool {
        if let many { return many.contains(place) }
        return few.contains(place)
    }

    mutating func insert(_ place: UInt32) {
        if many != nil {
            many!.insert(place)
        } else if !few.contains(place) {
            few.append(place)
            if few.count > Self.linearLimit { many = Set(few) }
        }
    }
}
