/// Folding: the one place that decides which texts match.
///
/// Names and queries are folded the same way into UTF-8 *keys*: lowercase, without
/// diacritics, with every run of separators (spaces, hyphens, apostrophes, dots, commas
/// and other punctuation) collapsed to a single ASCII space, and no leading or trailing
/// space. "Saint-Étienne" and "saint etienne" both fold to `saint etienne`;
/// "Sa\u{0303}o Paulo" and "São Paulo" both to `sao paulo`.
///
/// Two pieces make every key, and nothing else folds: the fold of one scalar
/// (`forEachByte(ofFoldOf:)`: ASCII by a branch-free table, other scalars through
/// `_foldingTable`, which `generate_folding_table.py` derives from the Unicode data) and the
/// separator rule (`_KeyWriter`). `fold(utf8:keepTrailingSpace:)` is the entry point for
/// keys; `_FoldedText` and its highlight helpers run the same two pieces a character at a
/// time to keep where each key byte came from.
enum _Folding {
    /// The ASCII fold: lowercase letters and digits map to themselves, everything else to
    /// a space (0x20).
    static let ascii: [UInt8] = asciiTable.map { $0 }

    /// `ascii` as a table in the binary's constant data (`_ASCIITable`): reading it needs no
    /// array bounds check or retain. Byte *b* is at offset *b*: 48 spaces, the digits, 7
    /// spaces, `A`–`Z` lowered, 6 spaces, `a`–`z`, 5 spaces (`FoldingTests` checks each).
    static let asciiTable = _ASCIITable(
        "                                                0123456789       abcdefghijklmnopqrstuvwxyz      abcdefghijklmnopqrstuvwxyz     ")

    /// Calls `body` with each byte of the fold of `scalar`, before separators collapse
    /// (a separator folds to 0x20).
    @inline(__always)
    static func forEachByte(ofFoldOf scalar: Unicode.Scalar, _ body: (UInt8) -> Void) {
        let value = scalar.value
        if value < 0x80 {
            body(asciiTable[Int(value)])
        } else {
            _foldingTable.forEachByte(ofFoldOf: scalar, body)
        }
    }

    /// Folds `text` into a key: `fold(utf8:keepTrailingSpace:)` of its UTF-8.
    ///
    /// - Parameter keepTrailingSpace: keep one trailing space if the text ends with
    ///   separators. Queries use it: "san " matches "san jose" but not "sandusky".
    /// - Complexity: O(*n*), where *n* is the length of `text` in UTF-8 code units.
    static func fold(_ text: some StringProtocol, keepTrailingSpace: Bool = false) -> [UInt8] {
        let contiguous = text.utf8.withContiguousStorageIfAvailable {
            fold(utf8: $0, keepTrailingSpace: keepTrailingSpace)
        }
        if let key = contiguous { return key }
        return Array(text.utf8).withUnsafeBufferPointer { fold(utf8: $0, keepTrailingSpace: keepTrailingSpace) }
    }

