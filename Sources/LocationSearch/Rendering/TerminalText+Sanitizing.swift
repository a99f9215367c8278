extension TerminalText {
    /// Whether a terminal would act on `scalar` instead of drawing it.
    ///
    /// ```swift
    /// TerminalText.isUnsafe("\u{1B}")     // true: ESC starts a control sequence
    /// TerminalText.isUnsafe("\u{202E}")   // true: RIGHT-TO-LEFT OVERRIDE reorders the line
    /// TerminalText.isUnsafe("é")          // false
    /// ```
    ///
    /// Unsafe are the C0 controls (U+0000–U+001F: ESC, BEL, CR, LF, tab…), DEL (U+007F),
    /// the C1 controls (U+0080–U+009F, which some terminals read as CSI or OSC), the line
    /// and paragraph separators (U+2028, U+2029), and the bidirectional formatting
    /// characters that reorder what follows them (U+061C, U+200E, U+200F,
    /// U+202A–U+202E, U+2066–U+2069). Place names come from data files a person may not
    /// control, so everything this library renders for a terminal passes through
    /// `sanitized(_:replacingWith:)`.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` with every scalar a terminal would act on (`isUnsafe(_:)`) replaced by
    /// `replacement(scalar)`: U+FFFD REPLACEMENT CHARACTER by default.
    ///
    /// ```swift
    /// TerminalText.sanitized("Evil\u{1B}]0;PWNED\u{7}Town")    // "Evil�]0;PWNED�Town"
    /// TerminalText.sanitized("a\tb") { "\\u{\(String($0.value, radix: 16))}" }   // "a\\u{9}b"
    /// TerminalText.sanitized("San Francisco")                  // "San Francisco" (the same string)
    /// ```
    ///
    /// Text with nothing to replace is returned as it is, after one pass over its UTF-8.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func sanitized(
        _ text: some StringProtocol, replacingWith replacement: (Unicode.Scalar) -> String = { _ in "\u{FFFD}" }
    ) -> String {
        guard mayHoldUnsafe(text.utf8) else { return String(text) }
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                output += replacement(scalar)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Whether `utf8` has a byte that starts an unsafe scalar: a C0 control, DEL, or the
    /// lead byte of the C1 controls (0xC2), of U+061C (0xD8) or of the U+2000 block
    /// (0xE2). False means the text is safe as it is.
    static func mayHoldUnsafe(_ utf8: some Sequence<UInt8>) -> Bool {
        utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }
    }
}
