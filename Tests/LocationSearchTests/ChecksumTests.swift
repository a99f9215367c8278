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
}
