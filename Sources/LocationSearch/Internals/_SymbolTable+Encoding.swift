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
        /// symbol, else `byteCodes[b0]`; and `longFlag` when a longer symbol starts with
        /// those two bytes (most do not, so most bytes skip the hash table).
        private var shortCodes: [UInt16]
        static let longFlag: UInt16 = 1 << 15
        /// Symbols of three bytes or more by their first three: slots of `prefix + 1`
        /// (0 for an empty one) and the code, probed linearly from the prefix's hash.
        private var longKeys = [UInt32](repeating: 0, count: Self.longSlots)
        /// Each slot's code, symbol and length (`code | length << 8`).
        private var longCodes = [UInt16](repeating: 0, count: Self.longSlots)
        private var longValues = [UInt64](repeating: 0, count: Self.longSlots)

        fileprivate static let longSlots = 1024

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

        @inline(__always)
        fileprivate static func slot(_ prefix: UInt32) -> Int { Int((prefix &* 0x9E37_79B1) >> 22) }

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
                for second in 0..<256 where (shortCodes[byte | second << 8] & ~Self.longFlag) >> 8 == 1 {
                    shortCodes[byte | second << 8] = shortCodes[byte | second << 8] & Self.longFlag | code | 1 << 8
                }
            case 2:
                let pair = Int(symbol.value)
                guard (shortCodes[pair] & ~Self.longFlag) >> 8 != 2 else { return false }
                shortCodes[pair] = shortCodes[pair] & Self.longFlag | code | 2 << 8
            default:
                var slot = Self.slot(symbol.prefix3)
                while longKeys[slot] != 0 {
                    if longKeys[slot] == symbol.prefix3 + 1 { return false }
                    slot = (slot + 1) & (Self.longSlots - 1)
                }
                shortCodes[Int(symbol.value & 0xFFFF)] |= Self.longFlag
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
            withLookup { $0.match(word, remaining: remaining) }
        }

        /// Calls `body` with the lookup tables as pointers, which a loop over many bytes
        /// holds (array accesses reload and check their buffers each time).
        @inline(__always)
        func withLookup<R>(_ body: (Lookup) -> R) -> R {
            byteCodes.withUnsafeBufferPointer { byteCodes in
                shortCodes.withUnsafeBufferPointer { shortCodes in
                    longKeys.withUnsafeBufferPointer { longKeys in
                        longCodes.withUnsafeBufferPointer { longCodes in
                            longValues.withUnsafeBufferPointer { longValues in
                                body(Lookup(byteCodes: byteCodes.baseAddress!, shortCodes: shortCodes.baseAddress!,
                                            longKeys: longKeys.baseAddress!, longCodes: longCodes.baseAddress!,
                                            longValues: longValues.baseAddress!))
                            }
                        }
                    }
                }
            }
        }

        /// The encoder's tables, for the length of a `withLookup` call.
        struct Lookup {
            let byteCodes: UnsafePointer<UInt16>, shortCodes: UnsafePointer<UInt16>
            let longKeys: UnsafePointer<UInt32>, longCodes: UnsafePointer<UInt16>, longValues: UnsafePointer<UInt64>

            /// See `Encoder.match(_:remaining:)`.
            @inline(__always)
            func match(_ word: UInt64, remaining: Int) -> (code: UInt8, length: Int) {
                let entry = remaining >= 2 ? shortCodes[Int(word & 0xFFFF)] : byteCodes[Int(word & 0xFF)]
                if remaining >= 3 && entry & Encoder.longFlag != 0 {
                    let prefix = UInt32(truncatingIfNeeded: word & 0xFF_FFFF)
                    // `slot` is below `longSlots`, the tables' size.
                    var slot = Encoder.slot(prefix)
                    while longKeys[slot] != 0 {
                        if longKeys[slot] == prefix &+ 1 {
                            let length = Int(longCodes[slot] &>> 8)
                            let mask: UInt64 = ~0 &>> (64 &- 8 &* length)
                            if length <= remaining && word & mask == longValues[slot] {
                                return (UInt8(truncatingIfNeeded: longCodes[slot]), length)
                            }
                            break
                        }
                        slot = (slot &+ 1) & (Encoder.longSlots - 1)
                    }
                }
                return (UInt8(truncatingIfNeeded: entry), Int((entry & ~Encoder.longFlag) &>> 8))
            }

            /// See `Encoder.encode(_:into:)`. `readable` bytes from the string's start
            /// may be read (at least its length): a string inside a larger buffer loads its
            /// last bytes eight at a time, masked, rather than one by one.
            @inline(__always)
            func encode(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int, into out: UnsafeMutablePointer<UInt8>)
                -> Int
            {
                guard let base = bytes.baseAddress else { return 0 }
                var i = 0, written = 0
                while i < bytes.count {
                    let remaining = bytes.count &- i
                    let word: UInt64
                    if readable &- i >= 8 {
                        let all = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                        word = remaining >= 8 ? all : all & (~0 &>> (64 &- 8 &* remaining))
                    } else {
                        word = Encoder.word(base + i, remaining: remaining)
                    }
                    let (code, length) = match(word, remaining: remaining)
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
            withLookup { $0.encode(bytes, readable: bytes.count, into: out) }
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
