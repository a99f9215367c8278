import Foundation
@testable import LocationSearch

extension ResealedDamage {
    /// The names: the longest name, each indexed name's display name and place, the names'
    /// symbol table and where each name's codes start.
    static let names: [Case] = [
        ("longest name huge", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("name.longest", UInt64.max, &d) }),
        ("longest name Int.max", { @Sendable (l: IndexLayout, d: inout Data) in
            l.setValue("name.longest", UInt64(Int.max), &d) }),
        ("longest name zero", { @Sendable (l: IndexLayout, d: inout Data) in l.setValue("name.longest", 0, &d) }),
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
    ]
}
