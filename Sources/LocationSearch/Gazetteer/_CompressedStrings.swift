import Dispatch

/// Strings coded with a symbol table learnt from them (`_SymbolTable`, FSST) into one
/// buffer, each on its own so that any one decodes alone: string `i` is the codes
/// `codes[offsets[i] ..< offsets[i + 1]]` (`_StringOffsets`). The gazetteer keeps its
/// names this way: for the bundled data, 15.7 MB of UTF-8 and 5.0 MB of offsets become
/// about 11.9 MB of codes and 1.7 MB of offsets (see docs/filters-and-footprint.md).
///
///     var builder = _StringTable.Builder()
///     builder.append("Sankt Peterburg")
///     let strings = _CompressedStrings(builder)
///     strings.string(0)   // "Sankt Peterburg"
///
/// - Complexity: a string in O(*n*) for its *n* bytes (decoded into a stack buffer, no
///   allocation beyond a `String` when one is asked for).
struct _CompressedStrings: Sendable {
    let table: _SymbolTable
    let codes: _Column<UInt8>
    /// `count + 1` offsets into `codes`, rising from 0 to its end.
    let offsets: _StringOffsets

    var count: Int { offsets.count - 1 }

    init(table: _SymbolTable, codes: _Column<UInt8>, offsets: _StringOffsets) {
        self.table = table
        self.codes = codes
        self.offsets = offsets
    }

    /// Bytes of strings a table is learnt from: a fixed sample (every *k*-th string) of
    /// about this size. The gazetteer's 15.7 MB of names code to 11.91 MB with a 128 KB
    /// sample, 11.94 with 64 KB and 11.86 with 1 MB; learning from 128 KB takes about
    /// 10 ms.
    static let sampleBytes = 1 << 17

    /// The most bytes of strings a table codes: 1 GiB, whose codes (at worst two bytes a
    /// byte, every byte escaped) fit the 31-bit offsets of `_StringOffsets`. The GeoNames
    /// reader and `Gazetteer(places:)` refuse more with an error.
    static let byteLimit = 1 << 30

    /// `builder`'s strings (at most `byteLimit` bytes), coded with a table learnt from a
    /// sample of them; the two
    /// halves of the strings coded at once, on two cores.
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    init(_ builder: _StringTable.Builder) {
        let bytes = builder.bytes, offsets = builder.offsets, count = builder.count
        let step = max(1, bytes.count / Self.sampleBytes)
        let sample = stride(from: 0, to: count, by: step).map { Int(offsets[$0])..<Int(offsets[$0 + 1]) }
        precondition(bytes.count <= Self.byteLimit, "strings beyond 1 GiB")
        let encoder = bytes.withUnsafeBufferPointer { _SymbolTable.Encoder(training: sample, of: $0) }
        let halves = count < 4_096 ? 1 : 2
        let coded = _ResultSlots<(codes: [UInt8], ends: [UInt32])>(count: halves)
        DispatchQueue.concurrentPerform(iterations: halves) { part in
            let strings = (part * count / halves)..<((part + 1) * count / halves)
            let first = Int(offsets[strings.lowerBound]), last = Int(offsets[strings.upperBound])
            var codes = [UInt8](repeating: 0, count: 2 * (last - first))
            var ends = [UInt32](repeating: 0, count: strings.count)
            let written = bytes.withUnsafeBufferPointer { bytes in
                codes.withUnsafeMutableBufferPointer { out in
                    encoder.withLookup { lookup in
                        var written = 0
                        for i in strings {
                            let start = Int(offsets[i])
                            let string = UnsafeBufferPointer(rebasing: bytes[start..<Int(offsets[i + 1])])
                            written += lookup.encode(
                                string, readable: bytes.count - start, into: out.baseAddress! + written)
                            ends[i - strings.lowerBound] = UInt32(written)
                        }
                        return written
                    }
                }
            }
            codes.removeLast(codes.count - written)
            coded[part] = (codes, ends)
        }
        let parts = coded.values.compactMap { $0 }
        var codes: [UInt8] = [], starts: [UInt32] = [0]
        codes.reserveCapacity(parts.reduce(0) { $0 + $1.codes.count })
        starts.reserveCapacity(count + 1)
        for (partCodes, ends) in parts {
            let base = UInt32(codes.count)
            starts.append(contentsOf: ends.lazy.map { $0 + base })
            codes.append(contentsOf: partCodes)
        }
        self.init(table: encoder.table, codes: _Column(codes), offsets: _StringOffsets(starts))
    }

    /// The codes of string `index`, empty if the offsets are damaged (which a loaded index
    /// has checked they are not).
    @inline(__always)
    func codes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = offsets[index], end = offsets[index + 1]
        guard start <= end, end <= codes.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: codes.pointer + start, count: end - start)
    }

    /// Calls `body` with string `index`'s UTF-8 bytes, decoded into a temporary buffer.
    @inline(__always)
    func withBytes<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try table.withDecoded(codes(index), body)
    }

    /// String `index`.
    func string(_ index: Int) -> String {
        withBytes(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether strings `a` and `b` are the same, from their codes: a string's codes are a
    /// function of its bytes (the encoder is deterministic), and its bytes of its codes.
    func equal(_ a: Int, _ b: Int) -> Bool { codes(a).elementsEqual(codes(b)) }

    /// Whether the table is well formed and the offsets rise from 0 to the end of the
    /// codes: what a loaded index checks before it decodes anything.
    ///
    /// - Complexity: O(*n*) for *n* strings.
    func isConsistent() -> Bool { table.isConsistent() && offsets.isConsistent(end: codes.count) }
}
