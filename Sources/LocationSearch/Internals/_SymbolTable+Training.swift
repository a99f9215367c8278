extension _SymbolTable.Encoder {
    /// An encoder whose symbols code `sample` (strings: ranges of `bytes`) in few bytes,
    /// learnt as FSST learns them: five rounds that code the sample with the current
    /// symbols, count each symbol and each pair of consecutive symbols (an escaped byte
    /// counting as the symbol of that byte), and keep the 255 candidates (the symbols and
    /// the pairs joined, up to 8 bytes) that would save the most bytes (count times length;
    /// a single byte counting eight times, so that escapes stay rare). Early rounds code a
    /// fraction of the sample (8, 38, 68, 98 of 128 strings), the last codes all of it;
    /// the symbols that coded the sample best win.
    ///
    /// Deterministic: the same sample gives the same symbols in the same order (candidates
    /// are ranked by saving, then by their bytes), so the same data gives the same file.
    ///
    /// - Complexity: O(*n* + *s*²) for *n* bytes of sample and *s* = 511 counted symbols
    ///   (the pair counts), about 5 ms for a sample of 256 KB on the reference machine.
    init(training sample: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>) {
        let pseudo = 512  // bytes 0...255, then symbol c as 256 + c
        var encoder = Self()
        var best = encoder, bestGain = Int.min
        var count1 = [UInt32](repeating: 0, count: pseudo)
        var count2 = [UInt32](repeating: 0, count: pseudo * pseudo)
        for fraction in stride(from: 8, through: 128, by: 30) {
            for i in count1.indices { count1[i] = 0 }
            for i in count2.indices { count2[i] = 0 }
            let gain = encoder.count(sample, of: bytes, fraction: fraction, count1: &count1, count2: &count2)
            if gain >= bestGain { (best, bestGain) = (encoder, gain) }
            if fraction >= 128 { break }
            encoder = Self(candidates: encoder.candidates(fraction: fraction, count1: count1, count2: count2))
        }
        self = best
    }

    /// The symbol that pseudo-code `code` stands for.
    private func symbol(_ code: Int) -> _Symbol {
        code < 256 ? _Symbol(value: UInt64(code), length: 1) : symbols[code - 256]
    }

    /// Codes the strings of `sample` picked for `fraction` (of 128), counting symbols in
    /// `count1` and consecutive pairs in `count2` (not in the last round, which makes no
    /// new symbols); returns the bytes saved (negative while escapes outnumber gains).
    private func count(
        _ sample: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>, fraction: Int,
        count1: inout [UInt32], count2: inout [UInt32]
    ) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var gain = 0
        let pairs = fraction < 128
        withLookup { lookup in
            for (n, range) in sample.enumerated() where !range.isEmpty {
                // A fixed pseudo-random choice of strings per round.
                guard fraction >= 128 || Int((UInt64(n) &* 0x9E37_79B9_7F4A_7C15) >> 57) < fraction else { continue }
                var start = range.lowerBound
                func next(_ at: Int) -> (code: Int, length: Int) {
                    let remaining = range.upperBound - at
                    let (code, length) = lookup.match(Self.word(base + at, remaining: remaining), remaining: remaining)
                    let escaped = code == _SymbolTable.escape
                    gain += length - (escaped ? 2 : 1)
                    return (escaped ? Int(base[at]) : 256 + Int(code), length)
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
                    if pairs {
                        count2[code1 * 512 + code2] &+= 1
                        if length2 != 1 { count2[code1 * 512 + Int(base[start])] &+= 1 }
                    }
                    (code1, length1) = (code2, length2)
                }
            }
        }
        return gain
    }

    /// The candidate symbols after a round, best first: each counted symbol and each
    /// counted pair joined (not after the last round), with the bytes it would save.
    private func candidates(fraction: Int, count1: [UInt32], count2: [UInt32]) -> [_Symbol] {
        var gains: [_Symbol: Int] = [:]
        let least = 5 * fraction / 128  // rarer candidates only add noise
        func add(_ symbol: _Symbol, _ count: Int) {
            guard count >= least else { return }
            gains[symbol, default: 0] += count * symbol.length
        }
        let codes = 256 + symbols.count
        for code1 in 0..<codes where count1[code1] > 0 {
            let symbol1 = symbol(code1)
            add(symbol1, Int(count1[code1]) * (symbol1.length == 1 ? 8 : 1))
            guard symbol1.length < 8 else { continue }
            for code2 in 0..<codes where count2[code1 * 512 + code2] > 0 {
                add(symbol1.followed(by: symbol(code2)), Int(count2[code1 * 512 + code2]))
            }
        }
        return gains.sorted {
            ($0.value, $1.key.value, $1.key.length) > ($1.value, $0.key.value, $0.key.length)
        }.map(\.key)
    }

    /// An encoder with the first 255 of `candidates` it takes.
    private init(candidates: [_Symbol]) {
        self.init()
        for symbol in candidates where !isFull { insert(symbol) }
    }
}
