import Foundation
import Testing

/// The snapshot helper itself: a helper that always passed would make every snapshot test
/// worthless.
@Suite("Snapshot helper", .holdsItsThread)
struct SnapshotHelperTests {
    @Test("SNAPSHOT_TESTING_RECORD picks the record mode", arguments: [
        ([:], Snapshot.RecordMode.missing),
        (["SNAPSHOT_TESTING_RECORD": ""], .missing),
        (["SNAPSHOT_TESTING_RECORD": "missing"], .missing),
        (["SNAPSHOT_TESTING_RECORD": "all"], .all),
        (["SNAPSHOT_TESTING_RECORD": "never"], .never),
        (["SNAPSHOT_TESTING_RECORD": "NEVER"], .never),
    ] as [([String: String], Snapshot.RecordMode)])
    func recordMode(_ environment: [String: String], _ expected: Snapshot.RecordMode) {
        #expect(Snapshot.RecordMode.from(environment: environment) == expected)
    }

    @Test func unknownRecordModeIsRejected() {
        #expect(Snapshot.RecordMode.from(environment: ["SNAPSHOT_TESTING_RECORD": "yes"]) == nil)
    }

    @Test("A match passes, unless every snapshot is being re-recorded", arguments: Snapshot.RecordMode.allCases)
    func match(_ mode: Snapshot.RecordMode) {
        let decision = Snapshot.decide(reference: "a\n", actual: "a\n", mode: mode)
        if mode == .all {
            guard case .record = decision else { Issue.record("expected a recording, got \(decision)"); return }
        } else {
            #expect(decision == .pass)
        }
    }

    @Test func missingSnapshotIsRecordedAndFailsInMissingMode() {
        guard case .record = Snapshot.decide(reference: nil, actual: "a\n", mode: .missing) else {
            Issue.record("expected a recording")
            return
        }
    }

    @Test func missingSnapshotFailsWithoutRecordingInNeverMode() {
        guard case .fail(let message) = Snapshot.decide(reference: nil, actual: "a\n", mode: .never) else {
            Issue.record("expected a failure")
            return
        }
        #expect(message.contains("No snapshot was found"))
    }

    @Test("A mismatch fails with a diff in missing and never modes", arguments: [Snapshot.RecordMode.missing, .never])
    func mismatch(_ mode: Snapshot.RecordMode) {
        guard case .fail(let message) = Snapshot.decide(reference: "a\nb\n", actual: "a\nc\n", mode: mode) else {
            Issue.record("expected a failure")
            return
        }
        #expect(message.hasSuffix("@@ -1,3 +1,3 @@\n a\n-b\n+c\n "))
    }

    @Test func diffShowsOnlyHunksAroundChanges() {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "line 2\n", with: "line two\n")
            .replacingOccurrences(of: "line 18\n", with: "")
        #expect(Snapshot.lineDiff(from: old, to: new) == """
            @@ -1,5 +1,5 @@
             line 1
            -line 2
            +line two
             line 3
             line 4
             line 5
            @@ -15,6 +15,5 @@
             line 15
             line 16
             line 17
            -line 18
             line 19
             line 20
            """)
    }

    @Test func diffMarksLineEndsWhenOnlyTrailingWhitespaceDiffers() {
        #expect(Snapshot.lineDiff(from: "a \nb", to: "a\nb") == "@@ -1,2 +1,2 @@\n-a ⏎\n+a⏎\n b⏎")
    }

    @Test func snapshotFilesFollowSwiftSnapshotTestingLayout() {
        let url = Snapshot.url(filePath: "/repo/Tests/LocationSearchTests/ANSITests.swift",
                               function: "styles(_:)", name: "every kind")
        #expect(url.path == "/repo/Tests/LocationSearchTests/__Snapshots__/ANSITests/styles.every-kind.txt")
    }
}
