import LocationSearch

/// One frame of the demo, as rendered lines for a terminal of a given size:
///
/// ```
/// > san fr
///   1/57 matches · 212 µs
/// ▸ San Francisco, California, United States
///   San Francisco de Macorís, Duarte, Dominican Republic
/// ```
///
/// The prompt line, a status line, then one row per completion in view, as many as fit
/// (and at most `--limit`), scrolled so that the current row shows; every line truncated
/// to the width. The current row is marked "▸" and drawn in reverse video across the
/// whole width. With colour, the matched parts are bold and the subtitle and status dim.
struct DemoFrame {
    var lines: [String]
    /// Where the cursor goes: in the prompt, after the character before the editor's cursor.
    var cursor: (row: Int, column: Int)

    static let prompt = "> "
    /// The current row's marker (not the prompt's glyph, so the two never read alike).
    static let marker = "▸ "

    /// How many completion rows fit in `rows` terminal rows, at most `limit`.
    static func visibleRows(rows: Int, limit: Int = .max) -> Int { max(0, min(rows - 2, limit)) }

    init(_ state: DemoState, columns: Int, rows: Int, limit: Int = .max, color: Bool) {
        let (promptLine, cursorColumn) = Self.promptLine(state.editor, columns: columns, color: color)
        lines = [TerminalText.truncated(promptLine, toWidth: columns)]
        cursor = (0, cursorColumn)
        guard rows > 1 else { return }
        let visible = Self.visibleRows(rows: rows, limit: limit)
        lines.append(TerminalText.truncated(Self.statusLine(state, visible: visible, color: color), toWidth: columns))
        let shown = state.results.indices.dropFirst(state.scroll).prefix(visible)
        for index in shown {
            lines.append(Self.row(
                state.results[index], selected: index == state.selection, columns: columns, color: color))
        }
    }

    /// `text` in `style` when colour is on, else as it is.
    static func styled(_ text: String, _ style: TerminalStyle, color: Bool) -> String {
        color ? style.applied(to: text) : text
    }

    /// "> " and the query, scrolled sideways so that the cursor stays on screen.
    static func promptLine(_ editor: LineEditor, columns: Int, color: Bool) -> (String, cursorColumn: Int) {
        // Each typed character as shown: what would act on the terminal (a pasted escape
        // sequence, a bidirectional override) as U+FFFD, one column, so that only the
        // renderer writes escape sequences and the cursor's column stays right.
        let shown = editor.text.map { TerminalText.sanitized(String($0)) }
        let widths = shown.map { TerminalText.width(of: $0) }
        let room = max(1, columns - prompt.count)
        var start = 0
        var widthBeforeCursor = widths[..<editor.cursor].reduce(0, +)
        // The cursor needs a column of its own after the text before it.
        while start < editor.cursor && widthBeforeCursor > room - 1 {
            widthBeforeCursor -= widths[start]
            start += 1
        }
        return (styled(prompt, .bold, color: color) + shown[start...].joined(), prompt.count + widthBeforeCursor)
    }

    /// "  57 matches · 212 µs", with the current row's number when not all fit
    /// ("  13/57 matches"), or what the demo is waiting for.
    static func statusLine(_ state: DemoState, visible: Int, color: Bool) -> String {
        let text: String
        if state.loading {
            text = "loading places…"
        } else if state.editor.text.allSatisfy(\.isWhitespace) {
            text = "type a place name · ↑↓ select · Enter pick · Esc quit"
        } else {
            let total = state.total
            let count = total == 0 ? "no matches"
                : total > visible ? "\(grouped(state.selection + 1))/\(grouped(total)) matches"
                : total == 1 ? "1 match" : "\(grouped(total)) matches"
            text = count + (state.micros.map { " · \($0) µs" } ?? "")
        }
        return styled("  " + text, .dim, color: color)
    }

    /// `1204` as "1,204".
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    /// "▸ San Francisco, California, United States", cut to `columns`: the matched parts
    /// bold and the subtitle dim (with colour), the current row in reverse video to the
    /// last column (with or without colour: it is the cursor, not a colour).
    static func row(_ completion: LocalSearchCompletion, selected: Bool, columns: Int, color: Bool) -> String {
        let inverse = TerminalStyle.inverse
        let text: String
        if color {
            let match = TerminalStyle(bold: true, inverse: selected)
            var line = completion.ansiHighlightedTitle(style: match, textStyle: selected ? inverse : .plain)
            // (Each string made once: a completion makes its strings when they are read.)
            let rest = TerminalStyle(dim: true, inverse: selected)
            let subTitle = completion.ansiHighlightedSubTitle(style: match, textStyle: rest)  // empty for none
            if !subTitle.isEmpty {
                line += rest.applied(to: ", ")
                line += subTitle
            }
            text = line
        } else {
            let plain = TerminalText.sanitized(HumanOutput.plainLine(completion))
            text = selected ? inverse.applied(to: plain) : plain
        }
        let line = TerminalText.truncated((selected ? inverse.applied(to: marker) : "  ") + text, toWidth: columns)
        guard selected else { return line }
        let padding = columns - TerminalText.width(of: line)
        return padding > 0 ? line + inverse.applied(to: String(repeating: " ", count: padding)) : line
    }
}
