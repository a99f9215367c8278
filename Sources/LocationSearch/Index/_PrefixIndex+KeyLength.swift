extension _PrefixIndex {
    /// The most bytes of a name's fold that are indexed: a longer fold is cut to its first
    /// `longestKey` bytes (`keyLength(of:start:count:)`).
    ///
    /// A key's reference holds its text's number above `shift` bits that hold where it
    /// starts in the text (`_KeyText`), so the longest key decides how many texts an index
    /// can hold: 511 bytes take 9 bits and leave 23, room for 8.4 million distinct names.
    /// One uncut name of 4,096 bytes would take 13 bits and leave room for 524,288, fewer
    /// than the bundled data's million texts, and the build could not number them. The
    /// bundled data's longest fold, 343 bytes, takes 9 bits too, so no bundled key is cut
    /// (a smaller cut would shift every reference and cut real names).
    ///
    /// A name with a cut key is found by what is typed while that is the start of the
    /// key; its title, subtitle and highlights are the whole name's.
    static let longestKey = 511

    /// How many of the `count` folded bytes at `start` in `folded` a key keeps: all of
    /// them up to `longestKey`; else the most up to `longestKey` that end at a scalar's
    /// end, without the space at their end (a cut key is the fold of a start of the name,
    /// as `_Folding` writes one: never a trailing space, never part of a scalar).
    ///
    ///     keyLength(of: Array("ab cd".utf8), start: 0, count: 5)   // 5
    ///
    /// - Complexity: O(1): at most four bytes back over a scalar, then one over a space.
    static func keyLength(of folded: [UInt8], start: Int, count: Int) -> Int {
        guard count > longestKey else { return count }
        // `folded[end]` is the first byte cut off: a continuation byte ends no scalar.
        var end = start + longestKey
        while end > start && folded[end] & 0xC0 == 0x80 { end -= 1 }
        while end > start && folded[end - 1] == 0x20 { end -= 1 }
        return end - start
    }
}
