import Foundation
import Testing

@testable import LocationSearch

@Suite("Checksums", .holdsItsThread)
struct ChecksumTests {
    /// A flipped bit anywhere in a section of hundreds of kilobytes is found: at its ends,
    /// and past the first megabyte's worth of 32-byte lanes.
    @Test func damageAnywhereInALongSectionIsFound() throws {
        let length = 3 << 17 | 5
        var writer = _IndexFile.writer(for: Fixtures.completer, sourceKey: "")
        writer.append("extra.long", _Column([UInt8](repeating: 3, count: length)))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ls-checksum-\(UUID()).lsindex")
        defer { try? FileManager.default.removeItem(at: file) }
        try writer.write(to: file)
        let clean = try Data(contentsOf: file)
        let section = IndexLayout(clean).section("extra.long")
        #expect(section.count == length)
        for byte in [0, 31, 32, 1 << 17, 2 << 17 | 9, length - 5, length - 1] {
            var data = clean
            data[section.offset + byte] ^= 0x10
            try data.write(to: file)
            #expect {
                try LocationCompleter(indexFile: file)
            } throws: { error in
                "\(error)".contains("section extra.long is damaged")
            }
        }
    }

    /// Every single bit flip, in inputs shorter than a stripe, of a few stripes, and of more
    /// than a block (where the accumulators are scrambled), changes the checksum.
    @Test("Every bit flip changes the checksum", arguments: [1, 63, 64, 200, 1_100, 2_113])
    func everyBitFlipChangesTheChecksum(length: Int) {
        var generator = SeededGenerator(seed: UInt64(length))
        var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let clean = _Checksum.of(bytes)
        var unchanged = 0
        for bit in 0..<(8 * length) {
            bytes[bit / 8] ^= 1 << UInt8(bit % 8)
            if _Checksum.of(bytes) == clean { unchanged += 1 }
            bytes[bit / 8] ^= 1 << UInt8(bit % 8)
        }
        #expect(unchanged == 0)
    }

    /// Moved data is damage: the words of a stripe are each added to a sum, so stripes,
    /// lanes and whole blocks swapped must still change the checksum (each stripe's key
    /// differs, and blocks are scrambled in order).
    @Test func swappedStripesAndBlocksChangeTheChecksum() {
        var generator = SeededGenerator(seed: 9)
        let bytes = (0..<5_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let clean = _Checksum.of(bytes)
        func swapped(_ a: Int, _ b: Int, length: Int) -> [UInt8] {
            var copy = bytes
            for k in 0..<length { copy.swapAt(a + k, b + k) }
            return copy
        }
        #expect(_Checksum.of(swapped(0, 64, length: 64)) != clean, "two stripes of a block")
        #expect(_Checksum.of(swapped(0, 16, length: 16)) != clean, "two lanes of a stripe")
        #expect(_Checksum.of(swapped(0, 8, length: 8)) != clean, "the two words of a lane")
        #expect(_Checksum.of(swapped(64, 1_088, length: 64)) != clean, "stripes of two blocks")
        #expect(_Checksum.of(swapped(0, 1_024, length: 1_024)) != clean, "two blocks")
        #expect(_Checksum.of(Array(bytes.dropLast())) != clean && _Checksum.of(bytes + [0]) != clean,
                "a byte less or more")
    }

    /// The seed and the length take part: the checksums of a file's pieces chained by seed
    /// (how the cache key hashes source files) differ from the whole's, and runs of zeros
    /// of different lengths differ.
    @Test func seedsAndLengthsTakePart() {
        let zeros = (0...300).map { _Checksum.of([UInt8](repeating: 0, count: $0)) }
        #expect(Set(zeros).count == zeros.count)
        let bytes = [UInt8](repeating: 5, count: 100)
        #expect(_Checksum.of(bytes, seed: 1) != _Checksum.of(bytes, seed: 2))
        #expect(_Checksum.of(bytes) == _Checksum.of(bytes), "deterministic")
    }

    /// Release builds add stripes in vectors, debug builds (these tests) in scalars: the
    /// two must give the same lanes, or a cache written by one would be damaged to the other.
    @Test func vectorsAndScalarsAddStripesAlike() {
        var generator = SeededGenerator(seed: 11)
        let bytes = (0..<(_Checksum.stripe * 40)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes.withUnsafeBytes { raw in
            for stripes in [0, 1, 15, 16, 17, 40] {
                for seed: UInt64 in [0, 1, .max] {
                    let start = _Checksum.Lanes(seed: seed)
                    let base = raw.baseAddress!
                    #expect(_Checksum.addStripesInVectors(base, stripes: stripes, to: start)
                            == _Checksum.addStripesInScalars(base, stripes: stripes, to: start))
                }
            }
        }
    }
}

