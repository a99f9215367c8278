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
        var stream = Stream(seed: seed)
        return stream.finish(bytes)
    }

    /// A checksum taken piece by piece, equal to `of` over the pieces joined: so a
    /// loader can hash each piece just after reading it, while it is still in cache.
    ///
    /// Every piece but the last goes to `add` and must be a multiple of
    /// `Stream.blockSize` bytes long; the last goes to `finish`.
    struct Stream {
        /// The bytes the four lanes take at a time.
        static let blockSize = 32

        private var a, b, c, d: UInt64
        private var count = 0

        init(seed: UInt64 = 0) {
            a = seed &+ _Checksum.prime1 &+ _Checksum.prime2
            b = seed &+ _Checksum.prime2
            c = seed
            d = seed &- _Checksum.prime1
        }

        /// Hashes `bytes`, a whole number of blocks.
        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            precondition(bytes.count % Self.blockSize == 0, "a piece before the last is whole blocks")
            _ = addBlocks(bytes)
        }

        /// Hashes the whole blocks of `bytes` and returns where the rest starts.
        private mutating func addBlocks(_ bytes: UnsafeRawBufferPointer) -> Int {
            count += bytes.count
            guard let base = bytes.baseAddress else { return 0 }
            var i = 0
            while i + 32 <= bytes.count {
                a = _Checksum.round(a, base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                b = _Checksum.round(b, base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                c = _Checksum.round(c, base.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
                d = _Checksum.round(d, base.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
                i += 32
            }
            return i
        }

        /// Hashes `last`, the last piece (any length), and returns the checksum.
        mutating func finish(_ last: UnsafeRawBufferPointer) -> UInt64 {
            var i = addBlocks(last)
            let (p1, p2, p3, p4) = (_Checksum.prime1, _Checksum.prime2, _Checksum.prime3, _Checksum.prime4)
            var hash = (a << 1 | a >> 63) &+ (b << 7 | b >> 57) &+ (c << 12 | c >> 52) &+ (d << 18 | d >> 46)
            hash = (hash ^ _Checksum.round(0, a)) &* p1 &+ p4
            hash = (hash ^ _Checksum.round(0, b)) &* p1 &+ p4
            hash = (hash ^ _Checksum.round(0, c)) &* p1 &+ p4
            hash = (hash ^ _Checksum.round(0, d)) &* p1 &+ p4
            hash &+= UInt64(count)
            if let base = last.baseAddress {
                while i + 8 <= last.count {
                    hash ^= _Checksum.round(0, base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    hash = (hash << 27 | hash >> 37) &* p1 &+ p4
                    i += 8
                }
                while i < last.count {
                    hash ^= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) &* p4
                    hash = (hash << 11 | hash >> 53) &* p1
                    i += 1
                }
            }
            hash ^= hash >> 33
            hash &*= p2
            hash ^= hash >> 29
            hash &*= p3
            hash ^= hash >> 32
            return hash
        }
    }

    /// The checksum of an array's bytes.
    static func of(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
        bytes.withUnsafeBytes { of($0, seed: seed) }
    }
}
