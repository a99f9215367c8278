import Foundation
import Testing
@testable import LocationSearch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the GeoNames reader (`_GeoNamesFile`) accepts as a file: a regular file whose lines
/// are at most `_GeoNamesFile.longestLine` bytes. A FIFO, a device or a socket is an error
/// naming the file, found without reading from it; a longer line is an error naming its
/// file and line.
@Suite("GeoNames files: special files and long lines", .holdsItsThread)
struct GeoNamesFileTests {
    /// A copy of the fixture's GeoNames folder, removed after `body`.
    func withFixtures<R>(_ body: (URL) throws -> R) throws -> R {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-special-\(UUID())")
        try FileManager.default.copyItem(at: Fixtures.directory("geonames"), to: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    /// A FIFO in a file's place is refused without opening it for a writer. A helper
    /// thread plays the writer that never writes: it opens the FIFO whenever a reader has
    /// it open and closes it at once, so a reader that waited in `open` would read an
    /// empty file and load (no error) rather than hang the test.
    @Test(arguments: ["cities500.txt", "admin1CodesASCII.txt", "countryInfo.txt"])
    func aFIFOIsAnErrorNamingIt(_ name: String) throws {
        try withFixtures { directory in
            let fifo = directory.appendingPathComponent(name)
            try FileManager.default.removeItem(at: fifo)
            #expect(mkfifo(fifo.path, 0o600) == 0)
            let done = Flag()
            let writer = Thread {
                while !done.isSet {
                    let descriptor = open(fifo.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                    if descriptor >= 0 { close(descriptor) } else { usleep(1_000) }
                }
            }
            writer.start()
            defer { done.set() }
            #expect(throws: GazetteerError.unreadableFile(
                path: fifo.path, reason: "it is a FIFO (a named pipe), not a regular file")) {
                try Gazetteer(geoNamesDirectory: directory)
            }
        }
    }

    /// A device in a file's place (here `/dev/zero`, through a symbolic link: read, it
    /// would never end) is refused without a read.
    @Test func aDeviceIsAnErrorNamingIt() throws {
        try withFixtures { directory in
            let cities = directory.appendingPathComponent("cities500.txt")
            try FileManager.default.removeItem(at: cities)
            try FileManager.default.createSymbolicLink(atPath: cities.path, withDestinationPath: "/dev/zero")
            #expect(throws: GazetteerError.unreadableFile(path: cities.path, reason: "it is a device, not a regular file")) {
                try Gazetteer(geoNamesDirectory: directory)
            }
        }
    }

    /// A row of `longestLine` bytes loads; one byte more is an error naming the file and
    /// the line, in each of the three files (a `\r` before the line end does not count).
    @Test(arguments: ["cities500.txt", "admin1CodesASCII.txt", "countryInfo.txt"])
    func aLineLongerThanTheLongestIsAnError(_ name: String) throws {
        try withFixtures { directory in
            let file = directory.appendingPathComponent(name)
            let original = try Data(contentsOf: file)
            let lines = original.split(separator: 0x0A, omittingEmptySubsequences: false).count
            // A cities row whose alternate names fill the line; another file's comment line.
            func row(_ length: Int) -> Data {
                if name == "cities500.txt" {
                    let head = "77\tLongville\t\t", tail = "\t1\t1\tP\t\tUS\t\t\t\t\t\t1\t\t\t\t"
                    let names = String(repeating: "y", count: length - head.utf8.count - tail.utf8.count)
                    return Data((head + names + tail).utf8)
                }
                return Data(("#" + String(repeating: "y", count: length - 1)).utf8)
            }
            let longest = _GeoNamesFile.longestLine
            try (original + row(longest) + Data("\r\n".utf8)).write(to: file)
            _ = try Gazetteer(geoNamesDirectory: directory)
            try (original + row(longest + 1) + Data("\n".utf8)).write(to: file)
            #expect(throws: GazetteerError.malformedRow(
                file: name, line: lines,
                reason: "the line is longer than \(longest) bytes, the most a line may have")) {
                try Gazetteer(geoNamesDirectory: directory)
            }
        }
    }
}

/// A flag one thread sets and another reads.
private final class Flag: @unchecked Sendable {
    // `@unchecked Sendable`: its one field is only touched under `lock`.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
