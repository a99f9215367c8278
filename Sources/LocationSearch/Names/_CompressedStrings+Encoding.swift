import Dispatch

/// Coding strings: a symbol table learnt from a sample of them, then each string's codes,
/// a copy of the start it shares with the string before where that is shorter.
extension _CompressedStrings {
    /// `builder`'s strings (at most `byteLimit` bytes), coded with a table learnt from a
    /// sample of them; the two halves of the strings coded at once, on two cores (the
    /// first string of each half copies nothing, so the codes do not depend on the split's
    /// timing).
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    init(_ builder: _StringTable.Builder) {
        let bytes = builder.bytes, offsets = builder.offsets, count = builder.count
        let step = max(1, bytes.count / Self.sampleBytes)
        let sample = stride(from: 0, to: count, by: step).map { Int(offsets[$0])..<Int(offsets[$0 + 1]) }
        precondition(bytes.count <= Self.byteLimit, "strings beyond 1 GiB")
        let encoder = bytes.withUnsafeBufferPointer { _SymbolTable.Encoder(training: sample, of: $0) }
        let halves = count < 4_096 ? 1 : 2
        let coded = _ResultSlots<(codes: [UInt16], ends: [UInt32])>(count: halves)
        DispatchQueue.concurrentPerform(iterations: halves) { part in
            let strings = (part * count / halves)..<((part + 1) * count / halves)
            let first = Int(offsets[strings.lowerBound]), last = Int(offsets[strings.upperBound])
            // Room for the codes (one a byte at most) and, after the last string's, its
            // codes after a copy (fewer than its bytes).
            let longest = strings.reduce(0) { max($0, Int(offsets[$1 + 1] - offsets[$1])) }
            var codes = [UInt16](repeating: 0, count: last - first + longest + 1)
            var ends = [UInt32](repeating: 0, count: strings.count)
            let written = bytes.withUnsafeBufferPointer { bytes in
                codes.withUnsafeMutableBufferPointer { out in
                    encoder.withLookup {
                        Self.encode(strings, offsets: offsets, bytes: bytes, $0, into: out.baseAddress!, ends: &ends)
                    }
                }
            }
            codes.removeLast(codes.count - written)
            coded[part] = (codes, ends)
        }
        let parts = coded.values.compactMap { $0 }
        // The strings' starts, then the codes packed (their two halves at once, into one
        // buffer made here: what another thread makes and frees can stay resident in its
        // malloc arena after the build).
        var starts = [UInt32](repeating: 0, count: count + 1), i = 1, base: UInt32 = 0
        for (codes, ends) in parts {
            for end in ends {
                starts[i] = end + base
                i += 1
            }
            base += UInt32(codes.count)
        }
        let packed = parts.count == 2
            ? _PackedCodes.pack(parts[0].codes, parts[1].codes) : _PackedCodes.pack(parts.first?.codes ?? [])
        self.init(table: encoder.table, codes: _Column(packed), offsets: _StringOffsets(starts))
    }

    /// Codes `strings` (of `bytes`, at `offsets`) at `out`, each the shorter of its codes
    /// and a copy of its start shared with the string before (if that one is in `strings`
    /// and fewer than `copyDepth` copy in a row before it) followed by the codes of the
    /// rest; records where each ends in `ends`; returns the codes written.
    private static func encode(
        _ strings: Range<Int>, offsets: [UInt32], bytes: UnsafeBufferPointer<UInt8>,
        _ lookup: _SymbolTable.Encoder.Lookup, into out: UnsafeMutablePointer<UInt16>, ends: inout [UInt32]
    ) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var written = 0, copiesInARow = 0
        for i in strings {
            let start = Int(offsets[i]), end = Int(offsets[i + 1])
            let string = UnsafeBufferPointer(start: base + start, count: end - start)
            let whole = lookup.encode(string, readable: bytes.count - start, into: out + written)
            var shared = 0
            if i > strings.lowerBound && copiesInARow < copyDepth {
                let before = Int(offsets[i - 1])
                let limit = min(end - start, start - before, _SymbolTable.longestCopy)
                while shared < limit && base[before + shared] == base[start + shared] { shared += 1 }
            }
            var length = whole
            if shared >= 2 {
                let rest = UnsafeBufferPointer(start: base + start + shared, count: end - start - shared)
                let after = lookup.encode(rest, readable: bytes.count - start - shared, into: out + written + whole)
                if after + 1 < whole {
                    out[written] = UInt16(_SymbolTable.copyCodes.lowerBound + shared - 1)
                    for k in 0..<after { out[written + 1 + k] = out[written + whole + k] }
                    length = after + 1
                }
            }
            copiesInARow = length != whole ? copiesInARow + 1 : 0
            written += length
            ends[i - strings.lowerBound] = UInt32(written)
        }
        return written
    }
}
