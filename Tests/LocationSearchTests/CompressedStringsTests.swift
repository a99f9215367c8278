import Foundation
import Testing
@testable import LocationSearch

/// Strings coded with a symbol table (`_CompressedStrings`): copies of the start of the
/// string before, damaged codes decoded within bounds, starts read alone, and the bundled
/// names coded and read back.
@Suite("Compressed strings", .holdsItsThread)
struct CompressedStringsTests {
    /// The strings of `SymbolTableTests`, and its helpers over them.
    static var adversarial: [[UInt8]] { SymbolTableTests.adversarial }
    static var names: [[UInt8]] { SymbolTableTests.names }
    static func builder(_ strings: [[UInt8]]) -> _StringTable.Builder { SymbolTableTests.builder(strings) }
    static func roundTrips(_ strings: [[UInt8]], _ compressed: _CompressedStrings) -> Bool {
        SymbolTableTests.roundTrips(strings, compressed)
    }

    /// A string that shares its start with the one before copies it (at most `copyDepth`
    /// in a row), and still reads like its text: the same strings compare equal whichever
    /// way they are coded.
    @Test func stringsCopyTheStartOfTheOneBefore() {
        let strings = ["Takht-e Qeysar", "Takht-e Qeyşar", "Takht-e Qeysar", "Takht-e Azadi", "Takht-e Āzādī",
                       "Takht", "Takht-e Qeysar", "Seyyed Nur", "Takht-e Qeysar"].map { Array($0.utf8) }
        let compressed = _CompressedStrings(Self.builder(strings + Self.names))
        #expect(compressed.isConsistent())
        #expect(Self.roundTrips(strings + Self.names, compressed))
        let copies = strings.indices.map { compressed.copied($0) }
        // "Takht-e Qey" (11 bytes) again, then "şar" in fewer codes than the whole.
        #expect(copies[0] == nil && copies[1] == 11)
        #expect(copies[...5].filter { $0 != nil }.count <= _CompressedStrings.copyDepth)
        for a in strings.indices {
            for b in strings.indices {
                #expect(compressed.equal(a, b) == (strings[a] == strings[b]), "\(a) \(b)")
            }
        }
        // A scan decodes each string once, from any start, and stops when asked.
        for range in [0..<9, 1..<6, 4..<5, 3..<3, 2..<300] {
            var seen: [[UInt8]] = []
            compressed.forEach(in: range) { i, bytes in
                #expect(i == range.lowerBound + seen.count)
                seen.append(Array(bytes))
                return true
            }
            #expect(seen == Array((strings + Self.names)[range]))
        }
        var visited = 0
        compressed.forEach(in: 0..<9) { _, _ in
            visited += 1
            return visited < 3
        }
        #expect(visited == 3)
    }

    /// Strings of `codes` (any codes, as a damaged file may hold), with `table`.
    static func strings(_ codes: [[UInt16]], table: _SymbolTable) -> _CompressedStrings {
        var starts: [UInt32] = [0]
        for string in codes { starts.append(starts.last! + UInt32(string.count)) }
        return _CompressedStrings(table: table, codes: _Column(_PackedCodes.pack(codes.flatMap { $0 })),
                                  offsets: _StringOffsets(starts))
    }

    /// Codes that no encoder writes (copy codes after a string's start, copies at the
    /// first string, chains of copies longer than `copyDepth`, random codes) decode within
    /// bounds.
    @Test func damagedCodesDecodeWithinBounds() {
        let table = _CompressedStrings(Self.builder(Self.names)).table
        var generator = SeededGenerator(seed: 3)
        func strings(_ codes: [[UInt16]]) -> _CompressedStrings { Self.strings(codes, table: table) }
        for length in [0, 1, 2, 3, 17, 500] {
            let random = (0..<20).map { _ in (0..<length).map { _ in UInt16.random(in: 0...0xFFF, using: &generator) } }
            let damaged = strings(random)
            #expect(damaged.isConsistent())
            for i in random.indices {
                #expect(damaged.withBytes(i) { $0.count } <= 8 * length + _SymbolTable.longestCopy)
            }
        }
        let copy3 = UInt16(_SymbolTable.copyCodes.lowerBound + 2), a = UInt16(UInt8(ascii: "a"))
        // Every string copies 3 bytes: the first copies nothing, and a chain is cut after
        // `copyDepth` strings.
        let chain = strings(Array(repeating: [copy3, a], count: 10))
        let decoded = (0..<10).map { chain.withBytes($0) { String(decoding: $0, as: UTF8.self) } }
        #expect(decoded == ["a", "aa", "aaa", "aaaa", "aaaa", "aaaa", "aaaa", "aaaa", "aaaa", "aaaa"])
        // A copy code after the start stands for nothing.
        #expect(strings([[a], [a, copy3, a]]).string(1) == "aa")
    }

