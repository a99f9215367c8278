import Foundation
import Testing
@testable import LocationSearch

/// The names' codec: a symbol table of 12-bit codes learnt from strings (FSST), the
/// strings coded with it (copying the start of the string before), and their offsets in
/// blocks.
@Suite("Symbol tables and compressed strings", .holdsItsThread)
struct SymbolTableTests {
    /// Strings that stress the coder: empty, single bytes, every byte value, bytes the
    /// table has no symbol for, a symbol's prefix at the end of a string, long strings,
    /// NUL bytes, and names in many scripts.
    static let adversarial: [[UInt8]] = {
        var strings: [[UInt8]] = [[], [0], [255], [0, 0, 0], Array(0...255), Array((0...255).reversed())]
        strings += (0...255).map { [UInt8($0)] }
        strings += ["San", "Sa", "S", "San ", "San Francisco", "Santa Ana", "San Jose", "Sankt Peterburg",
                    "Москва", "東京", "서울", "القاهرة", "Αθήνα", "मुंबई", "ກຸງເທບ",
                    "ℌ𝔞𝔪𝔟𝔲𝔯𝔤", "👩‍👩‍👧", "São Paulo", "Zürich", "Ærøskøbing", "İstanbul", "a\u{0}b",
                    String(repeating: "San ", count: 200),
                    String(repeating: "x", count: 5_000)].map { Array($0.utf8) }
        var generator = SeededGenerator(seed: 7)
        for length in [1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1_000] {
            strings.append((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
        return strings
    }()

    /// A table learnt from place-like names, which has symbols of several lengths.
    static let names: [[UInt8]] = {
        let words = ["San", "Santa", "Saint", "New", "Port", "Mount", "Lake", "North", "Fort", "Nova", "Novo",
                     "Nizhniy", "Sankt", "Bad", "Villa", "El", "La", "Los", "Las", "Москва", "Санкт", "東京都",
                     "市"]
        let ends = ["burg", "ville", "ton", "ford", "field", "shi", "sk", "grad", "polis", "pur", "abad", " City",
                    "ово", "ск", "区"]
        var generator = SeededGenerator(seed: 11)
        return (0..<3_000).map { _ in
            let word = words.randomElement(using: &generator)!, end = ends.randomElement(using: &generator)!
            let middle = ["", " ", "-", " de ", "a"].randomElement(using: &generator)!
            return Array("\(word)\(middle)\(words.randomElement(using: &generator)!.lowercased())\(end)".utf8)
        }
    }()

    static func builder(_ strings: [[UInt8]]) -> _StringTable.Builder {
        var builder = _StringTable.Builder()
        for string in strings { builder.append(string) }
        return builder
    }

    static func roundTrips(_ strings: [[UInt8]], _ compressed: _CompressedStrings) -> Bool {
        compressed.count == strings.count
            && strings.indices.allSatisfy { i in compressed.withBytes(i) { Array($0) } == strings[i] }
    }

    /// `codes` decoded with `table` (packed first, as a string's codes are stored).
    static func decode(_ codes: [UInt16], _ table: _SymbolTable) -> [UInt8] {
        let packed = _PackedCodes.pack(codes)
        return packed.withUnsafeBufferPointer { packed in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8 * codes.count + 8) { out in
                let count = table.decode(packed.baseAddress!, units: 0..<codes.count, into: out.baseAddress!, at: 0)
                return Array(out[..<count])
            }
        }
    }

    @Test func everyStringComesBack() {
        for strings in [Self.adversarial, Self.names, Self.names + Self.adversarial, [], [[]]] {
            let compressed = _CompressedStrings(Self.builder(strings))
            #expect(compressed.isConsistent())
            #expect(Self.roundTrips(strings, compressed))
        }
        // A table learnt from names codes strings it never saw, in any script.
        let table = _CompressedStrings(Self.builder(Self.names)).table
        let encoder = _SymbolTable.Encoder(table.symbolList)
        for string in Self.adversarial {
            var codes: [UInt16] = []
            encoder.encode(string, into: &codes)
            #expect(Self.decode(codes, table) == string)
            #expect(codes.count <= string.count)
        }
    }

    @Test func packingTwoPartsPacksTheJoinedCodes() {
        // Each part empty, odd or even: the first part's odd code pairs with the second's first.
        var generator = SystemRandomNumberGenerator()
        for firstCount in [0, 1, 2, 3, 8, 9] {
            for secondCount in [0, 1, 2, 5, 6] {
                let first = (0..<firstCount).map { _ in UInt16.random(in: 0..<4_096, using: &generator) }
                let second = (0..<secondCount).map { _ in UInt16.random(in: 0..<4_096, using: &generator) }
                #expect(_PackedCodes.pack(first, second) == _PackedCodes.pack(first + second),
                        "\(firstCount) and \(secondCount) codes")
            }
        }
        #expect(_PackedCodes.pack([]) == [])
    }

    @Test func learntSymbolsCodeNamesInFewerBytes() {
        let compressed = _CompressedStrings(Self.builder(Self.names))
        let bytes = Self.names.reduce(0) { $0 + $1.count }
        #expect(compressed.codes.count * 2 < bytes, "\(compressed.codes.count) bytes of codes for \(bytes) bytes")
        let lengths = Set(compressed.table.symbolList.map(\.length))
        #expect(lengths.contains(2) && lengths.contains { $0 >= 4 } && !lengths.contains(1))
        #expect(compressed.table.symbolList.count <= _SymbolTable.symbolCapacity)
    }

    @Test func learningIsDeterministic() {
        let a = _CompressedStrings(Self.builder(Self.names + Self.adversarial))
        let b = _CompressedStrings(Self.builder(Self.names + Self.adversarial))
        #expect(a.table.symbolList == b.table.symbolList)
        #expect(Array(a.codes) == Array(b.codes))
    }

    /// The learning's candidates are drawn in the order sorting them all gives (most
    /// saved, then the lower value, then the shorter), each symbol's savings summed over
    /// its adds, past the table's first size.
    @Test func candidatesAreDrawnBestFirst() {
        var random = SeededGenerator(seed: 17)
        var candidates = _Candidates(capacity: 8)
        var expected: [_Symbol: Int] = [:]
        for _ in 0..<5_000 {
            let length = Int.random(in: 1...8, using: &random)
            let value = UInt64.random(in: 0..<64, using: &random) << 8 | UInt64(length)
            let symbol = _Symbol(value: length == 8 ? value | 1 << 63 : value, length: length)
            let gain = Int.random(in: 1...40, using: &random)
            candidates.add(symbol, gain: gain)
            expected[symbol, default: 0] += gain
        }
        let order = expected.sorted {
            ($0.value, $1.key.value, $1.key.length) > ($1.value, $0.key.value, $0.key.length)
        }.map(\.key)
        var drawn: [_Symbol] = []
        while let symbol = candidates.removeBest() { drawn.append(symbol) }
        #expect(drawn == order)
    }

    /// The pair counts grow past their first size and count as a dictionary does, and
    /// count again from nothing after `removeAll`.
    @Test func pairCountsGrowAndClear() {
        var random = SeededGenerator(seed: 5)
        let pairs = _PairCounts(pairs: 4)
        for round in 0..<3 {
            var expected: [Int: Int] = [:]
            for _ in 0..<(round == 1 ? 50 : 20_000) {
                let pair = Int.random(in: 0..<(1 << 24), using: &random) & (round == 2 ? 0xFF : 0xFF_FFFF)
                pairs.add(pair)
                expected[pair, default: 0] += 1
            }
            var counted: [Int: Int] = [:]
            pairs.forEach { pair, count in counted[pair] = count }
            #expect(counted == expected && pairs.count == expected.count)
            pairs.removeAll()
            #expect(pairs.count == 0)
        }
    }

    @Test func withoutSymbolsEveryByteIsItsOwnCode() {
        let encoder = _SymbolTable.Encoder()
        for string in Self.adversarial {
            var codes: [UInt16] = []
            encoder.encode(string, into: &codes)
            #expect(codes == string.map(UInt16.init))
            #expect(Self.decode(codes, encoder.table) == string)
        }
    }

    @Test func theEncoderTakesOneLongSymbolPerThreeBytes() {
        var encoder = _SymbolTable.Encoder()
        let taken = ["San ", "Sant", "San ", "Sa", "S"].map { encoder.insert(_Symbol(Array($0.utf8))) }
        // "Sant" has the same first three bytes as "San ", and "San " is in already; every
        // byte has its own code.
        #expect(taken == [true, false, false, true, false])
        let empty = encoder.insert(_Symbol(value: 0, length: 0))
        #expect(!empty)
        var codes: [UInt16] = []
        encoder.encode(Array("San San".utf8), into: &codes)
        let first = UInt16(_SymbolTable.firstSymbol)
        #expect(codes == [first, first + 1, UInt16(UInt8(ascii: "n"))])
        for filler in 0..<4_000 { encoder.insert(_Symbol(value: UInt64(filler) | 0x10000, length: 3)) }
        #expect(encoder.isFull && encoder.symbols.count == _SymbolTable.symbolCapacity)
    }

    @Test("Packed codes come back", arguments: [0, 1, 2, 3, 4, 5, 101])
    func packedCodesComeBack(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        let codes = (0..<count).map { _ in UInt16.random(in: 0...0xFFF, using: &generator) }
        let packed = _PackedCodes.pack(codes)
        #expect(packed.count == _PackedCodes.bytes(count))
        #expect(_PackedCodes.count(bytes: packed.count) == count)
        let unpacked = packed.withUnsafeBufferPointer { packed in
            codes.indices.map { UInt16(_PackedCodes.code($0, in: packed.baseAddress!)) }
        }
        #expect(unpacked == codes)
        // No number of codes takes one byte more than a multiple of three.
        #expect(_PackedCodes.count(bytes: 3 * count + 1) == nil)
    }

    /// A string that shares its start with the one before copies it (at most `copyDepth`
    /// in a row), and still reads like its text: the same strings compare equal whichever
    /// way they are coded.
    @Test func stringsCopyTheStartOfTheOneBefore() {
        let strings = ["Takht-e Qeysar", "Takht-e Qeyşar", "Takht-e Qeysar", "Takht-e Azadi", "Takht-e Āzādī",
                       "Takht", "Takht-e Qeysar", "Seyyed Nur", "Takht-e Qeysar"].map { Array($0.utf8) }
        let compressed = _CompressedStrings(Self.builder(strings + Self.names))
        #expect(compressed.isConsistent())
        #expect(Self.roundTrips(strings + Self.names, compressed))
        let copies = strings.indices.map { compressed.copied($0) }
        // "Takht-e Qey" (11 bytes) again, then "şar" in fewer codes than the whole.
        #expect(copies[0] == nil && copies[1] == 11)
        #expect(copies[...5].filter { $0 != nil }.count <= _CompressedStrings.copyDepth)
        for a in strings.indices {
            for b in strings.indices {
                #expect(compressed.equal(a, b) == (strings[a] == strings[b]), "\(a) \(b)")
            }
        }
        // A scan decodes each string once, from any start, and stops when asked.
        for range in [0..<9, 1..<6, 4..<5, 3..<3, 2..<300] {
            var seen: [[UInt8]] = []
            compressed.forEach(in: range) { i, bytes in
                #expect(i == range.lowerBound + seen.count)
                seen.append(Array(bytes))
                return true
            }
            #expect(seen == Array((strings + Self.names)[range]))
        }
        var visited = 0
        compressed.forEach(in: 0..<9) { _, _ in
            visited += 1
            return visited < 3
        }
        #expect(visited == 3)
    }

    /// Codes that no encoder writes (copy codes after a string's start, copies at the
    /// first string, chains of copies longer than `copyDepth`, random codes) decode within
    /// bounds.
    /// Strings of `codes` (any codes, as a damaged file may hold), with `table`.
    static func strings(_ codes: [[UInt16]], table: _SymbolTable) -> _CompressedStrings {
        var starts: [UInt32] = [0]
        for string in codes { starts.append(starts.last! + UInt32(string.count)) }
        return _CompressedStrings(table: table, codes: _Column(_PackedCodes.pack(codes.flatMap { $0 })),
                                  offsets: _StringOffsets(starts))
    }

    @Test func damagedCodesDecodeWithinBounds() {
        let table = _CompressedStrings(Self.builder(Self.names)).table
        var generator = SeededGenerator(seed: 3)
        func strings(_ codes: [[UInt16]]) -> _CompressedStrings { Self.strings(codes, table: table) }
        for length in [0, 1, 2, 3, 17, 500] {
            let random = (0..<20).map { _ in (0..<length).map { _ in UInt16.random(in: 0...0xFFF, using: &generator) } }
            let damaged = strings(random)
            #expect(damaged.isConsistent())
            for i in random.indices {
                #expect(damaged.withBytes(i) { $0.count } <= 8 * length + _SymbolTable.longestCopy)
            }
        }
        let copy3 = UInt16(_SymbolTable.copyCodes.lowerBound + 2), a = UInt16(UInt8(ascii: "a"))
        // Every string copies 3 bytes: the first copies nothing, and a chain is cut after
        // `copyDepth` strings.
        let chain = strings(Array(repeating: [copy3, a], count: 10))
        let decoded = (0..<10).map { chain.withBytes($0) { String(decoding: $0, as: UTF8.self) } }
        #expect(decoded == ["a", "aa", "aaa", "aaaa", "aaaa", "aaaa", "aaaa", "aaaa", "aaaa", "aaaa"])
        // A copy code after the start stands for nothing.
        #expect(strings([[a], [a, copy3, a]]).string(1) == "aa")
    }

    /// A string's start read alone (`startBytes`: its first codes, and the starts of the
    /// strings it copies from) is where its decoding starts: for strings that copy, chains
    /// cut after `copyDepth`, copies at the first string and after a string's start, and
    /// random codes.
    @Test func aStringsStartReadsAloneAsItsDecodingStarts() {
        let strings = ["Takht-e Qeysar", "Takht-e Qeyşar", "Takht-e Qeysar", "Takht-e Azadi", "Takht-e Āzādī",
                       "Takht", "Takht-e Qeysar", "T", "", "Takht-e Q"].map { Array($0.utf8) }
        let compressed = _CompressedStrings(Self.builder(strings + Self.names + Self.adversarial))
        #expect((0..<10).filter { compressed.copied($0) != nil }.count >= 3)
        #expect(compressed.startsDisagreeing().isEmpty)
        let table = compressed.table
        let copy3 = UInt16(_SymbolTable.copyCodes.lowerBound + 2)
        let copy32 = UInt16(_SymbolTable.copyCodes.upperBound - 1)
        let a = UInt16(UInt8(ascii: "a"))
        let long = UInt16((0..<_SymbolTable.entries).max { table.lengths[$0] < table.lengths[$1] }!)
        var generator = SeededGenerator(seed: 9)
        let random = (0..<40).map { n in (0..<(n % 13)).map { _ in UInt16.random(in: 0...0xFFF, using: &generator) } }
        for codes in [Array(repeating: [copy3, a], count: 10), Array(repeating: [copy32, long, long, a], count: 10),
                      [[a], [a, copy3, a], [copy3], [copy32], [long, long, long], [copy3, long]], random] {
            #expect(Self.strings(codes, table: table).startsDisagreeing().isEmpty, "\(codes)")
        }
    }

    @Test func damagedTablesAreNotConsistent() {
        let table = _CompressedStrings(Self.builder(Self.names)).table
        #expect(table.isConsistent())
        func consistent(symbols: [UInt64]? = nil, lengths: [UInt8]? = nil) -> Bool {
            _SymbolTable(symbols: symbols.map { _Column($0) } ?? table.symbols,
                         lengths: lengths.map { _Column($0) } ?? table.lengths).isConsistent()
        }
        var lengths = Array(table.lengths)
        lengths[0] = 9
        #expect(!consistent(lengths: lengths), "a symbol longer than 8 bytes")
        lengths = Array(table.lengths)
        lengths[_SymbolTable.copyCodes.lowerBound] = 1
        #expect(!consistent(lengths: lengths), "a copy code with a symbol")
        lengths = Array(table.lengths)
        lengths[_SymbolTable.firstSymbol] = 1
        #expect(!consistent(lengths: lengths), "a learnt symbol of one byte")
        lengths = Array(table.lengths)
        lengths[65] = 0
        #expect(!consistent(lengths: lengths), "a byte without its code")
        var symbols = Array(table.symbols)
        symbols[65] = 66
        #expect(!consistent(symbols: symbols), "a byte code standing for another byte")
        symbols = Array(table.symbols)
        let short = (_SymbolTable.firstSymbol..<_SymbolTable.entries).first { (2..<8).contains(table.lengths[$0]) }!
        symbols[short] |= 1 << 63
        #expect(!consistent(symbols: symbols), "bytes beyond a symbol's length")
        #expect(!consistent(symbols: Array(table.symbols.dropLast())))
        #expect(!consistent(lengths: []))
        // Codes that are not a whole number of packed codes.
        let strings = _CompressedStrings(Self.builder(Self.names))
        let cut = _CompressedStrings(table: strings.table, codes: _Column(Array(strings.codes) + [0, 0]),
                                     offsets: strings.offsets)
        #expect(_PackedCodes.count(bytes: strings.codes.count + 2) == nil && !cut.isConsistent())
    }

    @Test("Offsets come back", arguments: [1, 2, 15, 16, 17, 33, 1_000])
    func offsetsComeBack(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        var offsets: [UInt32] = [0]
        for _ in 1..<count {
            // Mostly short strings, now and then a long one (a wide block).
            let long = UInt32.random(in: 0..<40, using: &generator) == 0
            offsets.append(offsets.last! + UInt32.random(in: 0...(long ? 5_000 : 20), using: &generator))
        }
        let stored = _StringOffsets(offsets)
        #expect(stored.count == count)
        #expect(offsets.indices.map { stored[$0] } == offsets.map(Int.init))
        #expect(stored.isConsistent(end: Int(offsets.last!)))
        #expect(!stored.isConsistent(end: Int(offsets.last!) + 1))
        if count >= 1_000 { #expect(!stored.column.wide.isEmpty) }
    }

    @Test func stringLengthsTakeTheFewestPlanes() {
        // Strings of 0 to 31 units take five planes, not a wide block each.
        var offsets: [UInt32] = [0]
        for i in 0..<640 { offsets.append(offsets.last! + UInt32(i % 32)) }
        let stored = _StringOffsets(offsets)
        #expect(stored.column.planes == 5 && stored.column.wide.isEmpty)
        #expect(offsets.indices.allSatisfy { stored[$0] == Int(offsets[$0]) })
    }

    @Test func damagedOffsetsAreNotConsistent() {
        var offsets: [UInt32] = Array(0..<140).map { UInt32($0 * 3) }
        offsets[120] = 1_000
        offsets[121...].indices.forEach { offsets[$0] = 1_000 + UInt32($0 - 120) }  // the second block is wide
        let stored = _StringOffsets(offsets), end = Int(offsets.last!)
        #expect(stored.column.wide.count == 64 && stored.isConsistent(end: end))
        func damaged(base: [UInt32]? = nil, steps: [UInt64]? = nil, wide: [UInt32]? = nil,
                     count: Int = 140, planes: Int? = nil) -> Bool {
            let column = stored.column
            return _StringOffsets(column: _StepColumn(
                base: base.map { _Column($0) } ?? column.base, steps: steps.map { _Column($0) } ?? column.steps,
                wide: wide.map { _Column($0) } ?? column.wide, count: count, planes: planes ?? column.planes)
            ).isConsistent(end: end)
        }
        #expect(!damaged(base: [1] + Array(stored.column.base.dropFirst())), "does not start at 0")
        #expect(!damaged(base: [0, 0, stored.column.base[2]]), "a block's first offset below the last before")
        var falling = Array(stored.column.wide)
        falling[70 - 64] = 0
        #expect(!damaged(wide: falling), "a wide block's offsets falling")
        #expect(!damaged(base: [0, stored.column.base[1], _StepColumn.wideFlag | 64]), "a wide block beyond the wide offsets")
        #expect(!damaged(wide: Array(stored.column.wide.dropLast())), "wide offsets missing")
        #expect(!damaged(base: [0, stored.column.base[1]]), "a block missing")
        #expect(!damaged(count: 139), "one offset less: the end is not the last")
        #expect(!damaged(count: 0), "no offsets")
        #expect(!damaged(planes: stored.column.planes + 1), "other planes")
        #expect(!_StringOffsets(offsets).isConsistent(end: end + 1), "another end")
    }

    /// Every name field of the bundled cities file (name, ASCII name and each alternate
    /// name: about 3 million strings in every script the data has) comes back byte for
    /// byte. The coding and checking run on a thread of their own (`onOwnThread`).
    @Test func theBundledNamesComeBack() async throws {
        let directory = try #require(_BundledData.directory)
        let file = directory.appendingPathComponent("cities500.txt")
        let found = try await onOwnThread {
            let text = try Data(contentsOf: file)
            var strings: [[UInt8]] = []
            for line in text.split(separator: UInt8(ascii: "\n")) {
                let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 4, omittingEmptySubsequences: false)
                guard fields.count > 3 else { continue }
                strings.append(Array(fields[1]))
                strings.append(Array(fields[2]))
                for alternate in fields[3].split(separator: UInt8(ascii: ",")) { strings.append(Array(alternate)) }
            }
            let compressed = _CompressedStrings(Self.builder(strings))
            let mismatch = strings.indices.first { i in !compressed.withBytes(i) { $0.elementsEqual(strings[i]) } }
            return (count: strings.count, consistent: compressed.isConsistent(), mismatch: mismatch,
                    bytes: strings.reduce(0) { $0 + $1.count }, codes: compressed.codes.count)
        }
        #expect(found.count > 1_000_000)
        #expect(found.consistent)
        #expect(found.mismatch == nil)
        #expect(found.codes * 3 < found.bytes * 2, "\(found.codes) bytes of codes for \(found.bytes) bytes")
    }
}

extension _CompressedStrings {
    /// Whether each string's start read alone (`startBytes`) starts its decoding
    /// (`withBytes`): all of it when whole, else at least `limit` bytes; in `capacity`
    /// bytes (nil only when a name coded over a fold needs more: `allowingNil`). The
    /// strings that do not.
    ///
    /// Each start is also read after another's (`previous`, kept when short), as
    /// `respelled` reads a place's marked names: every string in order, and every third,
    /// each after the last read: the same bytes as read alone.
    func startsDisagreeing(limits: [Int] = [0, 1, 2, 5, 8, 40], capacity: Int? = nil, allowingNil: Bool = false)
        -> [Int]
    {
        var disagreeing = Set<Int>()
        for limit in limits {
            let room = capacity ?? Self.startRoom(limit: limit)
            func alone(_ i: Int) -> ([UInt8], Bool)? {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
                    startBytes(i, units: units(i), into: buffer.baseAddress!, capacity: room, limit: limit)
                        .map { (Array(buffer[..<$0.count]), $0.whole) }
                }
            }
            for step in [1, 3] {
                var previous: ReadStart?
                for i in stride(from: 0, to: count, by: step) {
                    let read = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
                        let out = buffer.baseAddress!
                        let read = startBytes(i, units: units(i), into: out, capacity: room, limit: limit,
                                              previous: previous)
                        let bytes = read.map { UnsafeBufferPointer(start: out, count: $0.count) }
                        previous = bytes.flatMap { ReadStart(index: i, bytes: $0, whole: read!.whole) }
                        return bytes.map { (Array($0), read!.whole) }
                    }
                    if let expected = alone(i) {
                        if read?.0 != expected.0 || read?.1 != expected.1 { disagreeing.insert(i) }
                    } else if read != nil {
                        disagreeing.insert(i)
                    }
                }
            }
        }
        return (0..<count).filter { i in
            if disagreeing.contains(i) { return true }
            let decoded = withBytes(i) { Array($0) }
            return !limits.allSatisfy { limit in
                let room = capacity ?? Self.startRoom(limit: limit)
                let start = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
                    startBytes(i, units: units(i), into: buffer.baseAddress!, capacity: room, limit: limit)
                        .map { (Array(buffer[..<$0.count]), $0.whole) }
                }
                guard let (bytes, whole) = start else { return allowingNil }
                return decoded.starts(with: bytes) && (whole ? bytes.count == decoded.count : bytes.count >= limit)
            }
        }
    }

    /// Whether strings `a` and `b` are the same, as the search tells titles apart: from
    /// their codes when those tell (`sameCodes`), else from their bytes.
    func equal(_ a: Int, _ b: Int) -> Bool {
        sameCodes(a, b) ?? withBytes(a) { x in withBytes(b) { y in x._hasSameBytes(as: y) } }
    }
}
