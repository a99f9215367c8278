import Foundation
import Testing
@testable import LocationSearch

/// Runs `body` on a thread of its own and suspends until it returns.
///
/// Swift Testing runs tests as tasks on the cooperative pool, which has one thread per
/// core (two on a small CI machine). A test that computes for minutes on its thread, or
/// blocks waiting for a global being initialized on another, holds one of those threads,
/// and every other test, even one that only waits on a clock, stalls behind it. Long
/// synchronous work goes here instead; its result comes back to the test's task, where
/// the test checks it (`#expect` belongs in the test's task, not on this thread).
///
///     let file = try await onOwnThread { try LocationCompleter(bundledCacheDirectory: nil) }
func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Swift.Result { try body() }) }
        thread.stackSize = 16 << 20
        thread.start()
    }
}

/// The completer over the bundled data, loaded (or built, when the cache is cold) once
/// for all tests, on a thread of its own: tests that need it suspend until it is there
/// rather than block a pool thread in the global's initializer.
func bundledCompleter() async throws -> LocationCompleter {
    try await bundledLoad.value
}

private let bundledLoad = Task {
    try await onOwnThread { try LocationCompleter(bundledCacheDirectory: TestCache.directory) }
}

/// For suites whose tests hold their thread while they wait (on a subprocess, or on a
/// pseudo-terminal with `poll`): at most one such test runs at a time, in the whole test
/// run, so that they never take every thread of the cooperative pool (one per core, two on
/// a small CI machine). Otherwise the tests that only await (the session tests, with
/// their time limits) wait for a thread until their limit runs out. A test waiting for
/// its turn suspends; it holds no thread.
///
///     @Suite("Command line", .serialized, .holdsItsThread)
struct HoldsItsThread: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    /// Each test case takes its turn (a parameterized test's cases one by one); a suite, or
    /// a test function as a whole, does not, or its cases would wait for it. Nor does a
    /// test with a time limit of its own, which would count the wait for its turn.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil || test.traits.contains(where: { $0 is TimeLimitTrait }) ? nil : self
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await Self.lane.enter()
        do {
            try await function()
        } catch {
            await Self.lane.leave()
            throw error
        }
        await Self.lane.leave()
    }

    private static let lane = Lane()

    /// One test at a time: the others wait, suspended, in the order they came.
    private actor Lane {
        private var busy = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func enter() async {
            guard busy else {
                busy = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func leave() {
            if waiting.isEmpty {
                busy = false
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}

extension Trait where Self == HoldsItsThread {
    /// See `HoldsItsThread`.
    static var holdsItsThread: Self { Self() }
}
