extension _SymbolTable {
    /// Codes strings with a table's symbols, greedily: at each byte the longest symbol
    /// the lookup finds there, else the byte escaped. Lookups as in FSST: a direct table
    /// for one- and two-byte symbols and a hash table of symbols of three or more bytes by
    /// their first three, which holds one symbol per three bytes (`insert` refuses a
    /// second; training only ever builds tables it can code with).
    ///
    /// Used while an index is built (training and coding the names), never by a loaded
    /// index.
    ///
    /// - Complexity: O(1) per code.
    struct Encoder {
        /// The symbols, by code.
        private(set) var symbols: [_Symbol] = []
        /// What starts with byte `b`: `code | length << 8`, the escape if no symbol.
        private var byteCodes = [UInt16](repeating: UInt16(_SymbolTable.escape) | 1 << 8, count: 256)
        /// What starts with bytes `b0 | b1 << 8` when no longer symbol does: the two-byte
        /// symbol, else `byteCodes[b0]`.
        private var shortCodes: [UInt16]
        /// Symbols of three bytes or more by their first three: slots of `prefix + 1`
        /// (0 for an empty one) and the code, probed linearly from the prefix's hash.
        private var longKeys = [UInt32](repeating: 0, count: Self.longSlots)
        /// Each slot's code, symbol and length (`code | length << 8`).
        private var longCodes = [UInt16](repeating: 0, count: Self.longSlots)
        private var longValues = [UInt64](repeating: 0, count: Self.longSlots)

        private static let longSlots = 1024

        /// An encoder with no symbols: every byte escaped.
        init() {
            shortCodes = (0..<65536).map { _ in UInt16(_SymbolTable.escape) | 1 << 8 }
        }

        /// An encoder with `symbols`, each one `insert` takes.
        init(_ symbols: [_Symbol]) {
            self.init()
            for symbol in symbols { insert(symbol) }
        }

        var isFull: Bool { symbols.count == _SymbolTable.entries - 1 }

        /// The table that decodes what this encoder codes.
        var table: _SymbolTable { _SymbolTable(symbols) }

        private static func slot(_ prefix: UInt32) -> Int { Int((prefix &* 0x9E37_79B1) >> 22) }

        /// Adds `symbol` with the next code, unless the table is full, the symbol is empty
        /// or already in it, or it has three bytes or more and another symbol starts with
        /// the same three; returns whether it was added.
        @discardableResult
        mutating func insert(_ symbol: _Symbol) -> Bool {
            guard !isFull, (1...8).contains(symbol.length) else { return false }
            let code = UInt16(symbols.count)
            switch symbol.length {
            case 1:
                let byte = Int(symbol.value)
                guard byteCodes[byte] & 0xFF == UInt16(_SymbolTable.escape) else { return false }
                byteCodes[byte] = code | 1 << 8
                // Two bytes starting with it that no two-byte symbol took now start with it.
                for second in 0..<256 where shortCodes[byte | second << 8] >> 8 == 1 {
                    shortCodes[byte | second << 8] = code | 1 << 8
                }
            case 2:
                let pair = Int(symbol.value)
                guard shortCodes[pair] >> 8 != 2 else { return false }
                shortCodes[pair] = code | 2 << 8
            default:
                var slot = Self.slot(symbol.prefix3)
                while longKeys[slot] != 0 {
                    if longKeys[slot] == symbol.prefix3 + 1 { return false }
                    slot = (slot + 1) & (Self.longSlots - 1)
                }
                longKeys[slot] = symbol.prefix3 + 1
                longCodes[slot] = code | UInt16(symbol.length) << 8
                longValues[slot] = symbol.value
            }
            symbols.append(symbol)
            return true
        }

        /// The code of the symbol that starts `remaining` bytes whose first (up to) eight
        /// are `word`, the first in the lowest byte, and its length; the escape and 1 when
        /// no symbol does.
        @inline(__always)
        func match(_ word: UInt64, remaining: Int) -> (code: UInt8, length: Int) {
            if remaining >= 3 {
                let prefix = UInt32(truncatingIfNeeded: word & 0xFF_FFFF) + 1
                var slot = Self.slot(prefix - 1)
                while longKeys[slot] != 0 {
                    if longKeys[slot] == prefix {
                        let length = Int(longCodes[slot] >> 8)
                        let mask: UInt64 = ~0 >> (64 - 8 * length)
                        if length <= remaining && word & mask == longValues[slot] {
                            return (UInt8(truncatingIfNeeded: longCodes[slot]), length)
                        }
                        break
                    }
                    slot = (slot + 1) & (Self.longSlots - 1)
                }
            }
            let entry = remaining >= 2 ? shortCodes[Int(word & 0xFFFF)] : byteCodes[Int(word & 0xFF)]
            return (UInt8(truncatingIfNeeded: entry), Int(entry >> 8))
        }

        /// The first (up to) eight bytes at `p`, of which `remaining` are the string's.
        @inline(__always)
        static func word(_ p: UnsafePointer<UInt8>, remaining: Int) -> UInt64 {
            if remaining >= 8 { return UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) }
            var word: UInt64 = 0
            for k in 0..<remaining { word |= UInt64(p[k]) << (8 * k) }
            return word
        }

        /// Writes the codes of `bytes` at `out`, which must have room for two a byte;
        /// returns how many it wrote.
        func encode(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
            guard let base = bytes.baseAddress else { return 0 }
            var i = 0, written = 0
            while i < bytes.count {
                let remaining = bytes.count &- i
                let (code, length) = match(Self.word(base + i, remaining: remaining), remaining: remaining)
                out[written] = code
                written &+= 1
                if code == _SymbolTable.escape {
                    out[written] = base[i]
                    written &+= 1
                }
                i &+= length
            }
            return written
        }

        /// Appends the codes of `bytes` to `codes`.
        func encode(_ bytes: some Collection<UInt8>, into codes: inout [UInt8]) {
            let input = Array(bytes)
            let start = codes.count
            codes.append(contentsOf: repeatElement(0, count: 2 * input.count))
            let written = input.withUnsafeBufferPointer { input in
                codes.withUnsafeMutableBufferPointer { encode(input, into: $0.baseAddress! + start) }
            }
            codes.removeLast(2 * input.count - written)
        }
    }
}
