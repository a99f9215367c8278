/// The hashing every byte-keyed table of the library shares: FNV-1a over bytes, and the
/// first slot of a hash in an open-addressed table.

/// 64-bit FNV-1a of `bytes`, from `seed` (the offset basis, or the hash of bytes before).
func _fnv1a(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    var hash = seed
    for i in bytes.indices { hash = (hash ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01B3 }
    return hash
}

/// 64-bit FNV-1a of `bytes`, from `seed`.
func _fnv1a(_ bytes: [UInt8], seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    bytes.withUnsafeBufferPointer { _fnv1a($0, seed: seed) }
}

/// The first slot of `hash` in an open-addressed table of `mask + 1` slots (a power of
/// two): the hash's product with 2⁶⁴/φ, its high half (FNV-1a's low bits alone cluster).
@inline(__always)
func _hashSlot(_ hash: UInt64, mask: Int) -> Int {
    Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
}
