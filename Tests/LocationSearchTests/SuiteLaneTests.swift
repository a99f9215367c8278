import Foundation
import Testing

/// Every suite with a synchronous test takes the one lane (`.holdsItsThread`): a
/// synchronous test holds its pool thread for as long as it runs, and two of them at once
/// hold every thread of a two-core machine, starving the tests that only await (see
/// `HoldsItsThread`). Adding the trait by hand was forgotten once, and a clean run failed;
/// this reads the test sources so that forgetting it fails here, by name.
@Suite("Suites and the lane", .holdsItsThread)
struct SuiteLaneTests {
    /// The `.swift` files of this test target.
    static let sources: [URL] = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }()

    @Test func everySuiteWithASynchronousTestHoldsItsThread() throws {
        #expect(Self.sources.count > 20, "the test sources were not found beside \(#filePath)")
        var suites = 0
        for file in Self.sources {
            let text = try String(contentsOf: file, encoding: .utf8)
            for suite in Self.suites(in: text) {
                suites += 1
                let synchronous = suite.tests.filter { !$0.contains(" async") }
                guard !synchronous.isEmpty else { continue }
                #expect(suite.attribute.contains(".holdsItsThread"),
                        "\(file.lastPathComponent): \(suite.attribute) has synchronous tests: \(synchronous)")
            }
        }
        #expect(suites > 30)
    }

    /// The reading itself: an attribute without the trait over a synchronous test is
    /// found, and an asynchronous suite is left alone.
    @Test func theReaderFindsEachSuitesTestsAndAttribute() {
        let text = """
            @Suite("A", .timeLimit(.minutes(1)))
            struct A {
                @Test func waits() async throws {}
            }

            @Suite(
                "B", .serialized
            )
            struct B {
                @Test(arguments: [1, 2])
                func computes(_ n: Int) throws {}
            }
            """
        let found = Self.suites(in: text)
        #expect(found.map(\.attribute) == ["@Suite(\"A\", .timeLimit(.minutes(1)))", "@Suite( \"B\", .serialized )"])
        #expect(found.map { $0.tests.map { $0.contains(" async") } } == [[true], [false]])
    }

    /// Each top-level `@Suite(...)` attribute of `text` (on one line, whitespace runs
    /// made one space) and the signatures of the `@Test` functions after it, up to the
    /// next suite; a `@Test` before any suite is its own suite with no attribute.
    static func suites(in text: String) -> [(attribute: String, tests: [String])] {
        var found: [(attribute: String, tests: [String])] = []
        var rest = Substring(text)
        while let at = rest.firstRange(of: "@") {
            rest = rest[at.upperBound...]
            if rest.hasPrefix("Suite("), isTopLevel(at.lowerBound, in: text) {
                found.append((collapsed(balanced(rest, from: "(")), []))
            } else if rest.hasPrefix("Test"), startsItsLine(at.lowerBound, in: text) {
                let signature = rest.prefix { $0 != "{" }
                if found.isEmpty { found.append(("", [])) }
                found[found.count - 1].tests.append(collapsed(signature))
            }
        }
        return found
    }

    /// Whether `index` starts its line.
    private static func isTopLevel(_ index: String.Index, in text: String) -> Bool {
        index == text.startIndex || text[text.index(before: index)] == "\n"
    }

    /// Whether only spaces come before `index` on its line: an attribute, not a mention
    /// in a comment or a string.
    private static func startsItsLine(_ index: String.Index, in text: String) -> Bool {
        let lineStart = text[..<index].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return text[lineStart..<index].allSatisfy { $0 == " " }
    }

    /// `Suite(...)` up to its matching parenthesis.
    private static func balanced(_ text: Substring, from open: Character) -> Substring {
        var depth = 0
        for index in text.indices {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return "@" + text[...index] }
            }
        }
        return "@" + text
    }

    private static func collapsed(_ text: some StringProtocol) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
