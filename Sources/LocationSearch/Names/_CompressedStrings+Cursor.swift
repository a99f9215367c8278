/// Reading many strings in turn, each decoded once: `Cursor` for strings read in order,
/// `forEach(in:decoding:_:)` for a range of them.
extension _CompressedStrings {
    /// `decode(_:_:into:before:)` for a string of symbols (no string is coded over a
    /// fold) that follows one of `before` bytes.
    @inline(__always)
    fileprivate func decode(string units: Range<Int>, into out: UnsafeMutablePointer<UInt8>, before: Int) -> Int {
        guard let first = units.first else { return 0 }
        let code = _PackedCodes.code(first, in: codes.pointer)
        guard let copy = _SymbolTable.copyLength(code) else {
            return table.decode(codes.pointer, units: units, into: out, at: 0)
        }
        return table.decode(codes.pointer, units: units.dropFirst(), into: out, at: min(copy, before))
    }

    /// Reads strings one after another, each decoded once into a buffer it keeps: a
    /// string read right after the one before it copies its start from that one, still in
    /// the buffer, where `withBytes` would decode the strings it copies from again (the
    /// index build's folding pass reads every name so, in order). Any other string is
    /// read as `withBytes` reads it.
    ///
    ///     strings.withCursor { cursor in
    ///         for i in 0..<strings.count { use(cursor.bytes(i)) }
    ///     }
    ///
    /// - Complexity: O(*n*) for a string of *n* bytes read after the one before it.
    struct Cursor {
        let strings: _CompressedStrings
        /// The buffer (`withCursor` frees it), the string in it and its length.
        fileprivate var buffer: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        private var last = -1, length = 0

        fileprivate init(_ strings: _CompressedStrings) {
            self.strings = strings
            capacity = 1 << 12
            buffer = .allocate(capacity: capacity)
        }

        /// The codes of the string read last.
        private(set) var units = 0..<0

        /// String `index`'s UTF-8 bytes, valid until the next read.
        @inline(__always)
        mutating func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            if index == last &+ 1 && strings.folds.flags.isEmpty {
                // The next string, of symbols (most reads): it starts where the last ended,
                // and ends its length of codes further (`_StringOffsets.offset(_:after:)`).
                let end = strings.offsets.offset(index &+ 1, after: self.units.upperBound)
                let units = self.units.upperBound..<(end >= self.units.upperBound && end <= strings.codeCount
                    ? end : self.units.upperBound)
                if 8 &* units.count &+ _SymbolTable.longestCopy > capacity {
                    grow(to: 8 &* units.count &+ _SymbolTable.longestCopy)
                }
                length = strings.decode(string: units, into: buffer, before: length)
                self.units = units
                last = index
                return UnsafeBufferPointer(start: buffer, count: length)
            }
            var first = index
            if index != last &+ 1 {
                while first > 0 && index - first < _CompressedStrings.copyDepth && strings.copied(first) != nil {
                    first -= 1
                }
            }
            // (A while loop: a closed range's iteration is not specialized away.)
            var string = first
            while string <= index {
                let units = strings.units(string)
                let room = strings.room(string, units) &+ _SymbolTable.longestCopy
                if room > capacity { grow(to: room) }
                length = strings.decode(
                    string, units, into: buffer, before: string == first && first != last &+ 1 ? nil : length)
                self.units = units
                string &+= 1
            }
            last = index
            return UnsafeBufferPointer(start: buffer, count: length)
        }

        /// A buffer of at least `room` bytes that keeps the string before (this one may
        /// copy its start).
        private mutating func grow(to room: Int) {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(room, 2 * capacity))
            grown.update(from: buffer, count: length)
            buffer.deallocate()
            buffer = grown
            capacity = max(room, 2 * capacity)
        }
    }

    /// Calls `body` with a cursor over these strings (`Cursor`), freed when it returns.
    func withCursor<R>(_ body: (inout Cursor) throws -> R) rethrows -> R {
        var cursor = Cursor(self)
        defer { cursor.buffer.deallocate() }
        return try body(&cursor)
    }

    /// Calls `body` with the index and UTF-8 bytes of each string of `indices` in turn,
    /// until it returns `false`: a scan of a place's names, which decodes each once (a
    /// string's copy comes from the one before, still in the buffer) where `withBytes`
    /// would decode the strings each copies from again.
    ///
    /// A string coded over a fold for which `decoding` (given its index and codes) is
    /// false is not decoded nor passed to `body` (unless the string after it copies from
    /// it): a scan that wants the names with a given fold skips the others from their
    /// `foldTextNumber(_:units:)` without reading them.
    ///
    /// Each string's codes are found once, in turn: where one ends the next starts
    /// (`_StringOffsets.offset(_:after:)`).
    ///
    /// - Complexity: O(*n*) for *n* bytes of the strings and the at most `copyDepth`
    ///   before the first.
    func forEach(
        in indices: Range<Int>, decoding: (Int, Range<Int>) -> Bool = { _, _ in true },
        _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Bool
    ) rethrows {
        guard !indices.isEmpty else { return }
        var first = indices.lowerBound
        while first > 0 && indices.lowerBound - first < Self.copyDepth && copied(first) != nil { first -= 1 }
        // The codes of string `string`, given where it starts.
        func codes(_ string: Int, from start: Int) -> Range<Int> {
            let end = offsets.offset(string &+ 1, after: start)
            return start <= end && end <= codeCount ? start..<end : start..<start
        }
        let start = offsets[first]
        var longest = 0, units = start..<start
        for string in first..<indices.upperBound {
            units = codes(string, from: units.upperBound)
            longest = max(longest, room(string, units))
        }
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longest + _SymbolTable.longestCopy) { buffer in
            let out = buffer.baseAddress!
            var length = 0, units = codes(first, from: start)
            for string in first..<indices.upperBound {
                let next = string &+ 1 < indices.upperBound ? codes(string &+ 1, from: units.upperBound) : nil
                defer { if let next { units = next } }
                if string >= indices.lowerBound && folds.isFlagged(string) && !decoding(string, units)
                    && (next.map { copied(string &+ 1, $0) == nil } ?? true) { continue }
                length = decode(string, units, into: out, before: string == first ? nil : length)
                if string >= indices.lowerBound, try !body(string, UnsafeBufferPointer(start: out, count: length)) {
                    return
                }
            }
        }
    }
}
