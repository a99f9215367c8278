import LocationSearch

/// Text from the command line, standard input or a data file, made safe to echo in a
/// message: every character a terminal would act on (`TerminalText.isUnsafe(_:)`: control
/// and bidirectional formatting characters) shown as an escape (`\t`, `\n`, `\r`,
/// `\u{1B}`), so that it cannot move the cursor, recolour the terminal or reorder the line.
enum Sanitized {
    /// `text` escaped, cut to at most `limit` columns and `4 × limit` bytes (a megabyte of
    /// combining marks is one character, and is cut too): `… (N bytes)` says how long it was.
    ///
    ///     Sanitized.text("a\u{1B}[2Jb")                       // "a\\u{1B}[2Jb"
    ///     Sanitized.text(String(repeating: "q", count: 100))  // 60 × "q" + "… (100 bytes)"
    static func text(_ text: String, limit: Int = 60) -> String {
        let byteLimit = 4 * limit
        var out = "", columns = 0, bytes = 0
        for character in text {
            let shown = escaped(String(character))
            let width = TerminalText.width(of: shown)
            guard columns + width <= limit, bytes + shown.utf8.count <= byteLimit else {
                // Whatever of a long character fits (a base and some of its marks).
                if columns + width <= limit {
                    for scalar in shown.unicodeScalars {
                        guard bytes + scalar.utf8.count <= byteLimit else { break }
                        out.unicodeScalars.append(scalar)
                        bytes += scalar.utf8.count
                    }
                }
                return out + "… (\(text.utf8.count) bytes)"
            }
            out += shown
            columns += width
            bytes += shown.utf8.count
        }
        return out
    }

    /// A diagnostic for standard error: each line as `text(_:limit:)` makes it, up to
    /// 1,000 columns (a message can quote an id or a path from a data file), the newlines
    /// between lines kept.
    static func message(_ message: String) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { text(String($0), limit: 1_000) }.joined(separator: "\n")
    }

    /// `text` with its unsafe characters as escapes.
    static func escaped(_ text: some StringProtocol) -> String {
        TerminalText.sanitized(text) { scalar in
            switch scalar {
            case "\t": "\\t"
            case "\n": "\\n"
            case "\r": "\\r"
            default: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
    }
}
