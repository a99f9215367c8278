// libFuzzer targets for LocationSearch. Not part of the package: `Fuzz/run.sh` compiles
// the files of `Fuzz/` together with the library's sources (one module, so the targets can reach
// the internal GeoNames reader) with `swiftc -sanitize=fuzzer,address`. See
// docs/fuzzing.md.
//
// One binary holds every target; `FUZZ_TARGET` picks one:
//   queries   any bytes as a query (and options) to a completer; checks the answers'
//             invariants (limit, filters, highlight ranges within title and subtitle on
//             UTF-16 scalar boundaries, ordered and disjoint)
//   geonames  any bytes as one of the three GeoNames files (the first byte picks which;
//             the other two are the test fixture's); what loads is indexed and queried
//   index     any bytes as an index file, or as damage to a valid one (FUZZ_SEED_INDEX),
//             through `LocationCompleter(indexFile:)`; what loads is queried
//   places    any bytes as an app's own place rows (FuzzTargets+Places.swift) through
//             `Gazetteer(places:alternateNames:)`; the completer is queried with starts of
//             the names, its titles and JSON checked, its index written and read back

import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The target `FUZZ_TARGET` chose, set up once.
///
/// `nonisolated(unsafe)`: the state is set in `LLVMFuzzerInitialize`, before any input,
/// and libFuzzer then runs one input at a time on one thread.
enum _Fuzz {
    enum Target: String { case queries, geonames, index, places }

    nonisolated(unsafe) static var target = Target.queries
    nonisolated(unsafe) static var completer: LocationCompleter?
    nonisolated(unsafe) static var fixtures: [String: [UInt8]] = [:]
    nonisolated(unsafe) static var indexPath = ""
    nonisolated(unsafe) static var seedIndex: [UInt8] = []

    static let fixtureNames = ["cities500.txt", "admin1CodesASCII.txt", "countryInfo.txt"]
    static let countryCodes = ["US", "FR", "DE", "GB", "IS", "LI", "AD", "CN", "JP", "BR", "xx", ""]

    /// Writes `text` to standard error (fd 2; the C `stderr` global is not concurrency-safe).
    static func say(_ text: String) {
        var text = text
        _ = text.withUTF8 { write(2, $0.baseAddress, $0.count) }
    }

    static func fail(_ message: String) -> Never {
        say("fuzz invariant failed: \(message)\n")
        abort()
    }

    static func setUp() {
        let environment = ProcessInfo.processInfo.environment
        guard let name = environment["FUZZ_TARGET"], let chosen = Target(rawValue: name) else {
            say("set FUZZ_TARGET to queries, geonames, index or places\n")
            exit(2)
        }
        target = chosen
        let fixtureDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/LocationSearchTests/__Fixtures__/geonames")
        for file in fixtureNames {
            fixtures[file] = Array((try? Data(contentsOf: fixtureDirectory.appendingPathComponent(file))) ?? Data())
        }
        switch chosen {
        case .queries:
            do {
                if let index = environment["FUZZ_INDEX"], !index.isEmpty {
                    completer = try LocationCompleter(indexFile: URL(fileURLWithPath: index))
                } else {
                    completer = LocationCompleter(gazetteer: try Gazetteer(geoNamesDirectory: fixtureDirectory))
                }
            } catch {
                say("cannot load the completer: \(error)\n")
                exit(2)
            }
        case .index:
            if let seed = environment["FUZZ_WRITE_SEED"] {
                // The seed: an index of the fixture gazetteer, in this build's format.
                do {
                    let gazetteer = try Gazetteer(geoNamesDirectory: fixtureDirectory)
                    try LocationCompleter(gazetteer: gazetteer).writeIndex(to: URL(fileURLWithPath: seed))
                    exit(0)
                } catch {
                    say("cannot write the seed index: \(error)\n")
                    exit(2)
                }
            }
            if let seed = environment["FUZZ_SEED_INDEX"], let bytes = try? Data(contentsOf: URL(fileURLWithPath: seed)) {
                seedIndex = Array(bytes)
            }
            indexPath = temporaryIndexPath(environment)
        case .places:
            indexPath = temporaryIndexPath(environment)
        case .geonames:
            break
        }
    }

