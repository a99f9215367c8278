/// What a test reads of the screen: each row's text, with bold runs marked, the row in
/// reverse video, a cell, and the row that holds a text.
extension VirtualScreen {
    /// The row's text, trailing spaces removed.
    func text(row: Int) -> String {
        var line = ""
        for cell in grid[row] where !cell.isContinuation { line += cell.text }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Every row's text.
    var lines: [String] { (0..<rows).map { text(row: $0) } }

    /// The whole screen as text, one line per row, for failure messages.
    var dump: String {
        lines.enumerated().map { "\($0.offset < 10 ? " " : "")\($0.offset)|\($0.element)" }.joined(separator: "\n")
    }

    /// The row's text with bold runs in brackets: "[San] [Fr]ancisco".
    func annotatedText(row: Int) -> String {
        var line = ""
        var inBold = false
        for cell in grid[row] where !cell.isContinuation {
            if cell.bold != inBold {
                line += cell.bold ? "[" : "]"
                inBold = cell.bold
            }
            line += cell.text
        }
        if inBold { line += "]" }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// The first row drawn in reverse video from its first column (the picker's current
    /// row), if any.
    var inverseRow: Int? {
        (0..<rows).first { grid[$0][0].inverse }
    }

    /// The cell at a row and column.
    func cell(row: Int, column: Int) -> Cell { grid[row][column] }

    /// The first row whose text contains `text`.
    func row(containing text: String) -> Int? {
        (0..<rows).first { self.text(row: $0).contains(text) }
    }
}
