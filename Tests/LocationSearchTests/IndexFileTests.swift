import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable @_spi(Benchmarking) import LocationSearch

@Suite("Index files", .holdsItsThread)
struct IndexFileTests {
    func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ls-index-\(UUID()).lsindex")
    }

    @Test func aWrittenIndexAnswersLikeTheOriginal() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Fixtures.completer.writeIndex(to: file)
        let loaded = try LocationCompleter(indexFile: file)
        loaded.index._checkInvariants()
        for query in ["san fr", "york", "wien", "東", "paris tex", "s", "sna francisco", "berjing", "mumbia"] {
            #expect(loaded.completions(for: query) == Fixtures.completer.completions(for: query))
        }
    }

    @Test func placeRecordsHaveNoImplicitPadding() {
        // Their bytes go to index files as they are: padding the compiler added would hold
        // whatever memory held, and two builds of the same data would differ.
        #expect(MemoryLayout<_PackedPlace>.size == MemoryLayout<_PackedPlace>.stride)
    }

    @Test func twoBuildsOfTheSameDataWriteTheSameBytes() throws {
        let a = temporaryFile(), b = temporaryFile()
        defer { for file in [a, b] { try? FileManager.default.removeItem(at: file) } }
        try LocationCompleter(gazetteer: Fixtures.gazetteer).writeIndex(to: a)
        _ = Array(repeating: UInt8(0xAB), count: 1 << 20)  // dirty some memory in between
        try LocationCompleter(gazetteer: Fixtures.gazetteer).writeIndex(to: b)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))
    }

    @Test func aMissingFileIsNamed() {
        let file = temporaryFile()
        #expect(throws: GazetteerError.missingFile(path: file.path)) { try LocationCompleter(indexFile: file) }
    }

    /// Every query of `queries` answers the same from both completers, typos on and off.
    static func answersAlike(_ a: LocationCompleter, _ b: LocationCompleter) -> Bool {
        let queries = ["san fr", "york", "wien", "東", "paris tex", "s", "sna francisco", "berjing", "mumbia", "p"]
        return queries.allSatisfy { query in
            a.completions(for: query) == b.completions(for: query)
                && a.completions(for: query, options: .init(typoTolerance: false))
                    == b.completions(for: query, options: .init(typoTolerance: false))
        }
    }

    @Test func damagedFilesAreErrorsNotCrashes() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Fixtures.completer.writeIndex(to: file)
        let original = try Data(contentsOf: file)
        let layout = IndexLayout(original)
        // The file lists what the types write, in their order.
        #expect(layout.sections.map(\.name)
                == _IndexFile.writer(for: Fixtures.completer, sourceKey: "").sections.map(\.name))
        var damages: [(String, Data)] = [
            ("empty", Data()),
            ("not an index", Data(repeating: 0x41, count: 4096)),
            ("one byte more", original + [0]),
        ]
        // A bit flip in each header field, table word and the header checksum, low and high.
        for word in 0..<layout.headerWords {
            for bit in [0, 17, 63] {
                var data = original
                data[word * 8 + bit / 8] ^= 1 << UInt8(bit % 8)
                damages.append(("header word \(word) bit \(bit)", data))
            }
        }
        // A bit flip at the start, middle and end of every section, and in padding.
        for section in layout.sections where section.count > 0 {
            for at in Set([section.offset, section.offset + section.count / 2, section.offset + section.count - 1]) {
                var data = original
                data[at] ^= 0x10
                damages.append(("section \(section.name) byte \(at - section.offset)", data))
            }
        }
        var end = layout.headerWords * 8
        for section in layout.sections {
            if section.offset > end {
                var data = original
                data[section.offset - 1] = 1
                damages.append(("padding before \(section.name)", data))
            }
            end = section.offset + section.count
        }
        // Truncation at many lengths.
        for length in Set([1, 7, 8, 71, 72, layout.headerWords * 8 - 1, layout.headerWords * 8, original.count - 1]
                            + stride(from: 0, to: original.count, by: max(1, original.count / 47)).map { $0 }) {
            damages.append(("truncated to \(length)", original.prefix(length)))
        }
        // Random bytes, and random damage.
        var generator = SeededGenerator(seed: 99)
        for n in 0..<40 {
            let length = Int.random(in: 0..<(2 * original.count), using: &generator)
            let random = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            damages.append(("random \(n)", random))
            var data = original
            for _ in 0..<4 {
                data[Int.random(in: 0..<data.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
            }
            damages.append(("damaged \(n)", data))
        }
        for (name, data) in damages {
            try data.write(to: file)
            #expect(throws: GazetteerError.self, "\(name)") { try LocationCompleter(indexFile: file) }
        }
    }

    /// Files whose checksums were recomputed after the damage (as a foreign or malicious
    /// writer would): the reader's bounds checks must still refuse them, never trap.
    @Test(arguments: [
        ("longest name huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("name.longest", UInt64.max, &d) }),
        ("longest name Int.max", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("name.longest", UInt64(Int.max), &d) }),
        ("longest name zero", { @Sendable (l: IndexLayout, d: inout Data) in l.setValue("name.longest", 0, &d) }),
        ("whole leaves huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("whole.leaves", UInt64.max, &d) }),
        ("whole leaves 2^62", { @Sendable (l: IndexLayout, d: inout Data) in l.setValue("whole.leaves", 1 << 62, &d) }),
        ("whole leaves doubled", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("whole.leaves", 2 * l.value("whole.leaves", d), &d) }),
        ("word leaves huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("words.leaves", UInt64.max, &d) }),
        ("word leaves zero", { @Sendable (l: IndexLayout, d: inout Data) in l.setValue("words.leaves", 0, &d) }),
        ("whole leaves one more", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("whole.leaves", l.value("whole.leaves", d) + 1, &d) }),
        ("word leaves one fewer", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("words.leaves", l.value("words.leaves", d) - 1, &d) }),
        ("the qualifier bits a context short", { @Sendable (l: IndexLayout, d: inout Data) in
            l.shorten("qualifier.contexts", by: 16, &d) }),
        ("the qualifier bits a word long", { @Sendable (l: IndexLayout, d: inout Data) in
            // (A word of the next section: still inside the file.)
            l.shorten("qualifier.contexts", by: -8, &d) }),
        ("a view's tree a leaf short", { @Sendable (l: IndexLayout, d: inout Data) in
            // (Every group's tree end moves by two values: the last group's tree no longer fits its blocks.)
            let at = l.section("whole.vw.treeat").count - 4
            l.set("whole.vw.treeat", at: at, l.word("whole.vw.treeat", at: at, d) &- 2, &d) }),
        ("a key list's tree best beyond the scores", { @Sendable (l: IndexLayout, d: inout Data) in
            // (A best is a score's rank plus one, 16 bits: node 1, the root, made 65,535.)
            l.setByte("whole.tree", at: 2, 0xFF, &d)
            l.setByte("whole.tree", at: 3, 0xFF, &d) }),
        ("a trie node's best one past the scores", { @Sendable (l: IndexLayout, d: inout Data) in
            let past = l.section("scores").count / 4 + 1
            l.setByte("trie.words.best", at: 0, UInt8(past & 0xFF), &d)
            l.setByte("trie.words.best", at: 1, UInt8(past >> 8), &d) }),
        ("a view's tree best beyond the scores", { @Sendable (l: IndexLayout, d: inout Data) in
            let last = l.section("words.vw.tree").count - 1
            l.setByte("words.vw.tree", at: last, 0xF0, &d) }),
        ("section count huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setHeader(_IndexFile.Header.sectionCountField, UInt64.max, &d) }),
        ("version of the old search", { @Sendable (l: IndexLayout, d: inout Data) in l.setHeader(1, 13, &d) }),
        ("a stored exact count above the depth", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("answers.exact", at: 0, 11, &d) }),
        ("a section offset huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setTable(3, word: IndexLayout.offsetWord, UInt64.max, &d) }),
        ("a section count huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setTable(3, word: IndexLayout.offsetWord + 1, UInt64.max - 8, &d) }),
        ("a section renamed", { @Sendable (l: IndexLayout, d: inout Data) in l.setTable(3, word: 0, 0x41, &d) }),
        ("a section renamed to another's name", { @Sendable (l: IndexLayout, d: inout Data) in
            for word in 0..<_IndexFile.nameWords { l.setTable(3, word: word, l.table(2, word: word, d), &d) } }),
        ("a section name not ASCII", { @Sendable (l: IndexLayout, d: inout Data) in l.setTable(3, word: 0, 0xFF, &d) }),
        ("a section name with a gap", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setTable(3, word: _IndexFile.nameWords - 1, 0x41 << 56, &d) }),
        ("a name offset beyond the names", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("name.display.base", at: 0, UInt32.max, &d) }),
        ("a name's place beyond the places", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("name.place.base", at: 1, UInt32.max - 1, &d) }),
        ("a name's places a block past the places", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("name.place.base", at: 0, UInt32(l.section("places").count / 20), &d) }),
        ("a name's place step before its block", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("name.place.steps", at: 0, l.byte("name.place.steps", at: 0, d) | 1, &d) }),
        ("a name's place step past the names", { @Sendable (l: IndexLayout, d: inout Data) in
            // (The fixture's names end within their last block.)
            let last = l.section("name.place.steps").count - 1
            l.setByte("name.place.steps", at: last, l.byte("name.place.steps", at: last, d) | 0x80, &d) }),
        ("a name's places in a wide block beyond them", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("name.place.base", at: 0, _StepColumn.wideFlag, &d) }),
        ("a name's places a block short", { @Sendable (l: IndexLayout, d: inout Data) in
            l.shorten("name.place.steps", by: 8, &d) }),
        ("a name's display step in its top plane past the names", { @Sendable (l: IndexLayout, d: inout Data) in
            let last = l.section("name.display.steps").count - 1
            l.setByte("name.display.steps", at: last, l.byte("name.display.steps", at: last, d) | 0x80, &d) }),
        ("a step column's planes changed", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("name.display.planes", l.value("name.display.planes", d) + 1, &d) }),
        ("a step column without planes", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("name.place.planes", 0, &d) }),
        ("a step column's planes beyond the most", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("name.place.planes", UInt64(_StepColumn.maximumPlanes + 1), &d) }),
        ("a step column's planes huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("name.display.planes", UInt64.max, &d) }),
        ("the names' count a block more", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("name.count", l.value("name.count", d) + 64, &d) }),
        ("the names' count one less", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("name.count", l.value("name.count", d) - 1, &d) }),
        ("the names' count huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("name.count", UInt64.max, &d) }),
        ("a whole-name key's block beyond the text", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("whole.key.base", at: 0, UInt32.max, &d) }),
        ("a whole-name key's group beyond the text", { @Sendable (l: IndexLayout, d: inout Data) in
            // (The fixture's texts fit a group's byte: `theFixtureFileHasWhatTheDamageNeeds`.)
            l.setByte("whole.key.groups", at: 0, UInt8(l.value("key.text.count", d)), &d) }),
        ("a whole-name key's step before its group", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("whole.key.groups", at: 1, l.byte("whole.key.groups", at: 1, d) | 1, &d) }),
        ("a whole-name key's step past the keys", { @Sendable (l: IndexLayout, d: inout Data) in
            // (The fixture's whole-name keys end within their last group.)
            let last = l.section("whole.key.groups").count - 1
            l.setByte("whole.key.groups", at: last, l.byte("whole.key.groups", at: last, d) | 0x80, &d) }),
        ("the whole-name keys a group short", { @Sendable (l: IndexLayout, d: inout Data) in
            l.shorten("whole.key.groups", by: 2, &d) }),
        ("the whole-name keys a block short", { @Sendable (l: IndexLayout, d: inout Data) in
            l.shorten("whole.key.base", by: 4, &d) }),
        ("a key list's block size changed", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("whole.key.shift", 5, &d) }),
        ("a key list in blocks read as plain", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("whole.key.shift", 0, &d) }),
        ("a key list's block size huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("whole.key.shift", UInt64.max, &d) }),
        ("a word key's whole-name key beyond the whole-name keys", { @Sendable (l: IndexLayout, d: inout Data) in
            // (The key's bits all ones, its start and rank kept: `theFixtureFileHasWhatTheDamageNeeds`.)
            let width = Int(l.value("words.entry.width", d)), bits = Int(l.value("words.entry.bits", d))
            l.setPacked("words.entry", 0, width: width, l.packed("words.entry", 0, width: width, d) | (1 << bits - 1),
                        &d) }),
        ("a word key beyond the text", { @Sendable (l: IndexLayout, d: inout Data) in
            // The word's start bits one more than a reference's (`key.text.shift`): a start
            // could then reach past its text's room.
            l.setValue("words.entry.start", l.value("key.text.shift", d) + 1, &d) }),
        ("a word key's start bits beyond 31", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("words.entry.start", 32, &d) }),
        ("a word key's start bits huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("words.entry.start", UInt64.max, &d) }),
        ("a word key's bits wider than its word", { @Sendable (l: IndexLayout, d: inout Data) in
            let width = l.value("words.entry.width", d), bits = l.value("words.entry.bits", d)
            l.setValue("words.entry.start", 8 * width - bits + 1, &d) }),
        ("a word key's whole-name key bits beyond 32", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("words.entry.bits", 33, &d) }),
        ("the word keys' padding", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("words.entry", at: l.section("words.entry").count - 1, 1, &d) }),
        ("the key text's count beyond its blocks", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("key.text.count", l.value("key.text.count", d) + 8, &d) }),
        ("the key text's count huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("key.text.count", UInt64.max, &d) }),
        ("the key text's shift zero", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("key.text.shift", 0, &d) }),
        ("the key text's shift beyond 32", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("key.text.shift", 33, &d) }),
        ("the key text's shift changed", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("key.text.shift", l.value("key.text.shift", d) + 1, &d) }),
        ("the key text's shift short of the longest name", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("name.longest", 1 << l.value("key.text.shift", d), &d) }),
        ("a key text block with no bytes", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("key.text.start", at: 4, 0, &d) }),
        ("a key text block beyond the text", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("key.text.start", at: 4, UInt32.max, &d) }),
        ("a key text block starting a byte late", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("key.text.start", at: 4, UInt32(Int(l.word("key.text.start", at: 4, d)) + 1), &d) }),
        ("the key text's first block not at its start", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("key.text.start", at: 0, 1, &d) }),
        ("a key text block's starts falling", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("key.text", at: Int(l.word("key.text.start", at: 4, d)) + 2, 9, &d) }),
        ("a key text block's last start past its end", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("key.text", at: Int(l.word("key.text.start", at: 4, d)) + 6, 255 - 1, &d) }),
        ("the key text's padding not zero", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("key.text", at: l.section("key.text").count - 1, 1, &d) }),
        ("a name symbol longer than 8 bytes", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("names.lengths", at: 0, 9, &d) }),
        ("a name symbol with bytes beyond its length", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("names.lengths", at: 0, 1, &d)
            l.set("names.symbols", at: 4, UInt32.max, &d) }),
        ("a names' copy code given a symbol", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("names.lengths", at: _SymbolTable.copyCodes.lowerBound, 1, &d) }),
        ("a names' byte code standing for another byte", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("names.symbols", at: 8 * 65, 66, &d) }),
        ("a learnt name symbol of one byte", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("names.lengths", at: _SymbolTable.firstSymbol, 1, &d) }),
        ("the names' last offset one code beyond the codes", { @Sendable (l: IndexLayout, d: inout Data) in
            // The fixture's names end in a block of planes (`theFixtureFileHasWhatTheDamageNeeds`).
            let last = l.section("names.base").count - 4
            l.set("names.base", at: last, l.word("names.base", at: last, d) + 1, &d) }),
        ("the names' offsets not starting at 0", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("names.base", at: 0, 1, &d) }),
        ("a names block wide beyond the wide offsets", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("names.base", at: 0, _StepColumn.wideFlag | 1_000, &d) }),
        ("the names' last offset beyond the codes", { @Sendable (l: IndexLayout, d: inout Data) in
            let last = l.section("names.base").count - 4
            l.set("names.base", at: last, UInt32.max >> 2, &d) }),
        ("a names' plane bit past the names", { @Sendable (l: IndexLayout, d: inout Data) in
            let count = Int(l.value("names.count", d)), planes = Int(l.value("names.planes", d))
            let lastBlock = (count - 1) >> _StepColumn.shift
            l.setByte("names.steps", at: 8 * planes * lastBlock + 7, 0x80, &d) }),
        ("the names' planes beyond the most", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("names.planes", UInt64(_StepColumn.maximumPlanes + 1), &d) }),
        ("the names' planes changed", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("names.planes", l.value("names.planes", d) == 1 ? 2 : 1, &d) }),
        ("the names' offset count a block more", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("names.count", l.value("names.count", d) + 64, &d) }),
        ("the names' offset count zero", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("names.count", 0, &d) }),
        ("the names' offset count huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("names.count", UInt64.max, &d) }),
        ("trie child beyond the nodes", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("trie.whole.child.base", at: 0, UInt32(Int32.max), &d) }),
        ("a deepest trie node with children", { @Sendable (l: IndexLayout, d: inout Data) in
            let last = l.section("trie.words.child.delta").count - 1
            l.setByte("trie.words.child.delta", at: last - 1, 255, &d) }),
        ("a trie node's start beyond the keys", { @Sendable (l: IndexLayout, d: inout Data) in
            let last = l.section("trie.whole.lower.base").count - 4
            l.set("trie.whole.lower.base", at: last, UInt32(Int32.max), &d) }),
        ("a trie node starting after it ends", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("trie.whole.lower.delta", at: l.section("trie.whole.lower.delta").count - 1, 255, &d) }),
        ("a trie block wide beyond the wide starts", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("trie.whole.lower.base", at: 0, _BlockedNumbers.wideFlag | 1_000, &d) }),
        ("a trie block wide just past the wide starts", { @Sendable (l: IndexLayout, d: inout Data) in
            let count = UInt32(l.section("trie.words.lower.wide").count / 4)
            l.set("trie.words.lower.base", at: 0, _BlockedNumbers.wideFlag | count, &d) }),
        ("a trie's wide block of children not where the last ended", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("trie.whole.child.base", at: 0, _BlockedNumbers.wideFlag | 1, &d) }),
        ("stored-answer buckets out of order", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("answers.buckets.starts", at: 0, UInt32.max, &d) }),
        ("a bucket start past the keys", { @Sendable (l: IndexLayout, d: inout Data) in
            let last = l.section("whole.buckets.starts").count - 4
            l.set("whole.buckets.starts", at: last, l.word("whole.buckets.starts", at: last, d) + 1, &d) }),
        ("bucket starts not rising", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("words.buckets.starts", at: 4, 0, &d) }),
        ("a bucket bit with no start", { @Sendable (l: IndexLayout, d: inout Data) in
            // (No key starts with bytes 0 1: group 0's high byte, bit 1.)
            l.setByte("whole.buckets.groups", at: 1, l.byte("whole.buckets.groups", at: 1, d) | 2, &d) }),
        ("the buckets' end bit set", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("words.buckets.groups", at: l.section("words.buckets.groups").count - 1, 1, &d) }),
        ("a bucket group's count miscounted", { @Sendable (l: IndexLayout, d: inout Data) in
            // (Group 1 of block 0x61, "a\u{8}" to "a\u{f}".)
            let at = 2 * (0x6100 >> 3 + 1)
            l.setByte("whole.buckets.groups", at: at, l.byte("whole.buckets.groups", at: at, d) &+ 1, &d) }),
        ("a bucket block's count miscounted", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("whole.buckets.base", at: 4 * 0x62, l.word("whole.buckets.base", at: 4 * 0x62, d) + 1, &d) }),
        ("the bucket groups short", { @Sendable (l: IndexLayout, d: inout Data) in
            l.shorten("words.buckets.groups", by: 2, &d) }),
        ("the bucket blocks short", { @Sendable (l: IndexLayout, d: inout Data) in
            l.shorten("whole.buckets.base", by: 4, &d) }),
        ("the record layout of another build", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setHeader(2, UInt64(MemoryLayout<_PackedPlace>.stride), &d) }),
        ("a place's context beyond the contexts", { @Sendable (l: IndexLayout, d: inout Data) in
            let fields = l.placeFields(d)
            l.setPlaceField(1, shift: _PlaceFields.contextShift, mask: fields.contextMask,
                            UInt64(l.section("places.contexts").count / 24), &d) }),
        ("the first place's first name not the first", { @Sendable (l: IndexLayout, d: inout Data) in
            let fields = l.placeFields(d)
            l.setPlaceField(0, shift: fields.nameShift, mask: fields.nameMask, 1, &d) }),
        ("a place's first name not after the one before's", { @Sendable (l: IndexLayout, d: inout Data) in
            let fields = l.placeFields(d)
            l.setPlaceField(2, shift: fields.nameShift, mask: fields.nameMask, 1, &d) }),
        ("the last place's first name beyond the names", { @Sendable (l: IndexLayout, d: inout Data) in
            let fields = l.placeFields(d), last = l.section("places").count / 20 - 1
            l.setPlaceField(last, shift: fields.nameShift, mask: fields.nameMask, fields.nameMask, &d) }),
        ("a place's kind unknown", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setPlaceField(1, shift: 0, mask: _PlaceFields.kindMask, 3, &d) }),
        ("a place's population a wide value that is not there", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setPlaceWord(1, l.placeWord(1, d) | UInt64(_PlaceFields.widePopulation), &d) }),
        ("a place flagged with an other GeoNames id not listed", { @Sendable (l: IndexLayout, d: inout Data) in
            let fields = l.placeFields(d)
            l.setPlaceField(1, shift: fields.idShift, mask: fields.idMask, 0, &d)
            l.setPlaceWord(1, l.placeWord(1, d) | UInt64(_PlaceFields.otherID), &d) }),
        ("a place's unused bits set", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setPlaceWord(1, l.placeWord(1, d) | 1 << 63, &d) }),
        ("a place's field widths beyond a word", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("places.bits.id", 32, &d)
            l.setValue("places.bits.name", 32, &d) }),
        ("a place's context bits huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("places.bits.context", UInt64.max, &d) }),
        ("a place's id bits shifted", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("places.bits.name", l.value("places.bits.name", d) + 1, &d) }),
        ("a context's country code beyond the labels", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("places.contexts", at: 0, UInt32(Int32.max), &d) }),
        ("a context without a country name", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("places.contexts", at: 4, UInt32.max, &d) }),
        ("a context's time zone below none", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("places.contexts", at: 20, UInt32.max - 1, &d) }),
        ("a place's id beyond the labels", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("places.ids", at: 4, UInt32(Int32.max), &d) }),
        ("a qualifier list ending beyond its words", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("qualifier.regions", at: 12, UInt32.max, &d) }),
        ("a qualifier list's code beyond the labels", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("qualifier.regions", at: 0, UInt32(Int32.max), &d) }),
        ("a qualifier list's code negative", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("qualifier.countries", at: 4, UInt32.max, &d) }),
        ("a qualifier list's word count changed", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("qualifier.countries", at: 20, 1000, &d) }),
        ("a qualifier list starting after it ends", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("qualifier.countries", at: 8, l.word("qualifier.countries", at: 12, d) &+ 1, &d) }),
        ("a qualifier word emptied", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("qualifier.text", at: 0, 0x20, &d) }),
        ("a qualifier word's first byte changed", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("qualifier.text", at: 0, 0x7E, &d) }),
        ("a qualifier country listed twice", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("qualifier.countries", at: 4, l.word("qualifier.countries", at: 36, d), &d) }),
        ("a trie end's gap past the next start", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("trie.words.upper", at: 1, 254, &d) }),
        ("a far trie end unmarked", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("trie.whole.upper", at: 0, 0, &d) }),
        ("the gazetteer and the whole-name list damaged at once (each read on its own thread)", {
            @Sendable (l: IndexLayout, d: inout Data) in
            l.setPlaceWord(1, l.placeWord(1, d) | 1 << 63, &d)
            l.setByte("trie.whole.upper", at: 0, 0, &d) }),
        ("the word and whole-name lists damaged at once", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("trie.words.upper", at: 1, 254, &d)
            l.setByte("trie.whole.upper", at: 0, 0, &d) }),
        ("a trie end marked far but not listed", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("trie.whole.upper", at: 1, 255, &d) }),
        ("a far trie end beyond the keys", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("trie.whole.upper.far", at: 4, UInt32.max, &d) }),
        ("a far trie end listed for another node", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("trie.whole.upper.far", at: 0, 1, &d) }),
        ("a view block's words beyond the bits", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("words.vw.pos.at", at: 4, UInt32.max, &d) }),
        ("a view block with 33 low bits a position", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("whole.vw.pos.at", at: 4, 2 + 33, &d) }),
        ("a view block's words not from the start", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("whole.vw.pos.at", at: 0, 1, &d) }),
        ("a view's padding cut", { @Sendable (l: IndexLayout, d: inout Data) in
            let at = l.section("words.vw.pos.at").count - 4
            l.set("words.vw.pos.at", at: at, l.word("words.vw.pos.at", at: at, d) &+ 1, &d) }),
        ("a view block's high bits with one cleared", { @Sendable (l: IndexLayout, d: inout Data) in
            let word = l.value("whole.vw.pos.bits", d)
            l.setValue("whole.vw.pos.bits", word & (word &- 1), &d) }),
        ("a view block's high bits with one more", { @Sendable (l: IndexLayout, d: inout Data) in
            // (Bit 127 of a block's high words is never set: a set bit is a high part and an index, each below 64.)
            l.set("words.vw.pos.bits", at: 12, l.word("words.vw.pos.bits", at: 12, d) | 1 << 31, &d) }),
        ("a view group ending before it starts", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("whole.vw.start", at: 4, UInt32.max, &d) }),
        ("a key's name beyond the names", { @Sendable (l: IndexLayout, d: inout Data) in
            // (The name's bits all ones, its rank 0: `theFixtureFileHasWhatTheDamageNeeds`.)
            let width = Int(l.value("whole.entry.width", d)), bits = Int(l.value("whole.entry.bits", d))
            let word = (1 << bits) - 1
            l.setPacked("whole.entry", 0, width: width, UInt64(word), &d) }),
        ("a word key's bits above its start", { @Sendable (l: IndexLayout, d: inout Data) in
            // (A word key's rank is its whole-name key's: its word holds none.)
            let width = Int(l.value("words.entry.width", d))
            let shift = l.value("words.entry.bits", d) + l.value("words.entry.start", d)
            l.setPacked("words.entry", 0, width: width, l.packed("words.entry", 0, width: width, d) | 1 << shift,
                        &d) }),
        ("a whole-name key's rank beyond the scores", { @Sendable (l: IndexLayout, d: inout Data) in
            let width = Int(l.value("whole.entry.width", d)), bits = Int(l.value("whole.entry.bits", d))
            let word = UInt64(l.section("scores").count / 4) << bits
            l.setPacked("whole.entry", 1, width: width, word, &d) }),
        ("a key word's padding", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("whole.entry", at: l.section("whole.entry").count - 1, 1, &d) }),
        ("a key word's width changed", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("whole.entry.width", l.value("whole.entry.width", d) + 1, &d) }),
        ("a key word's width zero", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("words.entry.width", 0, &d) }),
        ("a key word's width huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("words.entry.width", UInt64.max, &d) }),
        ("a key word's name bits beyond 32", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("whole.entry.bits", 33, &d) }),
        ("a key word's name bits huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("whole.entry.bits", UInt64.max, &d) }),
        ("key scores not rising", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("scores", at: 4, l.word("scores", at: 0, d), &d) }),
        ("a key score not a number", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("scores", at: l.section("scores").count - 4, Float.nan.bitPattern, &d) }),
        ("a key score infinite", { @Sendable (l: IndexLayout, d: inout Data) in
            l.set("scores", at: l.section("scores").count - 4, Float.infinity.bitPattern, &d) }),
    ] as [(String, @Sendable (IndexLayout, inout Data) -> Void)])
    func resealedDamageIsAnError(_ name: String, _ damage: @Sendable (IndexLayout, inout Data) -> Void) throws {
        try IndexLayout.expectResealedDamageIsAnError(Fixtures.completer, name, damage)
    }

    /// Damage to stored answers, in the file of a completer that has some (the fixture's
    /// prefixes are too light to store any).
    @Test(arguments: [
        ("a stored matched length beyond any query", { @Sendable (l: IndexLayout, d: inout Data) in
            let entry = l.answerEntry(0, d)
            l.setAnswerEntry(0, .init(name: entry.name, keyOffset: entry.keyOffset, matchedLength: 1_000), &d) }),
        ("a stored name beyond the names", { @Sendable (l: IndexLayout, d: inout Data) in
            let entry = l.answerEntry(3, d)
            let names = UInt32(l.value("name.count", d))
            l.setAnswerEntry(3, .init(name: names, keyOffset: entry.keyOffset, matchedLength: entry.matchedLength), &d)
        }),
        ("a stored key offset beyond the text", { @Sendable (l: IndexLayout, d: inout Data) in
            let entry = l.answerEntry(1, d)
            let end = UInt32(l.value("key.text.count", d) << l.value("key.text.shift", d))
            l.setAnswerEntry(1, .init(name: entry.name, keyOffset: end, matchedLength: entry.matchedLength), &d) }),
        ("the stored entries' padding not zero", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("answers.entries", at: l.section("answers.entries").count - 1, 1, &d) }),
        ("a stored entry's fields wider than its word", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("answers.entry.offset", l.value("answers.entry.offset", d) + 40, &d) }),
        ("a stored entry's name bits huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("answers.entry.name", UInt64.max, &d) }),
        ("a stored entry's width beyond a word", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("answers.entry.width", 9, &d) }),
        ("stored entries not a whole number of words", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("answers.entry.width", l.value("answers.entry.width", d) - 1, &d) }),
        ("a stored exact count above the depth", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setByte("answers.exact", at: 0, 11, &d) }),
    ] as [(String, @Sendable (IndexLayout, inout Data) -> Void)])
    func resealedAnswerDamageIsAnError(_ name: String, _ damage: @Sendable (IndexLayout, inout Data) -> Void) throws {
        try IndexLayout.expectResealedDamageIsAnError(PrefixIndexRangeTests.completer, name, damage)
    }

    /// The completer above has what the damage to stored answers needs: stored answers.
    @Test func theAnswerDamageHasStoredAnswers() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let completer = PrefixIndexRangeTests.completer
        try completer.writeIndex(to: file)
        let layout = IndexLayout(try Data(contentsOf: file))
        #expect(completer.answers.keys.count >= 1 && layout.section("answers.entries").count >= 24)
        // Room in each field for the damage: a matched length of 1,000 (or all ones, beyond
        // any query), a name and a key offset one past the last; padding after the words.
        let entries = completer.answers.entries
        let lengthBits = 8 * entries.words.width - entries.nameBits - entries.offsetBits
        #expect(lengthBits >= 10 || completer.index.longestName + 2 < (1 << lengthBits) - 1)
        #expect(completer.index.namePlace.count < 1 << entries.nameBits)
        #expect(completer.index.keyText.count << completer.index.keyText.shift < 1 << entries.offsetBits)
        #expect(entries.words.width < 8 && entries.words.width > 1)
        #expect(layout.answerEntry(3, try Data(contentsOf: file)) == entries.run(from: 3, count: 1)[0])
    }

    /// The fixture's file has what the damage above needs: a region and several countries
    /// with qualifier words, and far trie ends. (Its tries are too small for wide blocks of
    /// starts: `TrieNumbersTests` damages those in a larger file.)
    @Test func theFixtureFileHasWhatTheDamageNeeds() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Fixtures.completer.writeIndex(to: file)
        let data = try Data(contentsOf: file)
        let layout = IndexLayout(data)
        #expect(layout.section("qualifier.regions").count >= MemoryLayout<_QualifierList>.stride)
        #expect(layout.section("qualifier.countries").count >= 2 * MemoryLayout<_QualifierList>.stride)
        #expect(layout.section("trie.whole.upper.far").count >= 8)
        // A key's name with all its bits set is beyond the names, the entry padding is
        // there, and a word key's word has a bit to spare above its start.
        let names = Fixtures.completer.index.nameDisplay.count
        let width = Int(layout.value("whole.entry.width", data)), bits = Int(layout.value("whole.entry.bits", data))
        #expect((1 << bits) - 1 >= names && width < 8)
        let wordWidth = Int(layout.value("words.entry.width", data))
        let refBits = Int(layout.value("words.entry.bits", data))
        #expect(refBits + Int(layout.value("words.entry.start", data)) < 8 * wordWidth)
        // A word key's whole-name key with all its bits set is beyond the whole-name keys, and
        // start bits one more than a reference's still fit the word.
        #expect((1 << refBits) - 1 >= Fixtures.completer.index.whole.count)
        #expect(refBits + Int(layout.value("key.text.shift", data)) + 1 <= 8 * wordWidth)
        // The names' places end within their last block, and are narrow.
        #expect(names % _StepColumn.blockSize != 0 && layout.section("name.place.wide").count == 0)
        // The whole-name keys are in blocks, end within their last group, and their texts
        // fit a group's byte.
        #expect(layout.value("whole.key.shift", data) == UInt64(_KeyOffsets.blockShift))
        #expect(Fixtures.completer.index.whole.count % 8 != 0 && layout.value("key.text.count", data) <= 255)

        // A context one past the last and a last first name of all ones are out of range;
        // place 1 has a GeoNames id of its own, no wide population, and its word bits to spare.
        let fields = layout.placeFields(data)
        #expect(UInt64(layout.section("places.contexts").count / 24) <= fields.contextMask)
        #expect(fields.nameMask >= UInt64(Fixtures.completer.gazetteer._names.count) && fields.usedBits < 64)
        #expect(layout.placeWord(1, data) & UInt64(_PlaceFields.otherID | _PlaceFields.widePopulation) == 0)
        #expect(layout.section("places.wide").count == 0 && layout.section("places").count >= 3 * 20)
        #expect(MemoryLayout<_PackedPlace>.stride == 20)

        #expect(MemoryLayout<_QualifierList>.stride == 32)
        // The names' offsets: the last block of planes and not full (a bit past the names is
        // then in its words). (A fall between offsets needs two blocks or a wide one, which
        // the fixture's few names do not have: `SymbolTableTests` damages those.)
        let lastBlock = layout.section("names.base").count - 4, count = Int(layout.value("names.count", data))
        #expect(layout.word("names.base", at: lastBlock, data) & _StepColumn.wideFlag == 0)
        #expect(count % _StepColumn.blockSize != 0)
    }

    @Test func resealingAnUndamagedFileKeepsItValid() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Fixtures.completer.writeIndex(to: file)
        var data = try Data(contentsOf: file)
        let original = data
        IndexLayout(data).reseal(&data)
        #expect(data == original)
    }

    /// A section that no type reads (another writer's) is an error, like a missing one.
    @Test func aSectionNoTypeReadsIsAnError() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        var writer = _IndexFile.writer(for: Fixtures.completer, sourceKey: "")
        writer.append("extra.section", _Column([UInt8](repeating: 1, count: 5)))
        try writer.write(to: file)
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: file) }
        try Fixtures.completer.writeIndex(to: file)
        #expect(throws: Never.self) { try LocationCompleter(indexFile: file) }
    }

    /// The sections a file lists are the writer's, and they tile the file: what the
    /// benchmark reports as the index's size is the file's.
    @Test func theSectionListingIsTheFilesTable() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Fixtures.completer.writeIndex(to: file)
        let listed = try #require(try _IndexFile.sections(of: file))
        #expect(listed == _IndexFile.writer(for: Fixtures.completer, sourceKey: "").sections)
        let size = try Data(contentsOf: file).count
        #expect(Fixtures.completer._indexLayout.bytes == size)
        #expect(try LocationCompleter._indexFileLayout(at: file).bytes == size)
        #expect(try _IndexFile.sections(of: temporaryFile()) == nil)
        let names = Set(listed.map(\.name))
        #expect(names.isSuperset(of: ["source.key", "whole.key.base", "trie.words.next", "answers.entries"]))
    }

    @Test func specialFilesAreRefusedWithoutBlocking() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-special-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo.lsindex")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: fifo) }
        let folder = directory.appendingPathComponent("folder.lsindex")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: folder) }
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: URL(fileURLWithPath: "/dev/zero")) }
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: URL(fileURLWithPath: "/dev/null")) }
    }

    /// The cached loader (as the bundled gazetteer uses it) rebuilds a damaged, foreign
    /// or special cache file and replaces it atomically; it never traps or hangs.
    @Test func theCachedLoaderRebuildsAndReplacesABadCache() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cache.lsindex")
        var builds = 0
        func load() throws -> LocationCompleter {
            try LocationCompleter.cached(in: file, sourceKey: "fixture v1") {
                builds += 1
                return LocationCompleter(gazetteer: Fixtures.gazetteer)
            }
        }
        #expect(Self.answersAlike(try load(), Fixtures.completer))  // missing: built and written
        #expect(builds == 1)
        #expect(Self.answersAlike(try load(), Fixtures.completer))  // read
        #expect(builds == 1)
        let original = try Data(contentsOf: file)
        let layout = IndexLayout(original)
        var generator = SeededGenerator(seed: 7)
        var damaged: [Data] = [Data(), original.prefix(original.count / 3), original.prefix(original.count - 1),
                               Data((0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) })]
        for word in 0..<layout.headerWords {
            var data = original
            data[word * 8] ^= 0x80
            damaged.append(data)
        }
        for section in layout.sections where section.count > 0 {
            var data = original
            data[section.offset + section.count / 2] ^= 1
            damaged.append(data)
        }
        for data in damaged {
            try data.write(to: file)
            let before = builds
            #expect(Self.answersAlike(try load(), Fixtures.completer))
            #expect(builds == before + 1)
            #expect(try Data(contentsOf: file) == original, "the cache was not replaced")
        }
        // Another source key: stale, rebuilt.
        let stale = try LocationCompleter.cached(in: file, sourceKey: "fixture v2") {
            LocationCompleter(gazetteer: Fixtures.gazetteer)
        }
        #expect(Self.answersAlike(stale, Fixtures.completer))
        #expect(try _IndexFile.read(file)?.sourceKey == "fixture v2")
        // A FIFO at the cache path: refused, rebuilt, and replaced by the index.
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        #expect(Self.answersAlike(try load(), Fixtures.completer))
        #expect(try _IndexFile.read(file)?.sourceKey == "fixture v1")
        // A directory at the cache path: refused and rebuilt; it cannot be replaced, and
        // the completer works without the cache.
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        let before = builds
        #expect(Self.answersAlike(try load(), Fixtures.completer))
        #expect(builds == before + 1)
    }

    /// The cached loader seals the file it writes (`_IndexFile.Seal`: its table checksum,
    /// beside it); a load of the sealed file checks everything but its sections'
    /// checksums, and answers alike. A seal that does not name the file, or is not a
    /// seal, means the full checks (and, once they pass, a new seal); a resealed file no
    /// longer matches its seal, so its damage is found and it is rebuilt; and a seal
    /// forged to name the resealed file still has its damage found, and rebuilt.
    @Test func theCachedLoaderTrustsOnlyWhatItsSealNames() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-seal-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cache.lsindex")
        let sealFile = _IndexFile.Seal.url(for: file)
        var builds = 0
        func load() throws -> LocationCompleter {
            try LocationCompleter.cached(in: file, sourceKey: "fixture v1") {
                builds += 1
                return LocationCompleter(gazetteer: Fixtures.gazetteer)
            }
        }
        func loadsChecked() throws -> Bool? {
            try _IndexFile.read(file, seal: _IndexFile.Seal.read(for: file))?.checked
        }
        #expect(Self.answersAlike(try load(), Fixtures.completer))
        let full = try #require(try _IndexFile.read(file))
        #expect(full.checked)
        #expect(_IndexFile.Seal.read(for: file)?.checksum == full.tableChecksum)
        #expect(try loadsChecked() == false)
        #expect(Self.answersAlike(try load(), Fixtures.completer))
        #expect(builds == 1)

        // Not this file's seal, or not a seal: checked in full, then sealed again.
        let seal = try Data(contentsOf: sealFile)
        var otherChecksum = seal
        otherChecksum[15] ^= 1
        var otherMagic = seal
        otherMagic[0] ^= 1
        var otherIdentity = seal
        otherIdentity[40] ^= 1
        for bad in [Data(), seal.prefix(71), seal + [0], Data(repeating: 0, count: 72), otherChecksum, otherMagic,
                    otherIdentity, seal.prefix(16)] {
            try bad.write(to: sealFile)
            #expect(try loadsChecked() == true)
            #expect(Self.answersAlike(try load(), Fixtures.completer))
            #expect(try Data(contentsOf: sealFile) == seal, "not sealed again")
        }
        // A FIFO or a folder at the seal's path: never blocks; checked in full, not replaced.
        try FileManager.default.removeItem(at: sealFile)
        #expect(mkfifo(sealFile.path, 0o600) == 0)
        #expect(_IndexFile.Seal.read(for: file) == nil)
        #expect(Self.answersAlike(try load(), Fixtures.completer))
        try FileManager.default.removeItem(at: sealFile)
        try FileManager.default.createDirectory(at: sealFile, withIntermediateDirectories: false)
        #expect(_IndexFile.Seal.read(for: file) == nil)
        #expect(Self.answersAlike(try load(), Fixtures.completer))
        try FileManager.default.removeItem(at: sealFile)
        #expect(builds == 1)

        // Damage that only the structure checks find, resealed: the seal no longer names the
        // file, so the damage is found, and the cache rebuilt and sealed.
        _ = try load()
        let original = try Data(contentsOf: file)
        var damaged = original
        let layout = IndexLayout(original)
        layout.set("scores", at: 4, layout.word("scores", at: 0, damaged), &damaged)
        layout.reseal(&damaged)
        try damaged.write(to: file)
        #expect(_IndexFile.Seal.read(for: file)?.checksum == full.tableChecksum)
        #expect(throws: GazetteerError.self) { try _IndexFile.read(file, seal: _IndexFile.Seal.read(for: file)) }
        #expect(Self.answersAlike(try load(), Fixtures.completer))
        #expect(builds == 2)
        #expect(try Data(contentsOf: file) == original)
        #expect(try loadsChecked() == false)
        // The same damage with a seal forged to name it: found all the same, and rebuilt.
        try damaged.write(to: file)
        let forged = try #require(try _IndexFile.Reader(file, readingSections: false)).tableChecksum
        _IndexFile.Seal.write(forged, for: file)
        #expect(throws: GazetteerError.self) { try _IndexFile.read(file, seal: _IndexFile.Seal.read(for: file)) }
        #expect(Self.answersAlike(try load(), Fixtures.completer))
        #expect(builds == 3)
        #expect(try Data(contentsOf: file) == original)
        #expect(try loadsChecked() == false)
        // A file opened by path has its sections hashed, even beside a seal that names it: a
        // byte of the source key changed without new checksums, then sealed, is what a
        // sealed load lets through (the structure is sound), and an error by path.
        let copy = directory.appendingPathComponent("copy.lsindex")
        var changed = original
        changed[layout.section("source.key").offset] ^= 1
        try changed.write(to: copy)
        _IndexFile.Seal.write(try #require(try _IndexFile.Reader(copy, readingSections: false)).tableChecksum,
                              for: copy)
        let sealedCopy = try #require(try _IndexFile.read(copy, seal: _IndexFile.Seal.read(for: copy)))
        #expect(!sealedCopy.checked && sealedCopy.sourceKey != "fixture v1")
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: copy) }
    }

    /// Damage that only the structure checks find, by name: unchecked, a start traps on the
    /// first three (`SIGILL`, `SIGSEGV`) and answers from the damaged records on the last.
    static let trappingDamage: [String: @Sendable (IndexLayout, inout Data) -> Void] = [
        "trie child beyond the nodes": { l, d in l.set("trie.whole.child.base", at: 0, UInt32(Int32.max), &d) },
        "a whole-name key's block beyond the text": { l, d in l.set("whole.key.base", at: 0, UInt32.max, &d) },
        "a name offset beyond the names": { l, d in l.set("name.display.base", at: 0, UInt32.max, &d) },
        "a place's context beyond the contexts": { l, d in
            l.setPlaceField(1, shift: _PlaceFields.contextShift, mask: l.placeFields(d).contextMask,
                            UInt64(l.section("places.contexts").count / 24), &d)
        },
    ]

    /// A cache damaged where a start would trap, its checksums remade and its seal forged
    /// to name it (someone who can write the cache folder): every start finds the damage
    /// and rebuilds. In a child process, so that a trap fails this test, not the run.
    @Test(arguments: trappingDamage.keys.sorted())
    func aForgedSealNeverLetsDamageTrap(_ damage: String) async {
        await #expect(processExitsWith: .success) { [damage] in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-forged-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("cache.lsindex")
            var builds = 0
            func load() throws -> LocationCompleter {
                try LocationCompleter.cached(in: file, sourceKey: "fixture v1") {
                    builds += 1
                    return LocationCompleter(gazetteer: Fixtures.gazetteer)
                }
            }
            _ = try load()
            var data = try Data(contentsOf: file)
            let layout = IndexLayout(data)
            IndexFileTests.trappingDamage[damage]!(layout, &data)
            layout.reseal(&data)
            try data.write(to: file)
            let forged = try #require(try _IndexFile.Reader(file, readingSections: false)).tableChecksum
            _IndexFile.Seal.write(forged, for: file)
            for _ in 0..<2 {
                let completer = try load()
                for query in ["a", "s", "san", "pari", "lond", "new y", "tokyo", "wien", "sna fr", "zur"] {
                    _ = completer.completions(for: query).map { ($0.title, $0.subTitle, $0.titleHighlightRanges) }
                }
            }
            if builds != 2 { exit(1) }
        }
    }

    @Test func staleTemporaryFilesAreRemovedOnTheNextWrite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-tmp-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cache.lsindex")
        // A writer killed before its rename (no process has a pid this large), one still
        // running (pid 1 always is), and another file's.
        let dead = directory.appendingPathComponent(_IndexFile.temporaryName(for: file, pid: Int32.max - 1))
        let running = directory.appendingPathComponent(_IndexFile.temporaryName(for: file, pid: 1))
        let other = directory.appendingPathComponent(".other.lsindex.\(Int32.max - 1).tmp")
        for leftover in [dead, running, other] { try Data(repeating: 1, count: 100).write(to: leftover) }
        try Fixtures.completer.writeIndex(to: file)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(names == [file.lastPathComponent, running.lastPathComponent, other.lastPathComponent])
    }

    /// A new bundled index leaves at most one other behind (the most recently written),
    /// so upgrades do not pile up 120 MB files; other files in the folder are kept.
    @Test func oldBundledIndexesAreRemovedAfterANewOneIsWritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ls-old-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let current = directory.appendingPathComponent("bundled-c0ffee.lsindex")
        let now = Date()
        for (name, age) in [("bundled-0001.lsindex", 300.0), ("bundled-0002.lsindex", 100.0),
                            ("bundled-0003.lsindex", 200.0), ("notes.txt", 400.0), (current.lastPathComponent, 0.0)] {
            let url = directory.appendingPathComponent(name)
            try Data(repeating: 1, count: 64).write(to: url)
            try FileManager.default.setAttributes(
                [.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: url.path)
        }
        // A temporary file of an old index whose writer was killed, and one of a writer still running.
        let dead = _IndexFile.temporaryName(
            for: directory.appendingPathComponent("bundled-0001.lsindex"), pid: Int32.max - 1)
        let running = _IndexFile.temporaryName(for: directory.appendingPathComponent("bundled-0009.lsindex"), pid: 1)
        for name in [dead, running] {
            try Data(repeating: 1, count: 64).write(to: directory.appendingPathComponent(name))
        }
        // Seals (`_IndexFile.Seal`): of the index kept, of one removed here, and of none.
        let seals = ["bundled-c0ffee.lsindex.seal", "bundled-0002.lsindex.seal", "bundled-0001.lsindex.seal",
                     "bundled-0042.lsindex.seal"]
        for name in seals { try Data(repeating: 1, count: 16).write(to: directory.appendingPathComponent(name)) }
        LocationCompleter.removeOldBundledCaches(besides: current)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(names == [current.lastPathComponent, "bundled-0002.lsindex", "notes.txt", running,
                          "bundled-c0ffee.lsindex.seal", "bundled-0002.lsindex.seal"])
    }

    /// The index is read, not mapped: truncating or rewriting its file afterwards leaves a
    /// loaded completer untouched (a mapped file would raise SIGBUS here).
    @Test func aFileChangedUnderneathDoesNotAffectALoadedCompleter() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        try Fixtures.completer.writeIndex(to: file)
        let loaded = try LocationCompleter(indexFile: file)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 4096))
        try handle.close()
        #expect(Self.answersAlike(loaded, Fixtures.completer))
        truncate(file.path, 0)
        #expect(Self.answersAlike(loaded, Fixtures.completer))
    }
}

