/// EXPERIMENT (not a format): the folded texts front-coded in blocks of 16, built in
/// memory from `folded` at init, and read by the hot path (the binary searches and the
/// typo walk) in place of `folded`, to measure what decoding costs.
///
/// Each text is its shared-prefix length with the text before (a byte, 0 at a block's
/// start), the rest of its bytes and a 0. A key is read by decoding its text into a
/// scratch buffer from its block's start (or onwards from the text decoded last, when it
/// is in the same block and before it).
final class _FrontCodedKeys: Sendable {
    let bytes: _Column<UInt8>
    let blockStart: _Column<UInt32>
    let wholeText: _Column<UInt32>
    let wordText: _Column<UInt32>
    let wordWithin: _Column<UInt16>
    let longest: Int

    init(folded text: UnsafeBufferPointer<UInt8>, whole: _KeyOffsets, words: _KeyOffsets, longest: Int) {
        var starts: [Int] = [], wholeText: [UInt32] = []
        wholeText.reserveCapacity(whole.count)
        for i in 0..<whole.count {
            let offset = whole[i]
            if starts.last != offset { starts.append(offset) }
            wholeText.append(UInt32(starts.count - 1))
        }
        var bytes: [UInt8] = [], blockStart: [UInt32] = []
        var previous = 0..<0
        for (t, start) in starts.enumerated() {
            var end = start
            while text[end] != 0 { end += 1 }
            var shared = 0
            if t % 16 == 0 {
                blockStart.append(UInt32(bytes.count))
            } else {
                while shared < 255 && shared < previous.count && shared < end - start
                        && text[previous.lowerBound + shared] == text[start + shared] { shared += 1 }
            }
            bytes.append(UInt8(shared))
            bytes.append(contentsOf: text[(start + shared)...end])
            previous = start..<end
        }
        var wordText: [UInt32] = [], wordWithin: [UInt16] = []
        for i in 0..<words.count {
            let offset = words[i]
            let t = _PrefixIndex.partition(0..<starts.count) { starts[$0] <= offset } - 1
            wordText.append(UInt32(t))
            wordWithin.append(UInt16(offset - starts[t]))
        }
        self.bytes = _Column(bytes)
        self.blockStart = _Column(blockStart)
        self.wholeText = _Column(wholeText)
        self.wordText = _Column(wordText)
        self.wordWithin = _Column(wordWithin)
        self.longest = longest
    }

    /// A reader of `list`'s keys decoding into `scratch` (`scratchBytes` bytes) with its
    /// state in `state` (2 words, `[-1, 0]` before the first read).
    func reader(_ list: _PrefixIndex.List, scratch: UnsafeMutablePointer<UInt8>,
                state: UnsafeMutablePointer<Int>) -> Reader {
        Reader(bytes: bytes.pointer, blockStart: blockStart.pointer,
               text: list == .whole ? wholeText.pointer : wordText.pointer,
               within: list == .whole ? nil : wordWithin.pointer, scratch: scratch, state: state)
    }

    var scratchBytes: Int { 2 * longest + 8 }

    struct Reader {
        let bytes: UnsafePointer<UInt8>, blockStart: UnsafePointer<UInt32>
        let text: UnsafePointer<UInt32>, within: UnsafePointer<UInt16>?
        let scratch: UnsafeMutablePointer<UInt8>
        let state: UnsafeMutablePointer<Int>

        /// Key `i`'s bytes, 0-terminated (valid until the next read).
        @inline(__always)
        func key(_ i: Int) -> UnsafePointer<UInt8> {
            decode(Int(text[i]))
            return UnsafePointer(scratch) + (within.map { Int($0[i]) } ?? 0)
        }

        @inline(__always)
        func decode(_ t: Int) {
            var current = state[0]
            if current == t { return }
            var at: Int
            if current >= 0 && current < t && current >> 4 == t >> 4 {
                at = state[1]
                current += 1
            } else {
                current = t & ~15
                at = Int(blockStart[t >> 4])
            }
            while current <= t {
                var j = Int(bytes[at])
                at += 1
                while true {
                    let byte = bytes[at]
                    scratch[j] = byte
                    at += 1
                    if byte == 0 { break }
                    j += 1
                }
                current += 1
            }
            state[0] = t
            state[1] = at
        }
    }
}

/// A scratch buffer for a `_FrontCodedKeys.Reader` (EXPERIMENT).
final class _FrontCodedScratch {
    let bytes: UnsafeMutablePointer<UInt8>
    let state: UnsafeMutablePointer<Int>
    init(count: Int) {
        bytes = .allocate(capacity: count)
        bytes.initialize(repeating: 0, count: count)
        state = .allocate(capacity: 2)
        state[0] = -1
        state[1] = 0
    }
    deinit {
        bytes.deallocate()
        state.deallocate()
    }
}
