/// A static table of 4,096 12-bit codes that codes short strings a code per symbol of 1 to
/// 8 bytes: FSST ("FSST: Fast Random Access String Compression", Boncz, Neumann and Leis,
/// VLDB 2020) in its 12-bit form. Codes 0...255 stand for that byte (so no escape code is
/// needed), codes 256...287 (`copyCodes`) copy 1...32 bytes from the start of the string
/// before, as a string's first code (`_CompressedStrings`), and the other 3,808 stand for
/// learnt symbols of 2 to 8 bytes. Codes are packed two per three bytes (`_PackedCodes`).
/// Each string is coded on its own (or after the one before it), so any one decodes without
/// the others, and the table (36 KB) stays in cache.
///
/// Why 12 bits: the gazetteer's names span 199 distinct byte values in many scripts, so
/// 255 one-byte codes hold few long symbols (8-bit codes took the names to 1.32× smaller);
/// 3,808 symbols code them to about 1.5× smaller, and the copies from the name before
/// (a place's transliterations share their starts) to about 1.7×. See `_CompressedStrings`.
///
///     let table = _SymbolTable.Encoder(training: sample, of: bytes).table
///     table.decode(packed, units: 0..<count, into: out, at: 0)   // the bytes again
///
/// Decoding is safe for any codes and any table of the right shape: every code (12 bits)
/// reads one of the 4,096 entries and writes at most 8 bytes into a buffer of 8 per code,
/// so damaged codes give wrong text (which a file's checksum catches), never an
/// out-of-bounds access.
///
/// - Complexity: decoding a string of *c* codes is O(*c*) (a two-byte load, a table read
///   and an 8-byte store each); encoding *n* bytes is O(*n*) (a hash probe and at most two
///   table reads a code).
struct _SymbolTable: Sendable {
    /// Code `c`'s bytes, the first in the lowest byte, the rest zero.
    let symbols: _Column<UInt64>
    /// Code `c`'s length in bytes: 1 for a byte, 0 for a copy code or an unused code,
    /// else 2...8.
    let lengths: _Column<UInt8>

    /// Entries in `symbols` and `lengths`: one per 12-bit code.
    static let entries = 4_096
    /// The codes that copy the start of the string before: code `firstCopy + k` copies
    /// `k + 1` bytes, as a string's first code.
    static let copyCodes = 256..<288
    /// The longest start a code copies.
    static let longestCopy = copyCodes.count
    /// The first code of a learnt symbol.
    static let firstSymbol = copyCodes.upperBound
    /// The most learnt symbols.
    static let symbolCapacity = entries - firstSymbol

    init(symbols: _Column<UInt64>, lengths: _Column<UInt8>) {
        self.symbols = symbols
        self.lengths = lengths
    }

    /// A table of the bytes, the copy codes and `symbols` (at most `symbolCapacity`, of
    /// 2...8 bytes each), coded in that order from `firstSymbol`.
    init(_ symbols: [_Symbol]) {
        precondition(symbols.count <= Self.symbolCapacity, "at most 3,808 symbols")
        var values = [UInt64](repeating: 0, count: Self.entries)
        var lengths = [UInt8](repeating: 0, count: Self.entries)
        for byte in 0..<256 {
            values[byte] = UInt64(byte)
            lengths[byte] = 1
        }
        for (k, symbol) in symbols.enumerated() {
            values[Self.firstSymbol + k] = symbol.value
            lengths[Self.firstSymbol + k] = UInt8(symbol.length)
        }
        self.init(symbols: _Column(values), lengths: _Column(lengths))
    }

    /// The table's learnt symbols, in code order.
    var symbolList: [_Symbol] {
        (Self.firstSymbol..<Self.entries).compactMap { code in
            lengths[code] == 0 ? nil : _Symbol(value: symbols[code], length: Int(lengths[code]))
        }
    }

    /// The bytes code `code` copies from the string before, or `nil` if it is no copy code.
    @inline(__always)
    static func copyLength(_ code: Int) -> Int? {
        copyCodes.contains(code) ? code &- copyCodes.lowerBound &+ 1 : nil
    }

