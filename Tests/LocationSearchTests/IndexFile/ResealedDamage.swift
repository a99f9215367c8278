import Foundation
@testable import LocationSearch

/// Damage to the fixture's index file, resealed as a foreign or malicious writer would
/// leave it (every checksum remade), by section family: each case a name and the damage,
/// which the reader's bounds and structure checks must refuse without trapping
/// (`IndexFileDamageTests.resealedDamageIsAnError`).
enum ResealedDamage {
    typealias Case = (String, @Sendable (IndexLayout, inout Data) -> Void)

    /// Every case, family by family.
    static var all: [Case] { container + names + keys + tries + places }

    /// The header's fields, the section table, and a stored answer's exact count.
    static let container: [Case] = [
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
        ("the record layout of another build", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setHeader(2, UInt64(MemoryLayout<_PackedPlace>.stride), &d) }),
    ]
}