    /// Where `index` and `places` write index files: in memory when there is `/dev/shm`.
    static func temporaryIndexPath(_ environment: [String: String]) -> String {
        let directory = environment["FUZZ_TMPDIR"] ?? (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : "/tmp")
        return "\(directory)/location-search-fuzz-\(getpid()).lsindex"
    }

    static func run(_ data: UnsafeRawBufferPointer) {
        switch target {
        case .queries: queries(data)
        case .geonames: geonames(data)
        case .index: index(data)
        case .places: places(data)
        }
    }

    // MARK: queries

    /// Bytes 0-3 choose the options; the rest is the query, decoded leniently.
    static func queries(_ data: UnsafeRawBufferPointer) {
        guard let completer else { return }
        var options = CompletionOptions()
        let b = Array(data.prefix(4)) + Array(repeating: 0, count: max(0, 4 - data.count))
        options.limit = Int(b[0] % 24)
        options.typoTolerance = b[1] & 1 == 0
        if b[1] & 2 != 0 { options.kinds.insert(.city) }
        if b[1] & 4 != 0 { options.kinds.insert(.region) }
        if b[1] & 8 != 0 { options.kinds.insert(.country) }
        if b[1] & 0x10 != 0 {
            options.near = GeoCoordinate(latitude: Double(Int(b[2]) - 128) * 90 / 128, longitude: Double(Int(b[3]) - 128) * 180 / 128)
        }
        if b[1] & 0x20 != 0 { options.countries.insert(countryCodes[Int(b[2]) % countryCodes.count]) }
        if b[1] & 0x40 != 0 { options.countries.insert(countryCodes[Int(b[3]) % countryCodes.count]) }
        let query = String(decoding: data.dropFirst(4), as: UTF8.self)
        check(completer.completions(for: query, options: options), options: options, query: query)
    }

    static func check(_ completions: [LocalSearchCompletion], options: CompletionOptions, query: String) {
        if completions.count > options.limit { fail("\(completions.count) completions for limit \(options.limit)") }
        var ids = Set<String>()
        for completion in completions {
            if !ids.insert(completion.id).inserted { fail("\(completion.id) twice for \(query.debugDescription)") }
            let place = completion.place
            if !options.countries.isEmpty && !options.countries.contains(place.countryCode) {
                fail("\(completion.id) in \(place.countryCode) passed the filter \(options.countries)")
            }
            if !options.kinds.isEmpty && !options.kinds.contains(place.kind) {
                fail("\(completion.id), a \(place.kind), passed the filter \(options.kinds)")
            }
            checkRanges(completion.titleHighlightRanges, in: completion.title, query: query)
            checkRanges(completion.subtitleHighlightRanges, in: completion.subTitle, query: query)
            _ = completion.matchedName
        }
    }

    /// Ranges lie within `text`, are not empty, rise without overlapping, and start and
    /// end on scalar boundaries (never inside a surrogate pair).
    static func checkRanges(_ ranges: [HighlightRange], in text: String, query: String) {
        let utf16 = Array(text.utf16)
        var previousEnd = 0
        for range in ranges {
            if range.length <= 0 || range.location < previousEnd || range.location > utf16.count
                || range.length > utf16.count - range.location {
                fail("range \(range) in \(text.debugDescription) (\(utf16.count) UTF-16 units), after \(previousEnd), for \(query.debugDescription)")
            }
            for boundary in [range.location, range.location + range.length] where boundary < utf16.count {
                if UTF16.isTrailSurrogate(utf16[boundary]) {
                    fail("range \(range) splits a surrogate pair in \(text.debugDescription)")
                }
            }
            if range.range(in: text) == nil { fail("range \(range) has no String range in \(text.debugDescription)") }
            previousEnd = range.location + range.length
        }
    }

