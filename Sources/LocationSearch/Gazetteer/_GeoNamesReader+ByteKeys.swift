/// `ByteKeys`: the table the cities pass finds a row's country, region and time zone in,
/// by their codes' bytes.
extension _GeoNamesReader {
    /// Numbers by short byte strings under a salt (a region's admin-1 code under its
    /// country's label; a country code or a time zone under 0), each the order its key was
    /// added in: an open-addressed table probed from an FNV-1a hash, a key's bytes compared
    /// on a hash match. Bytes, not a `String`, whose hash normalises its text; and no
    /// `Hasher`, whose SipHash (a `Dictionary` of a region's packed bytes) was a fifth of
    /// the serial pass's instructions. Two spellings of one code that only a `String` finds
    /// equal are two keys here, which the caller resolves to the same label.
    struct ByteKeys {
        /// Slots of a key's number (-1 for an empty one), at most half of them full.
        private var slots = [Int32](repeating: -1, count: 64)
        /// Each key's hash and salt, and its bytes, `bytes[ends[n] ..< ends[n + 1]]`.
        private var hashes: [UInt64] = [], salts: [UInt64] = [], ends: [Int] = [0], bytes: [UInt8] = []

        /// The number of keys.
        var count: Int { hashes.count }

        /// The number of `key` under `salt`, or `nil` if it was not added.
        func number(of key: UnsafeBufferPointer<UInt8>, salt: UInt64 = 0) -> Int? {
            let hash = Self.hash(key, salt: salt), mask = slots.count - 1
            var s = _hashSlot(hash, mask: mask)
            while slots[s] >= 0 {
                let n = Int(slots[s])
                if hashes[n] == hash && salts[n] == salt && bytes.withUnsafeBufferPointer({
                    key._hasSameBytes(as: UnsafeBufferPointer(rebasing: $0[ends[n]..<ends[n + 1]]))
                }) {
                    return n
                }
                s = (s + 1) & mask
            }
            return nil
        }

        /// Adds `key` under `salt` (which `number(of:salt:)` does not find) as number `count`.
        @discardableResult
        mutating func add(_ key: UnsafeBufferPointer<UInt8>, salt: UInt64 = 0) -> Int {
            let n = count
            if 2 * (n + 1) > slots.count {
                slots = [Int32](repeating: -1, count: 2 * slots.count)
                for m in 0..<n { place(m) }
            }
            hashes.append(Self.hash(key, salt: salt))
            salts.append(salt)
            bytes.append(contentsOf: key)
            ends.append(bytes.count)
            place(n)
            return n
        }

        /// Puts key `n` in the first free slot from its hash's.
        private mutating func place(_ n: Int) {
            let mask = slots.count - 1
            var s = _hashSlot(hashes[n], mask: mask)
            while slots[s] >= 0 { s = (s + 1) & mask }
            slots[s] = Int32(n)
        }

        /// FNV-1a of the salt's bytes and the key's (`_fnv1a`).
        private static func hash(_ key: UnsafeBufferPointer<UInt8>, salt: UInt64) -> UInt64 {
            let seed = withUnsafeBytes(of: salt.littleEndian) { _fnv1a($0.assumingMemoryBound(to: UInt8.self)) }
            return _fnv1a(key, seed: seed)
        }
    }
}
