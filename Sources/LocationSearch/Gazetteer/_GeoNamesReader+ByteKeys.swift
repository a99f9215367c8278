/// `ByteKeys`: the table the cities pass finds a row's country, region and time zone in,
/// by their codes' bytes.
extension _GeoNamesReader {
    /// Numbers by short byte strings under a salt (a region's admin-1 code under its
    /// country's label; a country code or a time zone under 0), each the order its key was
    /// added in: a `_HashSlots` from an FNV-1a hash of the salt and the bytes, a key's
    /// bytes compared on a hash match. Bytes, not a `String`, whose hash normalises its
    /// text; and no `Hasher`, whose SipHash (a `Dictionary` of a region's packed bytes) was
    /// a fifth of the serial pass's instructions. Two spellings of one code that only a
    /// `String` finds equal are two keys here, which the caller resolves to the same label.
    struct ByteKeys {
        /// The keys' numbers by hash.
        private var table = _HashSlots()
        /// Each key's salt, and its bytes, `bytes[ends[n] ..< ends[n + 1]]`.
        private var salts: [UInt64] = [], ends: [Int] = [0], bytes: [UInt8] = []

        /// The number of keys.
        var count: Int { salts.count }

        /// The number of `key` under `salt`, or `nil` if it was not added.
        func number(of key: UnsafeBufferPointer<UInt8>, salt: UInt64 = 0) -> Int? {
            let hash = Self.hash(key, salt: salt)
            var slot = table.firstSlot(of: hash)
            while let n = table.number(withHash: hash, from: &slot) {
                if salts[n] == salt && bytes.withUnsafeBufferPointer({
                    key._hasSameBytes(as: UnsafeBufferPointer(rebasing: $0[ends[n]..<ends[n + 1]]))
                }) {
                    return n
                }
            }
            return nil
        }

        /// Adds `key` under `salt` (which `number(of:salt:)` does not find) as number `count`.
        @discardableResult
        mutating func add(_ key: UnsafeBufferPointer<UInt8>, salt: UInt64 = 0) -> Int {
            let n = count
            table.insert(Self.hash(key, salt: salt), n)
            salts.append(salt)
            bytes.append(contentsOf: key)
            ends.append(bytes.count)
            return n
        }

        /// FNV-1a of the salt's bytes and the key's (`_fnv1a`).
        private static func hash(_ key: UnsafeBufferPointer<UInt8>, salt: UInt64) -> UInt64 {
            let seed = withUnsafeBytes(of: salt.littleEndian) { _fnv1a($0.assumingMemoryBound(to: UInt8.self)) }
            return _fnv1a(key, seed: seed)
        }
    }
}