    // MARK: GeoNames files

    /// Byte 0 picks which file the rest replaces. What loads is indexed and queried, so
    /// odd data reaches the index build too.
    static func geonames(_ data: UnsafeRawBufferPointer) {
        guard let selector = data.first else { return }
        let replaced = fixtureNames[Int(selector) % 3]
        do {
            var files: [String: _GeoNamesFile] = [:]
            for name in fixtureNames {
                let contents = name == replaced ? Array(data.dropFirst()) : fixtures[name]!
                files[name] = try _GeoNamesFile(name: name, contents: contents)
            }
            let countries = try _GeoNamesReader.countries(files["countryInfo.txt"]!)
            let regions = try _GeoNamesReader.regions(files["admin1CodesASCII.txt"]!)
            let gazetteer = try _GeoNamesReader.gazetteer(
                cities: files["cities500.txt"]!, regions: regions, countries: countries)
            _ = gazetteer.loadReport.description
            if gazetteer.count > 0 { _ = Array(gazetteer.places) }
            let completer = LocationCompleter(gazetteer: gazetteer)
            for query in ["a", "s", "san", "pari", "xq", String(decoding: data.dropFirst().prefix(12), as: UTF8.self)] {
                let options = CompletionOptions()
                check(completer.completions(for: query, options: options), options: options, query: query)
            }
        } catch is GazetteerError {
            // A clear error is the right answer to a bad file.
        } catch {
            fail("an error that is not a GazetteerError: \(error)")
        }
    }

    // MARK: index files

    /// Byte 0 picks how the rest makes an index file: even, the bytes are the file; odd,
    /// they are damage done to a valid index of the fixture (`seedIndex`), three bytes a
    /// patch: where (`placement`), and a byte to XOR there. A quarter of the patches land
    /// in the first 256 bytes (the header), a quarter in the first 16 KB, the rest anywhere:
    /// whole-file mutation of an 800 KB file rarely hits the header fields that matter.
    /// The file is opened as an index; one that opens is queried.
    static func index(_ data: UnsafeRawBufferPointer) {
        guard let mode = data.first else { return }
        if mode & 1 == 0 || seedIndex.isEmpty {
            writeAndOpen(UnsafeRawBufferPointer(rebasing: data.dropFirst()))
            return
        }
        var damaged = seedIndex
        var patch = data.dropFirst()
        while patch.count >= 3 {
            let bytes = Array(patch.prefix(3))
            patch = patch.dropFirst(3)
            let low = Int(bytes[1]), high = Int(bytes[0] >> 2)
            let offset = switch bytes[0] & 3 {
            case 0: low
            case 1: low | high << 8
            default: (low | high << 8) &* 97 &+ Int(bytes[0]) << 14
            }
            damaged[offset % damaged.count] ^= bytes[2]
        }
        damaged.withUnsafeBytes { writeAndOpen($0) }
    }

    static func writeAndOpen(_ data: UnsafeRawBufferPointer) {
        let descriptor = open(indexPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { fail("cannot write \(indexPath)") }
        var offset = 0
        while offset < data.count {
            let written = write(descriptor, data.baseAddress! + offset, data.count - offset)
            if written <= 0 { fail("cannot write \(indexPath)") }
            offset += written
        }
        close(descriptor)
        defer { unlink(indexPath) }
        do {
            let completer = try LocationCompleter(indexFile: URL(fileURLWithPath: indexPath))
            for query in ["a", "s", "san", "san f", "pari", "berl", "münchen", "xq", "sna fr"] {
                for typos in [true, false] {
                    let options = CompletionOptions(typoTolerance: typos)
                    check(completer.completions(for: query, options: options), options: options, query: query)
                }
            }
        } catch is GazetteerError {
            // A damaged or foreign file is an error, never a trap.
        } catch {
            fail("an error that is not a GazetteerError: \(error)")
        }
    }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    _Fuzz.setUp()
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    _Fuzz.run(UnsafeRawBufferPointer(start: start, count: count))
    return 0
}
