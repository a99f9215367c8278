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
    /// History. 2: typo-tolerance era keys (joined city names). 3: each key list gained
    /// its first-two-bytes bucket table. 4: no walk shortcuts. 5: place records' padding
    /// explicit and zeroed, so files are byte-for-byte reproducible. 6: precomputed
    /// answers. 7: qualifier bits per whole-name key, qualifier prefix filter. 8: each key
    /// list's shallow trie. 9: the precomputed answers' bucket table. 10: each key's next
    /// bytes below the tries. 11: named sections with checksums, a header checksum, and
    /// each stored answer's count of exact matches. 12: each key list's views by country
    /// and kind (`_KeyViews`); stored answers without their scores; no name starts. 13: a
    /// time zone per place record, the localized names section. (Until 13 the search had
    /// its own revision number, last 7, checked beside the format.) 14: each type writes
    /// its own sections (24-byte names; the key lists' leaf counts and the longest name
    /// are sections, not header fields), one version for the format and the search. 15:
    /// qualifier first bytes per place and an alternate-name bit per whole-name key
    /// (`qualifier.places`, `qualifier.alternate`), not a word per key. 16: each name's
    /// place as a base per block of names and a byte per name (`_RisingColumn`). 17: stored
    /// answers' entries without their place (their name's). 18: each name's display name
    /// stored as its place is (`_RisingColumn`). 19: the gazetteer's names coded with a
    /// symbol table learnt from them, offsets in blocks (`_CompressedStrings`); the
    /// qualifier words stored (`qualifier.text`, `qualifier.regions`,
    /// `qualifier.countries`), not folded at load; each trie node's range end as a byte
    /// below the next node's start (`_TrieUppers`: `.upper`, `.upper.far`); the views'
    /// positions as a base per block and 16 bits each (`_ViewPositions`: `.pos.base`,
    /// `.pos.low`, `.pos.wide`). 20: place records of 28 bytes, not 64 (`_PlaceTable`:
    /// labels by a shared context, no name count, 32-bit numbers with a wide table), the
    /// header's record field the record's layout, not only its stride. 21: the folded text
    /// in whole-key order, each distinct text once, and the whole-name keys' offsets as a
    /// base per block and two bytes a key (`_KeyOffsets`: `<list>.key.base`, `.delta`,
    /// `.shift`). 22: the names' symbol table of 12-bit codes (4,096 entries: the bytes,
    /// copies of the name before's start, 3,808 learnt symbols), the codes packed two per
    /// three bytes and their offsets counted in codes (`_CompressedStrings`). 23: each trie
    /// node's start and first child as a base per block of 16 nodes and a byte a node
    /// (`_BlockedNumbers`: `<trie>.lower.base`, `.delta`, `.wide`, and `.child.base`, `.delta`,
    /// `.wide`); each key's next bytes below the trie two, not four (`<trie>.next`). 24: each
    /// key's name and score as one word, the name in the low bits and above them the score's
    /// rank among the list's distinct scores (`_KeyNameScores`: `<list>.entry`,
    /// `.entry.width`, `.entry.bits`, `.scores`), not two 32-bit columns. 25: the checksums of
    /// XXH3's shape (`_Checksum`: eight lanes in two-lane vectors, a 32 × 32-bit product each),
    /// not four scalar multiply-rotate lanes. 26: each stored answer's entry as one word of the
    /// bits its name, key offset and matched length need (`_PrecomputedAnswers.Entries`:
    /// `answers.entries`, `.entry.width`, `.entry.name`, `.entry.offset`), not three 32-bit
    /// numbers; place records of 20 bytes, not 28: the kind, flags, context, first name and
    /// GeoNames id in one word, each field in the bits the table needs (`_PlaceFields`:
    /// `places.bits.context`, `.bits.name`, `.bits.id`), ids beyond them or none by place
    /// (`places.other`, `places.other.ids`). 27: the views' positions as Elias–Fano blocks of
    /// 64 within each group (`_ViewPositions`: `.pos.first`, `.pos.at`, `.pos.bits`), not a
    /// base per block and 16 bits each. (A format with the keys' offsets bit-packed was
    /// measured and not kept: docs/filters-and-footprint.md.) 28: block-maximum trees (the
    /// lists' `.tree`, the views' `.vw.tree`) with a leaf per block, not rounded up to a
    /// power of two; the qualifier first bytes per place context and kind
    /// (`qualifier.contexts`), not per place (`qualifier.places`); each name's place as a
    /// base per block of 64 names and a bit a name, set where the place steps up by one
    /// (`_StepColumn`: `name.place.base`, `.steps`, `.wide`), not a byte a name
    /// (`name.place.delta`, `.shift`); one table of distinct scores for both key lists
    /// (`scores`), not one each (`<list>.scores`).
    /// 29: the keys' text front-coded in blocks of eight, each text sharing a prefix with its
    /// block's first (`_KeyText`: `key.text`, `.start`, `.at`, `.count`, `.shift`), not
    /// `folded`; each key a reference into it (its text's number and its start in the text),
    /// a whole-name key's text number as a base per 64 keys and a byte, not a byte offset in
    /// 16 bits (`_KeyOffsets`); stored answers' and rows' key offsets are such references.
    /// 30: each word key as its name's whole-name key, its start in that key's text and its
    /// rank, in one word (`words.entry`, `.entry.bits`, `.entry.start`), not a reference of
    /// its own (`words.key.*`) and its name. 31: a name with a fold in the index coded as
    /// an edit of it (`names.folds`, a bit a name; the name's codes its fold's text number
    /// in `_KeyText`, a case mode and edit operations: `_NameFolds`), its text number
    /// bounded when it decodes and the flags checked against the names at load.
    /// 32: where each key text starts in its block in the block's first eight bytes, not in
    /// a column of a byte a text (`key.text.at`): finding a text reads one cache line fewer.
    /// 33: the names a respelling can choose marked, a bit a name (`names.respellable`: a
    /// name with bytes beyond ASCII that folds like another of its place), checked to fit
    /// the names at load: a query typed beyond ASCII decodes only those of a row's place.
    /// 34: the whole-name keys' text numbers as a base per block of 256 keys, and per group
    /// of eight a byte above it and a bit a key, set where the number steps up by one
    /// (`_KeyOffsets`: `<list>.key.base`, `.groups`), not a base per 64 keys and a byte a
    /// key (`.delta`); the bucket tables as a bit per two-byte prefix, set where one
    /// starts some key, in groups of eight with counts, and the start of each prefix that
    /// has keys (`_BucketTable`: `<list>.buckets.base`, `.groups`, `.starts`), not 65,537
    /// starts (`<list>.buckets`). 35: a word key's word without its rank, which is its
    /// whole-name key's (`words.entry`: the whole-name key and the start, zeros above); each
    /// name's display name as a step column of three bit planes (`_StepColumn`:
    /// `name.display.base`, `.steps`, `.wide`, `.planes`), not a byte a name (`.delta`,
    /// `.shift`), the names' count in `name.count` and each step column's planes in
    /// `<column>.planes`. 36: the keys' scores kept to as many levels as a rank has bits for
    /// beside a name in the fewest whole bytes (`_KeyNameScores.scoreLevels(nameCount:)`:
    /// 2,048 for the bundled data), evenly spaced, when there are more distinct scores, and
    /// at most 65,535 of them; the block-maximum trees' and the tries' bests as 16-bit
    /// ranks plus one (`_KeyNameScores.Best`: `<list>.tree`, `<list>.vw.tree`,
    /// `trie.<list>.best`), not 32-bit scores. 37: the key text's texts without a 0 after
    /// each (a text ends where the next starts, `_KeyText`), a last block's starts past its
    /// texts where it ends, and a block with a start past 254 wide (its starts as
    /// `UInt32`s after eight 255s), not found by a skip over the zeros. 38: where each
    /// name's codes start as a `_StepColumn` of up to five planes (`names.base`, `.steps`,
    /// `.wide`, `.planes`, `.count`), not a base per 16 and a byte each (`.delta`). 39: a
    /// place's coordinate as two `Int32`s of 10⁻⁷ degree (`_PackedPlace.unitsPerDegree`),
    /// not two `Float`s: the same bytes, read otherwise. 40: each key text shares its first
    /// bytes with its block's head or with a text before it that is on the head, whichever
    /// shares more (`_KeyText`: a link byte of a 3-bit base and a 5-bit shared length), not
    /// always with the head (a byte of up to 254). 41: the shallow tries' next bytes one a
    /// key (`trie.<list>.next`, `_ShallowTrie.Packed`), not two. 42: a narrow key text
    /// block's head without a link byte, starting after seven starts, those of the texts
    /// after it (`_KeyText.narrowHeader`), not eight (the head's always 8). 43: the
    /// localized names grouped by place (`localized.places`, `.starts`; each entry a
    /// language and a name), not each entry with its place.
    static let version: UInt64 = 43

    /// The header's fields, in order, each a `UInt64`.
    struct Header {
        var magic = _IndexFile.magic
        var version = _IndexFile.version
        /// The stored place record's layout (`_PackedPlace.layoutSignature`: its stride and
        /// field offsets) and a byte-order mark: the file is this machine's.
        var recordLayout = _PackedPlace.layoutSignature
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

    /// Writes `completer` with `sourceKey` (what it was built from) to `url`, atomically
    /// (see `Writer.write(to:)`).
    /// Returns the file's table checksum (`Reader.tableChecksum`).
    @discardableResult
    static func write(_ completer: LocationCompleter, sourceKey: String, to url: URL) throws -> UInt64 {
        try writer(for: completer, sourceKey: sourceKey).write(to: url)
    }

    /// The sections `write(_:sourceKey:to:)` writes for `completer`.
    static func writer(for completer: LocationCompleter, sourceKey: String) -> Writer {
        var writer = Writer()
        writer.append("source.key", _Column(Array(sourceKey.utf8)))
        completer.write(to: &writer)
        return writer
    }

    /// Reads and validates an index file. Returns `nil` (and never traps) when nothing is
    /// at `url`; throws `GazetteerError.invalidIndexFile` when it is not a valid index
    /// (damaged, truncated, foreign, or not a regular file: a FIFO or a device is refused
    /// without reading from it, so it cannot block).
    ///
    /// With `seal` naming its table's checksum and identity (`Seal`), its sections'
    /// checksums are not checked; `checked` says whether they were (everything else is
    /// checked either way). `identity` is the file's when it was opened, for its seal.
    static func read(_ url: URL, seal: Seal.Contents? = nil) throws -> (
        completer: LocationCompleter, sourceKey: String, tableChecksum: UInt64, identity: FileIdentity, checked: Bool
    )? {
        guard let reader = try Reader(url, seal: seal) else { return nil }
        let sourceKey = String(decoding: try reader.column("source.key", as: UInt8.self).buffer, as: UTF8.self)
        let completer = try LocationCompleter(reading: reader)
        try reader.finish()
        return (completer, sourceKey, reader.tableChecksum, reader.identity, reader.checksSections)
    }

    /// The sections of the index file at `url`, as its table lists them (after checking
    /// the header's checksum and that the sections tile the file; their bytes are not
    /// read). `nil` when nothing is at `url`.
    static func sections(of url: URL) throws -> [Section]? {
        try Reader(url, readingSections: false)?.sections
    }
}
