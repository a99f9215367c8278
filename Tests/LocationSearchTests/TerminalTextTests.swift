import Testing
@testable import LocationSearch

@Suite("Terminal width and truncation", .holdsItsThread)
struct TerminalTextTests {
    // MARK: Width

    @Test("Columns of one character", arguments: [
        ("a", 1), (" ", 1), ("~", 1),
        ("é", 1), ("e\u{301}", 1), ("o\u{323}\u{302}", 1), ("\u{301}", 0),
        ("東", 2), ("𠮷", 2), ("あ", 2), ("ア", 2), ("ｱ", 1), ("Ｔ", 2), ("\u{3000}", 2),
        ("한", 2), ("\u{1112}\u{1161}\u{11AB}", 2), ("\u{1161}", 0),
        ("ق", 1), ("مَ", 1), ("מ", 1), ("Ж", 1), ("α", 1),
        ("😀", 2), ("👩‍👩‍👧", 2), ("🇫🇷", 2), ("🇫", 2), ("👍🏽", 2), ("1️⃣", 2), ("❤", 1), ("❤️", 2),
        ("\u{200B}", 0), ("\u{200D}", 0), ("\u{FEFF}", 0), ("\u{AD}", 1),
        ("\u{1B}", 0), ("\t", 0), ("\r\n", 0), ("\u{7F}", 0), ("\u{85}", 0),
    ] as [(Character, Int)])
    func characterWidth(_ character: Character, _ expected: Int) {
        #expect(TerminalText.width(of: character) == expected, "\(SnapshotFormat.escaped(String(character)))")
    }

    @Test("Columns of a text, escape sequences not counted", arguments: [
        ("", 0),
        ("San Francisco", 13),
        ("\u{1B}[1mSan\u{1B}[0m Francisco", 13),
        ("\u{1B}[1;38;2;255;128;0mSan\u{1B}[0m", 3),
        ("東京都", 6),
        ("\u{1B}[1m東京\u{1B}[0m都", 6),
        ("São Paulo", 9),
        ("Sa\u{303}o Paulo", 9),
        ("Ha\u{300} No\u{323}\u{302}i", 6),
        ("👩‍👩‍👧 Family", 9),
        ("\u{1B}]8;;https://example.com\u{7}link\u{1B}]8;;\u{1B}\\", 4),
        ("\u{1B}[", 0),
        ("\u{1B}7x\u{1B}(Bx", 2),
    ])
    func textWidth(_ text: String, _ expected: Int) {
        #expect(TerminalText.width(of: text) == expected, "\(SnapshotFormat.visible(text))")
    }

    @Test func literalsPickTheOverloadTheyRead() {
        #expect(TerminalText.width(of: "東") == 2)
        #expect(TerminalText.width(of: "東京") == 4)
        #expect(TerminalText.width(of: "e\u{301}" as Character) == 1)
    }

    @Test func widthTableIsSortedAndDisjoint() {
        _terminalWidthTable._checkInvariants()
        #expect(_terminalWidthTable.count > 400)
    }

    /// A combining mark right after an escape sequence stays text, and does not join
    /// the sequence's final byte.
    @Test func escapeSequencesAreSplitOnScalars() {
        let tokens = _TerminalEscapes.tokens("a\u{1B}[1m\u{301}b\u{1B}]8;;x\u{1B}\\c\u{1B}")
        #expect(tokens.map { SnapshotFormat.visible($0.text) } == ["a", "␛[1m", "\u{301}b", "␛]8;;x␛\\", "c", "␛"])
        #expect(tokens.map(\.isEscape) == [false, true, false, true, false, true])
    }

    // MARK: Truncation

    @Test("Documented examples", arguments: [
        ("San Francisco", 8, "San Fra…"),
        ("東京都", 4, "東…"),
        ("\u{1B}[1mSan\u{1B}[0m Francisco", 3, "\u{1B}[1mSa…\u{1B}[0m"),
        ("\u{1B}[1m東京\u{1B}[0m都", 4, "\u{1B}[1m東…\u{1B}[0m"),
        ("San Francisco", 1, "…"),
        ("San Francisco", 0, ""),
        ("San Francisco", -3, ""),
        ("San Francisco", 13, "San Francisco"),
    ])
    func truncation(_ text: String, _ width: Int, _ expected: String) {
        #expect(TerminalText.truncated(text, toWidth: width) == expected)
    }

