import Foundation
import Testing

@testable import LocationSearch

@Suite("Checksums", .holdsItsThread)
struct ChecksumTests {
    /// Hashing in pieces (whole blocks, then any rest) gives the one-pass checksum, for
    /// every split of lengths around the block size and the loader's piece size.
    @Test func piecesHashLikeTheWhole() {
        var generator = SystemRandomNumberGenerator()
        let block = _Checksum.Stream.blockSize
        let lengths = [0, 1, 7, 31, 32, 33, 95, 96, 1000, _IndexFile.Reader.chunkSize + 17, 3 * _IndexFile.Reader.chunkSize]
        for length in lengths {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            bytes.withUnsafeBytes { all in
                let whole = _Checksum.of(all, seed: 7)
                for piece in [block, 3 * block, 64 * block, _IndexFile.Reader.chunkSize] {
                    var stream = _Checksum.Stream(seed: 7)
                    var start = 0
                    while all.count - start > piece {
                        stream.add(UnsafeRawBufferPointer(rebasing: all[start..<(start + piece)]))
                        start += piece
                    }
                    #expect(stream.finish(UnsafeRawBufferPointer(rebasing: all[start...])) == whole,
                            "\(length) bytes in pieces of \(piece)")
                }
            }
        }
    }

    /// A flipped bit deep in a section longer than the loader's piece is found, whichever
    /// piece holds it.
    @Test func damageInAnyPieceOfALongSectionIsFound() throws {
        let chunk = _IndexFile.Reader.chunkSize
        var writer = _IndexFile.writer(for: Fixtures.completer, sourceKey: "")
        writer.append("extra.long", _Column([UInt8](repeating: 3, count: 3 * chunk + 5)))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ls-checksum-\(UUID()).lsindex")
        defer { try? FileManager.default.removeItem(at: file) }
        try writer.write(to: file)
        let clean = try Data(contentsOf: file)
        let section = IndexLayout(clean).section("extra.long")
        for byte in [0, chunk - 1, chunk, 2 * chunk + 9, 3 * chunk + 4] {
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
}
