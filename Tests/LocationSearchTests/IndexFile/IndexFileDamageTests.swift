import Foundation
import Testing
@testable import LocationSearch

/// Damaged index files are errors, never crashes: bit flips, truncation and random bytes
/// (the checksums find them), and damage resealed with new checksums (`ResealedDamage`,
/// and the stored answers'), which the reader's checks must find.
@Suite("Index files: damage", .holdsItsThread)
struct IndexFileDamageTests {
    func temporaryFile() -> URL { IndexFileTests().temporaryFile() }

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
    @Test(arguments: ResealedDamage.all)
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

    /// The fixture's file has what `ResealedDamage` needs: a region and several countries
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
}
