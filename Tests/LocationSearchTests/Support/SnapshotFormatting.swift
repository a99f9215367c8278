import Foundation
@testable import LocationSearch

/// How rendered text is written into snapshots, so that a reviewer can read it: highlights
/// as `[brackets]`, escape bytes as `␛`, invisible characters by name.
enum SnapshotFormat {
    /// The text of `attributed`, with each run that has `searchHighlight == true` in
    /// brackets: `[San] [Fr]ancisco`. Adjacent highlighted runs share a pair of brackets,
    /// as they share a run. A run with `searchHighlight == false` would show as `{...}`.
    static func bracketed(_ attributed: AttributedString) -> String {
        var output = ""
        for run in attributed.runs {
            let text = visible(String(attributed.characters[run.range]))
            switch run.searchHighlight {
            case true?: output += "[\(text)]"
            case false?: output += "{\(text)}"
            case nil: output += text
            }
        }
        return output
    }

    /// `text` with control characters shown as Unicode control pictures (ESC as `␛`),
    /// and zero-width format characters and combining marks that stand alone by name,
    /// so that a snapshot never holds a raw escape byte.
    static func visible(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20: output.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: output += "␡"
            case 0x80..<0xA0: output += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `text` with the scalars one cannot see written as `\u{XXXX}`: combining marks,
    /// format characters (ZERO WIDTH JOINER, variation selectors), controls and
    /// separators other than the space. For the inputs of Unicode cases, where "é" and
    /// "e\u{301}" must look different.
    static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark, .format, .control, .lineSeparator,
                 .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                output += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            case .spaceSeparator where scalar != " ":
                output += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `[{0, 3}, {4, 2}]`.
    static func ranges(_ ranges: [HighlightRange]) -> String {
        "[" + ranges.map(\.description).joined(separator: ", ") + "]"
    }

    /// Pads `text` with spaces to `width` characters (never trailing at a line's end:
    /// callers put something after it).
    static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