/// The layout of an index file (version 20), to damage it precisely in tests.
struct IndexLayout: Sendable {
    struct Section: Sendable { var name: String, offset: Int, count: Int }
    /// The header's fields, the section table and the header checksum, in words.
    let headerWords: Int
    let sections: [Section]
    /// A table entry's words after the name: offset, count, checksum.
    static let offsetWord = _IndexFile.nameWords

    init(_ data: Data) {
        func word(_ i: Int) -> UInt64 {
            data[(i * 8)..<(i * 8 + 8)].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        }
        let count = Int(word(_IndexFile.Header.sectionCountField))
        headerWords = _IndexFile.Header.fieldCount + _IndexFile.entryWords * count + 1
        sections = (0..<count).map { i in
            let at = _IndexFile.Header.fieldCount + _IndexFile.entryWords * i
            var name = (at..<(at + _IndexFile.nameWords)).flatMap { w in withUnsafeBytes(of: word(w)) { Array($0) } }
            name.removeAll { $0 == 0 }
            return Section(name: String(decoding: name, as: UTF8.self), offset: Int(word(at + Self.offsetWord)),
                           count: Int(word(at + Self.offsetWord + 1)))
        }
    }

    func section(_ name: String) -> Section { sections.first { $0.name == name }! }

    func header(_ field: Int, _ data: Data) -> UInt64 {
        data[(field * 8)..<(field * 8 + 8)].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    func setHeader(_ field: Int, _ value: UInt64, _ data: inout Data) {
        data.replaceSubrange((field * 8)..<(field * 8 + 8), with: withUnsafeBytes(of: value) { Data($0) })
    }

    func setTable(_ section: Int, word: Int, _ value: UInt64, _ data: inout Data) {
        setHeader(_IndexFile.Header.fieldCount + _IndexFile.entryWords * section + word, value, &data)
    }

    func table(_ section: Int, word: Int, _ data: Data) -> UInt64 {
        header(_IndexFile.Header.fieldCount + _IndexFile.entryWords * section + word, data)
    }

    /// The number in a one-number section (`_IndexFile.Writer.append(_:value:)`).
    func value(_ name: String, _ data: Data) -> UInt64 { header(section(name).offset / 8, data) }

    func setValue(_ name: String, _ value: UInt64, _ data: inout Data) {
        setHeader(section(name).offset / 8, value, &data)
    }

    func set(_ name: String, at byte: Int, _ value: UInt32, _ data: inout Data) {
        let at = section(name).offset + byte
        data.replaceSubrange(at..<(at + 4), with: withUnsafeBytes(of: value) { Data($0) })
    }

    /// The 32-bit number at `byte` of section `name`.
    func word(_ name: String, at byte: Int, _ data: Data) -> UInt32 {
        let at = section(name).offset + byte
        return data[at..<(at + 4)].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }

    /// The byte at `byte` of section `name`.
    func byte(_ name: String, at byte: Int, _ data: Data) -> UInt8 { data[section(name).offset + byte] }

    func setByte(_ name: String, at byte: Int, _ value: UInt8, _ data: inout Data) {
        data[section(name).offset + byte] = value
    }

    /// The place records' field widths (`_PlaceFields`), as the file has them.
    func placeFields(_ data: Data) -> _PlaceFields {
        _PlaceFields(contextBits: Int(value("places.bits.context", data)),
                     nameBits: Int(value("places.bits.name", data)), idBits: Int(value("places.bits.id", data)))!
    }

    /// Place record `i`'s word (`_PackedPlace.word`: its low half at byte 12, its high at 16).
    func placeWord(_ i: Int, _ data: Data) -> UInt64 {
        UInt64(word("places", at: 20 * i + 16, data)) << 32 | UInt64(word("places", at: 20 * i + 12, data))
    }

    func setPlaceWord(_ i: Int, _ value: UInt64, _ data: inout Data) {
        set("places", at: 20 * i + 12, UInt32(truncatingIfNeeded: value), &data)
        set("places", at: 20 * i + 16, UInt32(truncatingIfNeeded: value >> 32), &data)
    }

    /// Sets the field at `shift` (of `mask`'s bits) of place record `i`'s word to `value`.
    func setPlaceField(_ i: Int, shift: UInt64, mask: UInt64, _ value: UInt64, _ data: inout Data) {
        setPlaceWord(i, placeWord(i, data) & ~(mask << shift) | (value & mask) << shift, &data)
    }

    /// Stored answer entry `i` (`_PrecomputedAnswers.Entries`), as the file's widths lay it out.
    func answerEntry(_ i: Int, _ data: Data) -> _PrecomputedAnswers.Entry {
        let width = Int(value("answers.entry.width", data)), nameBits = value("answers.entry.name", data)
        let offsetBits = value("answers.entry.offset", data)
        var word: UInt64 = 0
        for b in 0..<width { word |= UInt64(byte("answers.entries", at: i * width + b, data)) << (8 * b) }
        return .init(name: UInt32(word & ((1 << nameBits) - 1)),
                     keyOffset: UInt32((word >> nameBits) & ((1 << offsetBits) - 1)),
                     matchedLength: UInt32(word >> (nameBits + offsetBits)))
    }

    /// Sets stored answer entry `i` to `entry`, each field cut to its bits (the damage's
    /// names and offsets fit: `theAnswerDamageHasStoredAnswers`).
    func setAnswerEntry(_ i: Int, _ entry: _PrecomputedAnswers.Entry, _ data: inout Data) {
        let width = Int(value("answers.entry.width", data)), nameBits = value("answers.entry.name", data)
        let offsetBits = value("answers.entry.offset", data)
        let lengthBits = UInt64(8 * width) - nameBits - offsetBits
        let length = min(UInt64(entry.matchedLength), (1 << lengthBits) - 1)
        let word = length << (nameBits + offsetBits) | UInt64(entry.keyOffset) << nameBits | UInt64(entry.name)
        setPacked("answers.entries", i, width: width, word, &data)
    }

    /// Shortens section `name` by `bytes` (its table entry's count; the file keeps its bytes).
    func shorten(_ name: String, by bytes: Int, _ data: inout Data) {
        guard let i = sections.firstIndex(where: { $0.name == name }) else { return }
        setTable(i, word: Self.offsetWord + 1, UInt64(sections[i].count - bytes), &data)
    }

    /// Number `i` of section `name`, `_PackedWords` of `width` bytes.
    func packed(_ name: String, _ i: Int, width: Int, _ data: Data) -> UInt64 {
        (0..<width).reduce(0) { $0 | UInt64(byte(name, at: i * width + $1, data)) << (8 * $1) }
    }

    /// Sets number `i` of section `name`, `_PackedWords` of `width` bytes, to `value`.
    func setPacked(_ name: String, _ i: Int, width: Int, _ value: UInt64, _ data: inout Data) {
        for b in 0..<width { setByte(name, at: i * width + b, UInt8(truncatingIfNeeded: value >> (8 * b)), &data) }
    }

    /// Writes `completer`'s index file, damages it with `damage`, reseals it (as a foreign
    /// or malicious writer would leave it) and expects loading it to be an error: opened
    /// by path; as a cache file whose seal (`_IndexFile.Seal`) names the undamaged file,
    /// which its new table checksum no longer matches; and as one whose seal is forged to
    /// name the damaged file, which skips only the sections' checksums, remade anyway.
    static func expectResealedDamageIsAnError(
        _ completer: LocationCompleter, _ name: String, _ damage: (IndexLayout, inout Data) -> Void
    ) throws {
        let undamaged = FileManager.default.temporaryDirectory.appendingPathComponent("ls-undamaged-\(UUID()).lsindex")
        defer { try? FileManager.default.removeItem(at: undamaged) }
        let seal = try _IndexFile.write(completer, sourceKey: "", to: undamaged)
        #expect(try _IndexFile.read(undamaged, seal: .init(seal, naming: undamaged))?.checked == false)
        try withResealedFile(of: completer, damage) { file in
            #expect(throws: GazetteerError.self, "\(name)") { try LocationCompleter(indexFile: file) }
            #expect(throws: GazetteerError.self, "\(name), sealed") {
                try _IndexFile.read(file, seal: .init(seal, naming: file))
            }
            // (A file whose header the damage broke has no table checksum to forge.)
            if let forged = try? _IndexFile.Reader(file, readingSections: false)?.tableChecksum {
                #expect(throws: GazetteerError.self, "\(name), forged seal") {
                    try _IndexFile.read(file, seal: .init(forged, naming: file))
                }
            }
        }
    }

    /// Writes `completer`'s index file to a temporary file, damages it with `damage`,
    /// reseals it and gives it to `body`; the file is removed afterwards.
    static func withResealedFile<Result>(
        of completer: LocationCompleter, _ damage: (IndexLayout, inout Data) -> Void,
        _ body: (URL) throws -> Result
    ) throws -> Result {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ls-damage-\(UUID()).lsindex")
        defer { try? FileManager.default.removeItem(at: file) }
        try completer.writeIndex(to: file)
        var data = try Data(contentsOf: file)
        let layout = IndexLayout(data)
        damage(layout, &data)
        layout.reseal(&data)
        try data.write(to: file)
        return try body(file)
    }

    /// Recomputes every section's checksum and the header's, as a writer would (over each
    /// section's offset and count as the damaged table has them).
    func reseal(_ data: inout Data) {
        for i in sections.indices {
            let section = Section(name: sections[i].name,
                                  offset: Int(truncatingIfNeeded: table(i, word: Self.offsetWord, data)),
                                  count: Int(truncatingIfNeeded: table(i, word: Self.offsetWord + 1, data)))
            let valid = section.offset >= 0 && section.count >= 0 && section.offset <= data.count
                && section.count <= data.count - section.offset
            guard valid else { continue }
            let sum = data[section.offset..<(section.offset + section.count)].withUnsafeBytes { _Checksum.of($0) }
            setTable(i, word: Self.offsetWord + 2, sum, &data)
        }
        let end = (headerWords - 1) * 8
        let sum = data[0..<end].withUnsafeBytes { _Checksum.of($0) }
        setHeader(headerWords - 1, sum, &data)
    }
}

