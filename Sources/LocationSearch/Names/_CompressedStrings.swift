import Dispatch

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
    fileprivate func room(_ index: Int, _ units: Range<Int>) -> Int {
        8 &* units.count &+ (folds.isFlagged(index) ? folds.longest : 0)
    }

    /// Decodes string `index` of codes `units` at `out`, where the string before it, of
    /// `before` bytes, is (nil for none: a copy then copies nothing); returns its length.
    @inline(__always)
    fileprivate func decode(
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

    /// `decode(_:_:into:before:)` for a string of symbols (no string is coded over a
    /// fold) that follows one of `before` bytes.
    @inline(__always)
    fileprivate func decode(string units: Range<Int>, into out: UnsafeMutablePointer<UInt8>, before: Int) -> Int {
        guard let first = units.first else { return 0 }
        let code = _PackedCodes.code(first, in: codes.pointer)
        guard let copy = _SymbolTable.copyLength(code) else {
            return table.decode(codes.pointer, units: units, into: out, at: 0)
        }
        return table.decode(codes.pointer, units: units.dropFirst(), into: out, at: min(copy, before))
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

    /// The first bytes of string `index`, whose codes are `units` (`units(index)`), decoded
    /// at `out` (`capacity` bytes, at least `startRoom(limit:)`) from its first codes and the
    /// starts of the strings it copies from, as `withBytes` decodes them: all its bytes, or
    /// `limit` or more of them (up to 7 more) when it is longer; their count, and whether
    /// they are the whole string. A string coded over a fold is decoded whole. Nil when one
    /// of them needs more room than `capacity`. `previous`, the start of a string before it
    /// read with the same `limit`, is not read again if the string copies from it (strings
    /// read in order, each the next's `previous`, read each start once where they copy from
    /// one another).
    ///
    /// A quick look at where a string starts, for a test that its first characters settle
    /// (`_SimpleCase.startsUnlike`): most of a long string's codes, and most of the strings
    /// it copies from, are never decoded.
    ///
    /// - Complexity: O(*l*) for `limit` *l*, for each of the at most `copyDepth` strings it
    ///   copies from (or, coded over a fold, O(*n*) for its *n* bytes).
    func startBytes(
        _ index: Int, units: Range<Int>, into out: UnsafeMutablePointer<UInt8>, capacity: Int, limit: Int,
        previous: ReadStart? = nil
    ) -> (count: Int, whole: Bool)? {
        precondition(capacity >= Self.startRoom(limit: limit), "too little room for a string's start")
        return startBytes(
            index, units: units, into: out, capacity: capacity, limit: limit, copies: Self.copyDepth, previous: previous)
    }

    /// A short start of a string as `startBytes` read it (what it returned), kept by value
    /// for the next string's read.
    struct ReadStart {
        let index: Int
        let count: Int
        let whole: Bool
        /// The bytes, in order from the low byte of the first word.
        private var words: (UInt64, UInt64) = (0, 0)

        /// The most bytes kept: a start read past a `limit` of 8 (two scalars) and not
        /// whole has at most 15.
        static let capacity = 16

        /// The start of string `index`, `bytes`, whole or not; nil when it is longer than
        /// `capacity`.
        init?(index: Int, bytes: UnsafeBufferPointer<UInt8>, whole: Bool) {
            guard bytes.count <= Self.capacity else { return nil }
            (self.index, self.count, self.whole) = (index, bytes.count, whole)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        }

        /// Writes the bytes at `out`.
        func write(to out: UnsafeMutablePointer<UInt8>) {
            withUnsafeBytes(of: words) { UnsafeMutableRawPointer(out).copyMemory(from: $0.baseAddress!, byteCount: count) }
        }
    }

    /// The least room `startBytes` writes in: each code is written (8 bytes) where fewer
    /// than `limit` bytes, or a copy of at most `longestCopy`, are.
    static func startRoom(limit: Int) -> Int { max(limit, _SymbolTable.longestCopy) &+ 8 }

    /// `startBytes(_:units:into:capacity:limit:previous:)` with at most `copies` strings
    /// before it read, as `decodingRoom` reads them: the last copies nothing, whatever its
    /// codes say.
    /// (A string's start is the same with fewer strings before it read: it copies from at
    /// most `copyDepth` strings in a row, so those it reads copy from no more than that.)
    private func startBytes(
        _ index: Int, units own: Range<Int>, into out: UnsafeMutablePointer<UInt8>, capacity: Int, limit: Int,
        copies: Int, previous: ReadStart?
    ) -> (count: Int, whole: Bool)? {
        var units = own, kept = 0
        if folds.isFlagged(index) {
            guard room(index, units) <= capacity else { return nil }
            return (folds.decode(codes.pointer, units: units, table: table, into: out), true)
        }
        if let copy = copied(index, units) {
            units = units.dropFirst()
            if index > 0 && copies > 0 {
                // The codes of the string before end where these start (`units(_:)`, with one
                // offset read: a string that copies has codes, so its offsets are in order).
                let before: Int, whole: Bool
                if let previous, previous.index == index &- 1 {
                    previous.write(to: out)
                    (before, whole) = (previous.count, previous.whole)
                } else {
                    let start = offsets[index &- 1]
                    let units = start <= own.lowerBound ? start..<own.lowerBound : 0..<0
                    guard let read = startBytes(
                        index &- 1, units: units, into: out, capacity: capacity, limit: limit, copies: copies &- 1,
                        previous: previous)
                    else { return nil }
                    (before, whole) = read
                }
                // The string before goes on past the bytes read and this copies more: what
                // was read of it is this string's start (at least `limit` bytes).
                if !whole && copy > before { return (before, false) }
                kept = min(copy, before)
            }
        }
        let (end, next) = table.decode(codes.pointer, units: units, into: out, at: kept, limit: limit)
        return (end, next == units.upperBound)
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

    /// Reads strings one after another, each decoded once into a buffer it keeps: a
    /// string read right after the one before it copies its start from that one, still in
    /// the buffer, where `withBytes` would decode the strings it copies from again (the
    /// index build's folding pass reads every name so, in order). Any other string is
    /// read as `withBytes` reads it.
    ///
    ///     strings.withCursor { cursor in
    ///         for i in 0..<strings.count { use(cursor.bytes(i)) }
    ///     }
    ///
    /// - Complexity: O(*n*) for a string of *n* bytes read after the one before it.
    struct Cursor {
        let strings: _CompressedStrings
        /// The buffer (`withCursor` frees it), the string in it and its length.
        fileprivate var buffer: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        private var last = -1, length = 0

        fileprivate init(_ strings: _CompressedStrings) {
            self.strings = strings
            capacity = 1 << 12
            buffer = .allocate(capacity: capacity)
        }

        /// The codes of the string read last.
        private(set) var units = 0..<0

        /// String `index`'s UTF-8 bytes, valid until the next read.
        @inline(__always)
        mutating func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            if index == last &+ 1 && strings.folds.flags.isEmpty {
                // The next string, of symbols (most reads): it starts where the last ended,
                // and ends its length of codes further (`_StringOffsets.offset(_:after:)`).
                let end = strings.offsets.offset(index &+ 1, after: self.units.upperBound)
                let units = self.units.upperBound..<(end >= self.units.upperBound && end <= strings.codeCount
                    ? end : self.units.upperBound)
                if 8 &* units.count &+ _SymbolTable.longestCopy > capacity {
                    grow(to: 8 &* units.count &+ _SymbolTable.longestCopy)
                }
                length = strings.decode(string: units, into: buffer, before: length)
                self.units = units
                last = index
                return UnsafeBufferPointer(start: buffer, count: length)
            }
            var first = index
            if index != last &+ 1 {
                while first > 0 && index - first < _CompressedStrings.copyDepth && strings.copied(first) != nil {
                    first -= 1
                }
            }
            // (A while loop: a closed range's iteration is not specialized away.)
            var string = first
            while string <= index {
                let units = strings.units(string)
                let room = strings.room(string, units) &+ _SymbolTable.longestCopy
                if room > capacity { grow(to: room) }
                length = strings.decode(
                    string, units, into: buffer, before: string == first && first != last &+ 1 ? nil : length)
                self.units = units
                string &+= 1
            }
            last = index
            return UnsafeBufferPointer(start: buffer, count: length)
        }

        /// A buffer of at least `room` bytes that keeps the string before (this one may
        /// copy its start).
        private mutating func grow(to room: Int) {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(room, 2 * capacity))
            grown.update(from: buffer, count: length)
            buffer.deallocate()
            buffer = grown
            capacity = max(room, 2 * capacity)
        }
    }

    /// Calls `body` with a cursor over these strings (`Cursor`), freed when it returns.
    func withCursor<R>(_ body: (inout Cursor) throws -> R) rethrows -> R {
        var cursor = Cursor(self)
        defer { cursor.buffer.deallocate() }
        return try body(&cursor)
    }

    /// Calls `body` with the index and UTF-8 bytes of each string of `indices` in turn,
    /// until it returns `false`: a scan of a place's names, which decodes each once (a
    /// string's copy comes from the one before, still in the buffer) where `withBytes`
    /// would decode the strings each copies from again.
    ///
    /// A string coded over a fold for which `decoding` (given its index and codes) is
    /// false is not decoded nor passed to `body` (unless the string after it copies from
    /// it): a scan that wants the names with a given fold skips the others from their
    /// `foldTextNumber(_:units:)` without reading them.
    ///
    /// Each string's codes are found once, in turn: where one ends the next starts
    /// (`_StringOffsets.offset(_:after:)`).
    ///
    /// - Complexity: O(*n*) for *n* bytes of the strings and the at most `copyDepth`
    ///   before the first.
    func forEach(
        in indices: Range<Int>, decoding: (Int, Range<Int>) -> Bool = { _, _ in true },
        _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Bool
    ) rethrows {
        guard !indices.isEmpty else { return }
        var first = indices.lowerBound
        while first > 0 && indices.lowerBound - first < Self.copyDepth && copied(first) != nil { first -= 1 }
        // The codes of string `string`, given where it starts.
        func codes(_ string: Int, from start: Int) -> Range<Int> {
            let end = offsets.offset(string &+ 1, after: start)
            return start <= end && end <= codeCount ? start..<end : start..<start
        }
        let start = offsets[first]
        var longest = 0, units = start..<start
        for string in first..<indices.upperBound {
            units = codes(string, from: units.upperBound)
            longest = max(longest, room(string, units))
        }
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longest + _SymbolTable.longestCopy) { buffer in
            let out = buffer.baseAddress!
            var length = 0, units = codes(first, from: start)
            for string in first..<indices.upperBound {
                let next = string &+ 1 < indices.upperBound ? codes(string &+ 1, from: units.upperBound) : nil
                defer { if let next { units = next } }
                if string >= indices.lowerBound && folds.isFlagged(string) && !decoding(string, units)
                    && (next.map { copied(string &+ 1, $0) == nil } ?? true) { continue }
                length = decode(string, units, into: out, before: string == first ? nil : length)
                if string >= indices.lowerBound, try !body(string, UnsafeBufferPointer(start: out, count: length)) {
                    return
                }
            }
        }
    }

    /// Which text of the index's key text (`_KeyText`) string `index`'s fold is, when it is
    /// coded over one (texts are distinct, so strings that fold alike give the same
    /// number); nil for a string not coded so.
    @inline(__always)
    func foldTextNumber(_ index: Int) -> Int? { foldTextNumber(index, units: units(index)) }

    /// `foldTextNumber(_:)` of string `index`, whose codes are `units`.
    @inline(__always)
    func foldTextNumber(_ index: Int, units: Range<Int>) -> Int? {
        guard folds.isFlagged(index) else { return nil }
        return _NameFolds.textNumber(codes.pointer, units: units)
    }

    /// Copies the fold of string `index` into `out` (room for `folds.longest` bytes), when
    /// it is coded over one: that fold, from the index's key text, without decoding the
    /// string (the coder coded it over its own fold, `_Folding.fold(utf8:into:)` of its
    /// bytes, and checked that it decodes to them); returns its length, or nil for a string
    /// not coded so.
    @inline(__always)
    func copyFold(_ index: Int, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        guard let t = foldTextNumber(index), folds.text != nil else { return nil }
        return folds.copyFold(t, into: out)
    }

    /// `_NameQuality.isShowable(alias:canonical:)` of strings `alias` and `canonical`: its
    /// case rules from the alias's bytes, its spelling rule from the two strings' folds
    /// (`copyFold`: a string coded over its fold is not decoded for it, so the canonical
    /// name mostly is not decoded at all; others are decoded and folded into an array).
    ///
    /// One buffer holds the alias, then (the alias's bytes read) both folds: the larger of
    /// the alias's decoding room and two of the longest fold (343 bytes for the bundled
    /// names), under 1 KB for all but very long aliases, which
    /// `withUnsafeTemporaryAllocation` keeps on the stack (a buffer past 1 KB, as the
    /// alias and two folds side by side took, was allocated on the heap each time).
    /// (Written without closures that capture these strings: a nested one copied them, a
    /// retain and release of each column, which cost as much as the rest.)
    ///
    /// - Complexity: O(*n*) in the alias's length and the folds'.
    func isShowable(alias: Int, canonical: Int) -> Bool {
        let (first, room, units) = decodingRoom(alias)
        let foldRoom = max(folds.longest, 1)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(room, 2 * foldRoom)) { buffer in
            let out = buffer.baseAddress!
            let bytes = UnsafeBufferPointer(start: out, count: decode(alias, units, from: first, into: out))
            guard _NameQuality.hasShowableCase(bytes) else { return false }
            var aliasKey: [UInt8] = [], canonicalKey: [UInt8] = []
            // The alias's bytes are read last here: its fold, when it is not in the key
            // text, then the folds in the key text over them.
            if foldTextNumber(alias) == nil || folds.text == nil { _Folding.fold(utf8: bytes, into: &aliasKey) }
            let a = copyFold(alias, into: out).map { UnsafeBufferPointer(start: out, count: $0) }
            let c = copyFold(canonical, into: out + foldRoom).map { UnsafeBufferPointer(start: out + foldRoom, count: $0) }
            if c == nil {
                let (first, room, units) = decodingRoom(canonical)
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
                    let out = buffer.baseAddress!
                    let length = decode(canonical, units, from: first, into: out)
                    _Folding.fold(utf8: UnsafeBufferPointer(start: out, count: length), into: &canonicalKey)
                }
            }
            return aliasKey.withUnsafeBufferPointer { aliasKey in
                canonicalKey.withUnsafeBufferPointer { canonicalKey in
                    !_NameQuality.isMisspelling(a ?? aliasKey, of: c ?? canonicalKey)
                }
            }
        }
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
