import Testing
@testable import LocationSearch

@Suite("ANSI terminal rendering", .holdsItsThread)
struct ANSIRenderingTests {
    /// Every kind of style, named for the snapshot.
    static let styles: [(name: String, style: TerminalStyle)] = {
        var styles: [(String, TerminalStyle)] = [
            ("plain", .plain), ("bold", .bold), ("dim", .dim), ("underline", .underline), ("inverse", .inverse),
            ("bold + dim + underline + inverse", TerminalStyle(bold: true, dim: true, underline: true, inverse: true)),
        ]
        let colors: [(String, TerminalStyle.Color)] = [
            ("black", .black), ("red", .red), ("green", .green), ("yellow", .yellow), ("blue", .blue),
            ("magenta", .magenta), ("cyan", .cyan), ("white", .white),
            ("brightBlack", .brightBlack), ("brightRed", .brightRed), ("brightGreen", .brightGreen),
            ("brightYellow", .brightYellow), ("brightBlue", .brightBlue), ("brightMagenta", .brightMagenta),
            ("brightCyan", .brightCyan), ("brightWhite", .brightWhite),
            ("palette(0)", .palette(0)), ("palette(208)", .palette(208)), ("palette(255)", .palette(255)),
            ("rgb(0, 0, 0)", .rgb(red: 0, green: 0, blue: 0)),
            ("rgb(255, 128, 0)", .rgb(red: 255, green: 128, blue: 0)),
        ]
        styles += colors.map { ("foreground \($0.0)", TerminalStyle(foreground: $0.1)) }
        styles += colors.map { ("background \($0.0)", TerminalStyle(background: $0.1)) }
        styles.append(("bold, foreground palette(208), background rgb(40, 44, 52)",
                       TerminalStyle(bold: true, foreground: .palette(208),
                                     background: .rgb(red: 40, green: 44, blue: 52))))
        return styles
    }()

    static let sanFr = RenderingFixture.completion(
        title: "San Francisco", subTitle: "California, United States",
        titleRanges: [.init(location: 0, length: 3), .init(location: 4, length: 2)],
        subtitleRanges: [.init(location: 0, length: 3)])

    // MARK: TerminalStyle

    @Test("Escape sequences of single kinds", arguments: [
        (TerminalStyle.plain, ""),
        (.bold, "\u{1B}[1m"), (.dim, "\u{1B}[2m"), (.underline, "\u{1B}[4m"), (.inverse, "\u{1B}[7m"),
        (TerminalStyle(foreground: .black), "\u{1B}[30m"), (TerminalStyle(foreground: .white), "\u{1B}[37m"),
        (TerminalStyle(foreground: .brightBlack), "\u{1B}[90m"),
        (TerminalStyle(foreground: .brightWhite), "\u{1B}[97m"),
        (TerminalStyle(background: .black), "\u{1B}[40m"), (TerminalStyle(background: .white), "\u{1B}[47m"),
        (TerminalStyle(background: .brightBlack), "\u{1B}[100m"),
        (TerminalStyle(background: .brightWhite), "\u{1B}[107m"),
        (TerminalStyle(foreground: .palette(208)), "\u{1B}[38;5;208m"),
        (TerminalStyle(background: .palette(0)), "\u{1B}[48;5;0m"),
        (TerminalStyle(foreground: .rgb(red: 255, green: 128, blue: 0)), "\u{1B}[38;2;255;128;0m"),
        (TerminalStyle(background: .rgb(red: 40, green: 44, blue: 52)), "\u{1B}[48;2;40;44;52m"),
    ])
    func escapeSequence(_ style: TerminalStyle, _ expected: String) {
        #expect(style.escapeSequence == expected)
        #expect(style.isPlain == expected.isEmpty)
    }

