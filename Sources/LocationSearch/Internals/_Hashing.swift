/// The hashing every byte-keyed table of the library shares (`_HashSlots`, the bundled
/// index's cache name): FNV-1a over bytes.

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
