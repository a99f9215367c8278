/// Reading `_KeyText`'s blocks: a text's entry and its bytes, for hot loops.
extension _KeyText {
    struct Buffers {
        let bytes: UnsafeRawPointer
        let starts: UnsafePointer<UInt32>
        let shift: Int

        /// Where text `t`'s bytes are (`Entry`): its block's head, its base's own bytes,
        /// its own, and where they end.
        ///
        /// In any column that passed `isConsistent`, every read below a text's end stays
        /// inside it, whatever its blocks hold: a text's start and end (its base's too) are
        /// at most 255 bytes past its block's start (in a wide block, clamped to the block),
        /// or the next block's start; a head is at most 41 bytes past its block's start, and
        /// a shared length at most 31 (a base's own bytes are read from its own start on);
        /// a reference's start is below `1 << shift`, and the padding is longer than all of
        /// these.
        @inline(__always)
        func entry(_ t: Int) -> Entry {
            let b = t &>> _KeyText.blockShift, j = t & (_KeyText.blockSize - 1)
            let block = Int(starts[b])
            // Text `j`'s start (`j` > 0), or for the head where it ends: the second text's start.
            let slot = Int(bytes.load(fromByteOffset: block &+ max(j &- 1, 0), as: UInt8.self))
            if slot == 255 { return wideEntry(j, block: block, next: Int(starts[b &+ 1])) }
            let end = j == _KeyText.blockSize &- 1
                ? Int(starts[b &+ 1]) : block &+ Int(bytes.load(fromByteOffset: block &+ j, as: UInt8.self))
            let head = block &+ _KeyText.narrowHeader
            // The head has no link: it reads as a text whose link (0) is the byte before it.
            let offset = j == 0 ? _KeyText.narrowHeader &- 1 : slot
            let byte = Int(bytes.load(fromByteOffset: block &+ offset, as: UInt8.self))
            let link = j == 0 ? 0 : byte
            guard link > _KeyText.largestShared else {
                return Entry(head: head, inHead: link, middle: 0, shared: link, own: block &+ offset &+ 1, end: end)
            }
            // On text `k` (> 0) of the block: its bytes past what it shares with the head.
            let k = link &>> _KeyText.baseShift, shared = link & _KeyText.largestShared
            let baseOffset = Int(bytes.load(fromByteOffset: block &+ k &- 1, as: UInt8.self))
            let baseShared = Int(bytes.load(fromByteOffset: block &+ baseOffset, as: UInt8.self)) & _KeyText.largestShared
            return Entry(head: head, inHead: min(shared, baseShared), middle: block &+ baseOffset &+ 1 &- baseShared,
                         shared: shared, own: block &+ offset &+ 1, end: end)
        }

        /// `entry(_:)` for text `j` of the wide block at `block`, the next starting at
        /// `next`: its starts read from the block's `UInt32`s, each clamped to the block.
        @inline(never)
        func wideEntry(_ j: Int, block: Int, next: Int) -> Entry {
            let length = max(next &- block, 0)
            func start(_ i: Int) -> Int {
                let at = block &+ _KeyText.blockSize &+ 4 &* i
                return min(Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))), length)
            }
            let offset = start(j), end = j == _KeyText.blockSize &- 1 ? next : block &+ start(j &+ 1)
            let link = Int(bytes.load(fromByteOffset: block &+ offset, as: UInt8.self))
            let head = block &+ _KeyText.blockSize &+ _KeyText.wideStarts &+ 1
            let k = link &>> _KeyText.baseShift, shared = link & _KeyText.largestShared
            guard k != 0 else {
                return Entry(head: head, inHead: shared, middle: 0, shared: shared, own: block &+ offset &+ 1, end: end)
            }
            let baseOffset = start(k)
            let baseShared = Int(bytes.load(fromByteOffset: block &+ baseOffset, as: UInt8.self)) & _KeyText.largestShared
            return Entry(head: head, inHead: min(shared, baseShared), middle: block &+ baseOffset &+ 1 &- baseShared,
                         shared: shared, own: block &+ offset &+ 1, end: end)
        }

        /// The byte at `reference` (a text's number shifted, plus a place in it), 0 past
        /// the text's end.
        @inline(__always)
        subscript(reference: Int) -> UInt8 {
            let entry = entry(reference &>> shift)
            let at = entry.position(reference & ((1 << shift) &- 1))
            // (The head's and the base's bytes lie before the text's own, so below its end;
            // the read is inside the column either way, so the byte is read and then chosen.)
            let byte = bytes.load(fromByteOffset: at, as: UInt8.self)
            return at < entry.end ? byte : 0
        }

        /// Compares the bytes of the key at `reference` with `query`, as many as it has
        /// (a key that ends sooner compares less).
        @inline(__always)
        func comparePrefix(_ reference: Int, _ query: UnsafeBufferPointer<UInt8>) -> Int {
            let entry = entry(reference &>> shift)
            let q = reference & ((1 << shift) &- 1)
            var i = 0
            /// Compares the bytes at `from` + `i` with the query's `i` on, to `stop`.
            @inline(__always) func compare(from: Int, to stop: Int) -> Int {
                while i < stop {
                    let a = bytes.load(fromByteOffset: from &+ i, as: UInt8.self), b = query[i]
                    if a != b { return a < b ? -1 : 1 }
                    i &+= 1
                }
                return 0
            }
            // The bytes the text shares with its head, those it shares with its base, then
            // its own.
            if q < entry.inHead {
                let order = compare(from: entry.head &+ q, to: min(entry.inHead &- q, query.count))
                if order != 0 { return order }
            }
            if q &+ i < entry.shared {
                let order = compare(from: entry.middle &+ q, to: min(entry.shared &- q, query.count))
                if order != 0 { return order }
            }
            let from = entry.own &+ q &- entry.shared
            let order = compare(from: from, to: min(query.count, entry.end &- from))
            if order != 0 { return order }
            return i < query.count ? -1 : 0
        }
    }

    /// Where a text's bytes are in `Buffers.bytes`: byte *q* of it is the head's (`head` +
    /// *q*) below `inHead`, its base's (`middle` + *q*) below `shared`, else its own
    /// (`own` + *q* − `shared`), up to `end`. A text on the head has `inHead == shared`.
    struct Entry {
        let head: Int, inHead: Int, middle: Int, shared: Int, own: Int, end: Int

        /// Where byte `q` of the text is.
        @inline(__always)
        func position(_ q: Int) -> Int {
            q < inHead ? head &+ q : (q < shared ? middle &+ q : own &+ q &- shared)
        }
    }
}