    /// Whether the table has its 4,096 entries: codes 0...255 each its byte, the copy codes
    /// empty, and each learnt symbol 0 or 2...8 bytes with nothing beyond its length. What
    /// a loaded table must satisfy before anything decodes with it.
    func isConsistent() -> Bool {
        guard symbols.count == Self.entries, lengths.count == Self.entries else { return false }
        for code in 0..<Self.entries {
            let length = Int(lengths[code])
            let expected: ClosedRange<Int> = code < 256 ? 1...1 : code < Self.firstSymbol ? 0...0 : 0...8
            guard expected.contains(length), length != 1 || code < 256,
                  length == 8 || symbols[code] >> (8 * length) == 0 else { return false }
            if code < 256 && symbols[code] != UInt64(code) { return false }
        }
        return true
    }

    /// Writes the bytes that codes `units` of `packed` stand for at `out + start`, which
    /// must have room for 8 a code; returns where they end. A copy code stands for nothing
    /// here (the caller reads a string's first code).
    ///
    /// - Complexity: O(*c*) for *c* codes.
    @inline(__always)
    func decode(_ packed: UnsafePointer<UInt8>, units: Range<Int>, into out: UnsafeMutablePointer<UInt8>, at start: Int)
        -> Int
    {
        // Both columns have `entries` elements (`isConsistent`), so any 12-bit code indexes them.
        let symbols = symbols.pointer, lengths = lengths.pointer
        let raw = UnsafeMutableRawPointer(out)
        var written = start
        for k in units {
            let code = _PackedCodes.code(k, in: packed)
            raw.storeBytes(of: symbols[code], toByteOffset: written, as: UInt64.self)
            written &+= Int(lengths[code])
        }
        return written
    }

    /// `decode(_:units:into:at:)` until `limit` bytes or more are written (at `out + start`,
    /// which must have room for `max(start, limit - 1) + 8` bytes): where they end, and the
    /// first code not decoded (`units.upperBound` when every one was).
    ///
    /// - Complexity: O(*c*) for the *c* codes decoded.
    @inline(__always)
    func decode(
        _ packed: UnsafePointer<UInt8>, units: Range<Int>, into out: UnsafeMutablePointer<UInt8>, at start: Int,
        limit: Int
    ) -> (end: Int, next: Int) {
        let symbols = symbols.pointer, lengths = lengths.pointer
        let raw = UnsafeMutableRawPointer(out)
        var written = start, k = units.lowerBound
        while k < units.upperBound && written < limit {
            let code = _PackedCodes.code(k, in: packed)
            raw.storeBytes(of: symbols[code], toByteOffset: written, as: UInt64.self)
            written &+= Int(lengths[code])
            k &+= 1
        }
        return (written, k)
    }
}

/// 12-bit codes, two in three bytes: code `2m` is byte `3m` and the low half of byte
/// `3m + 1`; code `2m + 1` the high half of byte `3m + 1` and byte `3m + 2`. *c* codes take
/// `(3c + 1) / 2` bytes, so a byte count tells how many codes there are (none leaves a
/// remainder of 1 by 3).
enum _PackedCodes {
    /// Code `k` of `packed`, which must have `bytes(k + 1)` bytes.
    @inline(__always)
    static func code(_ k: Int, in packed: UnsafePointer<UInt8>) -> Int {
        let pair = UInt16(littleEndian: UnsafeRawPointer(packed + (k &* 3) &>> 1).loadUnaligned(as: UInt16.self))
        return Int((pair &>> ((UInt16(truncatingIfNeeded: k) & 1) &<< 2)) & 0xFFF)
    }

    /// The bytes `count` codes take.
    static func bytes(_ count: Int) -> Int { (3 * count + 1) / 2 }

    /// The number of codes `bytes` bytes hold, or `nil` if no number of codes takes that many.
    static func count(bytes: Int) -> Int? {
        switch bytes % 3 {
        case 0: bytes / 3 * 2
        case 2: bytes / 3 * 2 + 1
        default: nil
        }
    }

    /// Writes codes one after another into packed bytes that start zeroed.
    struct Writer {
        let packed: UnsafeMutablePointer<UInt8>
        /// The codes written so far.
        private(set) var count = 0

