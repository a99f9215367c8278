import Foundation
import Testing
@testable import LocationSearch

/// The names' codec: a symbol table of 12-bit codes learnt from strings (FSST), and the
/// strings coded with it (the strings themselves: `CompressedStringsTests`).
@Suite("Symbol tables", .holdsItsThread)
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
}
