import Dispatch

/// Two independent jobs run at once: `other` on a thread of the global dispatch pool,
/// `body` on the calling thread (so `body` may capture what is not `Sendable`, such as a
/// progress closure). The build of an index runs its independent passes this way, on both
/// cores; each pass is deterministic on its own, so the result does not depend on which
/// finishes first.
///
///     let (sum, product) = _Concurrently.run({ numbers.reduce(0, +) }, alongside: { numbers.reduce(1, *) })
///
/// - Complexity: the longer of the two jobs, on a machine with a core free; their sum
///   on one core.
enum _Concurrently {
    /// Runs `body` here and `other` on another thread, and returns both results once both
    /// are done. If `body` throws, `other` is still waited for before the error goes on.
    static func run<A, B: Sendable>(
        _ body: () throws -> A, alongside other: @escaping @Sendable () -> B
    ) rethrows -> (A, B) {
        let slot = _ResultSlots<B>(count: 1)
        let group = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: group) { slot[0] = other() }
        defer { group.wait() }
        let a = try body()
        group.wait()
        guard let b = slot[0] else { preconditionFailure("a concurrent job ended without its result") }
        return (a, b)
    }
}
