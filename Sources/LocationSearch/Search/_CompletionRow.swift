/// Which place a completion shows, under which name, and what of it matched: all a
/// `LocalSearchCompletion` needs, with `_CompletionSource`, to make its strings.
struct _CompletionRow: Sendable {
    /// The place's index in the gazetteer.
    var place: UInt32
    /// The displayed name's index in the name table.
    var display: UInt32
    /// The indexed name (key) that matched.
    var name: UInt32
    /// The matched key's reference into the keys' text (`_KeyText`): its name's text and
    /// where the matched word starts in it.
    var keyOffset: UInt32
    /// How many folded bytes of the key the query covered.
    var matchedLength: Int32
    /// The language to show names in (a label index; -1 for the canonical names). Here,
    /// beside the other 4-byte fields, it fills what would be padding: the row stays 32
    /// bytes and a completion 40.
    var language: Int32 = -1
    /// The region/country words a qualifier matched (usually none).
    var qualifier: [_Qualifiers.Word]

    /// Whether the two rows are the same in every field (qualifiers compared by count
    /// only when both are empty: rows with qualifiers are compared by their text).
    func isIdentical(to other: _CompletionRow) -> Bool {
        place == other.place && display == other.display && name == other.name && keyOffset == other.keyOffset
            && matchedLength == other.matchedLength && language == other.language
            && qualifier.isEmpty && other.qualifier.isEmpty
    }
}
