/// A fast 64-bit checksum of bytes, for index files: the shape of XXH3's long-input loop
/// (eight 64-bit lanes, each adding a neighbour's word and the 32 × 32-bit product of the
/// halves of its own word mixed with a key that changes every stripe; the lanes scrambled
/// every 1 KiB), then the tail, the length and a full avalanche.
///
/// It detects damage (any single bit flip, truncation, random or shifted bytes, stripes or
/// blocks moved within the input, with the probability of a 64-bit hash), not forgery: it
/// is not cryptographic. Words are read in the machine's byte order, like the rest of an
/// index file (whose header records it).
///
///     _Checksum.of(UnsafeRawBufferPointer(start: nil, count: 0))   // a fixed value
///
/// Release builds add the stripes in two-lane vectors (one SSE2 or NEON multiply for two
/// lanes): about 0.7 instructions a byte, and 3–4× the speed of four scalar
/// multiply-rotate lanes (docs/decisions/0033). Debug builds, where generic vector operations are calls, add the
/// same lanes as scalars; a test checks that both give the same checksums.
///
/// - Complexity: O(*n*) for *n* bytes.
enum _Checksum {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime32: UInt64 = 0x9E37_79B1

    /// Bytes in a stripe (one word for each of the eight lanes).
    static let stripe = 64
    /// Stripes in a block, after which the lanes are scrambled.
    static let stripesPerBlock = 16
    /// What each stripe of a block adds to the keys of the one before.
    private static let keyStep: UInt64 = prime3 | 1

    /// Eight 64-bit lanes.
    struct Lanes: Equatable {
        var a0, a1, a2, a3, a4, a5, a6, a7: UInt64

        /// The lanes' keys for a block's first stripe.
        static let firstKeys = Lanes(
            a0: prime1, a1: prime2, a2: prime3, a3: prime4,
            a4: prime2 ^ prime3, a5: prime1 ^ prime4, a6: prime4 &* 3, a7: prime3 &* 5)

        /// The lanes before any stripe, from `seed`.
        init(seed: UInt64) {
            self.init(
                a0: prime32 &+ seed, a1: prime1 &+ seed, a2: prime2 &- seed, a3: prime3 &- seed,
                a4: prime4 ^ seed, a5: prime32 ^ seed, a6: prime1 ^ prime2, a7: prime3 ^ prime4)
        }

        init(a0: UInt64, a1: UInt64, a2: UInt64, a3: UInt64, a4: UInt64, a5: UInt64, a6: UInt64, a7: UInt64) {
            (self.a0, self.a1, self.a2, self.a3) = (a0, a1, a2, a3)
            (self.a4, self.a5, self.a6, self.a7) = (a4, a5, a6, a7)
        }
    }

    /// `stripes` stripes from `base` added to `lanes`, two lanes to a vector.
    static func addStripesInVectors(_ base: UnsafeRawPointer, stripes: Int, to lanes: Lanes) -> Lanes {
        typealias Pair = SIMD2<UInt64>
        // (Locals, not static properties, which would be initialised lazily behind a check.)
        let first = (
            Pair(Lanes.firstKeys.a0, Lanes.firstKeys.a1), Pair(Lanes.firstKeys.a2, Lanes.firstKeys.a3),
            Pair(Lanes.firstKeys.a4, Lanes.firstKeys.a5), Pair(Lanes.firstKeys.a6, Lanes.firstKeys.a7))
        let step = Pair(repeating: keyStep), low = Pair(repeating: 0xFFFF_FFFF), multiplier = Pair(repeating: prime32)
        var acc = (Pair(lanes.a0, lanes.a1), Pair(lanes.a2, lanes.a3), Pair(lanes.a4, lanes.a5), Pair(lanes.a6, lanes.a7))
        @inline(__always)
        func add(_ acc: inout Pair, _ at: UnsafeRawPointer, _ key: Pair) {
            let word = at.loadUnaligned(as: Pair.self)
            let keyed = word ^ key
            // (Both factors' top 32 bits are clear: one vector multiply of 32 × 32 bits.)
            acc &+= Pair(word[1], word[0]) &+ (keyed & low) &* (keyed &>> 32)
        }
        @inline(__always)
        func scramble(_ acc: inout Pair, _ key: Pair) {
            acc = (acc ^ (acc &>> 47) ^ key) &* multiplier
        }
        var s = 0
        while s < stripes {
            var keys = first
            let end = min(s &+ stripesPerBlock, stripes)
            while s < end {
                let at = base + s &* stripe
                add(&acc.0, at, keys.0)
                add(&acc.1, at + 16, keys.1)
                add(&acc.2, at + 32, keys.2)
                add(&acc.3, at + 48, keys.3)
                keys.0 &+= step
                keys.1 &+= step
                keys.2 &+= step
                keys.3 &+= step
                s &+= 1
            }
            scramble(&acc.0, first.3)
            scramble(&acc.1, first.2)
            scramble(&acc.2, first.1)
            scramble(&acc.3, first.0)
        }
        return Lanes(
            a0: acc.0[0], a1: acc.0[1], a2: acc.1[0], a3: acc.1[1], a4: acc.2[0], a5: acc.2[1], a6: acc.3[0],
            a7: acc.3[1])
    }

