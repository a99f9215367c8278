/// The expanded form of `_foldingTableSource`: for each listed scalar, the bytes it folds
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
    /// How many tokens of the source did not parse (and were skipped).
    let malformedTokens: Int

    /// Expands the tokens of `source` (see `_FoldingTable.swift` for their form) straight
    /// from its UTF-8. The process pays this once, on the first non-ASCII fold: about 1 ms
    /// for the whole table. A token that does not parse is skipped and counted in
    /// `malformedTokens` (zero for the generated table; the tests check that, and that
    /// every scalar folds as the generator says).
    init(source: String) {
        var builder = _Builder()
        var source = source
        source.withUTF8 { text in
            var i = 0
            let n = text.count
            while i < n {
                if text[i] == UInt8(ascii: " ") || text[i] == UInt8(ascii: "\n") { i += 1; continue }
                var end = i
                while end < n && text[end] != UInt8(ascii: " ") && text[end] != UInt8(ascii: "\n") { end += 1 }
                if !builder.expand(text[i..<end]) { builder.malformedTokens += 1 }
                i = end
            }
        }
        self.bmp = builder.bmp
        self.astral = builder.astral
        self.starts = builder.starts
        self.bytes = builder.bytes
        self.malformedTokens = builder.malformedTokens
    }

    /// The tables as `init(source:)` fills them, a token at a time.
    private struct _Builder {
        var bmp = [Int32](repeating: -1, count: 0x10000)
        var astral: [UInt32: Int32] = [:]
        var starts: [Int32] = [0]
        var bytes: [UInt8] = []
        var malformedTokens = 0

        init() {
            starts.reserveCapacity(16_384)
            bytes.reserveCapacity(32_768)
            // (The generated table lists 4,611 scalars above U+FFFF; growing the dictionary
            // to hold them took twelve resizes, a third of the expansion's instructions.)
            astral.reserveCapacity(4_700)
        }

        mutating func set(_ value: UInt32, _ index: Int32) {
            if value < 0x10000 { bmp[Int(value)] = index } else { astral[value] = index }
        }

        /// Ends the fold whose bytes were just appended; returns its index.
        mutating func endFold() -> Int32 {
            starts.append(Int32(bytes.count))
            return Int32(starts.count - 2)
        }

        /// Appends a fold written in the table (`_` for a space); returns its index.
        mutating func addFold(_ fold: Slice<UnsafeBufferPointer<UInt8>>) -> Int32 {
            for byte in fold { bytes.append(byte == UInt8(ascii: "_") ? 0x20 : byte) }
            return endFold()
        }

        /// Expands one token: `START+COUNT[/STRIDE]=FOLD`, `START+COUNT[/STRIDE]~[-]DELTA`
        /// or `START:F1|F2|...`; `false` if it does not parse.
        mutating func expand(_ token: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
            var j = token.startIndex
            func hex() -> UInt32? {
                var value: UInt32 = 0
                let first = j
                while j < token.endIndex, j - first < 8, let digit = Self.hexValue(token[j]) {
                    value = value << 4 | digit
                    j += 1
                }
                return j > first ? value : nil
            }
            guard let start = hex(), j < token.endIndex else { return false }
            if token[j] == UInt8(ascii: ":") {
                var value = start
                var foldStart = j + 1
                for k in (j + 1)...token.endIndex where k == token.endIndex || token[k] == UInt8(ascii: "|") {
                    set(value, addFold(token[foldStart..<k]))
                    value += 1
                    foldStart = k + 1
                }
                return true
            }
            guard token[j] == UInt8(ascii: "+") else { return false }
            j += 1
            guard let count = hex(), j < token.endIndex else { return false }
            var stride: UInt32 = 1
            if token[j] == UInt8(ascii: "/") {
                j += 1
                guard let step = hex(), step > 0, j < token.endIndex else { return false }
                stride = step
            }
            guard UInt64(start) + UInt64(count) * UInt64(stride) <= 0x11_0000 else { return false }
            let values = Swift.stride(from: start, to: start + count * stride, by: Int(stride))
            switch token[j] {
            case UInt8(ascii: "="):
                let index = addFold(token[(j + 1)...])
                for value in values { set(value, index) }
            case UInt8(ascii: "~"):
                j += 1
                let negative = j < token.endIndex && token[j] == UInt8(ascii: "-")
                if negative { j += 1 }
                guard let delta = hex(), j == token.endIndex else { return false }
                for value in values {
                    guard let scalar = Unicode.Scalar(negative ? value &- delta : value &+ delta) else { return false }
                    UTF8.encode(scalar) { bytes.append($0) }
                    set(value, endFold())
                }
            default:
                return false
            }
            return true
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
    }

    /// Calls `body` with each byte of the fold of `scalar`: its entry, or its own UTF-8
    /// when it is not listed.
    @inline(__always)
    func forEachByte(ofFoldOf scalar: Unicode.Scalar, _ body: (UInt8) -> Void) {
        let value = scalar.value
        let index = value < 0x10000 ? bmp[Int(value)] : (astral[value] ?? -1)
        if index >= 0 {
            for i in Int(starts[Int(index)])..<Int(starts[Int(index) + 1]) { body(bytes[i]) }
        } else {
            UTF8.encode(scalar, into: body)
        }
    }
}

/// The folding table, expanded on first use.
let _foldingTable = _FoldingTableLookup(source: _foldingTableSource)
