/// Reading only a string's first bytes (`startBytes`), and the strings it copies from
/// only as far as it needs them.
extension _CompressedStrings {
    /// The first bytes of string `index`, whose codes are `units` (`units(index)`), decoded
    /// at `out` (`capacity` bytes, at least `startRoom(limit:)`) from its first codes and the
    /// starts of the strings it copies from, as `withBytes` decodes them: all its bytes, or
    /// `limit` or more of them (up to 7 more) when it is longer; their count, and whether
    /// they are the whole string. A string coded over a fold is decoded whole. Nil when one
    /// of them needs more room than `capacity`. `previous`, the start of a string before it
    /// read with the same `limit`, is not read again if the string copies from it (strings
    /// read in order, each the next's `previous`, read each start once where they copy from
    /// one another).
    ///
    /// A quick look at where a string starts, for a test that its first characters settle
    /// (`_SimpleCase.startsUnlike`): most of a long string's codes, and most of the strings
    /// it copies from, are never decoded.
    ///
    /// - Complexity: O(*l*) for `limit` *l*, for each of the at most `copyDepth` strings it
    ///   copies from (or, coded over a fold, O(*n*) for its *n* bytes).
    func startBytes(
        _ index: Int, units: Range<Int>, into out: UnsafeMutablePointer<UInt8>, capacity: Int, limit: Int,
        previous: ReadStart? = nil
    ) -> (count: Int, whole: Bool)? {
        precondition(capacity >= Self.startRoom(limit: limit), "too little room for a string's start")
        return startBytes(
            index, units: units, into: out, capacity: capacity, limit: limit, copies: Self.copyDepth, previous: previous)
    }

    /// A short start of a string as `startBytes` read it (what it returned), kept by value
    /// for the next string's read.
    struct ReadStart {
        let index: Int
        let count: Int
        let whole: Bool
        /// The bytes, in order from the low byte of the first word.
        private var words: (UInt64, UInt64) = (0, 0)

        /// The most bytes kept: a start read past a `limit` of 8 (two scalars) and not
        /// whole has at most 15.
        static let capacity = 16

        /// The start of string `index`, `bytes`, whole or not; nil when it is longer than
        /// `capacity`.
        init?(index: Int, bytes: UnsafeBufferPointer<UInt8>, whole: Bool) {
            guard bytes.count <= Self.capacity else { return nil }
            (self.index, self.count, self.whole) = (index, bytes.count, whole)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        }

        /// Writes the bytes at `out`.
        func write(to out: UnsafeMutablePointer<UInt8>) {
            withUnsafeBytes(of: words) { UnsafeMutableRawPointer(out).copyMemory(from: $0.baseAddress!, byteCount: count) }
        }
    }

    /// The least room `startBytes` writes in: each code is written (8 bytes) where fewer
    /// than `limit` bytes, or a copy of at most `longestCopy`, are.
    static func startRoom(limit: Int) -> Int { max(limit, _SymbolTable.longestCopy) &+ 8 }

    /// `startBytes(_:units:into:capacity:limit:previous:)` with at most `copies` strings
    /// before it read, as `decodingRoom` reads them: the last copies nothing, whatever its
    /// codes say.
    /// (A string's start is the same with fewer strings before it read: it copies from at
    /// most `copyDepth` strings in a row, so those it reads copy from no more than that.)
    private func startBytes(
        _ index: Int, units own: Range<Int>, into out: UnsafeMutablePointer<UInt8>, capacity: Int, limit: Int,
        copies: Int, previous: ReadStart?
    ) -> (count: Int, whole: Bool)? {
        var units = own, kept = 0
        if folds.isFlagged(index) {
            guard room(index, units) <= capacity else { return nil }
            return (folds.decode(codes.pointer, units: units, table: table, into: out), true)
        }
        if let copy = copied(index, units) {
            units = units.dropFirst()
            if index > 0 && copies > 0 {
                // The codes of the string before end where these start (`units(_:)`, with one
                // offset read: a string that copies has codes, so its offsets are in order).
                let before: Int, whole: Bool
                if let previous, previous.index == index &- 1 {
                    previous.write(to: out)
                    (before, whole) = (previous.count, previous.whole)
                } else {
                    let start = offsets[index &- 1]
                    let units = start <= own.lowerBound ? start..<own.lowerBound : 0..<0
                    guard let read = startBytes(
                        index &- 1, units: units, into: out, capacity: capacity, limit: limit, copies: copies &- 1,
                        previous: previous)
                    else { return nil }
                    (before, whole) = read
                }
                // The string before goes on past the bytes read and this copies more: what
                // was read of it is this string's start (at least `limit` bytes).
                if !whole && copy > before { return (before, false) }
                kept = min(copy, before)
            }
        }
        let (end, next) = table.decode(codes.pointer, units: units, into: out, at: kept, limit: limit)
        return (end, next == units.upperBound)
    }
}
