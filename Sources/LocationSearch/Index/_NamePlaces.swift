/// Each indexed name's place, in about a quarter of the bytes of a column of them.
///
/// Names are indexed place by place, so their places rise, and a block of 64 names spans
/// few places: a place per block (`base`, the lowest in it) and a byte per name (`delta`,
/// the name's place less its block's) hold them (1.3 MB for the bundled data, where a
/// 32-bit place per name took 4.8 MB). A list whose blocks span more than 255 places
/// (thousands of places in a row without a searchable name) uses blocks of one name.
///
/// - Complexity: a place in O(1): two reads, the block's from a small, cache-friendly column.
struct _NamePlaces: Sendable {
    /// The lowest place of each block of `1 << shift` names.
    let base: _Column<UInt32>
    /// Each name's place less its block's base.
    let delta: _Column<UInt8>
    /// Names per block, as a power of two: 6, or 0 when a block spans too many places.
    let shift: Int

    /// The block sizes a list may use (`shift`), the compact one first.
    static let shifts = [6, 0]

    init(base: _Column<UInt32>, delta: _Column<UInt8>, shift: Int) {
        self.base = base
        self.delta = delta
        self.shift = shift
    }

    /// The places of names in order (`places[i]` is name `i`'s).
    init(_ places: [UInt32]) {
        for shift in Self.shifts {
            let blockSize = 1 << shift
            var base: [UInt32] = [], delta: [UInt8] = []
            base.reserveCapacity((places.count + blockSize - 1) / blockSize)
            delta.reserveCapacity(places.count)
            var fits = true
            for start in stride(from: 0, to: places.count, by: blockSize) where fits {
                let block = places[start..<min(start + blockSize, places.count)]
                let lowest = block.min() ?? 0
                base.append(lowest)
                for place in block {
                    guard place - lowest <= UInt32(UInt8.max) else { fits = false; break }
                    delta.append(UInt8(place - lowest))
                }
            }
            if fits {
                self.init(base: _Column(base), delta: _Column(delta), shift: shift)
                return
            }
        }
        preconditionFailure("blocks of one name always fit")
    }

    var count: Int { delta.count }

    subscript(name: Int) -> UInt32 { base[name >> shift] &+ UInt32(delta[name]) }

    /// The columns as buffers, for a loop that holds them (see `_Column.buffer`).
    var buffers: Buffers { Buffers(base: base.buffer, delta: delta.buffer, shift: shift) }

    struct Buffers {
        let base: UnsafeBufferPointer<UInt32>
        let delta: UnsafeBufferPointer<UInt8>
        let shift: Int

        @inline(__always)
        subscript(name: Int) -> UInt32 { base[name &>> shift] &+ UInt32(delta[name]) }
    }

    /// Whether the blocks fit the names and every place is below `places`: what a loaded
    /// index must satisfy before a search reads a place through it.
    ///
    /// - Complexity: O(*n*) for *n* names.
    func isConsistent(places: Int) -> Bool {
        guard Self.shifts.contains(shift), base.count == (count + (1 << shift) - 1) >> shift else { return false }
        let base = base.buffer, delta = delta.buffer
        for name in delta.indices where Int(base[name >> shift]) + Int(delta[name]) >= places { return false }
        return true
    }
}
