import LocationSearch

/// One frame of the demo, as rendered lines for a terminal of a given size:
///
/// ```
/// > san fr
///   10 matches · 212 µs
/// > San Francisco, California, United States
///   San Francisco de Macorís, Duarte, Dominican Republic
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
        let (promptLine, cursorColumn) = Self.promptLine(state.editor, columns: columns, color: color)
        lines = [TerminalText.truncated(promptLine, toWidth: columns)]
        cursor = (0, cursorColumn)
        guard rows > 1 else { return }
        let visible = min(state.results.count, Self.visibleRows(rows: rows))
        lines.append(TerminalText.truncated(Self.statusLine(state, visible: visible, color: color), toWidth: columns))
        for (index, completion) in state.results.prefix(visible).enumerated() {
            lines.append(TerminalText.truncated(Self.row(completion, selected: index == state.selection, color: color), toWidth: columns))
        }
    }

    /// `text` in `style` when colour is on, else as it is.
    static func styled(_ text: String, _ style: TerminalStyle, color: Bool) -> String {
        color ? style.applied(to: text) : text
    }

    /// "> " and the query, scrolled sideways so that the cursor stays on screen.
    static func promptLine(_ editor: LineEditor, columns: Int, color: Bool) -> (String, cursorColumn: Int) {
        let characters = Array(editor.text)
        let room = max(1, columns - prompt.count)
        var start = 0
        var widthBeforeCursor = TerminalText.width(of: String(characters[..<editor.cursor]))
        // The cursor needs a column of its own after the text before it.
        while start < editor.cursor && widthBeforeCursor > room - 1 {
            widthBeforeCursor -= TerminalText.width(of: characters[start])
            start += 1
        }
        // Control characters are shown as "?": only the renderer writes escape sequences.
        let typed = String(String.UnicodeScalarView(String(characters[start...]).unicodeScalars.map {
            $0.properties.generalCategory == .control ? "?" : $0
        }))
        return (styled(prompt, .bold, color: color) + typed, prompt.count + widthBeforeCursor)
    }

    /// "  10 matches · 212 µs", or what the demo is waiting for.
    static func statusLine(_ state: DemoState, visible: Int, color: Bool) -> String {
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
        return styled("  " + text, .dim, color: color)
    }

    /// "> San Francisco, California, United States": the matched parts bold, the subtitle
    /// dim, through the library's ANSI renderer.
    static func row(_ completion: LocalSearchCompletion, selected: Bool, color: Bool) -> String {
        let marker = selected ? styled(prompt, .bold, color: color) : "  "
        guard color else {
            return marker + (completion.subTitle.isEmpty ? completion.title : "\(completion.title), \(completion.subTitle)")
        }
        var line = marker + completion.ansiHighlightedTitle(style: .bold)
        if !completion.subTitle.isEmpty {
            line += TerminalStyle.dim.applied(to: ", ")
            line += completion.ansiHighlightedSubTitle(style: .bold, textStyle: .dim)
        }
        return line
    }
}
