/// The query being typed, and where the cursor is in it, edited the way shells edit a line.
///
/// The cursor counts characters (grapheme clusters), so Backspace removes what a person
/// sees as one character: "é" whether it was typed as U+00E9 or as "e" and U+0301, a flag,
/// "東".
///
/// ```swift
/// var line = LineEditor()
/// line.insert("new york")
/// line.deleteWordBackward()   // "new "    (Ctrl-W)
/// line.insert("Zu\u{0308}")
/// line.deleteBackward()       // "new Z"   (Backspace removes "ü", both scalars)
/// line.deleteToStart()        // ""        (Ctrl-U)
/// ```
struct LineEditor: Equatable {
    private(set) var text = ""
    /// The number of characters before the cursor.
    private(set) var cursor = 0

    /// Inserts `string` at the cursor and moves the cursor after it. A combining mark
    /// typed after a letter joins it, as it does on screen.
    mutating func insert(_ string: String) {
        let before = String(text.prefix(cursor)) + string
        text = before + text.dropFirst(cursor)
        cursor = min(before.count, text.count)
    }

    /// Backspace: removes the character before the cursor.
    mutating func deleteBackward() {
        guard cursor > 0 else { return }
        remove(cursor - 1..<cursor)
    }

    /// Delete: removes the character under the cursor.
    mutating func deleteForward() {
        guard cursor < text.count else { return }
        remove(cursor..<cursor + 1)
    }

    /// Ctrl-W: removes the word before the cursor and the spaces after it, as shells do.
    mutating func deleteWordBackward() {
        let characters = Array(text.prefix(cursor))
        var start = characters.count
        while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
        while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
        remove(start..<cursor)
    }

    /// Ctrl-U: removes everything before the cursor (the whole line when the cursor is at
    /// its end, as it is while typing).
    mutating func deleteToStart() { remove(0..<cursor) }

    /// Ctrl-K: removes everything from the cursor on.
    mutating func deleteToEnd() { remove(cursor..<text.count) }

    mutating func moveLeft() { cursor = max(0, cursor - 1) }
    mutating func moveRight() { cursor = min(text.count, cursor + 1) }
    mutating func moveToStart() { cursor = 0 }
    mutating func moveToEnd() { cursor = text.count }

    /// Removes the characters at `offsets` and puts the cursor where they were.
    private mutating func remove(_ offsets: Range<Int>) {
        guard !offsets.isEmpty else { return }
        let start = text.index(text.startIndex, offsetBy: offsets.lowerBound)
        let end = text.index(start, offsetBy: offsets.count)
        text.removeSubrange(start..<end)
        cursor = min(offsets.lowerBound, text.count)
    }
}
