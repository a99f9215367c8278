/// Splits terminal text into escape sequences and the visible text between them.
///
/// Recognised, and always kept whole:
/// - CSI: ESC `[`, parameter and intermediate bytes (0x20–0x3F), one final byte
///   (0x40–0x7E): SGR styles (`ESC[1m`), cursor movement, erasing.
/// - Strings: ESC `]` (OSC, e.g. hyperlinks), `P`, `X`, `^` or `_`, up to BEL or
///   ESC `\`.
/// - Anything else: ESC, intermediate bytes (0x20–0x2F) and one final byte (0x30–0x7E),
///   such as ESC `7` or ESC `(B`.
/// A sequence cut short by the end of the text runs to the end.
enum _TerminalEscapes {
    /// An escape sequence or a run of text: `text` is a fresh `String`, so that its
    /// characters are those of the run alone (a combining mark right after an escape
    /// sequence does not join its final byte).
    struct Token: Equatable {
        var text: String
        var isEscape: Bool

        init(_ scalars: Substring.UnicodeScalarView, isEscape: Bool) {
            self.text = String(scalars)
            self.isEscape = isEscape
        }
    }

    /// The escape sequences and text runs of `text`, in order, none empty.
    ///
    /// - Complexity: O(*n*) in the number of Unicode scalars.
    static func tokens(_ text: String) -> [Token] {
        let scalars = text.unicodeScalars
        var tokens: [Token] = []
        var textStart = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            guard scalars[index] == "\u{1B}" else {
                index = scalars.index(after: index)
                continue
            }
            if textStart < index { tokens.append(Token(scalars[textStart..<index], isEscape: false)) }
            let end = endOfSequence(startingAt: index, in: scalars)
            tokens.append(Token(scalars[index..<end], isEscape: true))
            index = end
            textStart = end
        }
        if textStart < scalars.endIndex {
            tokens.append(Token(scalars[textStart...], isEscape: false))
        }
        return tokens
    }

    /// The end of the escape sequence whose ESC is at `start`.
    private static func endOfSequence(startingAt start: String.Index, in scalars: String.UnicodeScalarView)
        -> String.Index
    {
        var index = scalars.index(after: start)
        guard index < scalars.endIndex else { return index }
        func value(_ i: String.Index) -> UInt32 { scalars[i].value }
        switch scalars[index] {
        case "[":
            index = scalars.index(after: index)
            while index < scalars.endIndex, (0x20...0x3F).contains(value(index)) {
                index = scalars.index(after: index)
            }
            if index < scalars.endIndex, (0x40...0x7E).contains(value(index)) {
                index = scalars.index(after: index)
            }
            return index
        case "]", "P", "X", "^", "_":
            index = scalars.index(after: index)
            while index < scalars.endIndex {
                let scalar = scalars[index]
                index = scalars.index(after: index)
                if scalar == "\u{07}" { return index }
                if scalar == "\u{1B}", index < scalars.endIndex, scalars[index] == "\\" {
                    return scalars.index(after: index)
                }
            }
            return index
        default:
            while index < scalars.endIndex, (0x20...0x2F).contains(value(index)) {
                index = scalars.index(after: index)
            }
            if index < scalars.endIndex, (0x30...0x7E).contains(value(index)) {
                index = scalars.index(after: index)
            }
            return index
        }
    }

    /// Whether the terminal is styled after `sequence`, given whether it was before:
    /// an SGR sequence with only zero or empty parameters (`ESC[m`, `ESC[0m`) resets,
    /// any other SGR sequence styles, and other sequences change nothing.
    static func isStyled(after sequence: String, wasStyled: Bool) -> Bool {
        guard sequence.hasPrefix("\u{1B}["), sequence.hasSuffix("m") else { return wasStyled }
        let parameters = sequence.dropFirst(2).dropLast()
        return !parameters.split(separator: ";", omittingEmptySubsequences: false)
            .allSatisfy { $0.isEmpty || $0.allSatisfy { $0 == "0" } }
    }
}
