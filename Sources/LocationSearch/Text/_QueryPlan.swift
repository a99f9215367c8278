/// A query, folded and split into the ways it can be read: the whole of it as (the start
/// of) a name, and "name qualifier" splits where the trailing tokens name the region or
/// country ("paris tex", "kansas city, kansas").
struct _QueryPlan {
    /// The folded query, with one trailing space kept if the person typed one.
    let key: [UInt8]
    /// Where each token starts and ends in `key`.
    let tokens: [Range<Int>]
    /// The number of tokens before the first comma, if the query has one: a comma fixes
    /// where the name ends.
    let tokensBeforeComma: Int?

    struct Split {
        /// The folded name part.
        var name: [UInt8]
        /// The qualifier tokens.
        var qualifier: [ArraySlice<UInt8>]
        /// Whether a comma separates the name from the qualifier.
        var afterComma: Bool
    }

    init(query: String) {
        let key = _Folding.fold(query, keepTrailingSpace: true)
        // What comes before the first comma, folded. (A byte search finds it in the UTF-8:
        // a comma's byte is never part of another character's.)
        let contiguous: [UInt8]?? = query.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.firstIndex(of: UInt8(ascii: ",")).map { comma in
                var before: [UInt8] = []
                _Folding.fold(utf8: UnsafeBufferPointer(rebasing: bytes[..<comma]), into: &before)
                return before
            }
        }
        let before = contiguous ?? query.firstIndex(of: ",").map { _Folding.fold(query[..<$0]) }
        var tokensBeforeComma: Int? = nil
        if let before, !before.isEmpty { tokensBeforeComma = before.split(separator: 0x20).count }
        self.init(key: key, tokensBeforeComma: tokensBeforeComma)
    }

    /// A reading of an already folded query (an abbreviation expanded, say).
    init(key: [UInt8], tokensBeforeComma: Int?) {
        self.key = key
        self.tokensBeforeComma = tokensBeforeComma
        var tokens: [Range<Int>] = []
        var start: Int? = nil
        for i in 0...key.count {
            if i == key.count || key[i] == 0x20 {
                if let s = start { tokens.append(s..<i) }
                start = nil
            } else if start == nil {
                start = i
            }
        }
        self.tokens = tokens
    }

    /// How many folded bytes a qualifier of up to `words` words might add to a name.
    func qualifierAllowance(_ words: Int) -> Int { words * 64 }

    /// The name/qualifier splits worth trying: after the comma if there is one, else after
    /// each token but the last, keeping at most `maxQualifierWords` qualifier tokens.
    func splits(maxQualifierWords: Int) -> [Split] {
        guard tokens.count > 1 else { return [] }
        let candidates: [Int]
        let afterComma: Bool
        if let comma = tokensBeforeComma, comma < tokens.count {
            candidates = [comma]
            afterComma = true
        } else {
            afterComma = false
            candidates = Array(max(1, tokens.count - maxQualifierWords)..<tokens.count)
        }
        return candidates.map { i in
            Split(
                name: Array(key[tokens[0].lowerBound..<tokens[i - 1].upperBound]),
                qualifier: tokens[i...].map { key[$0] }, afterComma: afterComma)
        }
    }
}