    /// A string's start read alone (`startBytes`: its first codes, and the starts of the
    /// strings it copies from) is where its decoding starts: for strings that copy, chains
    /// cut after `copyDepth`, copies at the first string and after a string's start, and
    /// random codes.
    @Test func aStringsStartReadsAloneAsItsDecodingStarts() {
        let strings = ["Takht-e Qeysar", "Takht-e Qeyşar", "Takht-e Qeysar", "Takht-e Azadi", "Takht-e Āzādī",
                       "Takht", "Takht-e Qeysar", "T", "", "Takht-e Q"].map { Array($0.utf8) }
        let compressed = _CompressedStrings(Self.builder(strings + Self.names + Self.adversarial))
        #expect((0..<10).filter { compressed.copied($0) != nil }.count >= 3)
        #expect(compressed.startsDisagreeing().isEmpty)
        let table = compressed.table
        let copy3 = UInt16(_SymbolTable.copyCodes.lowerBound + 2)
        let copy32 = UInt16(_SymbolTable.copyCodes.upperBound - 1)
        let a = UInt16(UInt8(ascii: "a"))
        let long = UInt16((0..<_SymbolTable.entries).max { table.lengths[$0] < table.lengths[$1] }!)
        var generator = SeededGenerator(seed: 9)
        let random = (0..<40).map { n in (0..<(n % 13)).map { _ in UInt16.random(in: 0...0xFFF, using: &generator) } }
        for codes in [Array(repeating: [copy3, a], count: 10), Array(repeating: [copy32, long, long, a], count: 10),
                      [[a], [a, copy3, a], [copy3], [copy32], [long, long, long], [copy3, long]], random] {
            #expect(Self.strings(codes, table: table).startsDisagreeing().isEmpty, "\(codes)")
        }
    }

    /// Every name field of the bundled cities file (name, ASCII name and each alternate
    /// name: about 3 million strings in every script the data has) comes back byte for
    /// byte. The coding and checking run on a thread of their own (`onOwnThread`).
    @Test func theBundledNamesComeBack() async throws {
        let directory = try #require(_BundledData.directory)
        let file = directory.appendingPathComponent("cities500.txt")
        let found = try await onOwnThread {
            let text = try Data(contentsOf: file)
            var strings: [[UInt8]] = []
            for line in text.split(separator: UInt8(ascii: "\n")) {
                let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 4, omittingEmptySubsequences: false)
                guard fields.count > 3 else { continue }
                strings.append(Array(fields[1]))
                strings.append(Array(fields[2]))
                for alternate in fields[3].split(separator: UInt8(ascii: ",")) { strings.append(Array(alternate)) }
            }
            let compressed = _CompressedStrings(Self.builder(strings))
            let mismatch = strings.indices.first { i in !compressed.withBytes(i) { $0.elementsEqual(strings[i]) } }
            return (count: strings.count, consistent: compressed.isConsistent(), mismatch: mismatch,
                    bytes: strings.reduce(0) { $0 + $1.count }, codes: compressed.codes.count)
        }
        #expect(found.count > 1_000_000)
        #expect(found.consistent)
        #expect(found.mismatch == nil)
        #expect(found.codes * 3 < found.bytes * 2, "\(found.codes) bytes of codes for \(found.bytes) bytes")
    }
}

extension _CompressedStrings {
    /// Whether each string's start read alone (`startBytes`) starts its decoding
    /// (`withBytes`): all of it when whole, else at least `limit` bytes; in `capacity`
    /// bytes (nil only when a name coded over a fold needs more: `allowingNil`). The
    /// strings that do not.
    ///
    /// Each start is also read after another's (`previous`, kept when short), as
    /// `respelled` reads a place's marked names: every string in order, and every third,
    /// each after the last read: the same bytes as read alone.
    func startsDisagreeing(limits: [Int] = [0, 1, 2, 5, 8, 40], capacity: Int? = nil, allowingNil: Bool = false)
        -> [Int]
    {
        var disagreeing = Set<Int>()
        for limit in limits {
            let room = capacity ?? Self.startRoom(limit: limit)
            func alone(_ i: Int) -> ([UInt8], Bool)? {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
                    startBytes(i, units: units(i), into: buffer.baseAddress!, capacity: room, limit: limit)
                        .map { (Array(buffer[..<$0.count]), $0.whole) }
                }
            }
            for step in [1, 3] {
                var previous: ReadStart?
                for i in stride(from: 0, to: count, by: step) {
                    let read = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
                        let out = buffer.baseAddress!
                        let read = startBytes(i, units: units(i), into: out, capacity: room, limit: limit,
                                              previous: previous)
                        let bytes = read.map { UnsafeBufferPointer(start: out, count: $0.count) }
                        previous = bytes.flatMap { ReadStart(index: i, bytes: $0, whole: read!.whole) }
                        return bytes.map { (Array($0), read!.whole) }
                    }
                    if let expected = alone(i) {
                        if read?.0 != expected.0 || read?.1 != expected.1 { disagreeing.insert(i) }
                    } else if read != nil {
                        disagreeing.insert(i)
                    }
                }
            }
        }
        return (0..<count).filter { i in
            if disagreeing.contains(i) { return true }
            let decoded = withBytes(i) { Array($0) }
            return !limits.allSatisfy { limit in
                let room = capacity ?? Self.startRoom(limit: limit)
                let start = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
                    startBytes(i, units: units(i), into: buffer.baseAddress!, capacity: room, limit: limit)
                        .map { (Array(buffer[..<$0.count]), $0.whole) }
                }
                guard let (bytes, whole) = start else { return allowingNil }
                return decoded.starts(with: bytes) && (whole ? bytes.count == decoded.count : bytes.count >= limit)
            }
        }
    }

    /// Whether strings `a` and `b` are the same, as the search tells titles apart: from
    /// their codes when those tell (`sameCodes`), else from their bytes.
    func equal(_ a: Int, _ b: Int) -> Bool {
        sameCodes(a, b) ?? withBytes(a) { x in withBytes(b) { y in x._hasSameBytes(as: y) } }
    }
}
