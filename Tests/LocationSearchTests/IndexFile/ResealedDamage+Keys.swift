import Foundation
@testable import LocationSearch

extension ResealedDamage {
    /// The key lists: their leaves and trees, the whole-name keys' references, the word
    /// keys' words, the key text, each key's name and rank, the scores, and the buckets.
    static let keys: [Case] = [
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
        ("a key list's tree best beyond the scores", { @Sendable (l: IndexLayout, d: inout Data) in
            // (A best is a score's rank plus one, 16 bits: node 1, the root, made 65,535.)
            l.setByte("whole.tree", at: 2, 0xFF, &d)
            l.setByte("whole.tree", at: 3, 0xFF, &d) }),
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
    ]
}
