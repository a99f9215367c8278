/// The parsed form of `_foldingTableSource`: for each listed scalar, the bytes it folds
/// to. Built once, on first use, and never mutated.
struct _FoldingTableLookup: Sendable {
    /// For a scalar in the Basic Multilingual Plane, `bmp[value]` is an index into
    /// `folds`, or -1 when the scalar folds to itself.
    private let bmp: [Int32]
    /// Folds of scalars above U+FFFF that are listed.
    private let astral: [UInt32: Int32]
    /// Each fold's bytes: `bytes[starts[i] ..< starts[i + 1]]`.
    private let starts: [Int32]
    private let bytes: [UInt8]

    /// Parses `hex=fold` lines in one pass over the bytes (this runs at start-up, on the
    /// first fold, so it avoids a `String` per line).
    init(source: String) {
        var bmp = [Int32](repeating: -1, count: 0x10000)
        var astral: [UInt32: Int32] = [:]
        var starts: [Int32] = [0]
        var bytes: [UInt8] = []
        var source = source
        source.withUTF8 { utf8 in
            var i = 0
            while i < utf8.count {
                var value: UInt32 = 0
                var digits = 0
                while i < utf8.count, let digit = Self.hexValue(utf8[i]) {
                    value = value << 4 | digit
                    digits += 1
                    i += 1
                }
                let isEntry = digits > 0 && i < utf8.count && utf8[i] == UInt8(ascii: "=")
                if isEntry { i += 1 }
                while i < utf8.count && utf8[i] != UInt8(ascii: "\n") {
                    if isEntry { bytes.append(utf8[i] == UInt8(ascii: "_") ? 0x20 : utf8[i]) }
                    i += 1
                }
                i += 1
                guard isEntry else { continue }
                let index = Int32(starts.count - 1)
                starts.append(Int32(bytes.count))
                if value < 0x10000 { bmp[Int(value)] = index } else { astral[value] = index }
            }
        }
        self.bmp = bmp
        self.astral = astral
        self.starts = starts
        self.bytes = bytes
    }

    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    @inline(__always)
    func appendFold(of scalar: Unicode.Scalar, to output: inout [UInt8]) {
        let value = scalar.value
        let index = value < 0x10000 ? bmp[Int(value)] : (astral[value] ?? -1)
        if index >= 0 {
            output.append(contentsOf: bytes[Int(starts[Int(index)])..<Int(starts[Int(index) + 1])])
        } else {
            UTF8.encode(scalar) { output.append($0) }
        }
    }
}

/// The folding table, parsed on first use.
let _foldingTable = _FoldingTableLookup(source: _foldingTableSource)
