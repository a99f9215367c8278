extension TerminalStyle {
    /// A terminal colour: one of the 16 standard colours (which the terminal's theme
    /// defines), an entry of the 256-colour palette, or a 24-bit RGB colour.
    ///
    /// ```swift
    /// TerminalStyle(foreground: .yellow).escapeSequence                         // "\u{1B}[33m"
    /// TerminalStyle(foreground: .brightYellow).escapeSequence                   // "\u{1B}[93m"
    /// TerminalStyle(foreground: .palette(208)).escapeSequence                   // "\u{1B}[38;5;208m"
    /// TerminalStyle(background: .rgb(red: 40, green: 44, blue: 52)).escapeSequence
    /// // "\u{1B}[48;2;40;44;52m"
    /// ```
    ///
    /// Not every terminal shows 256 or 24-bit colours; the standard 16 are the safe
    /// choice.
    public enum Color: Hashable, Sendable {
        /// The 8 standard colours, SGR 30–37 as foreground and 40–47 as background:
        /// `TerminalStyle(foreground: .red).escapeSequence` is `"\u{1B}[31m"`.
        case black, red, green, yellow, blue, magenta, cyan, white
        /// Their bright variants, SGR 90–97 and 100–107:
        /// `TerminalStyle(background: .brightRed).escapeSequence` is `"\u{1B}[101m"`.
        case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
        /// An entry of the 256-colour palette (SGR 38;5 and 48;5): 0–15 the standard
        /// colours, 16–231 a 6×6×6 colour cube, 232–255 a grey ramp.
        /// `.palette(208)` is orange: `"\u{1B}[38;5;208m"` as foreground.
        case palette(UInt8)
        /// A 24-bit colour (SGR 38;2 and 48;2):
        /// `.rgb(red: 255, green: 128, blue: 0)` is `"\u{1B}[38;2;255;128;0m"` as foreground.
        case rgb(red: UInt8, green: UInt8, blue: UInt8)

        /// The SGR parameters that select this colour as the foreground or background.
        func _sgrParameters(background: Bool) -> String {
            let standardBase = background ? 40 : 30
            let brightBase = background ? 100 : 90
            let extended = background ? 48 : 38
            switch self {
            case .black: return "\(standardBase + 0)"
            case .red: return "\(standardBase + 1)"
            case .green: return "\(standardBase + 2)"
            case .yellow: return "\(standardBase + 3)"
            case .blue: return "\(standardBase + 4)"
            case .magenta: return "\(standardBase + 5)"
            case .cyan: return "\(standardBase + 6)"
            case .white: return "\(standardBase + 7)"
            case .brightBlack: return "\(brightBase + 0)"
            case .brightRed: return "\(brightBase + 1)"
            case .brightGreen: return "\(brightBase + 2)"
            case .brightYellow: return "\(brightBase + 3)"
            case .brightBlue: return "\(brightBase + 4)"
            case .brightMagenta: return "\(brightBase + 5)"
            case .brightCyan: return "\(brightBase + 6)"
            case .brightWhite: return "\(brightBase + 7)"
            case .palette(let index): return "\(extended);5;\(index)"
            case .rgb(let red, let green, let blue): return "\(extended);2;\(red);\(green);\(blue)"
            }
        }
    }
}
