import Foundation

/// Two independent jobs run at once: `other` on a thread of its own, `body` on the calling
/// thread (so `body` may capture what is not `Sendable`, such as a progress closure). The
/// build of an index runs its independent passes this way, on both cores; each pass is
/// deterministic on its own, so the result does not depend on which finishes first.
///
/// A thread of its own, not a job on a shared pool: a caller that is itself a pool thread
/// (an app building a completer on a dispatch queue, or in a task) waits for `other`,
/// which must then not wait for a pool thread to be free.
///
///     let (sum, product) = _Concurrently.run({ numbers.reduce(0, +) }, alongside: { numbers.reduce(1, *) })
///
/// - Complexity: the longer of the two jobs, on a machine with a core free; their sum
///   on one core; and about the cost of starting a thread (tens of microseconds).
enum _Concurrently {
    /// Runs `body` here and `other` on another thread, and returns both results once both
    /// are done. If `body` throws, `other` is still waited for before the error goes on.
    static func run<A, B: Sendable>(
        _ body: () throws -> A, alongside other: @escaping @Sendable () -> B
    ) rethrows -> (A, B) {
        let slot = _ResultSlots<B>(count: 1)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            slot[0] = other()
            done.signal()
        }
        thread.stackSize = 1 << 23  // a pass may sort or recurse as deep as on the main thread
        thread.start()
        var waited = false
        defer { if !waited { done.wait() } }
        let a = try body()
        done.wait()
        waited = true
        guard let b = slot[0] else { preconditionFailure("a concurrent job ended without its result") }
        return (a, b)
    }
}
