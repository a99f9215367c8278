import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `demo --print` and `--print-query` through a real pseudo-terminal: the pick as the JSON
/// object `complete --json` writes for it, the query typed first, and fzf's exit statuses.
///
/// Serialized, like `DemoTests`: each run loads the places.
@Suite("Demo --print through a pseudo-terminal", .serialized, .holdsItsThread)
struct DemoPrintTests {
    /// The one result object of `complete --json --limit 1 query`, exactly as written.
    func firstResultObject(_ query: String) throws -> String {
        let answer = try Subprocess.run(["complete", "--json", "--limit", "1", query]).output
        let start = try #require(answer.range(of: "\"results\": ["))
        let end = try #require(answer.range(of: "], \"micros\": ", options: .backwards))
        return String(answer[start.upperBound..<end.lowerBound])
    }

    @Test func printWritesThePickAsCompleteJSONWritesItAfterTheQuery() throws {
        let (demo, before) = try DemoTests().startDemo(["--print", "--print-query"])
        try demo.type("san fr")
        try demo.waitForScreen("San Francisco", timeout: DemoTests.loadTimeout) {
            $0.row(containing: "San Francisco, California, United States") != nil
        }
        try demo.type("\r")
        #expect(try demo.waitForExit() == .exited(0), "\(demo.report)")
        let lines = demo.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines.last == "", "two lines, each ended: \(demo.output)")
        #expect(lines.first == "san fr")
        #expect(lines.dropFirst().first.map(String.init) == (try firstResultObject("san fr")))
        try DemoTests().expectRestored(demo, before)
    }

    @Test func printAloneWritesOneJSONLine() throws {
        let (demo, before) = try DemoTests().startDemo(["--print", "--query", "wien"])
        try demo.waitForScreen("Wien", timeout: DemoTests.loadTimeout) { $0.row(containing: "Wien") != nil }
        try demo.type("\r")
        #expect(try demo.waitForExit() == .exited(0), "\(demo.report)")
        #expect(demo.output == (try firstResultObject("wien")) + "\n")
        let object = try JSONSerialization.jsonObject(with: Data(demo.output.utf8)) as? [String: Any]
        #expect(object?["title"] as? String == "Wien" && object?["countryCode"] as? String == "AT", "\(demo.output)")
        try DemoTests().expectRestored(demo, before)
    }

    /// Enter on a query with no match leaves with fzf's "no match" status, 1, writing only
    /// the query (with --print-query).
    @Test func enterWithNoMatchExits1AndPrintsOnlyTheQuery() throws {
        let (demo, before) = try DemoTests().startDemo(["--print", "--print-query"])
        try demo.type("zzqqxx")
        try demo.waitForScreen("no matches", timeout: DemoTests.loadTimeout) { $0.text(row: 1).contains("no matches") }
        try demo.type("\r")
        #expect(try demo.waitForExit() == .exited(1), "\(demo.report)")
        #expect(demo.output == "zzqqxx\n")
        try DemoTests().expectRestored(demo, before)
    }

    /// Ctrl-D is fzf's `delete-char/eof`: it deletes the character under the cursor, and
    /// leaves (130) only on an empty query.
    @Test func ctrlDDeletesUnderTheCursorAndLeavesOnAnEmptyQuery() throws {
        let (demo, before) = try DemoTests().startDemo()
        try demo.type("pariz")
        try demo.waitForScreen("the query") { $0.text(row: 0) == "> pariz" }
        try demo.type("\u{1B}[D\u{04}")  // ←, Ctrl-D
        try demo.waitForScreen("z deleted") { $0.text(row: 0) == "> pari" && $0.cursorColumn == 6 }
        #expect(demo.termination == nil)
        try demo.type("\u{04}")  // at the end of the query: nothing to delete, no way out
        try demo.type("\u{15}")  // Ctrl-U
        try demo.waitForScreen("the empty prompt") { $0.text(row: 0) == ">" }
        #expect(demo.termination == nil)
        try demo.type("\u{04}")
        #expect(try demo.waitForExit() == .exited(130))
        #expect(demo.output.isEmpty)
        try DemoTests().expectRestored(demo, before)
    }
}
