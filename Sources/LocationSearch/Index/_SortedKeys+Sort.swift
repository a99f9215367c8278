/// Sorting a list's entries into key order: a radix sort on their texts' first 8 bytes,
/// then comparisons within each run that shares them, on two cores by first byte.
extension _SortedKeys {
    /// `entries` in key order: by their keys' text (0-terminated at their offsets in
    /// `folded`, the names' folds before they are laid out), then best score first, then by
    /// name.
    ///
    /// No two entries are equal in that order (a name has one whole-name key, and its word
    /// keys' texts differ), so any sort gives this one: the entries are sorted by their
    /// texts' first 8 bytes with a radix sort, then each run sharing them by comparisons
    /// (most runs are short; the standard library's merge sort of all of them by comparisons
    /// took 1.48 G of a build's 18.5 G instructions, this about 0.9 G).
    ///
    /// - Complexity: O(*n*) passes for *n* entries, then O(*r* log *r*) comparisons for each
    ///   run of *r* entries whose texts share their first 8 bytes.
    static func sorted(_ entries: [Entry], folded: [UInt8]) -> [Entry] {
        [Entry](unsafeUninitializedCapacity: entries.count) { buffer, count in
            count = sort(entries, folded: folded, firstBytes: 0..<256, count: entries.count, into: buffer,
                         scratch: SortScratch(count: entries.count))
        }
    }

    /// The memory a sort of up to `count` entries works in, made by the thread that will
    /// free it for a sort on another core, as the build makes its other large lists: what
    /// a core makes and frees can stay in its thread's malloc arena, resident after the
    /// build (`docs/decisions/0058-the-first-runs-memory.md`). `@unchecked Sendable`: one sort at a time
    /// uses it, on the core it is handed to, until the `_Concurrently.run` that runs that
    /// sort returns.
    final class SortScratch: @unchecked Sendable {
        fileprivate let keyed: UnsafeMutableBufferPointer<Keyed>, other: UnsafeMutableBufferPointer<Keyed>

        init(count: Int) {
            keyed = .allocate(capacity: max(count, 1))
            other = .allocate(capacity: max(count, 1))
        }

        deinit {
            keyed.deallocate()
            other.deallocate()
        }
    }

    /// How many of `entries` have texts (in `folded`, as `sorted(_:folded:)` reads them)
    /// of each first byte.
    static func firstByteCounts(of entries: [Entry], folded: [UInt8]) -> [Int] {
        var counts = [Int](repeating: 0, count: 256)
        folded.withUnsafeBufferPointer { text in
            for i in entries.indices { counts[Int(text[Int(entries[i].key)])] += 1 }
        }
        return counts
    }