        init(_ packed: UnsafeMutablePointer<UInt8>) { self.packed = packed }

        /// Writes `code` (below 4,096) as code `count`; the bytes must have room for it.
        @inline(__always)
        mutating func append(_ code: Int) {
            let byte = (count &* 3) &>> 1
            if count & 1 == 0 {
                packed[byte] = UInt8(truncatingIfNeeded: code)
                packed[byte &+ 1] |= UInt8(truncatingIfNeeded: code &>> 8)
            } else {
                packed[byte] |= UInt8(truncatingIfNeeded: code &<< 4)
                packed[byte &+ 1] = UInt8(truncatingIfNeeded: code &>> 4)
            }
            count &+= 1
        }
    }

    /// `codes` (each below 4,096), packed.
    static func pack(_ codes: [UInt16]) -> [UInt8] {
        guard !codes.isEmpty else { return [] }
        return codes.withUnsafeBufferPointer { codes in
            [UInt8](unsafeUninitializedCapacity: bytes(codes.count)) { packed, count in
                count = pack(codes, after: nil, into: packed.baseAddress!)
            }
        }
    }

    /// The codes of `first` and then of `second` (each below 4,096), packed: the two
    /// halves of the pairs at once, on two cores (`_Concurrently`), into one buffer made
    /// here. The same bytes as `pack(first + second)`, without that array.
    static func pack(_ first: [UInt16], _ second: [UInt16]) -> [UInt8] {
        // The first part's pairs here; on the other core, its odd code if it has one (the
        // first of a pair the second part ends) and the second part, after them.
        guard !first.isEmpty, !second.isEmpty else { return pack(first.isEmpty ? second : first) }
        let paired = first.count & ~1, carried = first.count & 1 == 1 ? first.last : nil
        return [UInt8](unsafeUninitializedCapacity: bytes(first.count + second.count)) { packed, count in
            let target = PackTarget(base: packed.baseAddress!, second: 3 * paired / 2)
            let (head, tail) = _Concurrently.run({
                first.withUnsafeBufferPointer { first in
                    pack(UnsafeBufferPointer(rebasing: first[..<paired]), after: nil, into: target.base)
                }
            }, alongside: {
                second.withUnsafeBufferPointer { pack($0, after: carried, into: target.base + target.second) }
            })
            count = head + tail
        }
    }

    /// Where `pack(_:_:)`'s two parts write. `@unchecked Sendable`: each part writes only
    /// its own bytes (the first part's below `second`, the second's from it on), and the
    /// buffer outlives the `_Concurrently.run` that writes them.
    private struct PackTarget: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let second: Int
    }

    /// Packs `carried`, if given, and then `codes` at `packed`, which has room for them;
    /// returns the number of bytes written.
    private static func pack(
        _ codes: UnsafeBufferPointer<UInt16>, after carried: UInt16?, into packed: UnsafeMutablePointer<UInt8>
    ) -> Int {
        @inline(__always) func pair(_ a: UInt16, _ b: UInt16, at p: Int) {
            packed[p] = UInt8(truncatingIfNeeded: a)
            packed[p &+ 1] = UInt8(truncatingIfNeeded: a &>> 8 | (b & 0xF) &<< 4)
            packed[p &+ 2] = UInt8(truncatingIfNeeded: b &>> 4)
        }
        var k = 0, p = 0
        if let carried {
            guard let b = codes.first else {
                packed[0] = UInt8(truncatingIfNeeded: carried)
                packed[1] = UInt8(truncatingIfNeeded: carried &>> 8)
                return 2
            }
            pair(carried, b, at: 0)
            k = 1
            p = 3
        }
        while k &+ 1 < codes.count {
            pair(codes[k], codes[k &+ 1], at: p)
            k &+= 2
            p &+= 3
        }
        if k < codes.count {
            packed[p] = UInt8(truncatingIfNeeded: codes[k])
            packed[p &+ 1] = UInt8(truncatingIfNeeded: codes[k] &>> 8)
            p &+= 2
        }
        return p
    }
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
