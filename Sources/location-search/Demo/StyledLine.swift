import LocationSearch

// The demo's own small ANSI renderer: styled runs of text, measured in terminal columns and
// truncated to a width. It stands in for the library's ANSI renderer (issue 5), which is not
// on this branch; everything the swap touches is in this one file, and the rest of the demo
// only uses `StyledLine` and `TerminalWidth`.

/// One line of text in styled runs, rendered for a terminal `width` columns wide.
///
/// ```swift
/// var line = StyledLine()
/// line.append(highlighting: "San Francisco", ranges: [.init(location: 0, length: 3)])
/// line.append(", California", style: .dim)
/// line.rendered(width: 16, color: true)
/// // "␛[0;1mSan␛[0m Francisco␛[0;2m, ␛[0m…"   (16 columns: the last one is "…")
/// line.rendered(width: 16, color: false)
/// // "San Francisco, …"
/// ```
///
/// Escape sequences are only ever written between characters, so truncation can cut
/// neither an escape sequence nor a character (grapheme cluster) in half.
struct StyledLine: Equatable {
    /// How a run looks when colour is on.
    struct Style: OptionSet, Hashable {
        let rawValue: UInt8
        static let bold = Style(rawValue: 1 << 0)
        static let dim = Style(rawValue: 1 << 1)
        static let reverse = Style(rawValue: 1 << 2)

        /// The SGR sequence that switches from any style to this one.
        var sgr: String {
            var codes = ["0"]
            if contains(.bold) { codes.append("1") }
            if contains(.dim) { codes.append("2") }
            if contains(.reverse) { codes.append("7") }
            return "\u{1B}[" + codes.joined(separator: ";") + "m"
        }
    }

    struct Run: Equatable {
        var text: String
        var style: Style
    }

    private(set) var runs: [Run] = []

    init() {}

    init(_ text: String, style: Style = []) {
        append(text, style: style)
    }

    /// Appends `text` in `style`. Control characters are shown as "?" so that the
    /// renderer stays the only writer of escape sequences.
    mutating func append(_ text: some StringProtocol, style: Style = []) {
        guard !text.isEmpty else { return }
        let isControl = { (scalar: Unicode.Scalar) in scalar.properties.generalCategory == .control }
        var clean = String(text)
        if text.unicodeScalars.contains(where: isControl) {
            clean = ""
            clean.unicodeScalars.append(contentsOf: text.unicodeScalars.lazy.map { isControl($0) ? "?" : $0 })
        }
        if let last = runs.last, last.style == style {
            runs[runs.count - 1].text += clean
        } else {
            runs.append(Run(text: clean, style: style))
        }
    }

    /// Appends `text` with the spans in `ranges` (UTF-16 offsets, as `LocalSearchCompletion`
    /// gives them) in `highlight` and the rest in `base`. Ranges that do not fall on
    /// character boundaries, or overlap an earlier one, are ignored.
    mutating func append(
        highlighting text: String, ranges: [HighlightRange], base: Style = [], highlight: Style = .bold
    ) {
        var cursor = text.startIndex
        for range in ranges {
            guard let r = range.range(in: text), r.lowerBound >= cursor else { continue }
            append(text[cursor..<r.lowerBound], style: base)
            append(text[r], style: highlight)
            cursor = r.upperBound
        }
        append(text[cursor...], style: base)
    }

    mutating func append(_ other: StyledLine) {
        for run in other.runs { append(run.text, style: run.style) }
    }

    /// The text without styles.
    var plainText: String { runs.map(\.text).joined() }

    /// The columns the whole line takes.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    var width: Int { runs.reduce(0) { $0 + TerminalWidth.of($1.text) } }

    /// The line as terminal output at most `width` columns wide: cut after the last
    /// character that fits, with "…" in the last column when something was cut. With
    /// `color`, styles become SGR sequences and the line ends with a reset; without, the
    /// output is the plain text.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    func rendered(width: Int, color: Bool) -> String {
        guard width > 0 else { return "" }
        let fits = self.width <= width
        let budget = fits ? width : width - 1
        var out = ""
        var used = 0
        var current: Style = []
        var full = false
        for run in runs where !full {
            for character in run.text {
                let columns = TerminalWidth.of(character)
                if used + columns > budget {
                    full = true
                    break
                }
                if color && run.style != current {
                    out += run.style.sgr
                    current = run.style
                }
                out.append(character)
                used += columns
            }
        }
        if !fits {
            // Pad a wide character that did not fit, so that "…" is always in the last column.
            if used < budget { out += String(repeating: " ", count: budget - used) }
            if color && current != [] {
                out += Style().sgr
                current = []
            }
            out += "…"
        }
        if color && current != [] { out += Style().sgr }
        return out
    }
}

/// How many terminal columns text takes: 2 for East Asian wide and fullwidth characters
/// and emoji, 0 for combining marks and other zero-width characters, 1 for the rest.
///
/// ```swift
/// TerminalWidth.of("東京")           // 4
/// TerminalWidth.of("Zu\u{0308}rich") // 6: "ü" is "u" and a combining mark
/// TerminalWidth.of("🇫🇷")            // 2
/// ```
enum TerminalWidth {
    /// The columns of one character (grapheme cluster): its scalars' widths added up and
    /// capped at 2; 2 for a narrow symbol followed by the emoji variation selector U+FE0F.
    static func of(_ character: Character) -> Int {
        if character.isASCII { return character.asciiValue.map { $0 < 0x20 || $0 == 0x7F ? 0 : 1 } ?? 1 }
        var total = 0
        var emojiStyle = false
        for scalar in character.unicodeScalars {
            if scalar.value == 0xFE0F { emojiStyle = true }
            total += of(scalar)
        }
        if emojiStyle && total == 1 { total = 2 }
        return min(total, 2)
    }

    /// The columns of `text`.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns of a scalar on its own.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value < 0xA0 { return 0 }
        if value == 0xAD { return 1 }  // soft hyphen: shown as a hyphen, as wcwidth does
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels, final consonants
        if scalar.properties.isEmojiPresentation { return 2 }
        return isWide(value) ? 2 : 1
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks, from Unicode's EastAsianWidth.txt,
    /// without emoji (handled by `isEmojiPresentation`).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F265, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count
        while low < high {
            let middle = (low + high) / 2
            if wideRanges[middle].upperBound < value { low = middle + 1 } else { high = middle }
        }
        return low < wideRanges.count && wideRanges[low].contains(value)
    }
}
