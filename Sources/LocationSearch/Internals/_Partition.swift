/// The first index in `range` that does not satisfy `isBefore`, given that the indices
/// satisfying it come first: a binary search.
///
///     _partition(0..<5) { [1, 3, 3, 7, 9][$0] < 3 }   // 1
///
/// - Complexity: O(log *n*) calls of `isBefore` for *n* indices in `range`.
@inline(__always)
func _partition(_ range: Range<Int>, _ isBefore: (Int) -> Bool) -> Int {
    var low = range.lowerBound, count = range.count
    while count > 0 {
        let half = count &>> 1
        if isBefore(low &+ half) {
            low &+= half &+ 1
            count &-= half &+ 1
        } else {
            count = half
        }
    }
    return low
}
