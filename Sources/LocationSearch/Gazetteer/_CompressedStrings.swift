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
    /// about this size. The gazetteer's names code as well with a 128 KB sample as with
    /// all 15.7 MB (11.9 MB of codes either way), and learning takes ~30 ms, not seconds.
    static let sampleBytes = 1 << 17

    /// `builder`'s strings, coded with a table learnt from a sample of them.
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    init(_ builder: _StringTable.Builder) {
        let offsets = builder.offsets, count = builder.count
        let step = max(1, builder.bytes.count / Self.sampleBytes)
        let sample = stride(from: 0, to: count, by: step).map { Int(offsets[$0])..<Int(offsets[$0 + 1]) }
        // At most two bytes of codes a byte, so the codes fit the same 31 bits the offsets do.
        precondition(builder.bytes.count < Int(_StringOffsets.wideFlag) / 2, "strings beyond 1 GB")
        var codes = [UInt8](repeating: 0, count: 2 * builder.bytes.count)
        var starts = [UInt32](repeating: 0, count: count + 1)
        let written = builder.bytes.withUnsafeBufferPointer { bytes in
            let encoder = _SymbolTable.Encoder(training: sample, of: bytes)
            return codes.withUnsafeMutableBufferPointer { out in
                var written = 0
                for i in 0..<count {
                    let string = UnsafeBufferPointer(rebasing: bytes[Int(offsets[i])..<Int(offsets[i + 1])])
                    written += encoder.encode(string, into: out.baseAddress! + written)
                    starts[i + 1] = UInt32(written)
                }
                return (written, encoder.table)
            }
        }
        codes.removeLast(codes.count - written.0)
        self.init(table: written.1, codes: _Column(codes), offsets: _StringOffsets(starts))
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