extension _IndexFile.Seal.Contents {
    /// What a seal written now for `file` with `checksum` names: `checksum` and the file's
    /// identity now.
    init(_ checksum: UInt64, naming file: URL) {
        self.init(checksum: checksum, identity: _IndexFile.FileIdentity(of: file)!)
    }
}

@Suite("Index file from GeoNames files", .holdsItsThread)
struct IndexFileRoundTripTests {
    static let queries = ["san", "san fr", "SAN F", "paris", "paris tex", "paris, texas", "nyc", "new y", "york",
                          "sao", "são p", "munich", "münchen", "berl", "Берлин", "サン", "fr", "x", "", "  ",
                          "!!!"]

    /// A completer loaded from the file it wrote answers every query exactly as the one
    /// that wrote it.
    @Test func roundTripKeepsEveryAnswer() throws {
        let directory = try GeoNamesFixture.write()
        defer { try? FileManager.default.removeItem(at: directory) }
        let built = LocationCompleter(gazetteer: try Gazetteer(geoNamesDirectory: directory))
        let file = directory.appendingPathComponent("fixture.lsindex")
        let checksum = try _IndexFile.write(built, sourceKey: "", to: file)
        let loaded = try LocationCompleter(indexFile: file)
        // Sealed, as the cache file the library wrote: what its sections refer to is not
        // checked (`_IndexFile.Seal`), and nothing else differs.
        let sealed = try #require(try _IndexFile.read(file, seal: .init(checksum, naming: file)))
        #expect(!sealed.checked)
        var near = CompletionOptions(limit: 3)
        near.near = GeoCoordinate(latitude: 33.6, longitude: -95.5)
        for completer in [loaded, sealed.completer] {
            completer.index._checkInvariants()
            #expect(completer.placeCount == built.placeCount)
            for query in Self.queries {
                #expect(completer.completions(for: query) == built.completions(for: query), "query \(query)")
            }
            #expect(completer.completions(for: "paris", options: near) == built.completions(for: "paris", options: near))
        }
    }