    /// The `count` entries of `entries` whose texts' first bytes are in `firstBytes`, in
    /// the order of `sorted(_:folded:)`, written into `target` (uninitialized, at least
    /// `count` long); returns `count`. The entries of the first bytes below those come
    /// before them in `sorted(_:folded:)`, and those above after them: two ranges of first
    /// bytes sort apart, on two cores.
    static func sort(
        _ entries: [Entry], folded: [UInt8], firstBytes: Range<Int>, count: Int,
        into target: UnsafeMutableBufferPointer<Entry>, scratch: SortScratch
    ) -> Int {
        // (Each entry as its prefix and its index, 16 bytes, not with the entry's 12: the
        // radix sort's second buffer is this size, and both lists sort at once.)
        precondition(scratch.keyed.count >= count && target.count >= count, "room for the sorted entries")
        var n = 0
        folded.withUnsafeBufferPointer { text in
            let keyed = scratch.keyed
            for i in entries.indices {
                let prefix = prefix8(text, at: Int(entries[i].key))
                guard firstBytes.contains(Int(truncatingIfNeeded: prefix &>> 56)) else { continue }
                precondition(n < count, "more entries of those first bytes than counted")
                keyed.initializeElement(at: n, to: Keyed(prefix: prefix, index: UInt32(i)))
                n += 1
            }
        }
        precondition(n == count, "fewer entries of those first bytes than counted")
        let sorted = radixSort(scratch.keyed.baseAddress!, scratch.other.baseAddress!, count: count)
        folded.withUnsafeBufferPointer { text in
            entries.withUnsafeBufferPointer { entries in
                let keyed = UnsafeMutableBufferPointer(start: sorted, count: count)
                var start = 0
                while start < keyed.count {
                    let prefix = keyed[start].prefix
                    var end = start + 1
                    while end < keyed.count && keyed[end].prefix == prefix { end += 1 }
                    defer { start = end }
                    guard end - start > 1 else { continue }
                    // Texts longer than the prefix go on; shorter ones are the same text.
                    let longer = prefix & 0xFF != 0
                    var run = UnsafeMutableBufferPointer(rebasing: keyed[start..<end])
                    run.sort { x, y in
                        let a = entries[Int(x.index)], b = entries[Int(y.index)]
                        if longer {
                            var i = Int(a.key) + 8, j = Int(b.key) + 8
                            while true {
                                let x = text[i], y = text[j]
                                if x != y { return x < y }
                                if x == 0 { break }
                                i += 1
                                j += 1
                            }
                        }
                        if a.score != b.score { return a.score > b.score }
                        return a.name < b.name
                    }
                }
            }
        }
        for i in 0..<count { target.initializeElement(at: i, to: entries[Int(sorted[i].index)]) }
        return count
    }

    /// An entry's first 8 bytes of text (big-endian, so they compare as the text does) and
    /// its index, as the radix sort moves it.
    fileprivate struct Keyed {
        var prefix: UInt64
        var index: UInt32
    }

    /// The first 8 bytes of the 0-terminated text at `offset` in `text`, big-endian, 0
    /// from its terminator on: read as one word where 8 bytes are left (the terminator is
    /// the lowest 0 byte of the little-endian word, found by the borrow trick, which is
    /// exact for the lowest), else a byte at a time.
    @inline(__always)
    private static func prefix8(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        guard let base = text.baseAddress, offset &+ 8 <= text.count else {
            var value: UInt64 = 0, i = offset, ended = false
            for _ in 0..<8 {
                let byte: UInt8 = ended ? 0 : text[i]
                if byte == 0 { ended = true } else { i += 1 }
                value = value << 8 | UInt64(byte)
            }
            return value
        }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
        let kept: UInt64 = zeros == 0 ? ~0 : ((zeros & (0 &- zeros)) &>> 7) &- 1
        return (word & kept).byteSwapped
    }

    /// Sorts `keyed` by `prefix`: a least-significant-byte-first radix sort, skipping the
    /// bytes all prefixes share.
    ///
    /// - Complexity: O(*n*) for *n* entries (at most 8 passes).
    private static func radixSort(
        _ keyed: UnsafeMutablePointer<Keyed>, _ other: UnsafeMutablePointer<Keyed>, count n: Int
    ) -> UnsafeMutablePointer<Keyed> {
        guard n > 1 else { return keyed }
        var counts = [Int](repeating: 0, count: 8 << 8)
        counts.withUnsafeMutableBufferPointer { counts in
            for i in 0..<n {
                let prefix = keyed[i].prefix
                for digit in 0..<8 { counts[digit << 8 | Int(prefix >> (8 * digit) & 0xFF)] += 1 }
            }
        }
        var (source, target) = (keyed, other)
        var next = [Int](repeating: 0, count: 256)
        for digit in 0..<8 {
            let shift = UInt64(8 * digit), base = digit << 8
            guard counts[base + Int(source[0].prefix >> shift & 0xFF)] < n else { continue }
            var total = 0
            for byte in 0..<256 {
                next[byte] = total
                total += counts[base + byte]
            }
            next.withUnsafeMutableBufferPointer { next in
                for i in 0..<n {
                    let element = source[i]
                    let byte = Int(element.prefix >> shift & 0xFF)
                    target[next[byte]] = element
                    next[byte] += 1
                }
            }
            swap(&source, &target)
        }
        return source
    }
}
