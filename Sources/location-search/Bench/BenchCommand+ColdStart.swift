#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension BenchCommand {
    /// Median wall time of `location-search complete "san fr"` in a new process, in ms:
    /// from `posix_spawn` to `waitpid` returning, output to /dev/null. (Foundation's
    /// `Process` adds tens of milliseconds of its own to a run this short.)
    func coldStartMillis(runs: Int) -> Double? {
        guard runs > 0, let executable = Self.executableURL() else { return nil }
        let arguments = [executable.path, "complete", "san fr"]
        var times: [Double] = []
        for _ in 0..<runs {
            var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid: pid_t = 0
            let start = Measurement.now()
            guard posix_spawn(&pid, executable.path, &actions, nil, &argv, environ) == 0 else { return nil }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            times.append(Measurement.seconds(since: start) * 1e3)
            guard status == 0 else { return nil }
        }
        return Measurement.median(times)
    }

    static func executableURL() -> URL? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        guard let first = CommandLine.arguments.first, first.contains("/") else { return nil }
        return URL(fileURLWithPath: first)
    }
}