    /// `addStripesInVectors`, a lane at a time.
    static func addStripesInScalars(_ base: UnsafeRawPointer, stripes: Int, to lanes: Lanes) -> Lanes {
        var acc = lanes
        @inline(__always)
        func product(_ keyed: UInt64) -> UInt64 { (keyed & 0xFFFF_FFFF) &* (keyed &>> 32) }
        @inline(__always)
        func scramble(_ a: UInt64, _ key: UInt64) -> UInt64 { (a ^ (a &>> 47) ^ key) &* prime32 }
        var s = 0
        while s < stripes {
            var k = Lanes.firstKeys
            let end = min(s &+ stripesPerBlock, stripes)
            while s < end {
                let at = base + s &* stripe
                let w0 = at.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
                let w1 = at.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let w2 = at.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                let w3 = at.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                let w4 = at.loadUnaligned(fromByteOffset: 32, as: UInt64.self)
                let w5 = at.loadUnaligned(fromByteOffset: 40, as: UInt64.self)
                let w6 = at.loadUnaligned(fromByteOffset: 48, as: UInt64.self)
                let w7 = at.loadUnaligned(fromByteOffset: 56, as: UInt64.self)
                acc.a0 = acc.a0 &+ w1 &+ product(w0 ^ k.a0)
                acc.a1 = acc.a1 &+ w0 &+ product(w1 ^ k.a1)
                acc.a2 = acc.a2 &+ w3 &+ product(w2 ^ k.a2)
                acc.a3 = acc.a3 &+ w2 &+ product(w3 ^ k.a3)
                acc.a4 = acc.a4 &+ w5 &+ product(w4 ^ k.a4)
                acc.a5 = acc.a5 &+ w4 &+ product(w5 ^ k.a5)
                acc.a6 = acc.a6 &+ w7 &+ product(w6 ^ k.a6)
                acc.a7 = acc.a7 &+ w6 &+ product(w7 ^ k.a7)
                (k.a0, k.a1, k.a2, k.a3) = (k.a0 &+ keyStep, k.a1 &+ keyStep, k.a2 &+ keyStep, k.a3 &+ keyStep)
                (k.a4, k.a5, k.a6, k.a7) = (k.a4 &+ keyStep, k.a5 &+ keyStep, k.a6 &+ keyStep, k.a7 &+ keyStep)
                s &+= 1
            }
            let key = Lanes.firstKeys
            (acc.a0, acc.a1) = (scramble(acc.a0, key.a6), scramble(acc.a1, key.a7))
            (acc.a2, acc.a3) = (scramble(acc.a2, key.a4), scramble(acc.a3, key.a5))
            (acc.a4, acc.a5) = (scramble(acc.a4, key.a2), scramble(acc.a5, key.a3))
            (acc.a6, acc.a7) = (scramble(acc.a6, key.a0), scramble(acc.a7, key.a1))
        }
        return acc
    }

    @inline(__always)
    private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = lane &+ word &* prime2
        return (mixed << 31 | mixed >> 33) &* prime1
    }

    /// The checksum of `bytes`, starting from `seed`.
    static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        var hash = seed &+ prime4 &+ UInt64(truncatingIfNeeded: count) &* prime1
        var i = 0
        if let base = bytes.baseAddress, count >= stripe {
            let stripes = count / stripe
            #if DEBUG
            let lanes = addStripesInScalars(base, stripes: stripes, to: Lanes(seed: seed))
            #else
            let lanes = addStripesInVectors(base, stripes: stripes, to: Lanes(seed: seed))
            #endif
            for (x, y) in [(lanes.a0, lanes.a1), (lanes.a2, lanes.a3), (lanes.a4, lanes.a5), (lanes.a6, lanes.a7)] {
                let product = (x ^ prime1).multipliedFullWidth(by: y ^ prime2)
                hash = (hash ^ (product.high ^ UInt64(product.low))) &* prime1 &+ prime4
                hash = hash << 27 | hash >> 37
            }
            i = stripes &* stripe
        }
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
