import Foundation
import Testing

/// Text snapshot testing without a dependency, following swift-snapshot-testing's
/// conventions:
///
/// - a snapshot lives at `__Snapshots__/<TestFile>/<testName>.<name>.txt` next to the
///   test file;
/// - `SNAPSHOT_TESTING_RECORD` picks the record mode: `missing` (the default) writes
///   snapshots that do not exist yet, `all` rewrites every snapshot, `never` (what CI
///   sets) only compares, so a missing snapshot fails;
/// - writing a snapshot always fails the test, so that a recorded file is reviewed and
///   the test re-run before it counts;
/// - a mismatch fails with a line diff (`-` the snapshot on disk, `+` the actual text).
///
/// ```swift
/// @Test func title() {
///     assertSnapshot(of: "[San] [Fr]ancisco\n", named: "sanFr")
///     // compares with __Snapshots__/<ThisFile>/title.sanFr.txt
/// }
/// ```
enum Snapshot {
    enum RecordMode: String, CaseIterable, Sendable {
        case all, missing, never

        /// The mode `SNAPSHOT_TESTING_RECORD` asks for: `missing` when unset or empty,
        /// `nil` for an unknown value.
        static func from(environment: [String: String]) -> RecordMode? {
            guard let value = environment["SNAPSHOT_TESTING_RECORD"], !value.isEmpty else { return .missing }
            return RecordMode(rawValue: value.lowercased())
        }
    }

    /// What to do about one snapshot.
    enum Decision: Equatable {
        case pass
        /// Write `actual` to the snapshot file, then fail with this message.
        case record(message: String)
        /// Fail with this message, writing nothing.
        case fail(message: String)
    }

    /// Compares `actual` with the `reference` on disk (`nil` if there is none) in `mode`.
    static func decide(reference: String?, actual: String, mode: RecordMode) -> Decision {
        switch (reference, mode) {
        case (_, .all):
            return .record(message: "Record mode is on (SNAPSHOT_TESTING_RECORD=all): recorded the snapshot. "
                + "Review it, unset SNAPSHOT_TESTING_RECORD and re-run.")
        case (nil, .missing):
            return .record(message: "No snapshot was found on disk: recorded one. Review it and re-run.")
        case (nil, .never):
            return .fail(message: "No snapshot was found on disk, and SNAPSHOT_TESTING_RECORD=never. "
                + "Record it with SNAPSHOT_TESTING_RECORD=missing, review it and commit it.")
        case (let reference?, _):
            guard reference != actual else { return .pass }
            return .fail(message: "Snapshot does not match (- on disk, + actual):\n"
                + lineDiff(from: reference, to: actual))
        }
    }

    /// The snapshot file for `name` in a test function of the test file at `filePath`:
    /// `<folder>/__Snapshots__/<TestFile>/<testName>.<name>.txt`.
    static func url(filePath: String, function: String, name: String) -> URL {
        let testFile = URL(fileURLWithPath: filePath)
        let testName = sanitized(String(function.prefix { $0 != "(" }))
        return testFile.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__")
            .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
            .appendingPathComponent("\(testName).\(sanitized(name)).txt")
    }

    /// Letters, digits, `-` and `_` kept; runs of anything else become one `-`.
    static func sanitized(_ text: String) -> String {
        var output = ""
        for character in text {
            if character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-") {
                output.append(character)
            } else if output.last != "-" {
                output.append("-")
            }
        }
        return output
    }

    /// A unified line diff from `old` to `new`, with three lines of context around each
    /// change and `@@ -a,b +c,d @@` hunk headers. A line's end is shown as `⏎` when the
    /// two texts differ only in trailing whitespace, so that the change is visible.
    static func lineDiff(from old: String, to new: String) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Longest common subsequence table, from the end.
        var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        // The edit script: (kind, old line number, new line number, text).
        var script: [(kind: Character, old: Int, new: Int, text: String)] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                script.append((" ", i, j, a[i]))
                i += 1
                j += 1
            } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
                script.append(("-", i, j, a[i]))
                i += 1
            } else {
                script.append(("+", i, j, b[j]))
                j += 1
            }
        }
        let showEnds = a.map { $0.trimmingTrailingWhitespace } == b.map { $0.trimmingTrailingWhitespace }
        let context = 3
        var output: [String] = []
        var index = 0
        while index < script.count {
            guard script[index].kind != " " else {
                index += 1
                continue
            }
            // A hunk: from `context` lines before this change to `context` lines after
            // the last change that is at most 2 * context lines further on.
            let start = max(0, index - context)
            var end = index
            var scan = index
            while scan < script.count {
                if script[scan].kind != " " { end = scan }
                if scan - end > 2 * context { break }
                scan += 1
            }
            end = min(script.count, end + context + 1)
            let hunk = script[start..<end]
            let oldCount = hunk.filter { $0.kind != "+" }.count
            let newCount = hunk.filter { $0.kind != "-" }.count
            let oldStart = hunk.first.map { $0.old + 1 } ?? 0
            let newStart = hunk.first.map { $0.new + 1 } ?? 0
            output.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
            for line in hunk {
                output.append("\(line.kind)\(line.text)\(showEnds ? "⏎" : "")")
            }
            index = end
        }
        return output.joined(separator: "\n")
    }
}

extension String {
    fileprivate var trimmingTrailingWhitespace: Substring {
        self[..<(lastIndex { !$0.isWhitespace }.map(index(after:)) ?? startIndex)]
    }
}

/// Compares `text` with the snapshot `<testName>.<name>.txt` (see `Snapshot`), recording
/// it as `SNAPSHOT_TESTING_RECORD` says. `text` gets a final newline if it has none.
func assertSnapshot(
    of text: String, named name: String,
    filePath: StaticString = #filePath, function: StaticString = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = text.hasSuffix("\n") ? text : text + "\n"
    let environment = ProcessInfo.processInfo.environment
    let mode: Snapshot.RecordMode
    if let chosen = Snapshot.RecordMode.from(environment: environment) {
        mode = chosen
    } else {
        Issue.record("SNAPSHOT_TESTING_RECORD must be all, missing or never, not \"\(environment["SNAPSHOT_TESTING_RECORD"] ?? "")\"",
                     sourceLocation: sourceLocation)
        mode = .never
    }
    let url = Snapshot.url(filePath: "\(filePath)", function: "\(function)", name: name)
    let reference = try? String(contentsOf: url, encoding: .utf8)
    switch Snapshot.decide(reference: reference, actual: actual, mode: mode) {
    case .pass:
        return
    case .fail(let message):
        Issue.record("\(message)\n\(url.path)", sourceLocation: sourceLocation)
    case .record(let message):
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            Issue.record("\(message)\n\(url.path)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("Could not record the snapshot at \(url.path): \(error)", sourceLocation: sourceLocation)
        }
    }
}
