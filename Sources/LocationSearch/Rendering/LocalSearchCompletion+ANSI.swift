extension LocalSearchCompletion {
    /// The title for a terminal: matched runs in `style`, the rest in `textStyle`, with
    /// ANSI escape sequences.
    ///
    /// ```swift
    /// let completion = completer.completions(for: "san fr")[0]
    /// completion.ansiHighlightedTitle()
    /// // "\u{1B}[1mSan\u{1B}[0m \u{1B}[1mFr\u{1B}[0mancisco"
    /// completion.ansiHighlightedTitle(style: TerminalStyle(underline: true, foreground: .yellow))
    /// // "\u{1B}[4;33mSan\u{1B}[0m \u{1B}[4;33mFr\u{1B}[0mancisco"
    /// ```
    ///
    /// Each run's style replaces the one before (a reset, then the new style), and the
    /// result always ends unstyled, so nothing leaks into what is printed next; with two
    /// `.plain` styles it is the bare title. Highlight ranges are handled as by
    /// `highlightedTitle()`: invalid ones are ignored, and characters are never split.
    /// Characters a terminal would act on (`TerminalText.isUnsafe(_:)`: control and
    /// bidirectional formatting characters, which a custom gazetteer could contain) are
    /// shown as U+FFFD, so that the text cannot move the cursor, retitle the window or
    /// reorder the line.
    ///
    /// Whether to colour at all is the caller's decision: see `location-search --color`.
    /// To fit a column count, pass the result to `TerminalText.truncated(_:toWidth:ellipsis:)`.
    ///
    /// - Complexity: O(*n* + *k* log *k*) for a title of *n* UTF-16 code units and *k*
    ///   highlight ranges.
    public func ansiHighlightedTitle(style: TerminalStyle = .bold, textStyle: TerminalStyle = .plain) -> String {
        Self._ansiHighlighted(title, titleHighlightRanges, highlight: style, text: textStyle)
    }

    /// The subtitle for a terminal: matched runs in `style`, the rest in `textStyle`,
    /// with ANSI escape sequences.
    ///
    /// ```swift
    /// let completion = completer.completions(for: "paris tex")[0]
    /// completion.ansiHighlightedSubTitle(textStyle: .dim)
    /// // "\u{1B}[1mTex\u{1B}[0m\u{1B}[2mas, United States\u{1B}[0m"
    /// ```
    ///
    /// Behaves as `ansiHighlightedTitle(style:textStyle:)`.
    ///
    /// - Complexity: O(*n* + *k* log *k*) for a subtitle of *n* UTF-16 code units and *k*
    ///   highlight ranges.
    public func ansiHighlightedSubTitle(style: TerminalStyle = .bold, textStyle: TerminalStyle = .plain) -> String {
        Self._ansiHighlighted(subTitle, subtitleHighlightRanges, highlight: style, text: textStyle)
    }

    static func _ansiHighlighted(
        _ text: String, _ ranges: [HighlightRange], highlight: TerminalStyle, text textStyle: TerminalStyle
    ) -> String {
        var output = ""
        var current = TerminalStyle.plain
        for run in _HighlightSpans(text: text, ranges: ranges).runs {
            let style = run.isHighlighted ? highlight : textStyle
            if style != current {
                if !current.isPlain { output += TerminalStyle.reset }
                output += style.escapeSequence
                current = style
            }
            output += TerminalText.sanitized(text[run.range])
        }
        if !current.isPlain { output += TerminalStyle.reset }
        return output
    }
}
