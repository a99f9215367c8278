import LocationSearch

/// One frame of the demo, as rendered lines for a terminal of a given size:
///
/// ```
/// > san fr
///   10 matches · 212 µs
/// > San Francisco, California, United States
///   San Francisco de Quito, Quito, Pichincha, Ecuador
/// ```
///
/// The prompt line, a status line, then one row per completion, as many as fit; every
/// line truncated to the width. With colour, the matched parts are bold, the subtitle and
/// status dim, the selected row's marker bold.
struct DemoFrame {
    var lines: [String]
    /// Where the cursor goes: in the prompt, after the character before the editor's cursor.
    var cursor: (row: Int, column: Int)

    static let prompt = "> "

    /// How many completion rows fit in `rows` terminal rows.
    static func visibleRows(rows: Int) -> Int { max(0, rows - 2) }

    init(_ state: DemoState, columns: Int, rows: Int, color: Bool) {
        let (promptLine, cursorColumn) = Self.promptLine(state.editor, columns: columns)
        lines = [promptLine.rendered(width: columns, color: color)]
        cursor = (0, cursorColumn)
        guard rows > 1 else { return }
        let visible = min(state.results.count, Self.visibleRows(rows: rows))
        lines.append(Self.statusLine(state, visible: visible).rendered(width: columns, color: color))
        for (index, completion) in state.results.prefix(visible).enumerated() {
            lines.append(Self.row(completion, selected: index == state.selection).rendered(width: columns, color: color))
        }
    }

    /// "> " and the query, scrolled sideways so that the cursor stays on screen.
    static func promptLine(_ editor: LineEditor, columns: Int) -> (StyledLine, cursorColumn: Int) {
        let characters = Array(editor.text)
        let room = max(1, columns - prompt.count)
        var start = 0
        var widthBeforeCursor = TerminalWidth.of(String(characters[..<editor.cursor]))
        // The cursor needs a column of its own after the text before it.
        while start < editor.cursor && widthBeforeCursor > room - 1 {
            widthBeforeCursor -= TerminalWidth.of(characters[start])
            start += 1
        }
        var line = StyledLine(prompt, style: .bold)
        line.append(String(characters[start...]))
        return (line, prompt.count + widthBeforeCursor)
    }

    /// "  10 matches · 212 µs", or what the demo is waiting for.
    static func statusLine(_ state: DemoState, visible: Int) -> StyledLine {
        let text: String
        if state.loading {
            text = "loading places…"
        } else if state.editor.text.allSatisfy(\.isWhitespace) {
            text = "type a place name · ↑↓ select · Enter pick · Esc quit"
        } else {
            let total = state.results.count
            let count = visible < total ? "\(visible) of \(total) matches" : total == 1 ? "1 match" : "\(total) matches"
            text = count + (state.micros.map { " · \($0) µs" } ?? "")
        }
        return StyledLine("  " + text, style: .dim)
    }

    /// "> San Francisco, California, United States", the matched parts highlighted.
    static func row(_ completion: LocalSearchCompletion, selected: Bool) -> StyledLine {
        var line = StyledLine(selected ? prompt : "  ", style: selected ? .bold : [])
        line.append(highlighting: completion.title, ranges: completion.titleHighlightRanges)
        if !completion.subTitle.isEmpty {
            line.append(", ", style: .dim)
            line.append(
                highlighting: completion.subTitle, ranges: completion.subtitleHighlightRanges,
                base: .dim, highlight: .bold)
        }
        return line
    }
}
