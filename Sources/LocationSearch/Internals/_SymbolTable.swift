/// A static table of up to 255 symbols of 1 to 8 bytes that codes short strings a byte
/// per symbol: FSST ("FSST: Fast Random Access String Compression", Boncz, Neumann and
/// Leis, VLDB 2020). Code `c < 255` stands for symbol `c`; code 255 escapes the next
/// byte, which stands for itself. Each string is coded on its own, so any one decodes
/// without the others (random access), and the table is small enough to stay in cache.
///
/// Names share fragments ("San ", "-shi", "sk", the two-byte letters of a script), so a
/// table learnt from them (`init(training:)`) takes the gazetteer's names to about half
/// their UTF-8 (see `_CompressedStrings`).
///
///     let table = _SymbolTable(training: [Array("Santa Ana".utf8), Array("San Jose".utf8)])
///     var codes: [UInt8] = []
///     table.encode(Array("Santa Ana".utf8)[...], into: &codes)   // a few codes
///     table.withDecoded(codes[...]) { Array($0) }                // the bytes again
///
/// Decoding is safe for any codes and any table of the right shape: every code reads one
/// of the 256 entries and writes at most 8 bytes into a buffer of 8 per code, so damaged
/// codes give wrong text (which a file's checksum catches), never an out-of-bounds access.
///
/// - Complexity: decoding a string of *c* codes is O(*c*) (a load and an 8-byte store
///   each); encoding *n* bytes is O(*n*) (a hash probe and at most two table reads a code).
struct _SymbolTable: Sendable {
    /// Symbol `c`'s bytes, the first in the lowest byte, the rest zero; entry 255 unused.
    let symbols: _Column<UInt64>
    /// Symbol `c`'s length in bytes, 1...8, or 0 for a code that stands for nothing.
    let lengths: _Column<UInt8>

    /// The code that escapes a byte.
    static let escape: UInt8 = 255
    /// Entries in `symbols` and `lengths`: one per code.
    static let entries = 256

    init(symbols: _Column<UInt64>, lengths: _Column<UInt8>) {
        self.symbols = symbols
        self.lengths = lengths
    }

    /// A table of `symbols` (at most 255 of 1...8 bytes each), coded in that order.
    init(_ symbols: [_Symbol]) {
        precondition(symbols.count < Self.entries, "at most 255 symbols")
        var values = [UInt64](repeating: 0, count: Self.entries)
        var lengths = [UInt8](repeating: 0, count: Self.entries)
        for (code, symbol) in symbols.enumerated() {
            values[code] = symbol.value
            lengths[code] = UInt8(symbol.length)
        }
        self.init(symbols: _Column(values), lengths: _Column(lengths))
    }

    /// The table's symbols, in code order.
    var symbolList: [_Symbol] {
        (0..<Self.entries - 1).compactMap { code in
            lengths[code] == 0 ? nil : _Symbol(value: symbols[code], length: Int(lengths[code]))
        }
    }

    /// Whether the table has its 256 entries, each symbol 1...8 bytes with nothing beyond
    /// its length: what a loaded table must satisfy before anything decodes with it.
    func isConsistent() -> Bool {
        guard symbols.count == Self.entries, lengths.count == Self.entries, lengths[255] == 0 else { return false }
        for code in 0..<Self.entries {
            let length = Int(lengths[code])
            guard length <= 8, length == 8 || symbols[code] >> (8 * length) == 0 else { return false }
        }
        return true
    }

    /// Calls `body` with the bytes `codes` stand for, in a temporary buffer.
    ///
    /// - Complexity: O(*c*) for *c* codes.
    @inline(__always)
    func withDecoded<R>(_ codes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows
        -> R
    {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: codes.count * 8 + 1) { buffer in
            let count = decode(codes, into: buffer.baseAddress!)
            return try body(UnsafeBufferPointer(start: buffer.baseAddress, count: count))
        }
    }

    /// Writes the bytes `codes` stand for at `out`, which must have room for 8 a code;
    /// returns how many it wrote. An escape with no byte after it (only in damaged codes)
    /// stands for nothing.
    @inline(__always)
    func decode(_ codes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        // Both columns have `entries` elements (`isConsistent`), so any byte indexes them.
        let symbols = symbols.pointer, lengths = lengths.pointer
        let raw = UnsafeMutableRawPointer(out)
        var written = 0, i = 0
        let count = codes.count
        while i < count {
            let code = codes[i]
            i &+= 1
            if code != Self.escape {
                raw.storeBytes(of: symbols[Int(code)], toByteOffset: written, as: UInt64.self)
                written &+= Int(lengths[Int(code)])
            } else if i < count {
                out[written] = codes[i]
                written &+= 1
                i &+= 1
            }
        }
        return written
    }

    /// `codes` decoded into a new array.
    func decoded(_ codes: UnsafeBufferPointer<UInt8>) -> [UInt8] { withDecoded(codes) { Array($0) } }
}

/// A symbol of a `_SymbolTable`: 1 to 8 bytes, the first in the lowest byte of `value`.
struct _Symbol: Hashable, Sendable {
    let value: UInt64
    let length: Int

    init(value: UInt64, length: Int) {
        self.value = value
        self.length = length
    }

    /// The first `min(8, bytes.count)` bytes of `bytes`.
    init(_ bytes: some Collection<UInt8>) {
        var value: UInt64 = 0, length = 0
        for byte in bytes.prefix(8) {
            value |= UInt64(byte) << (8 * length)
            length += 1
        }
        self.init(value: value, length: length)
    }

    /// `self` followed by `other`, cut to 8 bytes.
    func followed(by other: _Symbol) -> _Symbol {
        let length = min(8, self.length + other.length)
        let shifted = self.length == 8 ? 0 : other.value << (8 * self.length)
        let mask: UInt64 = length == 8 ? ~0 : (1 << (8 * length)) - 1
        return _Symbol(value: (value | shifted) & mask, length: length)
    }

    /// The symbol's first three bytes, the key of a long symbol in the encoder's table.
    var prefix3: UInt32 { UInt32(truncatingIfNeeded: value & 0xFF_FFFF) }
}
