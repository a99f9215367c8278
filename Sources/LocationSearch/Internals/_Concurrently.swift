import Dispatch
#if canImport(Darwin)
import Foundation
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Two independent jobs run at once: `other` on a thread of its own, `body` on the calling
/// thread (so `body` may capture what is not `Sendable`, such as a progress closure). The
/// build of an index runs its independent passes this way, on both cores; each pass is
/// deterministic on its own, so the result does not depend on which finishes first.
///
/// A thread of its own, not a job on a shared pool: a caller that is itself a pool thread
/// (an app building a completer on a dispatch queue, or in a task) waits for `other`,
/// which must then not wait for a pool thread to be free.
///
/// On Linux the thread starts on another CPU than the caller's, then may run on any: the
/// scheduler put a new thread on its creator's CPU, where it waited for the creator's
/// time slice to end (about 3 ms on the 2-core VM, with the other core idle) before the
/// other core took one of them; a load's two halves lost that much each time.
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
        start {
            slot[0] = other()
            done.signal()
        }
        var waited = false
        defer { if !waited { done.wait() } }
        let a = try body()
        done.wait()
        waited = true
        guard let b = slot[0] else { preconditionFailure("a concurrent job ended without its result") }
        return (a, b)
    }

    /// The stack of a job's thread: a pass may sort or recurse as deep as on the main thread.
    private static let stackSize = 1 << 23

    /// Starts `job` on a new thread: on Linux first on another CPU than the caller's; if
    /// no thread can be started, runs `job` here, which gives the same results on one core.
    private static func start(_ job: @escaping @Sendable () -> Void) {
        #if canImport(Darwin)
        let thread = Thread(block: job)
        thread.stackSize = stackSize
        thread.start()
        #else
        #if os(Linux)
        if _OtherCPU.start(job, stackSize: stackSize) { return }
        #endif
        if !_PThread.start(job, stackSize: stackSize) { job() }
        #endif
    }
}

#if !canImport(Darwin)
/// A detached POSIX thread running a job: `Foundation.Thread` without Foundation (which
/// this library does not load off Apple platforms; see `Package.swift`).
private enum _PThread {
    private final class Start {
        let job: @Sendable () -> Void
        init(job: @escaping @Sendable () -> Void) { self.job = job }
    }

    /// Starts `job` on a new detached thread with a stack of `stackSize` bytes (the
    /// default stack if that size is refused) and the attributes `configure` sets, unless
    /// it returns false; `false` when nothing was started.
    static func start(
        _ job: @escaping @Sendable () -> Void, stackSize: Int,
        configure: (inout pthread_attr_t) -> Bool = { _ in true }
    ) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        _ = pthread_attr_setstacksize(&attributes, stackSize)
        _ = pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        guard configure(&attributes) else { return false }
        let start = Unmanaged.passRetained(Start(job: job))
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<Start>.fromOpaque(context).takeRetainedValue().job()
            return nil
        }, start.toOpaque())
        if status != 0 { start.release() }
        return status == 0
    }
}
#endif

#if os(Linux)
/// Starting a thread on another CPU than the caller's (`_Concurrently`), through glibc's
/// affinity functions, which the Glibc module does not import (GNU extensions): looked up
/// once with `dlsym`.
private enum _OtherCPU {
    typealias GetCPU = @convention(c) () -> Int32
    typealias GetAffinity = @convention(c) (pthread_t, Int, UnsafeMutablePointer<cpu_set_t>) -> Int32
    typealias SetAffinity = @convention(c) (pthread_t, Int, UnsafePointer<cpu_set_t>) -> Int32
    typealias SetAttributeAffinity = @convention(c) (
        UnsafeMutablePointer<pthread_attr_t>, Int, UnsafePointer<cpu_set_t>) -> Int32

    /// The four functions, or `nil` where any is missing (another C library).
    static let functions: (GetCPU, GetAffinity, SetAffinity, SetAttributeAffinity)? = {
        func find<F>(_ name: String, as _: F.Type) -> F? {
            dlsym(nil, name).map { unsafeBitCast($0, to: F.self) }
        }
        guard let cpu = find("sched_getcpu", as: GetCPU.self),
              let get = find("pthread_getaffinity_np", as: GetAffinity.self),
              let set = find("pthread_setaffinity_np", as: SetAffinity.self),
              let attribute = find("pthread_attr_setaffinity_np", as: SetAttributeAffinity.self)
        else { return nil }
        return (cpu, get, set, attribute)
    }()

    /// Starts `job` on a new detached thread (`_PThread`), first on a CPU the caller may
    /// use other than the one it is on, and then, before `job`, allowed the caller's CPUs
    /// again; `false` (nothing started) when that cannot be arranged: one CPU, no affinity
    /// functions, or a failed `pthread_create`.
    static func start(_ job: @escaping @Sendable () -> Void, stackSize: Int) -> Bool {
        guard let (currentCPU, getAffinity, setAffinity, setAttributeAffinity) = functions else { return false }
        let size = MemoryLayout<cpu_set_t>.size
        var cpus = cpu_set_t(), others = cpu_set_t()
        guard getAffinity(pthread_self(), size, &cpus) == 0 else { return false }
        let cpu = Int(currentCPU())
        let any = withUnsafeMutableBytes(of: &others) { others in
            withUnsafeBytes(of: cpus) { cpus in
                others.copyMemory(from: cpus)
                if cpu >= 0 && cpu < 8 * size { others[cpu / 8] &= ~(1 << UInt8(cpu % 8)) }
                return others.contains { $0 != 0 }
            }
        }
        guard any else { return false }
        let callerCPUs = cpus
        return _PThread.start({
            var cpus = callerCPUs
            _ = setAffinity(pthread_self(), size, &cpus)
            job()
        }, stackSize: stackSize) { attributes in
            setAttributeAffinity(&attributes, size, &others) == 0
        }
    }
}
#endif
