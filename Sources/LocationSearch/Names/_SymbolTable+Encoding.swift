extension _SymbolTable {
    /// Codes strings with a table's symbols, greedily: at each byte the longest symbol
    /// the lookup finds there, else the byte's own code. Lookups as in FSST: a direct table
    /// for two-byte symbols (and the bytes) and a hash table of symbols of three or more
    /// bytes by their first three, which holds one symbol per three bytes (`insert`
    /// refuses a second; training only ever builds tables it can code with).
    ///
    /// Used while an index is built (training and coding the names), never by a loaded
    /// index.
    ///
    /// - Complexity: O(1) per code.
    struct Encoder {
        /// The learnt symbols, in code order from `_SymbolTable.firstSymbol`.
        private(set) var symbols: [_Symbol] = []
        /// What starts with bytes `b0 | b1 << 8` when no longer symbol does: the two-byte
        /// symbol, else byte `b0`'s code, as `code | length << 12`; and `longFlag` when a
        /// longer symbol starts with those two bytes (most do not, so most bytes skip the
        /// hash table).
        private var shortCodes: [UInt16]
        static let longFlag: UInt16 = 1 << 15
        /// Symbols of three bytes or more by their first three: slots of `prefix + 1`
        /// (0 for an empty one) and the code, probed linearly from the prefix's hash.
        private var longKeys = [UInt32](repeating: 0, count: Self.longSlots)
        /// Each slot's code, symbol and length (`code | length << 12`).
        private var longCodes = [UInt16](repeating: 0, count: Self.longSlots)
        private var longValues = [UInt64](repeating: 0, count: Self.longSlots)

        fileprivate static let longSlots = 8_192

        /// An encoder with no symbols: every byte its own code.
        init() {
            shortCodes = (0..<65536).map { UInt16($0 & 0xFF) | 1 << 12 }
        }

        /// An encoder with `symbols`, each one `insert` takes.
        init(_ symbols: [_Symbol]) {
            self.init()
            for symbol in symbols { insert(symbol) }
        }

        var isFull: Bool { symbols.count == _SymbolTable.symbolCapacity }

        /// The table that decodes what this encoder codes.
        var table: _SymbolTable { _SymbolTable(symbols) }

        @inline(__always)
        fileprivate static func slot(_ prefix: UInt32) -> Int { Int((prefix &* 0x9E37_79B1) >> 19) }

        /// Adds `symbol` with the next code, unless the table is full, the symbol has fewer
        /// than two bytes (every byte has its code) or is in it already, or it has three
        /// bytes or more and another symbol starts with the same three; returns whether it
        /// was added.
        @discardableResult
        mutating func insert(_ symbol: _Symbol) -> Bool {
            guard !isFull, (2...8).contains(symbol.length) else { return false }
            let code = UInt16(_SymbolTable.firstSymbol + symbols.count)
            switch symbol.length {
            case 2:
                let pair = Int(symbol.value)
                guard (shortCodes[pair] & ~Self.longFlag) >> 12 != 2 else { return false }
                shortCodes[pair] = shortCodes[pair] & Self.longFlag | code | 2 << 12
            default:
                var slot = Self.slot(symbol.prefix3)
                while longKeys[slot] != 0 {
                    if longKeys[slot] == symbol.prefix3 + 1 { return false }
                    slot = (slot + 1) & (Self.longSlots - 1)
                }
                shortCodes[Int(symbol.value & 0xFFFF)] |= Self.longFlag
                longKeys[slot] = symbol.prefix3 + 1
                longCodes[slot] = code | UInt16(symbol.length) << 12
                longValues[slot] = symbol.value
            }
            symbols.append(symbol)
            return true
        }

        /// The code of the symbol that starts `remaining` bytes whose first (up to) eight
        /// are `word`, the first in the lowest byte, and its length; the first byte's code
        /// and 1 when no symbol does.
        @inline(__always)
        func match(_ word: UInt64, remaining: Int) -> (code: UInt16, length: Int) {
            withLookup { $0.match(word, remaining: remaining) }
        }

        /// Calls `body` with the lookup tables as pointers, which a loop over many bytes
        /// holds (array accesses reload and check their buffers each time).
        @inline(__always)
        func withLookup<R>(_ body: (Lookup) -> R) -> R {
            shortCodes.withUnsafeBufferPointer { shortCodes in
                longKeys.withUnsafeBufferPointer { longKeys in
                    longCodes.withUnsafeBufferPointer { longCodes in
                        longValues.withUnsafeBufferPointer { longValues in
                            body(Lookup(shortCodes: shortCodes.baseAddress!, longKeys: longKeys.baseAddress!,
                                        longCodes: longCodes.baseAddress!, longValues: longValues.baseAddress!))
                        }
                    }
                }
            }
        }

        /// The encoder's tables, for the length of a `withLookup` call.
        struct Lookup {
            let shortCodes: UnsafePointer<UInt16>
            let longKeys: UnsafePointer<UInt32>, longCodes: UnsafePointer<UInt16>, longValues: UnsafePointer<UInt64>

            /// See `Encoder.match(_:remaining:)`.
            @inline(__always)
            func match(_ word: UInt64, remaining: Int) -> (code: UInt16, length: Int) {
                if remaining < 2 { return (UInt16(truncatingIfNeeded: word & 0xFF), 1) }
                let entry = shortCodes[Int(word & 0xFFFF)]
                if remaining >= 3 && entry & Encoder.longFlag != 0 {
                    let prefix = UInt32(truncatingIfNeeded: word & 0xFF_FFFF)
                    // `slot` is below `longSlots`, the tables' size.
                    var slot = Encoder.slot(prefix)
                    while longKeys[slot] != 0 {
                        if longKeys[slot] == prefix &+ 1 {
                            let length = Int(longCodes[slot] &>> 12)
                            let mask: UInt64 = ~0 &>> (64 &- 8 &* length)
                            if length <= remaining && word & mask == longValues[slot] {
                                return (longCodes[slot] & 0xFFF, length)
                            }
                            break
                        }
                        slot = (slot &+ 1) & (Encoder.longSlots - 1)
                    }
                }
                return (entry & 0xFFF, Int((entry & ~Encoder.longFlag) &>> 12))
            }

            /// See `Encoder.encode(_:into:)`. `readable` bytes from the string's start
            /// may be read (at least its length): a string inside a larger buffer loads its
            /// last bytes eight at a time, masked, rather than one by one.
            @inline(__always)
            func encode(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int, into out: UnsafeMutablePointer<UInt16>)
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

        /// Appends the codes of `bytes` (at most one a byte) to `codes`.
        func encode(_ bytes: some Collection<UInt8>, into codes: inout [UInt16]) {
            let input = Array(bytes)
            let start = codes.count
            codes.append(contentsOf: repeatElement(0, count: input.count))
            let written = input.withUnsafeBufferPointer { input in
                codes.withUnsafeMutableBufferPointer { codes in
                    withLookup { $0.encode(input, readable: input.count, into: codes.baseAddress! + start) }
                }
            }
            codes.removeLast(input.count - written)
        }
    }
}
