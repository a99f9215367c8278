#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The serialized completer: one file holding every column of the gazetteer and the
/// prefix index as named, checksummed sections, each 16-byte aligned, so loading is one
/// read, a checksum pass and a validation pass, with no parsing and no per-node objects.
///
///     header    UInt64 fields (see `Header`): magic "LSINDEX1", version, record layout,
///               byte order, section count
///     table     per section: its name (24 bytes of ASCII, zero-padded), offset, byte
///               count and checksum (`_Checksum` of its bytes)
///               then the checksum of the header and table
///     sections  their bytes, in the table's order
///
/// ## Who writes what
/// Each stored type writes and reads its own sections, in a `Type+File.swift` file in this
/// folder (Rust `fst`'s `raw` module is the model): `write(to:prefix:)` appends its columns
/// to a `Writer` under `"<prefix>.<part>"` names, and `init(reading:prefix:…)` takes them
/// back from a `Reader` and checks them against each other and against the counts of the
/// sections they refer to (passed in by the type that holds them). The section list is
/// what the types write, in the order they write it: nothing keeps a list by hand, and
/// changing one type's encoding changes its `+File` file and `version`, nothing else.
///
///     LocationCompleter+File   source key (here), gazetteer, index, answers, qualifier bits
///                              and words (`_Qualifiers+File`)
///     Gazetteer+File           names, labels (`_StringTable+File`), places, localized names
///     _PrefixIndex+File        folded keys, name references, longest name, both key lists
///                              (`_SortedKeys+File`), their tries (`_ShallowTrie+File`) and
///                              views (`_KeyViews+File`)
///
/// A reader finds sections by name, not by position, and checks that each is where the
/// table says, in the file, and has its checksum, before it reads a byte of it; then that
/// every reference between sections is in bounds, and that every section was read. A
/// damaged or foreign file is an error, never a trap.
///
/// The file is specific to this library's `version` and the machine's byte order and
/// record layout (all checked on load); it is a cache, rebuilt from the gazetteer sources
/// whenever it does not match them.
enum _IndexFile {
    static let magic: UInt64 = 0x3158_4544_4E49_534C  // "LSINDEX1" little-endian

    /// The one version of an index: bump it when any type's sections change (layout or
    /// meaning) or when the search finds anything differently (another walk, reading,
    /// tie-break or filter) without a change to `_Ranking`'s weights: the stored answers
    /// (`_PrecomputedAnswers`) are the search's, and a file from before must not be
    /// reused. The reader refuses any other version, and the bundled cache's key
    /// (`LocationCompleter.libraryKey`) includes it. (`PrecomputedAnswersTests` checks
    /// every stored answer against the search.)
    ///
    /// What each version changed, and the bundled index's size at each, is a table in
    /// `docs/index-format.md`.
    static let version: UInt64 = 43

    /// The header's fields, in order, each a `UInt64`.
    struct Header {
        var magic = _IndexFile.magic
        var version = _IndexFile.version
        /// The layout of the records the file stores (its writer's `recordLayout`: for the
        /// completer, `_PackedPlace.layoutSignature`, the place record's stride and field
        /// offsets) and a byte-order mark: the file is this machine's.
        var recordLayout: UInt64
        var byteOrder = _IndexFile.byteOrderMark
        var sectionCount: UInt64 = 0

        static let fieldCount = 5
        /// Where `sectionCount` is among the fields.
        static let sectionCountField = 4
        var fields: [UInt64] { [magic, version, recordLayout, byteOrder, sectionCount] }
    }

    static let byteOrderMark: UInt64 = 0x0102_0304_0506_0708

    /// A section name's words in the table (so a name is at most 24 ASCII bytes).
    static let nameWords = 3
    /// Each section's table entry: name (`nameWords` words), offset, byte count, checksum.
    static let entryWords = nameWords + 3
    /// The most sections a table may list (a damaged count must not make the reader
    /// allocate or read much).
    static let maxSections = 256

    /// A section as the table lists it.
    struct Section: Sendable, Equatable {
        var name: String
        var offset: Int
        var count: Int
        var checksum: UInt64
    }

    /// Whether `name` can name a section: 1 to 24 ASCII bytes, none of them 0.
    static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return !bytes.isEmpty && bytes.count <= 8 * nameWords && bytes.allSatisfy { $0 > 0 && $0 < 0x80 }
    }

    /// A section name as `nameWords` words (its ASCII bytes, zero-padded, little-endian).
    static func packName(_ name: String) -> [UInt64] {
        precondition(isValidName(name), "bad section name \(name)")
        var words = [UInt64](repeating: 0, count: nameWords)
        for (i, byte) in name.utf8.enumerated() { words[i / 8] |= UInt64(byte) << UInt64(8 * (i % 8)) }
        return words
    }

    /// The name `words` hold, or `nil` unless they are a valid name as `packName` writes
    /// it (zero padding only at the end).
    static func unpackName(_ words: some Collection<UInt64>) -> String? {
        var bytes: [UInt8] = []
        for word in words {
            for shift in stride(from: 0, to: 64, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        let end = bytes.firstIndex(of: 0) ?? bytes.endIndex
        guard bytes[end...].allSatisfy({ $0 == 0 }) else { return nil }
        let name = String(decoding: bytes[..<end], as: UTF8.self)
        return isValidName(name) ? name : nil
    }

    static func align(_ offset: Int) -> Int { (offset + 15) & ~15 }

    /// The sections of the index file at `url`, as its table lists them (after checking
    /// the header's checksum and that the sections tile the file; their bytes are not
    /// read). `nil` when nothing is at `url`.
    static func sections(of url: URL) throws -> [Section]? {
        try Reader(url, readingSections: false)?.sections
    }
}
