import Foundation
import Testing
@testable import LocationSearch

@Suite("Two build passes at once", .holdsItsThread)
struct ConcurrentlyTests {
    @Test func bothResultsComeBack() {
        let numbers = Array(1...20)
        let (sum, product) = _Concurrently.run({ numbers.reduce(0, +) }, alongside: { numbers.reduce(1, *) })
        #expect(sum == 210)
        #expect(product == 2_432_902_008_176_640_000)
    }

    /// The other job runs on a thread of its own: it finishes even while the caller's job
    /// waits for it (a shared pool of busy threads would never start it).
    @Test func theOtherJobNeedsNoFreePoolThread() {
        let started = DispatchSemaphore(value: 0)
        let (waited, value) = _Concurrently.run({
            started.wait(timeout: .now() + 60) == .success
        }, alongside: {
            started.signal()
            return 7
        })
        #expect(waited && value == 7)
    }

    struct Failure: Error {}

    /// An error from the caller's job goes on once the other job is done.
    @Test func anErrorWaitsForTheOtherJob() {
        let finished = _ResultSlots<Bool>(count: 1)
        #expect(throws: Failure.self) {
            _ = try _Concurrently.run({ throw Failure() }, alongside: {
                Thread.sleep(forTimeInterval: 0.05)
                finished[0] = true
                return 0
            })
        }
        #expect(finished[0] == true)
    }
}
