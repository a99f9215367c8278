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

    /// Parses the `HEX=fold` lines of `source` straight from its UTF-8 (a line that does
    /// not start with a hex number and '=' is skipped). The process pays this once, on the
    /// first non-ASCII fold, so it is written for speed: about 1 ms for the whole table.
    init(source: String) {
        var bmp = [Int32](repeating: -1, count: 0x10000)
        var astral: [UInt32: Int32] = [:]
        var starts: [Int32] = [0]
        var bytes: [UInt8] = []
        var source = source
        source.withUTF8 { text in
            starts.reserveCapacity(text.count / 8)
            bytes.reserveCapacity(text.count / 2)
            var i = 0
            let n = text.count
            while i < n {
                var end = i
                while end < n && text[end] != UInt8(ascii: "\n") { end += 1 }
                defer { i = end + 1 }
                // The hex code point, up to '='.
                var value: UInt32 = 0
                var j = i
                var digits = 0
                while j < end, let digit = Self.hexValue(text[j]), digits < 8 {
                    value = value << 4 | digit
                    digits += 1
                    j += 1
                }
                guard digits > 0, j < end, text[j] == UInt8(ascii: "=") else { continue }
                j += 1
                while j < end {
                    bytes.append(text[j] == UInt8(ascii: "_") ? 0x20 : text[j])
                    j += 1
                }
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
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        default: nil
        }
    }

    @inline(__always)
    func appendFold(of scalar: Unicode.Scalar, to output: inout [UInt8]) {
        let value = scalar.value
        let index = value < 0x10000 ? bmp[Int(value)] : (astral[value] ?? -1)
        if index >= 0 {
            for i in Int(starts[Int(index)])..<Int(starts[Int(index) + 1]) { output.append(bytes[i]) }
        } else {
            UTF8.encode(scalar) { output.append($0) }
        }
    }
}

/// The folding table, parsed on first use.
let _foldingTable = _FoldingTableLookup(source: _foldingTableSource)
