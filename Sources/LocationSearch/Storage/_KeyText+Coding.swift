/// Front-coding texts into `_KeyText`'s blocks.
extension _KeyText {
    /// The 0-terminated texts of `text` (one after another, each shorter than
    /// `1 << shift` bytes), text *t* starting at `starts[t]` and the last ending where
    /// `starts`' last entry is (`text.count`), front-coded.
    convenience init(text: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>, shift: Int) {
        let (bytes, blockStarts) = Self.blocks(text, starts: starts, shift: shift)
        self.init(bytes: _Column(bytes), starts: _Column(blockStarts), count: starts.count - 1, shift: shift)
    }

    /// `texts` (none holding a 0, each shorter than `1 << shift` bytes) front-coded.
    convenience init(texts: [[UInt8]], shift: Int) {
        var starts = [0]
        for text in texts { starts.append(starts[starts.count - 1] + text.count + 1) }
        let joined: [UInt8] = texts.flatMap { $0 + [0] }
        let (bytes, blockStarts) = joined.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { (starts) -> ([UInt8], [UInt32]) in
                Self.blocks(text, starts: starts, shift: shift)
            }
        }
        self.init(bytes: _Column(bytes), starts: _Column(blockStarts), count: texts.count, shift: shift)
    }

    /// The blocks of `text`'s texts (as `init(text:starts:shift:)` takes them) and their
    /// starts (and the padding's). The bytes are written in place, a text's own bytes
    /// copied at once.
    ///
    /// - Complexity: O(*t* + *b*) for *t* bytes of text and *b* bytes compared (each text's
    ///   with its head's and those of the texts on the head before it, at most 31 each).
    private static func blocks(
        _ text: UnsafeBufferPointer<UInt8>, starts textStarts: UnsafeBufferPointer<Int>, shift: Int
    ) -> (bytes: [UInt8], starts: [UInt32]) {
        let count = max(0, textStarts.count - 1), padding = padding(shift: shift)
        let blocks = (count + blockSize - 1) / blockSize
        var starts: [UInt32] = []
        starts.reserveCapacity(blocks + 1)
        // Each text takes at most its bytes in `text` (its link's byte for its 0), and each
        // block its starts, seven bytes or, wide, forty.
        let capacity = text.count + blocks * (blockSize + wideStarts) + padding
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { out, initialized in
            guard let base = out.baseAddress, let source = text.baseAddress else {
                starts.append(0)
                out.initialize(repeating: 0)
                initialized = out.count
                return
            }
            // Per text of a block, its link (base and shared length) and its start in the
            // block (then, past its texts, the block's end); which texts are on the head.
            var links = [Int](repeating: 0, count: blockSize), shared = [Int](repeating: 0, count: blockSize)
            var slots = [Int](repeating: 0, count: blockSize + 1), onHead = [Int]()
            onHead.reserveCapacity(blockSize)
            var n = 0
            for block in 0..<blocks {
                let first = block * blockSize, texts = min(blockSize, count - first)
                func text(_ j: Int) -> (start: Int, length: Int) {
                    let start = textStarts[first + j]
                    return (start, textStarts[first + j + 1] - start - 1)
                }
                // The bytes text `j` shares with text `k`, at most `largestShared`: eight
                // at a time (the first that differs is the lowest set byte of the words'
                // difference, read little-endian), then one at a time.
                func common(_ k: Int, _ j: Int) -> Int {
                    let (a, aLength) = text(k), (b, bLength) = text(j)
                    let most = min(largestShared, aLength, bLength)
                    var same = 0
                    while same &+ 8 <= most {
                        let x = UInt64(littleEndian: UnsafeRawPointer(source + (a &+ same)).loadUnaligned(as: UInt64.self))
                        let y = UInt64(littleEndian: UnsafeRawPointer(source + (b &+ same)).loadUnaligned(as: UInt64.self))
                        if x != y { return same &+ (x ^ y).trailingZeroBitCount &>> 3 }
                        same &+= 8
                    }
                    while same < most && source[a &+ same] == source[b &+ same] { same &+= 1 }
                    return same
                }
                onHead.removeAll(keepingCapacity: true)
                // Where each text starts in a narrow block: the head right after the seven
                // starts, with no link; the others at their links.
                var end = narrowHeader
                for j in 0..<texts {
                    var basedOn = 0, same = 0
                    if j > 0 {
                        same = common(0, j)
                        for k in onHead where same < largestShared {
                            let withK = common(k, j)
                            if withK > same { (basedOn, same) = (k, withK) }
                        }
                        if basedOn == 0 { onHead.append(j) }
                    }
                    (links[j], shared[j], slots[j]) = (basedOn << baseShift | same, same, end)
                    end += (j == 0 ? 0 : 1) + text(j).length - same
                }
                for j in texts...blockSize { slots[j] = end }
                let wide = slots[1..<blockSize].contains { $0 > largestNarrowStart }
                starts.append(UInt32(n))
                if wide {
                    // Format 40's layout: eight 255s, eight `UInt32` starts, a link for
                    // every text, the head's too.
                    (base + n).initialize(repeating: 255, count: blockSize)
                    var start = blockSize + wideStarts
                    for j in 0..<blockSize {
                        let at = n + blockSize + 4 * j
                        UnsafeMutableRawPointer(base).storeBytes(of: UInt32(start).littleEndian, toByteOffset: at,
                                                                 as: UInt32.self)
                        if j < texts { start += 1 + text(j).length - shared[j] }
                    }
                    n += blockSize + wideStarts
                } else {
                    for j in 1..<blockSize { base[n + j - 1] = UInt8(slots[j]) }
                    n += narrowHeader
                }
                for j in 0..<texts {
                    let (start, length) = text(j)
                    if j > 0 || wide {
                        base[n] = UInt8(links[j])
                        n += 1
                    }
                    // Its own bytes, without the 0 after them.
                    (base + n).initialize(from: source + start + shared[j], count: length - shared[j])
                    n += length - shared[j]
                }
            }
            starts.append(UInt32(n))
            (base + n).initialize(repeating: 0, count: padding)
            initialized = n + padding
        }
        return (bytes, starts)
    }
}
