import Foundation
@testable import LocationSearch

extension ResealedDamage {
    /// The places (records, field widths, contexts, ids) and the qualifier words.
    static let places: [Case] = [
        ("the qualifier bits a context short", { @Sendable (l: IndexLayout, d: inout Data) in
            l.shorten("qualifier.contexts", by: 16, &d) }),
        ("the qualifier bits a word long", { @Sendable (l: IndexLayout, d: inout Data) in
            // (A word of the next section: still inside the file.)
            l.shorten("qualifier.contexts", by: -8, &d) }),
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
    ]
}
