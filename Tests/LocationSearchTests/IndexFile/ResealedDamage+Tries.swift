import Foundation
@testable import LocationSearch

extension ResealedDamage {
    /// The shallow tries (children, starts, ends, far ends, bests) and the views (trees,
    /// positions, groups).
    static let tries: [Case] = [
        ("a view's tree a leaf short", { @Sendable (l: IndexLayout, d: inout Data) in
            // (Every group's tree end moves by two values: the last group's tree no longer fits its blocks.)
            let at = l.section("whole.vw.treeat").count - 4
            l.set("whole.vw.treeat", at: at, l.word("whole.vw.treeat", at: at, d) &- 2, &d) }),
        ("a trie node's best one past the scores", { @Sendable (l: IndexLayout, d: inout Data) in
            let past = l.section("scores").count / 4 + 1
            l.setByte("trie.words.best", at: 0, UInt8(past & 0xFF), &d)
            l.setByte("trie.words.best", at: 1, UInt8(past >> 8), &d) }),
        ("a view's tree best beyond the scores", { @Sendable (l: IndexLayout, d: inout Data) in
            let last = l.section("words.vw.tree").count - 1
            l.setByte("words.vw.tree", at: last, 0xF0, &d) }),
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
    ]
}