    @Test func damagedFilesAreErrorsNotCrashes() throws {
        let directory = try GeoNamesFixture.write()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("fixture.lsindex")
        try LocationCompleter(gazetteer: try Gazetteer(geoNamesDirectory: directory)).writeIndex(to: file)
        var bytes = try Data(contentsOf: file)
        bytes.count = bytes.count / 2
        try bytes.write(to: file)
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: file) }
        try Data("not an index".utf8).write(to: file)
        #expect(throws: GazetteerError.self) { try LocationCompleter(indexFile: file) }
    }

    /// The benchmark's fast gazetteer path builds the same completer as `Gazetteer(places:)`.
    @Test func appenderMatchesPlaces() throws {
        var appender = _GazetteerAppender()
        let us = appender.label("US"), usa = appender.label("United States"), texas = appender.label("Texas")
        appender.appendPlace(geonameID: 4717560, population: 24171, kind: .city, countryCode: us, countryName: usa,
                             admin1Name: texas)
        appender.appendName(Array("Paris".utf8))
        appender.appendName(Array("Пэрис".utf8))
        appender.appendPlace(geonameID: 4736286, population: 25145561, kind: .region, countryCode: us, countryName: usa)
        appender.appendName(Array("Texas".utf8))
        let fast = LocationCompleter(gazetteer: appender.makeGazetteer())
        let slow = LocationCompleter(gazetteer: try Gazetteer(places: [
            Place(geonameID: 4717560, name: "Paris", countryCode: "US", countryName: "United States", admin1: "Texas",
                  population: 24171),
            Place(geonameID: 4736286, name: "Texas", kind: .region, countryCode: "US", countryName: "United States",
                  population: 25145561),
        ], alternateNames: ["geonames:4717560": ["Пэрис"]]))
        for query in ["p", "paris", "пэ", "tex", "paris tex", "t"] {
            #expect(fast.completions(for: query).map(\.description) == slow.completions(for: query).map(\.description))
            #expect(fast.completions(for: query).map(\.id) == slow.completions(for: query).map(\.id))
        }
        #expect(fast._nameCount == 3)
    }
}

