/// A completion's highlights: the matched part of its key, mapped back to the title, and
/// the region and country words a qualifier matched.
extension _CompletionSource {
    /// The title's highlights: the matched part of the key, mapped back to the title.
    ///
    /// The title is decided once (`shownName`) and decoded once; the key's text is read
    /// into a buffer on the stack (`withKeyText`), not an array.
    func titleHighlights(_ row: _CompletionRow) -> [HighlightRange] {
        let shown = shownName(row)
        if shown != row.display {
            // Another name than the key's: highlight as much of its start as the matched
            // part of the key shares with it ("londn" → "[Lond]on").
            let title = _FoldedText(gazetteer._names.string(Int(shown)))
            let common = withKeyText(row) { text, start in
                zip(title.key, text.prefix(start + Int(row.matchedLength))).prefix { $0 == $1 }.count
            }
            return common > 0 ? title.wordHighlights(0..<common) : []
        }
        let matchedLength = Int(row.matchedLength)
        let ascii = _Folding.asciiTable
        // (The names read through `gazetteer`, not a local copy: a closure that captured
        // one would copy it, a retain of each of its columns.)
        return gazetteer._names.withBytes(Int(row.display)) { bytes in
            withKeyText(row) { text, wordStart in
                let plain = !bytes.contains { $0 >= 0x80 || ascii[Int($0)] == 0x20 }
                if plain || text.contains(0x20) {
                    // The key is the title's fold: highlight straight from the title (from
                    // its bytes when it is ASCII).
                    let keyBytes = wordStart..<(wordStart + matchedLength)
                    guard wordStart >= 0 else { return [] }
                    if let ranges = _FoldedText.asciiWordHighlights(bytes, keyBytes: keyBytes) { return ranges }
                    return _FoldedText.wordHighlights(of: String(decoding: bytes, as: UTF8.self), keyBytes: keyBytes)
                }
                // Maybe a joined key ("newyorkcity"): count the matched bytes back over the
                // spaces.
                let folded = _FoldedText(String(decoding: bytes, as: UTF8.self))
                var start = wordStart, end = min(folded.key.count, wordStart + matchedLength)
                if folded.key.count != text.count {
                    (start, end) = (0, Self.spacedLength(folded.key, joinedLength: matchedLength))
                }
                return start >= 0 && start < end ? folded.wordHighlights(start..<end) : []
            }
        }
    }

    /// The subtitle's highlights for the region and country words a qualifier matched.
    func subtitleHighlights(_ row: _CompletionRow) -> [HighlightRange] {
        guard !row.qualifier.isEmpty else { return [] }
        return Self.subtitleHighlights(subtitleParts(row), qualifier: row.qualifier)
    }

    static func subtitleHighlights(_ parts: _SubtitleParts, qualifier: [_Qualifiers.Word]) -> [HighlightRange] {
        var ranges: [HighlightRange] = []
        var offset = 0
        for (text, part) in parts.items {
            defer { offset += text.utf16.count + 2 }
            guard let part else { continue }
            let words = qualifier.filter { $0.part == part }
            guard !words.isEmpty else { continue }
            let label = _FoldedText(text)
            var found: [HighlightRange] = []
            if words.contains(where: { $0.labelWord < 0 }) {
                // An abbreviation or code matched: the whole name it stands for.
                if let all = label.highlight(0..<label.key.count) { found = [all] }
            } else {
                let starts = [0] + label.key.indices.filter { label.key[$0] == 0x20 }.map { $0 + 1 }
                // (The words come in the label's order; two of them can be one character's.)
                for word in words where Int(word.labelWord) < starts.count {
                    let start = starts[Int(word.labelWord)]
                    if let range = label.highlight(start..<min(label.key.count, start + word.text.count)) {
                        _FoldedText.appendWord(range, to: &found)
                    }
                }
            }
            ranges += found.map { HighlightRange(location: offset + $0.location, length: $0.length) }
        }
        return ranges
    }

    /// Calls `body` with the text of the row's key (its name's fold, the text of its
    /// reference) and where the key starts in it (0 for a whole-name key, a word's start
    /// for a word key): the text copied into a temporary buffer
    /// (`_KeyText.Buffers.copy(text:into:limit:)`: up to its 0, fewer than `1 << shift`
    /// bytes, as `_KeyText.bytes(of:)` reads it) rather than made an array.
    func withKeyText<R>(_ row: _CompletionRow, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> R) rethrows -> R {
        let keys = index.keyText, reference = Int(row.keyOffset)
        let t = min(reference >> keys.shift, keys.count - 1)
        precondition(t >= 0, "text out of range")
        let room = (1 << keys.shift) - 1, buffers = keys.buffers
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(room, 1)) { buffer in
            let count = buffers.copy(text: t, into: buffer.baseAddress!, limit: room)
            return try body(UnsafeBufferPointer(start: buffer.baseAddress, count: count), min(reference & room, count))
        }
    }

    /// How many bytes of `spaced` cover its first `joinedLength` non-space bytes.
    static func spacedLength(_ spaced: [UInt8], joinedLength: Int) -> Int {
        var count = 0
        for (i, byte) in spaced.enumerated() where byte != 0x20 {
            count += 1
            if count == joinedLength { return i + 1 }
        }
        return spaced.count
    }
}
