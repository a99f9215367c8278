import Foundation
import Testing
@testable import LocationSearch

/// The layout of an index file, to damage it precisely in tests.
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
