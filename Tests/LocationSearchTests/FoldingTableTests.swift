import Testing
@testable import LocationSearch

@Suite("Folding table", .holdsItsThread)
struct FoldingTableTests {
    /// The fold of `value` through the table (ASCII, which the table leaves to
    /// `_Folding.ascii`, folds to itself here).
    private static func fold(_ value: UInt32, _ table: _FoldingTableLookup = _foldingTable) -> String {
        var output: [UInt8] = []
        table.forEachByte(ofFoldOf: Unicode.Scalar(value)!) { output.append($0) }
        return String(decoding: output, as: UTF8.self)
    }

    @Test("Each kind of token folds as the generator wrote it", arguments: [
        (0x00C0, "a"), (0x00C5, "a"), (0x00C6, "ae"), (0x00DF, "ss"),  // runs to one fold, lists
        (0x0300, ""), (0x036F, ""), (0x00A0, " "), (0x2019, " "),      // dropped, separators
        (0x0391, "α"), (0x03A9, "ω"), (0x0410, "а"), (0x0460, "ѡ"),    // case pairs: delta runs
        (0x0461, "ѡ"), (0xFF34, "t"), (0x1D400, "a"), (0x1D7FF, "9"),   // full-width, math letters
        (0xF900, "豈"), (0x2FA1D, "𪘀"), (0xFDFA, "صلى الله عليه وسلم"),   // irregular lists
        (0x00E9, "e"), (0x00FF, "y"), (0x3042, "あ"), (0xE0100, "\u{E0100}"), (0x10FFFF, "\u{10FFFF}"),
    ])
    func folds(_ value: UInt32, _ expected: String) {
        #expect(Self.fold(value) == expected, "U+\(String(value, radix: 16))")
    }

    @Test func everyScalarFoldsAsTheUnicode14TableListedIt() {
        // The listing the table was committed as until it was stored as runs: a line
        // "HEX=fold" ('_' a space) for each scalar whose fold differs from itself. Its
        // checksum pins the fold of all 1,112,064 scalars; a new table (a new Unicode
        // version or rule) changes it on purpose, and this value with it.
        var listing: [UInt8] = []
        var listed = 0
        var output: [UInt8] = []
        var own: [UInt8] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            output.removeAll(keepingCapacity: true)
            own.removeAll(keepingCapacity: true)
            _foldingTable.forEachByte(ofFoldOf: scalar) { output.append($0) }
            UTF8.encode(scalar) { own.append($0) }
            guard output != own else { continue }
            if listed > 0 { listing.append(0x0A) }
            listing += Array(String(value, radix: 16, uppercase: true).utf8) + [UInt8(ascii: "=")]
            listing += output.map { $0 == 0x20 ? UInt8(ascii: "_") : $0 }
            listed += 1
        }
        #expect(listed == 15_923)
        // (0xEC11_8D52_7201_8EF6 with the checksum before format 25: the listing is the same.)
        #expect(_Checksum.of(listing) == 0x3597_F085_20EC_FF43)
        #expect(_foldingTable.malformedTokens == 0)
    }

    @Test func malformedTokensAreCountedAndSkipped() {
        let table = _FoldingTableLookup(source: "zz C0+2=a 100+2~ 200:x|y 300+1/0=q 110000+1=a\nE9+1~-88 ")
        #expect(table.malformedTokens == 4)
        #expect(Self.fold(0xC0, table) == "a")
        #expect(Self.fold(0xC1, table) == "a")
        #expect(Self.fold(0x100, table) == "\u{100}")
        #expect(Self.fold(0x300, table) == "\u{300}")
        #expect(Self.fold(0x200, table) == "x")
        #expect(Self.fold(0x201, table) == "y")
        #expect(Self.fold(0xE9, table) == "a")
    }
}