/// The bundled cache's key covers everything baked into an index, by construction.
@Suite("Cache key", .holdsItsThread)
struct CacheKeyTests {
    @Test func theRankingFingerprintNamesEveryWeight() {
        let fields = Mirror(reflecting: _Ranking.weights).children.compactMap(\.label)
        let entries = _Ranking.fingerprint().split(separator: ",")
        #expect(fields.count >= 16)
        #expect(entries.count == fields.count)
        #expect(zip(entries, fields).allSatisfy { $0.hasPrefix("\($1)=") })
        // Every stored byte of the weights is a reflected field: nothing hides from the key.
        let reflected = Mirror(reflecting: _Ranking.weights).children.reduce(0) { sum, child in
            sum + (child.value is Double ? MemoryLayout<Double>.size : MemoryLayout<Float>.size)
        }
        #expect(reflected <= MemoryLayout<_Ranking.Weights>.size)
        #expect(MemoryLayout<_Ranking.Weights>.size <= reflected + MemoryLayout<Double>.alignment)
    }

    @Test(arguments: [\_Ranking.Weights.exactName, \.wordPrefix, \.typo, \.typoOverExact, \.synonym, \.qualifiedMatch,
                      \.exactNameFullLength, \.namePrefix, \.exactAlternateName, \.typoSpread, \.nearWeight]
          as [WritableKeyPath<_Ranking.Weights, Float> & Sendable])
    func changingAnyWeightChangesTheKey(_ weight: WritableKeyPath<_Ranking.Weights, Float> & Sendable) {
        var changed = _Ranking.weights
        changed[keyPath: weight] += 0.001
        #expect(_Ranking.fingerprint(changed) != _Ranking.fingerprint())
    }

    @Test func theLibraryKeyIsInTheSourceKey() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ls-key-\(UUID())")
        try Data("data".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let key = try LocationCompleter.sourceKey(for: [file])
        #expect(key.hasPrefix(LocationCompleter.libraryKey))
        for part in ["version \(_IndexFile.version)", "ranking ", "folding ", "synonyms "] {
            #expect(LocationCompleter.libraryKey.contains(part))
        }
    }
}
