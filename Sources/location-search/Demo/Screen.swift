/// What the terminal shows, line by line, so that each frame rewrites only the lines that
/// changed: no flicker, and little output over a slow link.
///
/// ```swift
/// var screen = Screen(columns: 20, rows: 3)
/// screen.update(["> s", "  1 match", "  Sydney"], cursor: (0, 3))
/// // "␛[?25l␛[2J␛[1;1H> s␛[2;1H  1 match␛[3;1H  Sydney␛[1;4H␛[?25h"
/// screen.update(["> s", "  1 match", "  Sydney"], cursor: (0, 3))
/// // "": nothing changed
/// screen.update(["> sy", "  1 match", "  Sydney"], cursor: (0, 4))
/// // "␛[?25l␛[1;1H␛[2K> sy␛[1;5H␛[?25h": only the first line
/// ```
///
/// Lines are given already rendered (escape sequences included) and at most `columns`
/// wide; the screen compares them as strings. The cursor is hidden while a frame is drawn
/// and shown again at the given position.
struct Screen {
    private(set) var columns: Int
    private(set) var rows: Int
    /// The lines on the terminal; `nil` when unknown (at the start and after a resize).
    private var shown: [String]?
    private var cursor: (row: Int, column: Int)?

    init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
    }

    /// The terminal changed size: the next frame clears it and draws every line.
    mutating func resize(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        invalidate()
    }

    /// Forgets what is on the terminal: the next frame clears it and draws every line.
    mutating func invalidate() {
        shown = nil
        cursor = nil
    }

    /// The output that turns the terminal's screen into `lines` (missing lines are blank;
    /// lines past the last row are dropped) with the cursor at `cursor` (zero-based), or ""
    /// if it already is.
    ///
    /// - Complexity: O(*n*) in the total length of the lines.
    mutating func update(_ lines: [String], cursor: (row: Int, column: Int)) -> String {
        let cursor = (row: min(max(0, cursor.row), rows - 1), column: min(max(0, cursor.column), columns - 1))
        var body = ""
        let previous = shown
        if previous == nil { body += "\u{1B}[2J" }
        var next = [String]()
        next.reserveCapacity(rows)
        for row in 0..<rows {
            let line = row < lines.count ? lines[row] : ""
            next.append(line)
            if let previous {
                guard previous[row] != line else { continue }
                // Erase the whole line first: erasing after writing would, in a full-width
                // line, erase the last column too (the cursor is still on it).
                body += "\u{1B}[\(row + 1);1H\u{1B}[2K" + line
            } else if !line.isEmpty {
                body += "\u{1B}[\(row + 1);1H" + line
            }
        }
        shown = next
        if body.isEmpty, let old = self.cursor, old == cursor { return "" }
        self.cursor = cursor
        return "\u{1B}[?25l" + body + "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
    }
}
