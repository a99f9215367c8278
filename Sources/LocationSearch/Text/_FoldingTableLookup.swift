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

    init(source: String) {
        var bmp = [Int32](repeating: -1, count: 0x10000)
        var astral: [UInt32: Int32] = [:]
        var starts: [Int32] = [0]
        var bytes: [UInt8] = []
        for line in source.utf8.split(separator: UInt8(ascii: "\n")) {
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")),
                  let value = UInt32(String(decoding: line[..<equals], as: UTF8.self), radix: 16)
            else { continue }
            for byte in line[line.index(after: equals)...] {
                bytes.append(byte == UInt8(ascii: "_") ? 0x20 : byte)
            }
            let index = Int32(starts.count - 1)
            starts.append(Int32(bytes.count))
            if value < 0x10000 { bmp[Int(value)] = index } else { astral[value] = index }
        }
        self.bmp = bmp
        self.astral = astral
        self.starts = starts
        self.bytes = bytes
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