    @Test func ellipsisTooWideIsLeftOut() {
        #expect(TerminalText.truncated("San Francisco", toWidth: 2, ellipsis: "...") == "Sa")
        #expect(TerminalText.truncated("San Francisco", toWidth: 5, ellipsis: "...") == "Sa...")
        #expect(TerminalText.truncated("San Francisco", toWidth: 5, ellipsis: "") == "San F")
    }

    /// Random styled texts at every width: the result fits, keeps a prefix of the visible
    /// characters, keeps every escape sequence whole and ends unstyled if it was cut.
    @Test func randomTruncationsFitAndNeverCutInside() {
        let pieces = ["a", "Z", " ", "é", "e\u{301}", "東", "𠮷", "서", "ق", "😀", "👩‍👩‍👧", "🇫🇷", "\u{200B}",
                      "\u{1B}[1m", "\u{1B}[0m", "\u{1B}[2;38;5;208m", "\u{1B}[m", "\u{1B}[4;48;2;1;2;3m"]
        var random = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let inputEscapes = Set(_TerminalEscapes.tokens(text).filter(\.isEscape).map(\.text))
            let visible = _TerminalEscapes.tokens(text).filter { !$0.isEscape }.map(\.text).joined()
            for width in 0...(TerminalText.width(of: text) + 1) {
                let result = TerminalText.truncated(text, toWidth: width)
                let context = "\(SnapshotFormat.visible(text)) at \(width): \(SnapshotFormat.visible(result))"
                #expect(TerminalText.width(of: result) <= width, "\(context)")
                guard result != text else {
                    #expect(TerminalText.width(of: text) <= width, "\(context)")
                    continue
                }
                let tokens = _TerminalEscapes.tokens(result)
                var styled = false
                for token in tokens where token.isEscape {
                    #expect(inputEscapes.contains(token.text) || token.text == TerminalStyle.reset, "\(context)")
                    styled = _TerminalEscapes.isStyled(after: token.text, wasStyled: styled)
                }
                #expect(!styled, "\(context)")
                var kept = tokens.filter { !$0.isEscape }.map(\.text).joined()
                if width >= 1 {
                    #expect(kept.hasSuffix("…"), "\(context)")
                    kept.removeLast()
                }
                #expect(visible.unicodeScalars.starts(with: kept.unicodeScalars), "\(context)")
                // At most one column is lost, and only to a wide character.
                #expect(TerminalText.width(of: result) >= width - 1, "\(context)")
            }
        }
    }

    // MARK: Snapshots

    @Test func truncationAtEveryWidth() {
        let texts = [
            "\u{1B}[1mSan\u{1B}[0m \u{1B}[1mFr\u{1B}[0mancisco",
            "東京都 Tokyo",
            "\u{1B}[1m東京\u{1B}[0m都",
            "Sa\u{303}o Paulo",
            "Ha\u{300} No\u{323}\u{302}i",
            "👩‍👩‍👧 Family",
            "🇫🇷🇩🇪 Paris",
            "תל אביב-יפו",
        ]
        var blocks: [String] = []
        for text in texts {
            var lines = ["\"\(SnapshotFormat.escaped(SnapshotFormat.visible(text)))\"  (\(TerminalText.width(of: text)) columns)"]
            for width in 0...(TerminalText.width(of: text) + 1) {
                let result = TerminalText.truncated(text, toWidth: width)
                let columns = TerminalText.width(of: result)
                lines.append("  \(width < 10 ? " " : "")\(width) → \(columns < 10 ? " " : "")\(columns) |\(SnapshotFormat.visible(result))|")
            }
            blocks.append(lines.joined(separator: "\n"))
        }
        assertSnapshot(of: blocks.joined(separator: "\n\n"), named: "widths")
    }
}