    /// Folds UTF-8 bytes into `output` (replacing its contents, in its own storage): the
    /// build path, which never makes a `String`, and folds a million names with no
    /// allocation each. The same bytes as `fold(utf8:keepTrailingSpace: false)`.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    static func fold(utf8 bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        output.removeAll(keepingCapacity: true)
        _ = fold(utf8: bytes, appendingTo: &output)
    }

    /// Appends the key of UTF-8 `bytes` (`fold(utf8:keepTrailingSpace:)`) to `output`;
    /// returns how many bytes it appended. The build folds each name into its place in the
    /// keys' text; a key of text beyond ASCII is made here too.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    static func fold(
        utf8 bytes: UnsafeBufferPointer<UInt8>, appendingTo output: inout [UInt8], keepTrailingSpace: Bool = false
    ) -> Int {
        let before = output.count
        // Written into a buffer on the stack and appended to `output` a buffer at a time:
        // appending to `output` a byte at a time (checking its uniqueness and capacity
        // each time) took two thirds of the build's folding.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
            var n = 0
            var writer = _KeyWriter<Void>()
            @inline(__always) func emit(_ byte: UInt8, _: Void) {
                if n == buffer.count {
                    output.append(contentsOf: buffer)
                    n = 0
                }
                buffer[n] = byte
                n &+= 1
            }
            let table = asciiTable
            var i = 0
            while i < bytes.count && bytes[i] < 0x80 {
                writer.feed(table[Int(bytes[i])], from: (), emit: emit)
                i &+= 1
            }
            if i < bytes.count {
                // The folding table read once a text, not a scalar (each read of the
                // global checks that it is made and retains its arrays).
                let folds = _foldingTable
                while i < bytes.count {
                    let byte = bytes[i]
                    if byte < 0x80 {
                        writer.feed(table[Int(byte)], from: (), emit: emit)
                        i &+= 1
                    } else {
                        i = feedFold(bytes, at: i, folds) { writer.feed($0, from: (), emit: emit) }
                    }
                }
            }
            writer.finish(keepTrailingSpace: keepTrailingSpace, emit: emit)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<n]))
        }
        // (Counted here: a count kept by the closure, a variable it captures, had every
        // byte's access checked at run time.)
        return output.count - before
    }

    /// Calls `feed` with each byte of the fold of the scalar at byte `i` of UTF-8 `bytes`
    /// (an ASCII byte by the table, another scalar through `_foldingTable`), or with a
    /// separator for a byte that starts no scalar; returns where the next starts. A byte
    /// sequence that is not UTF-8 is a separator for each of its bytes, where the standard
    /// library's decoder gives one error for each of its stretches: a run of separators is
    /// one space either way, so the keys are the same (`FoldingTests`).
    @inline(__always)
    private static func feedFold(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, _ feed: (UInt8) -> Void) -> Int {
        let byte = bytes[i]
        if byte < 0x80 {
            feed(asciiTable[Int(byte)])
            return i &+ 1
        }
        return feedFold(bytes, at: i, _foldingTable, feed)
    }

    /// `feedFold(_:at:_:)` of the scalar beyond ASCII at byte `i`, folded by `folds`.
    @inline(__always)
    private static func feedFold(
        _ bytes: UnsafeBufferPointer<UInt8>, at i: Int, _ folds: _FoldingTableLookup, _ feed: (UInt8) -> Void
    ) -> Int {
        guard let (value, length) = _SimpleCase.scalar(bytes, at: i), let scalar = Unicode.Scalar(value) else {
            feed(0x20)
            return i &+ 1
        }
        folds.forEachByte(ofFoldOf: scalar, feed)
        return i &+ length
    }

    /// The key of UTF-8 bytes; every key is made here. A byte sequence that is not valid
    /// UTF-8 folds as a separator.
    ///
    /// - Complexity: O(*n*) in the number of bytes; ASCII in one pass and one allocation.
    static func fold(utf8 bytes: UnsafeBufferPointer<UInt8>, keepTrailingSpace: Bool) -> [UInt8] {
        if let key = foldASCII(bytes, keepTrailingSpace: keepTrailingSpace) { return key }
        var key: [UInt8] = []
        key.reserveCapacity(bytes.count + 1)
        _ = fold(utf8: bytes, appendingTo: &key, keepTrailingSpace: keepTrailingSpace)
        return key
    }

    /// How the key of UTF-8 `bytes` (`fold(utf8:into:)`) compares with `key`, found
    /// without writing it and left at its first byte that differs: the same key, the start
    /// of `key` and shorter, or neither.
    ///
    /// `bytes` may be the start of a text cut anywhere: a last scalar cut short is a
    /// separator, and a separator at the end adds nothing, so the key of a text's start is
    /// the start of the text's key (each scalar folds alone). A text whose start's key
    /// `differs` has another key.
    ///
    /// - Complexity: O(*n*) in the bytes read, at most those of the common start.
    static func compareFold(of bytes: UnsafeBufferPointer<UInt8>, with key: UnsafeBufferPointer<UInt8>)
        -> FoldComparison
    {
        var writer = _KeyWriter<Void>()
        var matched = 0, same = true, i = 0
        @inline(__always) func emit(_ byte: UInt8, _: Void) {
            if same && matched < key.count && key[matched] == byte { matched &+= 1 } else { same = false }
        }
        while same && i < bytes.count {
            i = feedFold(bytes, at: i) { writer.feed($0, from: (), emit: emit) }
        }
        guard same else { return .differs }
        return matched == key.count ? .equal : .prefix
    }

    /// What `compareFold(of:with:)` finds.
    enum FoldComparison {
        /// The bytes fold to the key.
        case equal
        /// The bytes fold to the start of the key, shorter than it.
        case prefix
        /// The bytes' key is not the key or its start.
        case differs
    }

    /// `fold(utf8:keepTrailingSpace:)` of ASCII text, or `nil` if `utf8` is not all ASCII.
    /// (Every ASCII byte is a scalar of its own, folded by the table.)
    private static func foldASCII(_ utf8: UnsafeBufferPointer<UInt8>, keepTrailingSpace: Bool) -> [UInt8]? {
        let table = asciiTable
        var isASCII = true
        // Written into uninitialized capacity (the fold is never longer than the text plus
        // a trailing space): no capacity check per byte, so a query of a whole file's line
        // (80 MB) folds in a fraction of the time appending took.
        let output = [UInt8](unsafeUninitializedCapacity: utf8.count + 1) { out, count in
            var n = 0
            var writer = _KeyWriter<Void>()
            for byte in utf8 {
                guard byte < 0x80 else { isASCII = false; break }
                writer.feed(table[Int(byte)], from: ()) { byte, _ in out[n] = byte; n += 1 }
            }
            if isASCII { writer.finish(keepTrailingSpace: keepTrailingSpace) { byte, _ in out[n] = byte; n += 1 } }
            count = isASCII ? n : 0
        }
        return isASCII ? output : nil
    }
}

/// The separator rule of every key, in one place: a run of separators (bytes folded to
/// 0x20) becomes a single space, written only when a letter follows it (so none at the
/// start) or, with `keepTrailingSpace`, at the end.
///
/// Fed the folded bytes of a text in order, each with the `Position` it came from (nothing,
/// a byte offset, a character's UTF-16 range), it calls `emit` with each key byte and its
/// position; a space gets the position of the first separator of its run.
///
///     var writer = _KeyWriter<Int>()
///     for (i, byte) in Array(" a--b ".utf8).enumerated() {
///         writer.feed(_Folding.asciiTable[Int(byte)], from: i) { print($0, $1) }
///     }
///     // 97 1, 32 2, 98 4: "a b"
struct _KeyWriter<Position> {
    /// Whether a byte has been emitted.
    private var started = false
    /// Where the separator run not yet written began, after the first emitted byte.
    private var pendingSpace: Position? = nil

    @inline(__always)
    mutating func feed(_ byte: UInt8, from position: Position, emit: (UInt8, Position) -> Void) {
        if byte == 0x20 {
            if started && pendingSpace == nil { pendingSpace = position }
        } else {
            if let space = pendingSpace {
                emit(0x20, space)
                pendingSpace = nil
            }
            started = true
            emit(byte, position)
        }
    }

    /// Ends the text: emits the pending space if `keepTrailingSpace`.
    @inline(__always)
    mutating func finish(keepTrailingSpace: Bool, emit: (UInt8, Position) -> Void) {
        if keepTrailingSpace, let space = pendingSpace { emit(0x20, space) }
        pendingSpace = nil
    }
}
