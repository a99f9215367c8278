/// How a span of text looks on a terminal: bold, dim, underline, inverse, and foreground
/// and background colours (16-colour, 256-colour or 24-bit), written as one ANSI SGR
/// escape sequence.
///
/// ```swift
/// let style = TerminalStyle(bold: true, foreground: .palette(208))
/// style.escapeSequence          // "\u{1B}[1;38;5;208m"
/// style.applied(to: "Fr")       // "\u{1B}[1;38;5;208mFr\u{1B}[0m"
/// completion.ansiHighlightedTitle(style: style)
/// // "\u{1B}[1;38;5;208mSan\u{1B}[0m \u{1B}[1;38;5;208mFr\u{1B}[0mancisco"
/// ```
///
/// A style is a plain value: whether to use colour at all is the caller's decision
/// (pass `.plain` styles, or do not call the ANSI renderers).
public struct TerminalStyle: Hashable, Sendable {
    /// SGR 1: bold, or on some terminals brighter.
    /// `TerminalStyle(bold: true).escapeSequence` is `"\u{1B}[1m"`.
    public var bold: Bool
    /// SGR 2: dim (faint). `TerminalStyle(dim: true).escapeSequence` is `"\u{1B}[2m"`.
    public var dim: Bool
    /// SGR 4: underlined. `TerminalStyle(underline: true).escapeSequence` is `"\u{1B}[4m"`.
    public var underline: Bool
    /// SGR 7: foreground and background swapped.
    /// `TerminalStyle(inverse: true).escapeSequence` is `"\u{1B}[7m"`.
    public var inverse: Bool
    /// The text colour, or `nil` for the terminal's default.
    /// `TerminalStyle(foreground: .green).escapeSequence` is `"\u{1B}[32m"`.
    public var foreground: Color?
    /// The background colour, or `nil` for the terminal's default.
    /// `TerminalStyle(background: .palette(236)).escapeSequence` is `"\u{1B}[48;5;236m"`.
    public var background: Color?

    /// Creates a style; by default, plain text.
    ///
    /// ```swift
    /// TerminalStyle(underline: true, background: .rgb(red: 0, green: 0, blue: 128)).escapeSequence
    /// // "\u{1B}[4;48;2;0;0;128m"
    /// ```
    public init(
        bold: Bool = false, dim: Bool = false, underline: Bool = false, inverse: Bool = false,
        foreground: Color? = nil, background: Color? = nil
    ) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.inverse = inverse
        self.foreground = foreground
        self.background = background
    }

    /// The terminal's default look: no escape sequence at all.
    ///
    /// ```swift
    /// TerminalStyle.plain.applied(to: "San")   // "San"
    /// ```
    public static let plain = TerminalStyle()
    /// Bold: the default highlight.
    ///
    /// ```swift
    /// TerminalStyle.bold.applied(to: "San")    // "\u{1B}[1mSan\u{1B}[0m"
    /// ```
    public static let bold = TerminalStyle(bold: true)
    /// Dim: for secondary text such as subtitles.
    ///
    /// ```swift
    /// TerminalStyle.dim.applied(to: "CA")      // "\u{1B}[2mCA\u{1B}[0m"
    /// ```
    public static let dim = TerminalStyle(dim: true)
    /// Underlined.
    ///
    /// ```swift
    /// TerminalStyle.underline.applied(to: "San")   // "\u{1B}[4mSan\u{1B}[0m"
    /// ```
    public static let underline = TerminalStyle(underline: true)
    /// Inverse video: the terminal's colours swapped.
    ///
    /// ```swift
    /// TerminalStyle.inverse.applied(to: "San")     // "\u{1B}[7mSan\u{1B}[0m"
    /// ```
    public static let inverse = TerminalStyle(inverse: true)

    /// The escape sequence that resets every style: `"\u{1B}[0m"`.
    ///
    /// ```swift
    /// print(TerminalStyle.bold.escapeSequence + "San" + TerminalStyle.reset)
    /// // San (in bold)
    /// ```
    public static let reset = "\u{1B}[0m"

    /// Whether the style changes nothing, so that it writes no escape sequence.
    ///
    /// ```swift
    /// TerminalStyle.plain.isPlain                  // true
    /// TerminalStyle(foreground: .red).isPlain      // false
    /// ```
    public var isPlain: Bool { self == .plain }

    /// The SGR escape sequence that turns this style on, on top of whatever is on;
    /// empty for `.plain`.
    ///
    /// ```swift
    /// TerminalStyle(bold: true, dim: true, foreground: .brightCyan).escapeSequence
    /// // "\u{1B}[1;2;96m"
    /// ```
    public var escapeSequence: String {
        var parameters: [String] = []
        if bold { parameters.append("1") }
        if dim { parameters.append("2") }
        if underline { parameters.append("4") }
        if inverse { parameters.append("7") }
        if let foreground { parameters.append(foreground._sgrParameters(background: false)) }
        if let background { parameters.append(background._sgrParameters(background: true)) }
        guard !parameters.isEmpty else { return "" }
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }

    /// `text` in this style, followed by a reset; `text` itself for `.plain` or empty
    /// text.
    ///
    /// ```swift
    /// TerminalStyle.dim.applied(to: ", ")      // "\u{1B}[2m, \u{1B}[0m"
    /// ```
    public func applied(to text: some StringProtocol) -> String {
        guard !isPlain, !text.isEmpty else { return String(text) }
        return escapeSequence + text + Self.reset
    }
}
