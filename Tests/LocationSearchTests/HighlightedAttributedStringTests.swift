import Foundation
import Testing
@testable import LocationSearch

@Suite("AttributedString highlighting", .holdsItsThread)
struct HighlightedAttributedStringTests {
    // MARK: The attribute scope

    @Test func searchHighlightIsReadAndWrittenByName() {
        var text = AttributedString("San Francisco")
        let san = text.range(of: "San")!
        text[san].searchHighlight = true
        #expect(text.runs.map(\.searchHighlight) == [true, nil])
        #expect(text[san].searchHighlight == true)
        #expect(text.runs[\.searchHighlight].map { String(text.characters[$0.1]) } == ["San", " Francisco"])
    }

    @Test func containerCarriesTheHighlight() {
        var container = AttributeContainer()
        container.searchHighlight = true
        let text = AttributedString("Fr", attributes: container)
        #expect(text.runs.first?.searchHighlight == true)
        #expect(container[AttributeScopes.LocationSearchAttributes.SearchHighlightAttribute.self] == true)
    }

    @Test func attributeIsNamedForEncoding() {
        #expect(AttributeScopes.LocationSearchAttributes.SearchHighlightAttribute.name
                == "LocationSearch.searchHighlight")
    }

    @Test func typedTextDoesNotInheritTheHighlight() {
        var title = RenderingFixture.completion(title: "San Francisco", titleRanges: [.init(location: 0, length: 3)])
            .highlightedTitle()
        title.insert(AttributedString("ta"), at: title.index(title.startIndex, offsetByCharacters: 3))
        #expect(SnapshotFormat.bracketed(title) == "[San]ta Francisco")
    }

    @Test func highlightAttributesMergeOverTextAttributes() throws {
        let completion = RenderingFixture.completion(
            title: "San Francisco", subTitle: "California",
            titleRanges: [.init(location: 0, length: 3), .init(location: 4, length: 2)],
            subtitleRanges: [.init(location: 0, length: 4)])
        var text = AttributeContainer()
        text.languageIdentifier = "en"
        var highlight = AttributeContainer()
        highlight.languageIdentifier = "es"
        let title = completion.highlightedTitle(textAttributes: text, highlightAttributes: highlight)
        #expect(title.runs.map(\.languageIdentifier) == ["es", "en", "es", "en"])
        #expect(title.runs.map(\.searchHighlight) == [true, nil, true, nil])
        let subtitle = completion.highlightedSubTitle(highlightAttributes: highlight)
        #expect(subtitle.runs.map(\.languageIdentifier) == ["es", nil])
        #expect(subtitle.runs.map(\.searchHighlight) == [true, nil])
    }

    @Test("The text is never changed, whatever the ranges", arguments: RenderingFixture.edgeCases.map(\.label))
    func textIsKept(_ label: String) throws {
        let edge = try #require(RenderingFixture.edgeCases.first { $0.label == label })
        let completion = RenderingFixture.completion(title: edge.title, subTitle: edge.title,
                                                     titleRanges: edge.ranges, subtitleRanges: edge.ranges)
        #expect(String(completion.highlightedTitle().characters) == edge.title)
        #expect(String(completion.highlightedSubTitle().characters) == edge.title)
    }

    /// Random texts and ranges, valid or not: every valid range is highlighted entirely,
    /// every highlighted character overlaps a valid range, and the text is unchanged.
    @Test func randomRangesHighlightWholeCharactersOverTheValidRanges() {
        let pieces = ["a", "Z", " ", "-", "é", "e\u{301}", "o\u{323}\u{302}", "東", "𠮷", "서", "\u{1100}\u{1161}",
                      "ق", "מ", "😀", "👩‍👩‍👧", "🇫🇷", "👍🏽", "1️⃣", "\r\n", "\u{200B}"]
        var random = SeededGenerator(seed: 5)
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let count = text.utf16.count
            let ranges = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                HighlightRange(location: Int.random(in: -2...(count + 2), using: &random),
                               length: Int.random(in: -1...(count + 2), using: &random))
            }
            let attributed = RenderingFixture.completion(title: text, titleRanges: ranges).highlightedTitle()
            #expect(String(attributed.characters) == text)

            let valid = ranges.filter { $0.location >= 0 && $0.length > 0 && $0.upperBound <= count }
            var highlighted = Set<Int>()
            var offset = 0
            for run in attributed.runs {
                let runText = String(attributed.characters[run.range])
                for character in runText {
                    let span = offset..<(offset + character.utf16.count)
                    if run.searchHighlight == true {
                        highlighted.formUnion(span)
                        #expect(valid.contains { $0.location < span.upperBound && span.lowerBound < $0.upperBound },
                                "\(SnapshotFormat.escaped(text)) \(ranges): \(span) is highlighted")
                    }
                    offset = span.upperBound
                }
            }
            for range in valid {
                #expect(highlighted.isSuperset(of: range.location..<range.upperBound),
                        "\(SnapshotFormat.escaped(text)) \(ranges): \(range) is not highlighted")
            }
        }
    }

    // MARK: Snapshots

    /// Real completions from the fixture gazetteer, title and subtitle.
    @Test func fixtureQueries() throws {
        let text = try RenderingFixture.queriesRendered { completion in
            SnapshotFormat.bracketed(completion.highlightedTitle())
                + " | " + SnapshotFormat.bracketed(completion.highlightedSubTitle())
        }
        assertSnapshot(of: text, named: "titleAndSubtitle")
    }

    /// Hand-made titles and ranges, including invalid ones.
    @Test func edgeCases() {
        var blocks: [String] = []
        for edge in RenderingFixture.edgeCases {
            let title = RenderingFixture.completion(title: edge.title, titleRanges: edge.ranges).highlightedTitle()
            blocks.append("""
                \(edge.label)
                    text    "\(SnapshotFormat.escaped(edge.title))"
                    ranges  \(SnapshotFormat.ranges(edge.ranges))
                    shown   \(SnapshotFormat.bracketed(title).isEmpty ? "(empty)" : SnapshotFormat.bracketed(title))
                """)
        }
        assertSnapshot(of: blocks.joined(separator: "\n\n"), named: "ranges")
    }
}
