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
    /// - Complexity: O(*n* + *p* log *p*) for *n* bytes of sample and *p* distinct pairs of
    ///   codes in it (sorted as candidates), about 30 ms for a sample of 256 KB on the
    ///   reference machine.
    init(training sample: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>) {
        var encoder = Self()
        var best = encoder, bestGain = Int.min
        var count1 = [UInt32](repeating: 0, count: _SymbolTable.entries)
        let pairs = _PairCounts(sampleBytes: sample.reduce(0) { $0 + $1.count })
        for fraction in stride(from: 8, through: 128, by: 30) {
            for i in count1.indices { count1[i] = 0 }
            pairs.removeAll()
            let gain = encoder.count(sample, of: bytes, fraction: fraction, count1: &count1, pairs: pairs)
            if gain >= bestGain { (best, bestGain) = (encoder, gain) }
            if fraction >= 128 { break }
            encoder = Self(candidates: encoder.candidates(fraction: fraction, count1: count1, pairs: pairs))
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

    /// The candidate symbols after a round, best first: each counted symbol of two bytes
    /// or more and each counted pair joined, with the bytes it would save.
    private func candidates(fraction: Int, count1: [UInt32], pairs: _PairCounts) -> [_Symbol] {
        let least = 5 * fraction / 128  // rarer candidates only add noise
        var found: [(symbol: _Symbol, gain: Int)] = []
        for code in count1.indices where Int(count1[code]) >= max(least, 1) {
            let symbol = symbol(code)
            if symbol.length >= 2 { found.append((symbol, Int(count1[code]) * symbol.length)) }
        }
        pairs.forEach { pair, count in
            guard count >= least else { return }
            let first = symbol(pair >> 12)
            guard first.length < 8 else { return }
            let joined = first.followed(by: symbol(pair & 0xFFF))
            found.append((joined, count * joined.length))
        }
        // The same symbol from several pairs: its savings added.
        found.sort { ($0.symbol.value, $0.symbol.length) < ($1.symbol.value, $1.symbol.length) }
        var merged: [(symbol: _Symbol, gain: Int)] = []
        merged.reserveCapacity(found.count)
        for candidate in found {
            if let last = merged.last, last.symbol == candidate.symbol {
                merged[merged.count - 1].gain += candidate.gain
            } else {
                merged.append(candidate)
            }
        }
        merged.sort {
            ($0.gain, $1.symbol.value, $1.symbol.length) > ($1.gain, $0.symbol.value, $0.symbol.length)
        }
        return merged.map(\.symbol)
    }

    /// An encoder with the first 3,808 of `candidates` it takes.
    private init(candidates: [_Symbol]) {
        self.init()
        for symbol in candidates where !isFull { insert(symbol) }
    }
}

/// Counts of pairs of 12-bit codes (`first << 12 | second`) while a table is learnt: an
/// open-addressed hash table sized for the pairs a sample can have (at most two a byte:
/// a pair and its first byte's alternative), kept at most half full, which a round
/// clears and refills without allocating. A class over raw memory, so that counting
/// (about a million adds while a table is learnt) neither checks bounds nor uniqueness.
final class _PairCounts {
    /// Slots of `pair + 1` (0 for an empty one), probed linearly from the pair's hash.
    private let keys: UnsafeMutableBufferPointer<UInt32>
    private let counts: UnsafeMutableBufferPointer<UInt32>
    private let mask: Int

    /// A table for up to `2 * bytes` distinct pairs.
    init(sampleBytes bytes: Int) {
        var slots = 1_024
        while slots < 4 * bytes { slots *= 2 }
        keys = .allocate(capacity: slots)
        counts = .allocate(capacity: slots)
        keys.initialize(repeating: 0)
        counts.initialize(repeating: 0)
        mask = slots - 1
    }

    deinit {
        keys.deallocate()
        counts.deallocate()
    }

    func removeAll() { keys.update(repeating: 0) }

    /// Counts `pair` once more.
    @inline(__always)
    func add(_ pair: Int) {
        let key = UInt32(truncatingIfNeeded: pair) &+ 1
        // `slot` stays below `mask + 1`, the tables' size; the table is never full.
        var slot = Int((key &* 0x9E37_79B1) >> 8) & mask
        while keys[slot] != 0 && keys[slot] != key { slot = (slot &+ 1) & mask }
        if keys[slot] == 0 {
            keys[slot] = key
            counts[slot] = 0
        }
        counts[slot] &+= 1
    }

    /// Calls `body` with each counted pair and its count.
    func forEach(_ body: (_ pair: Int, _ count: Int) -> Void) {
        for slot in keys.indices where keys[slot] != 0 { body(Int(keys[slot] - 1), Int(counts[slot])) }
    }
}
