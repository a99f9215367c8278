/// A tiny VT100/xterm screen model: enough of the terminal to tell what a person would see
/// after the demo's output (cursor movement, erasing, SGR bold and dim, the alternate
/// screen, cursor visibility, wide characters, autowrap), and nothing more.
///
/// ```swift
/// var screen = VirtualScreen(columns: 20, rows: 2)
/// screen.feed(Array("\u{1B}[2;1H\u{1B}[1mSan\u{1B}[0m Jose".utf8))
/// screen.text(row: 1)           // "San Jose"
/// screen.annotatedText(row: 1)  // "[San] Jose": bold in brackets
/// ```
///
/// Unknown sequences are skipped whole. Writing past the last column wraps to the next
/// line, as xterm does, so a line the demo fails to truncate shows up where it should not.
struct VirtualScreen {
    struct Cell: Equatable {
        var text = " "
        var bold = false
        var dim = false
        var inverse = false
        /// The right half of a wide character.
        var isContinuation = false
    }

    private(set) var columns: Int
    private(set) var rows: Int
    private var main: [[Cell]]
    private var alternate: [[Cell]]
    private(set) var isAlternateScreen = false
    private(set) var cursorRow = 0
    private(set) var cursorColumn = 0
    private(set) var isCursorVisible = true
    private var pendingWrap = false
    private var bold = false
    private var dim = false
    private var inverse = false
    /// Whether the program turned bracketed paste on (`␛[?2004h`).
    private(set) var isBracketedPaste = false
    private var savedCursor: (row: Int, column: Int) = (0, 0)
    private var pending: [UInt8] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        main = Self.blank(columns: columns, rows: rows)
        alternate = main
    }

    private static func blank(columns: Int, rows: Int) -> [[Cell]] {
        Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
    }

    /// The screen shown: the main one, or the alternate one while a program has it.
    private(set) var grid: [[Cell]] {
        get { isAlternateScreen ? alternate : main }
        set { if isAlternateScreen { alternate = newValue } else { main = newValue } }
    }

    /// The terminal was resized: keeps what fits (no reflow).
    mutating func resize(columns: Int, rows: Int) {
        func fit(_ grid: [[Cell]]) -> [[Cell]] {
            (0..<rows).map { row in
                (0..<columns).map { column in
                    row < grid.count && column < grid[row].count ? grid[row][column] : Cell()
                }
            }
        }
        main = fit(main)
        alternate = fit(alternate)
        self.columns = columns
        self.rows = rows
        cursorRow = min(cursorRow, rows - 1)
        cursorColumn = min(cursorColumn, columns - 1)
        pendingWrap = false
    }

    /// Interprets terminal output.
    mutating func feed(_ bytes: some Sequence<UInt8>) {
        pending += bytes
        var i = 0
        parsing: while i < pending.count {
            let byte = pending[i]
            switch byte {
            case 0x1B:
                guard let length = escape(at: i) else { break parsing }  // incomplete
                i += length
            case 0x0D: cursorColumn = 0; pendingWrap = false; i += 1
            case 0x0A, 0x0B, 0x0C: lineFeed(); i += 1
            case 0x08: cursorColumn = max(0, cursorColumn - 1); pendingWrap = false; i += 1
            case 0x09: cursorColumn = min(columns - 1, (cursorColumn / 8 + 1) * 8); i += 1
            case 0x00..<0x20, 0x7F: i += 1
            default:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                guard i + length <= pending.count else { break parsing }
                let text = String(decoding: pending[i..<(i + length)], as: UTF8.self)
                for scalar in text.unicodeScalars { put(scalar) }
                i += length
            }
        }
        pending.removeFirst(i)
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if cursorRow == rows - 1 {
            var grid = self.grid
            grid.removeFirst()
            grid.append(Array(repeating: Cell(), count: columns))
            self.grid = grid
        } else {
            cursorRow += 1
        }
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        let width = Self.width(of: scalar)
        if width == 0 {
            // A combining mark joins the character before the cursor.
            let column = pendingWrap ? cursorColumn : max(0, cursorColumn - 1)
            var grid = self.grid
            var target = column
            while target > 0 && grid[cursorRow][target].isContinuation { target -= 1 }
            grid[cursorRow][target].text.unicodeScalars.append(scalar)
            self.grid = grid
            return
        }
        if pendingWrap || cursorColumn + width > columns {
            cursorColumn = 0
            lineFeed()
        }
        var grid = self.grid
        grid[cursorRow][cursorColumn] = Cell(text: String(scalar), bold: bold, dim: dim, inverse: inverse)
        if width == 2 {
            grid[cursorRow][cursorColumn + 1] = Cell(text: "", bold: bold, dim: dim, inverse: inverse, isContinuation: true)
        }
        self.grid = grid
        if cursorColumn + width >= columns {
            cursorColumn = columns - 1
            pendingWrap = true
        } else {
            cursorColumn += width
        }
    }

    /// Handles the escape sequence at `start`; returns its length, or `nil` if incomplete.
    private mutating func escape(at start: Int) -> Int? {
        guard start + 1 < pending.count else { return nil }
        switch pending[start + 1] {
        case UInt8(ascii: "["):
            var end = start + 2
            while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
            guard end < pending.count else { return nil }
            let parameters = String(decoding: pending[(start + 2)..<end], as: UTF8.self)
            control(final: pending[end], parameters: parameters)
            return end - start + 1
        case UInt8(ascii: "]"):
            // OSC: up to BEL or ST.
            var end = start + 2
            while end < pending.count {
                if pending[end] == 0x07 { return end - start + 1 }
                if pending[end] == 0x1B, end + 1 < pending.count, pending[end + 1] == UInt8(ascii: "\\") {
                    return end - start + 2
                }
                end += 1
            }
            return nil
        case UInt8(ascii: "7"):
            savedCursor = (cursorRow, cursorColumn)
            return 2
        case UInt8(ascii: "8"):
            (cursorRow, cursorColumn) = savedCursor
            pendingWrap = false
            return 2
        case UInt8(ascii: "("), UInt8(ascii: ")"):
            return start + 2 < pending.count ? 3 : nil
        default:
            return 2
        }
    }

    private mutating func control(final: UInt8, parameters: String) {
        let isPrivate = parameters.hasPrefix("?")
        let numbers = parameters.drop(while: { $0 == "?" }).split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) }
        func number(_ index: Int, default value: Int) -> Int {
            index < numbers.count ? (numbers[index] ?? value) : value
        }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            cursorRow = min(max(1, number(0, default: 1)), rows) - 1
            cursorColumn = min(max(1, number(1, default: 1)), columns) - 1
            pendingWrap = false
        case UInt8(ascii: "A"): cursorRow = max(0, cursorRow - max(1, number(0, default: 1))); pendingWrap = false
        case UInt8(ascii: "B"): cursorRow = min(rows - 1, cursorRow + max(1, number(0, default: 1))); pendingWrap = false
        case UInt8(ascii: "C"): cursorColumn = min(columns - 1, cursorColumn + max(1, number(0, default: 1))); pendingWrap = false
        case UInt8(ascii: "D"): cursorColumn = max(0, cursorColumn - max(1, number(0, default: 1))); pendingWrap = false
        case UInt8(ascii: "G"): cursorColumn = min(max(1, number(0, default: 1)), columns) - 1; pendingWrap = false
        case UInt8(ascii: "J"):
            var grid = self.grid
            switch number(0, default: 0) {
            case 0:
                for column in cursorColumn..<columns { grid[cursorRow][column] = Cell() }
                for row in (cursorRow + 1)..<rows { grid[row] = Array(repeating: Cell(), count: columns) }
            case 1:
                for row in 0..<cursorRow { grid[row] = Array(repeating: Cell(), count: columns) }
                for column in 0...cursorColumn { grid[cursorRow][column] = Cell() }
            default:
                grid = Self.blank(columns: columns, rows: rows)
            }
            self.grid = grid
        case UInt8(ascii: "K"):
            var grid = self.grid
            let range = switch number(0, default: 0) {
            case 0: cursorColumn..<columns
            case 1: 0..<(cursorColumn + 1)
            default: 0..<columns
            }
            for column in range { grid[cursorRow][column] = Cell() }
            self.grid = grid
        case UInt8(ascii: "m"):
            for code in numbers.isEmpty ? [0] : numbers.map({ $0 ?? 0 }) {
                switch code {
                case 0: bold = false; dim = false; inverse = false
                case 1: bold = true
                case 2: dim = true
                case 7: inverse = true
                case 22: bold = false; dim = false
                case 27: inverse = false
                default: break
                }
            }
        case UInt8(ascii: "h") where isPrivate, UInt8(ascii: "l") where isPrivate:
            let on = final == UInt8(ascii: "h")
            for mode in numbers.compactMap({ $0 }) {
                switch mode {
                case 25: isCursorVisible = on
                case 2004: isBracketedPaste = on
                case 1049, 1047, 47:
                    guard on != isAlternateScreen else { continue }
                    if on {
                        savedCursor = (cursorRow, cursorColumn)
                        alternate = Self.blank(columns: columns, rows: rows)
                        isAlternateScreen = true
                    } else {
                        isAlternateScreen = false
                        (cursorRow, cursorColumn) = savedCursor
                    }
                    pendingWrap = false
                default: break
                }
            }
        default:
            break
        }
    }

    /// Terminal columns of a scalar: 0 for marks, 2 for East Asian wide and emoji, else 1.
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(scalar.value) } ? 2 : 1
    }
}
