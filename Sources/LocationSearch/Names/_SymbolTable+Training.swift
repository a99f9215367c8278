extension _SymbolTable.Encoder {
    /// An encoder whose symbols code `sample` (strings: ranges of `bytes`) in few codes,
    /// learnt as FSST learns them: five rounds that code the sample with the current
    /// symbols, count each code and each pair of consecutive codes (a byte's own code
    /// counting as the symbol of that byte), and keep the 3,808 candidates of two bytes or
    /// more (the symbols and the pairs joined, up to 8 bytes) that would save the most
    /// bytes (count times length). Early rounds code a fraction of the sample (8, 38, 68,
    /// 98 of 128 strings), the last codes all of it; the symbols that coded the sample in
    /// the fewest codes win.
    ///
    /// Deterministic: the same sample gives the same symbols in the same order (candidates
    /// are ranked by saving, then by their bytes), so the same data gives the same file.
    ///
    /// - Complexity: O(*n* + *p* + *d* log *p*) for *n* bytes of sample, *p* distinct pairs
    ///   of codes in it (the candidates, heaped) and *d* candidates drawn (the table's
    ///   3,808 and those it refuses), about 26 ms for a sample of 256 KB on the reference
    ///   machine.
    init(training sample: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>) {
        var encoder = Self()
        var best = encoder, bestGain = Int.min
        var count1 = [UInt32](repeating: 0, count: _SymbolTable.entries)
        let pairs = _PairCounts()
        for fraction in stride(from: 8, through: 128, by: 30) {
            for i in count1.indices { count1[i] = 0 }
            pairs.removeAll()
            let gain = encoder.count(sample, of: bytes, fraction: fraction, count1: &count1, pairs: pairs)
            if gain >= bestGain { (best, bestGain) = (encoder, gain) }
            if fraction >= 128 { break }
            var candidates = encoder.candidates(fraction: fraction, count1: count1, pairs: pairs)
            encoder = Self(candidates: &candidates)
        }
        self = best
    }

    /// The symbol that code `code` stands for (not a copy code).
    private func symbol(_ code: Int) -> _Symbol {
        code < 256 ? _Symbol(value: UInt64(code), length: 1) : symbols[code - _SymbolTable.firstSymbol]
    }

    /// Codes the strings of `sample` picked for `fraction` (of 128), counting codes in
    /// `count1` and consecutive pairs in `pairs` (not in the last round, which makes no
    /// new symbols); returns the bytes less the codes.
    private func count(
        _ sample: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>, fraction: Int,
        count1: inout [UInt32], pairs: _PairCounts
    ) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var gain = 0
        let countsPairs = fraction < 128
        withLookup { lookup in
            for (n, range) in sample.enumerated() where !range.isEmpty {
                // A fixed pseudo-random choice of strings per round.
                guard fraction >= 128 || Int((UInt64(n) &* 0x9E37_79B9_7F4A_7C15) >> 57) < fraction else { continue }
                var start = range.lowerBound
                func next(_ at: Int) -> (code: Int, length: Int) {
                    let remaining = range.upperBound - at
                    let (code, length) = lookup.match(Self.word(base + at, remaining: remaining), remaining: remaining)
                    gain += length - 1
                    return (Int(code), length)
                }
                var (code1, length1) = next(start)
                var at = start + length1
                while true {
                    count1[code1] &+= 1
                    // The first byte alone is the alternative to a longer symbol.
                    if length1 != 1 { count1[Int(base[start])] &+= 1 }
                    if at == range.upperBound { break }
                    start = at
                    let (code2, length2) = next(at)
                    at += length2
                    if countsPairs {
                        pairs.add(code1 << 12 | code2)
                        if length2 != 1 { pairs.add(code1 << 12 | Int(base[start])) }
                    }
                    (code1, length1) = (code2, length2)
                }
            }
        }
        return gain
    }

    /// The candidate symbols after a round: each counted symbol of two bytes or more and
    /// each counted pair joined, with the bytes it would save (summed over the ways it was
    /// found), to be drawn best first.
    private func candidates(fraction: Int, count1: [UInt32], pairs: _PairCounts) -> _Candidates {
        let least = 5 * fraction / 128  // rarer candidates only add noise
        var found = _Candidates(capacity: count1.count + pairs.count)
        for code in count1.indices where Int(count1[code]) >= max(least, 1) {
            let symbol = symbol(code)
            if symbol.length >= 2 { found.add(symbol, gain: Int(count1[code]) * symbol.length) }
        }
        pairs.forEach { pair, count in
            guard count >= least else { return }
            let first = symbol(pair >> 12)
            guard first.length < 8 else { return }
            let joined = first.followed(by: symbol(pair & 0xFFF))
            found.add(joined, gain: count * joined.length)
        }
        return found
    }

    /// An encoder with the best of `candidates` it takes, drawn until it is full (3,808).
    private init(candidates: inout _Candidates) {
        self.init()
        while !isFull, let symbol = candidates.removeBest() { insert(symbol) }
    }
}
