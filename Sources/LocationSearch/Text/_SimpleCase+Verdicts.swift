/// `Verdicts`: the comparisons of marked characters that took a `String` of each, kept
/// for the rest of a query.
extension _SimpleCase {
    /// The comparisons of a name's marked character with a typed one that needed a
    /// `String` of each (`character`), kept for one query: the names of its rows share their
    /// marked characters (the "H̱" of most names of Israel, an h and a macron below, against
    /// a typed "ḥ"), and each comparison costs more than the rest of the test.
    ///
    /// Each is known by the typed character (its scalars' place in what was typed, the same
    /// for every name compared with it) and the name's (its scalars): a few a query, looked
    /// up in turn. A reference that one query mutates, on the thread that answers it: not
    /// `Sendable`.
    final class Verdicts {
        /// Each comparison's typed scalars' range, the name's lower-case scalar (the high bit
        /// set after "İ"), its marks, and whether they were the same.
        private var kept: [(typed: Range<Int>, name: [UInt32], same: Bool)] = []
        /// At most this many are kept: a query compares few characters.
        static let capacity = 16

        /// How many are kept.
        var count: Int { kept.count }

        /// Whether the name's character of `lower` (after "İ", `dotAbove`) and the marks of
        /// `bytes` at `marks` is `typed`, if that is known.
        func verdict(
            _ lower: UInt32, dotAbove: Bool, _ bytes: UnsafeBufferPointer<UInt8>, marks: Range<Int>,
            _ typed: ArraySlice<UInt32>
        ) -> Bool? {
            let first = dotAbove ? lower | 0x8000_0000 : lower
            for entry in kept where entry.typed == typed.indices && entry.name[0] == first {
                var k = marks.lowerBound, n = 1
                while k < marks.upperBound, n < entry.name.count, let (value, length) = scalar(bytes, at: k),
                      value == entry.name[n] {
                    (k, n) = (k &+ length, n &+ 1)
                }
                if k == marks.upperBound && n == entry.name.count { return entry.same }
            }
            return nil
        }

        /// Keeps the comparison `verdict` had not.
        func keep(
            _ same: Bool, _ lower: UInt32, dotAbove: Bool, _ bytes: UnsafeBufferPointer<UInt8>, marks: Range<Int>,
            _ typed: ArraySlice<UInt32>
        ) {
            guard kept.count < Self.capacity else { return }
            var name = [dotAbove ? lower | 0x8000_0000 : lower], k = marks.lowerBound
            while k < marks.upperBound, let (value, length) = scalar(bytes, at: k) {
                name.append(value)
                k &+= length
            }
            kept.append((typed.indices, name, same))
        }
    }
}