    @Test func documentedStyleExamples() {
        let orange = TerminalStyle(bold: true, foreground: .palette(208))
        #expect(orange.escapeSequence == "\u{1B}[1;38;5;208m")
        #expect(orange.applied(to: "Fr") == "\u{1B}[1;38;5;208mFr\u{1B}[0m")
        #expect(TerminalStyle(underline: true, background: .rgb(red: 0, green: 0, blue: 128)).escapeSequence
                == "\u{1B}[4;48;2;0;0;128m")
        #expect(TerminalStyle(bold: true, dim: true, foreground: .brightCyan).escapeSequence == "\u{1B}[1;2;96m")
        #expect(TerminalStyle(foreground: .red).escapeSequence == "\u{1B}[31m")
        #expect(TerminalStyle(background: .brightRed).escapeSequence == "\u{1B}[101m")
        #expect(TerminalStyle.plain.applied(to: "San") == "San")
        #expect(TerminalStyle.bold.applied(to: "") == "")
        #expect(TerminalStyle.dim.applied(to: ", ") == "\u{1B}[2m, \u{1B}[0m")
        #expect(TerminalStyle.reset == "\u{1B}[0m")
    }

    // MARK: Completions

    @Test func documentedCompletionExamples() throws {
        let completer = try RenderingFixture.completer()
        let sanFr = try #require(completer.completions(for: "san fr").first)
        #expect(sanFr.ansiHighlightedTitle() == "\u{1B}[1mSan\u{1B}[0m \u{1B}[1mFr\u{1B}[0mancisco")
        #expect(sanFr.ansiHighlightedTitle(style: TerminalStyle(underline: true, foreground: .yellow))
                == "\u{1B}[4;33mSan\u{1B}[0m \u{1B}[4;33mFr\u{1B}[0mancisco")
        let paris = try #require(completer.completions(for: "paris tex").first)
        #expect(paris.ansiHighlightedSubTitle(textStyle: .dim)
                == "\u{1B}[1mTex\u{1B}[0m\u{1B}[2mas, United States\u{1B}[0m")
    }

    @Test func plainStylesGiveTheBareText() {
        #expect(Self.sanFr.ansiHighlightedTitle(style: .plain) == "San Francisco")
        #expect(Self.sanFr.ansiHighlightedSubTitle(style: .plain, textStyle: .plain) == "California, United States")
    }

    @Test func controlCharactersCannotReachTheTerminal() {
        let completion = RenderingFixture.completion(
            title: "Evil\u{1B}[2JTown\u{7}", titleRanges: [.init(location: 0, length: 4)])
        #expect(completion.ansiHighlightedTitle() == "\u{1B}[1mEvil\u{1B}[0m\u{FFFD}[2JTown\u{FFFD}")
    }

    @Test("Always ends unstyled, keeps the text", arguments: RenderingFixture.edgeCases.map(\.label))
    func endsUnstyled(_ label: String) throws {
        let edge = try #require(RenderingFixture.edgeCases.first { $0.label == label })
        let completion = RenderingFixture.completion(title: edge.title, titleRanges: edge.ranges)
        let pairs = [(TerminalStyle.bold, TerminalStyle.plain), (.bold, .dim), (.plain, .dim), (.dim, .dim)]
        for (style, textStyle) in pairs {
            let output = completion.ansiHighlightedTitle(style: style, textStyle: textStyle)
            var styled = false
            var text = ""
            for token in _TerminalEscapes.tokens(output) {
                if token.isEscape {
                    styled = _TerminalEscapes.isStyled(after: token.text, wasStyled: styled)
                } else {
                    text += token.text
                }
            }
            #expect(!styled, "\(SnapshotFormat.visible(output))")
            let shown = edge.title.unicodeScalars.map { $0 == "\r" || $0 == "\n" ? "\u{FFFD}" : $0 }
            #expect(text.unicodeScalars.elementsEqual(shown))
        }
    }

    // MARK: Snapshots

    @Test func everyStyleKind() {
        var lines: [String] = []
        let width = Self.styles.map(\.name.count).max()! + 2
        for (name, style) in Self.styles {
            lines.append(SnapshotFormat.padded(name, width)
                         + SnapshotFormat.visible(Self.sanFr.ansiHighlightedTitle(style: style)))
        }
        lines.append("")
        lines.append("textStyle, for the rest of the text:")
        for (name, textStyle) in [("dim", TerminalStyle.dim),
                                  ("foreground brightBlack", TerminalStyle(foreground: .brightBlack)),
                                  ("same as the highlight (bold)", TerminalStyle.bold)] {
            lines.append(SnapshotFormat.padded(name, width)
                         + SnapshotFormat.visible(Self.sanFr.ansiHighlightedTitle(textStyle: textStyle)))
        }
        lines.append(SnapshotFormat.padded("subtitle, textStyle dim", width)
                     + SnapshotFormat.visible(Self.sanFr.ansiHighlightedSubTitle(textStyle: .dim)))
        assertSnapshot(of: lines.joined(separator: "\n"), named: "sanFrancisco")
    }

    @Test func fixtureQueries() throws {
        let text = try RenderingFixture.queriesRendered { completion in
            SnapshotFormat.visible(completion.ansiHighlightedTitle())
                + " | " + SnapshotFormat.visible(completion.ansiHighlightedSubTitle(textStyle: .dim))
        }
        assertSnapshot(of: text, named: "titleAndDimSubtitle")
    }

    @Test func edgeCases() {
        let width = RenderingFixture.edgeCases.map(\.label.count).max()! + 2
        let lines = RenderingFixture.edgeCases.map { edge in
            let output = RenderingFixture.completion(title: edge.title, titleRanges: edge.ranges).ansiHighlightedTitle()
            return SnapshotFormat.padded(edge.label, width) + "|" + SnapshotFormat.visible(output) + "|"
        }
        assertSnapshot(of: lines.joined(separator: "\n"), named: "ranges")
    }
}
