/// One region's or one country's qualifier words, as `_Qualifiers` stores them: bytes
/// `start..<end` of its word text, each folded word followed by a space (a folded word
/// never holds one), the label's own words first.
///
/// A plain record, so the lists are a column of an index file, read in place: a load
/// does not fold a name or allocate a word.
struct _QualifierList: BitwiseCopyable, Sendable, Equatable {
    /// The region's admin-1 code label, or -1 for a country's list.
    var admin1Code: Int32
    /// The country code label.
    var countryCode: Int32
    /// Where the words are in the text.
    var start: UInt32
    var end: UInt32
    /// How many of the words, from the first, are the label's own, in order (their
    /// `labelWord` is their index); the rest (other names, abbreviations and codes) are -1,
    /// which highlights the whole label.
    var labelWords: UInt32
    /// How many words there are (the spaces in the list's bytes).
    var wordCount: UInt32
    /// `_Qualifiers.firstByteMask` of the words.
    var firstBytes: UInt64

    /// The list's bytes in `text`.
    var range: Range<Int> { Int(start)..<Int(end) }
}
