/// A fast 64-bit checksum of bytes, for index files: four independent multiply-rotate
/// lanes over 8-byte words (the shape of xxHash64's inner loop, so the lanes overlap in
/// the pipeline), then the length and tail folded in and a full avalanche.
///
/// It detects damage (any single bit flip, truncation, random or shifted bytes, with the
/// probability of a 64-bit hash), not forgery: it is not cryptographic. Words are read in
/// the machine's byte order, like the rest of an index file (whose header records it).
///
///     _Checksum.of(UnsafeRawBufferPointer(start: nil, count: 0))   // a fixed value
///
/// - Complexity: O(*n*) for *n* bytes; about a byte per cycle per lane.
enum _Checksum {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63

    @inline(__always)
    private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = lane &+ word &* prime2
        return (mixed << 31 | mixed >> 33) &* prime1
    }

    /// The checksum of `bytes`, starting from `seed`.
    static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        var a = seed &+ prime1 &+ prime2, b = seed &+ prime2, c = seed, d = seed &- prime1
        var i = 0
        if let base = bytes.baseAddress {
            while i + 32 <= count {
                a = round(a, base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                b = round(b, base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                c = round(c, base.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
                d = round(d, base.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
                i += 32
            }
        }
        var hash = (a << 1 | a >> 63) &+ (b << 7 | b >> 57) &+ (c << 12 | c >> 52) &+ (d << 18 | d >> 46)
        hash = (hash ^ round(0, a)) &* prime1 &+ prime4
        hash = (hash ^ round(0, b)) &* prime1 &+ prime4
        hash = (hash ^ round(0, c)) &* prime1 &+ prime4
        hash = (hash ^ round(0, d)) &* prime1 &+ prime4
        hash &+= UInt64(count)
        if let base = bytes.baseAddress {
            while i + 8 <= count {
                hash ^= round(0, base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                hash = (hash << 27 | hash >> 37) &* prime1 &+ prime4
                i += 8
            }
            while i < count {
                hash ^= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) &* prime4
                hash = (hash << 11 | hash >> 53) &* prime1
                i += 1
            }
        }
        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        hash ^= hash >> 32
        return hash
    }

    /// The checksum of an array's bytes.
    static func of(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
        bytes.withUnsafeBytes { of($0, seed: seed) }
    }
}
