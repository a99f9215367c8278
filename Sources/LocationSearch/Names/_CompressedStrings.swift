/// Strings coded with a symbol table learnt from them (`_SymbolTable`: FSST with 12-bit
/// codes) into one buffer of codes packed two per three bytes (`_PackedCodes`): string `i`
/// is the codes `offsets[i] ..< offsets[i + 1]` (`_StringOffsets`, counted in codes). A
/// string may start with a copy code, which takes its first 1...32 bytes from the string
/// before (a place's names are often transliterations of each other: "Takht-e Qeyşar",
/// "Takht-e Qeysar"), at most `copyDepth` strings in a row, so any string decodes from
/// itself and at most that many before it. The gazetteer keeps its names this way: for
/// the bundled data, 15.7 MB of UTF-8 become about 9.2 MB of codes and 1.6 MB of offsets
/// (8-bit FSST codes took 11.9 and 1.7; see docs/decisions/0024-names-coded-with-a-symbol-table.md).
///
/// In an index file, a string may instead be coded as an edit of a folded key of the
/// index (`folds`, `_NameFolds`): the bundled names' codes are then 5.2 MB, not 9.2. Such
/// a string decodes from itself and the index's text.
///
///     var builder = _StringTable.Builder()
///     builder.append("Sankt Peterburg")
///     let strings = _CompressedStrings(builder)
///     strings.string(0)   // "Sankt Peterburg"
///
/// - Complexity: a string in O(*n*) for its *n* bytes and the at most `copyDepth` strings
///   it copies from (decoded into a stack buffer, no allocation beyond a `String` when one
///   is asked for).
struct _CompressedStrings: Sendable {
    let table: _SymbolTable
    /// The codes, packed (`_PackedCodes`).
    let codes: _Column<UInt8>
    /// `count + 1` offsets into the codes, in codes, rising from 0 to `codeCount`.
    let offsets: _StringOffsets
    /// The number of codes `codes` holds (0 for a byte count no number of codes takes,
    /// which `isConsistent` refuses).
    let codeCount: Int
    /// Which strings are coded as an edit of a folded key of the index, and the index's
    /// text they read (`_NameFolds`); none for a table built from strings.
    let folds: _NameFolds

    var count: Int { offsets.count - 1 }

    init(table: _SymbolTable, codes: _Column<UInt8>, offsets: _StringOffsets, folds: _NameFolds = .none) {
        self.table = table
        self.codes = codes
        self.offsets = offsets
        self.folds = folds
        codeCount = _PackedCodes.count(bytes: codes.count) ?? 0
    }

    /// Bytes of strings a table is learnt from: a fixed sample (every *k*-th string) of
    /// about this size. The gazetteer's 15.7 MB of names code to 9.13 MB with a 256 KB
    /// sample, 9.29 with 128 KB and 9.09 with 512 KB (a prototype's figures, copies
    /// included); learning from 256 KB takes about 30 ms.
    static let sampleBytes = 1 << 18

    /// The most strings in a row that start with a copy code: a string decodes with at
    /// most this many before it. (The names code to 9.19 MB with 2, 9.11 with 4, 9.08
    /// with 8.)
    static let copyDepth = 4

    /// The most bytes of strings a table codes: 1 GiB, whose codes (at most one a byte)
    /// fit the 31-bit offsets of `_StringOffsets`. The GeoNames reader and
    /// `Gazetteer(places:)` refuse more with an error.
    static let byteLimit = 1 << 30

    /// The codes of string `index`, empty if the offsets are damaged (which a loaded index
    /// has checked they are not).
    @inline(__always)
    func units(_ index: Int) -> Range<Int> {
        let (start, end) = offsets.bounds(index)
        guard start <= end, end <= codeCount else { return 0..<0 }
        return start..<end
    }

    /// How many bytes string `index`, of codes `units`, copies from the one before (`nil`
    /// for none, and for a string coded over a fold).
    @inline(__always)
    func copied(_ index: Int, _ units: Range<Int>) -> Int? {
        units.isEmpty || folds.isFlagged(index)
            ? nil : _SymbolTable.copyLength(_PackedCodes.code(units.lowerBound, in: codes.pointer))
    }

    /// How many bytes string `index` copies from the one before (`nil` for none).
    @inline(__always)
    func copied(_ index: Int) -> Int? { copied(index, units(index)) }

    /// The bytes string `index` of codes `units` may take to decode: 8 a code, and its
    /// fold's when it is coded over one.
    @inline(__always)
    func room(_ index: Int, _ units: Range<Int>) -> Int {
        8 &* units.count &+ (folds.isFlagged(index) ? folds.longest : 0)
    }

