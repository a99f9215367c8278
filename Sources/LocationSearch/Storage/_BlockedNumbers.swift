/// Numbers that rise in runs, in about 1.3 bytes each rather than the 4 of a `UInt32`: a
/// block of 16 takes one 32-bit base (its least number) and a byte per number (the number
/// less the base). A block that spans more than 255 takes 32 bits a number instead, in
/// `wide`: its base has the top bit set and holds where in `wide` its numbers are.
///
/// A shallow trie's per-node numbers are stored so (where each node's keys start, where
/// its children start): nodes are stored level by level in key order, so along a level
/// both rise; a block spans more than 255 in the first levels, whose nodes hold thousands
/// of keys, and where one level ends and the next starts again from key 0. For the
/// bundled whole-name trie's 347,192 nodes, 2,164 of 21,700 blocks of starts are wide and
/// 44 of children's; 0.57 and 0.44 MB against 1.39 MB each. (The names' offsets, which
/// rise in smaller steps, are a `_StepColumn`: `_StringOffsets`.)
///
/// What the numbers mean is their owner's to check (`_ShallowTrie.isConsistent`); this
/// type checks that its blocks fit together (`isConsistent()`), so that every read is in
/// bounds.
///
/// - Complexity: a number in O(1): two reads (a base, then a byte or a wide number).
struct _BlockedNumbers: Sendable {
    /// Per block: its least number, or `wideFlag | i` for a block stored as `wide[i...]`.
    let base: _Column<UInt32>
    /// Per number: the number less its block's base (0 in a wide block).
    let delta: _Column<UInt8>
    /// The numbers of the wide blocks, one block after another.
    let wide: _Column<UInt32>

    static let shift = 4
    static let blockSize = 1 << shift
    static let wideFlag: UInt32 = 1 << 31

    init(base: _Column<UInt32>, delta: _Column<UInt8>, wide: _Column<UInt32>) {
        self.base = base
        self.delta = delta
        self.wide = wide
    }

    /// `numbers`, in blocks.
    init(_ numbers: [UInt32]) {
        var base: [UInt32] = [], delta: [UInt8] = [], wide: [UInt32] = []
        base.reserveCapacity((numbers.count + Self.blockSize - 1) >> Self.shift)
        delta.reserveCapacity(numbers.count)
        for start in stride(from: 0, to: numbers.count, by: Self.blockSize) {
            let block = start..<min(start + Self.blockSize, numbers.count)
            var least = numbers[start], most = numbers[start]
            for i in block { least = min(least, numbers[i]); most = max(most, numbers[i]) }
            if least < Self.wideFlag && most - least <= UInt32(UInt8.max) {
                base.append(least)
                for i in block { delta.append(UInt8(numbers[i] - least)) }
            } else {
                base.append(Self.wideFlag | UInt32(wide.count))
                delta.append(contentsOf: repeatElement(0, count: block.count))
                wide.append(contentsOf: numbers[block])
            }
        }
        self.init(base: _Column(base), delta: _Column(delta), wide: _Column(wide))
    }

    /// The number of numbers.
    var count: Int { delta.count }

    /// Number `i` (bounds-checked).
    subscript(i: Int) -> UInt32 {
        precondition(i >= 0 && i < count, "_BlockedNumbers index out of range")
        return buffers[i]
    }

    var buffers: Buffers { Buffers(base: base.buffer, delta: delta.buffer, wide: wide.buffer) }

    /// The columns as buffers, for a hot loop (see `_ShallowTrie.Buffers`): read only after
    /// `isConsistent()`, which puts every wide block's numbers inside `wide`.
    struct Buffers {
        let base: UnsafeBufferPointer<UInt32>
        let delta: UnsafeBufferPointer<UInt8>
        let wide: UnsafeBufferPointer<UInt32>

        var count: Int { delta.count }

        @inline(__always)
        subscript(i: Int) -> UInt32 {
            let block = base[i &>> _BlockedNumbers.shift]
            if block & _BlockedNumbers.wideFlag == 0 { return block &+ UInt32(delta[i]) }
            return wide[Int(block & ~_BlockedNumbers.wideFlag) &+ (i & (_BlockedNumbers.blockSize - 1))]
        }
    }

    /// All the numbers, decoded block by block: for a load check that reads every number
    /// (one pass of adds the compiler vectorises, not a base read and a branch a number).
    /// Call only after `isConsistent()`.
    ///
    /// - Complexity: O(*n*) for *n* numbers.
    func decoded() -> [UInt32] {
        let base = base.buffer, delta = delta.buffer, wide = wide.buffer, count = count
        return [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
            var start = 0
            for block in base {
                let end = min(start &+ Self.blockSize, count)
                if block & Self.wideFlag == 0 {
                    for i in start..<end { out[i] = block &+ UInt32(delta[i]) }
                } else {
                    let from = Int(block & ~Self.wideFlag) &- start
                    for i in start..<end { out[i] = wide[from &+ i] }
                }
                start = end
            }
            initialized = count
        }
    }

    /// Whether there is a base for every block and the wide blocks lie in `wide` one after
    /// another, filling it, so that every number reads from inside the columns.
    ///
    /// - Complexity: O(*b*) for *b* blocks.
    func isConsistent() -> Bool {
        guard base.count == (count + Self.blockSize - 1) >> Self.shift else { return false }
        var nextWide = 0
        for (b, block) in base.buffer.enumerated() where block & Self.wideFlag != 0 {
            guard Int(block & ~Self.wideFlag) == nextWide else { return false }
            nextWide += min(Self.blockSize, count - (b << Self.shift))
        }
        return nextWide == wide.count
    }
}