    /// Decodes string `index` of codes `units` at `out`, where the string before it, of
    /// `before` bytes, is (nil for none: a copy then copies nothing); returns its length.
    @inline(__always)
    func decode(
        _ index: Int, _ units: Range<Int>, into out: UnsafeMutablePointer<UInt8>, before: Int?
    ) -> Int {
        if folds.isFlagged(index) { return folds.decode(codes.pointer, units: units, table: table, into: out) }
        var units = units, kept = 0
        if let copy = copied(index, units) {
            kept = before.map { min(copy, $0) } ?? 0
            units = units.dropFirst()
        }
        return table.decode(codes.pointer, units: units, into: out, at: kept)
    }

    /// Calls `body` with string `index`'s UTF-8 bytes, decoded into a temporary buffer
    /// (with the strings it copies from, at most `copyDepth` before it: the first of them
    /// copies nothing, whatever its codes say).
    @inline(__always)
    func withBytes<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withBytes(index, units: units(index), body)
    }

    /// `withBytes(_:_:)` of string `index`, whose codes are `units` (`units(index)`).
    @inline(__always)
    func withBytes<R>(_ index: Int, units: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows
        -> R
    {
        let (first, room) = decodingRoom(index, units: units)
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
            let out = buffer.baseAddress!
            return try body(UnsafeBufferPointer(start: out, count: decode(index, units, from: first, into: out)))
        }
    }

    /// The first string decoding string `index` decodes (it and the at most `copyDepth`
    /// before it that it copies from), the bytes that takes, and `index`'s codes. (Each
    /// string's codes are found once here: a string's offsets cost a few reads,
    /// `_StringOffsets`.)
    @inline(__always)
    func decodingRoom(_ index: Int) -> (first: Int, room: Int, units: Range<Int>) {
        let own = units(index)
        let (first, room) = decodingRoom(index, units: own)
        return (first, room, own)
    }

    /// `decodingRoom(_:)` of string `index`, whose codes are `own`: the first string and
    /// the room.
    @inline(__always)
    func decodingRoom(_ index: Int, units own: Range<Int>) -> (first: Int, room: Int) {
        var first = index, longest = room(index, own), current = own
        while first > 0 && index - first < Self.copyDepth && copied(first, current) != nil {
            first -= 1
            current = units(first)
            longest = max(longest, room(first, current))
        }
        return (first, longest + _SymbolTable.longestCopy)
    }

    /// Decodes string `index`, of codes `units`, at `out`, which has
    /// `decodingRoom(index).room` bytes, from string `first` (`decodingRoom(index).first`);
    /// returns its length.
    @inline(__always)
    func decode(_ index: Int, _ units: Range<Int>, from first: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 0, string = first
        // (A while loop: a closed range's iteration is not specialized away.)
        while string < index {
            length = decode(string, self.units(string), into: out, before: string == first ? nil : length)
            string &+= 1
        }
        return decode(index, units, into: out, before: index == first ? nil : length)
    }

    /// String `index`.
    func string(_ index: Int) -> String {
        withBytes(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether strings `a` and `b` are the same, from their codes, when their codes can
    /// tell: when neither copies nor is coded over a fold (a string's codes are then a
    /// function of its bytes, the encoder being deterministic) or when both are coded over
    /// folds (their codes are then a function of their bytes too: the fold's text number,
    /// distinct texts being distinct numbers, and the coder's edits of it; no fold is
    /// read). Otherwise nil: only their bytes can tell (`withBytes`; `_Search.sameTitle`
    /// decodes each title once a search).
    func sameCodes(_ a: Int, _ b: Int) -> Bool? {
        let flagged = folds.isFlagged(a)
        guard flagged == folds.isFlagged(b) && (flagged || copied(a) == nil && copied(b) == nil) else { return nil }
        let x = units(a), y = units(b), packed = codes.pointer
        let shift = y.lowerBound &- x.lowerBound
        return x.count == y.count
            && x.allSatisfy { _PackedCodes.code($0, in: packed) == _PackedCodes.code($0 &+ shift, in: packed) }
    }

    /// Whether the table is well formed, the codes a whole number of packed codes, and the
    /// offsets rise from 0 to the end of the codes: what a loaded index checks before it
    /// decodes anything.
    ///
    /// - Complexity: O(*n*) for *n* strings.
    func isConsistent() -> Bool {
        table.isConsistent() && _PackedCodes.count(bytes: codes.count) != nil
            && offsets.isConsistent(end: codeCount)
    }
}
