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

/// What the tool costs a new process, measured in one: a cold start, a first run that builds
/// the index, and the memory of a process that answered a typing run (what an app holds,
/// without the bench's own buffers).
extension BenchCommand {
    /// Median wall time of `location-search complete "san fr"` in a new process, in ms:
    /// from `posix_spawn` to `waitpid` returning, output to /dev/null. (Foundation's
    /// `Process` adds tens of milliseconds of its own to a run this short.)
    func coldStartMillis(runs: Int) -> Double? {
        guard runs > 0, let executable = Self.executableURL() else { return nil }
        var times: [Double] = []
        for _ in 0..<runs {
            let start = Measurement.now()
            guard let child = Child(executable.path, ["complete", "san fr"]), child.wait() == 0 else { return nil }
            times.append(Measurement.seconds(since: start) * 1e3)
        }
        return Measurement.median(times)
    }

    /// Median wall time, in seconds, of a first run: `location-search complete "san fr"` in a
    /// new process with an empty cache folder (`XDG_CACHE_HOME`), which builds the index,
    /// writes and seals it, then answers. What a person's first query costs; the folder is
    /// removed after each run. Nil where the cache folder is not `XDG_CACHE_HOME`'s
    /// (macOS) or a run fails.
    func firstRunSeconds(runs: Int) -> Double? {
        #if os(Linux)
        guard runs > 0, let executable = Self.executableURL() else { return nil }
        var times: [Double] = []
        for _ in 0..<runs {
            var template = Array("\(FileManager.default.temporaryDirectory.path)/location-search-bench-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { return nil }
            let folder = String(cString: made)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let start = Measurement.now()
            guard let child = Child(executable.path, ["complete", "san fr"], environment: ["XDG_CACHE_HOME": folder]),
                  child.wait() == 0
            else { return nil }
            times.append(Measurement.seconds(since: start))
        }
        return Measurement.median(times)
        #else
        return nil
        #endif
    }

    /// The resident and peak memory, in bytes, of `location-search complete --json` in a
    /// new process once it has answered `queries`, one at a time as a person types them (each
    /// written to its standard input once the answer before is read from its output), read
    /// from its `/proc/PID/status` before it exits. Nil off Linux, for a query that holds a
    /// line break, or if the process fails.
    func typingRunMemory(queries: [String]) -> (resident: Int, peak: Int)? {
        #if os(Linux)
        guard !queries.isEmpty, !queries.contains(where: { $0.contains("\n") || $0.contains("\r") }),
              let executable = Self.executableURL()
        else { return nil }
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        guard pipe(&input) == 0 else { return nil }
        defer { for descriptor in input where descriptor >= 0 { close(descriptor) } }
        guard pipe(&output) == 0 else { return nil }
        defer { for descriptor in output where descriptor >= 0 { close(descriptor) } }
        guard let child = Child(executable.path, ["complete", "--json"], input: input[0], output: output[1],
                                closing: [input[1], output[0]])
        else { return nil }
        // The child's ends, closed here: its output then ends when it exits.
        close(input[0])
        close(output[1])
        (input[0], output[1]) = (-1, -1)
        var memory: (resident: Int, peak: Int)? = nil
        var answers = LineReader(descriptor: output[0])
        answering: do {
            for query in queries {
                var line = query + "\n"
                let failed = line.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: input[1]) }
                guard failed == 0, answers.next() != nil else { break answering }
            }
            let status = Measurement.status("VmRSS", "VmHWM", of: "\(child.pid)")
            if let resident = status[0], let peak = status[1] { memory = (resident, peak) }
        }
        close(input[1])
        input[1] = -1
        while answers.next() != nil {}
        return child.wait() == nil ? nil : memory
        #else
        return nil
        #endif
    }

    /// A process of this executable: standard input from `input` or /dev/null, standard
    /// output to `output` or /dev/null, standard error to /dev/null, with `environment`
    /// added to this process's; the descriptors in `closing` closed in it.
    struct Child {
        let pid: pid_t

        init?(_ executable: String, _ arguments: [String], input: Int32? = nil, output: Int32? = nil,
              closing: [Int32] = [], environment: [String: String] = [:]) {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            if let input { posix_spawn_file_actions_adddup2(&actions, input, 0) } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            if let output { posix_spawn_file_actions_adddup2(&actions, output, 1) } else {
                posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            }
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
            let added = environment.map { "\($0.key)=\($0.value)" }
            var inherited: [String] = []
            var entry = environ
            while let variable = entry.pointee {
                let text = String(cString: variable)
                let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
                if environment[name] == nil { inherited.append(text) }
                entry += 1
            }
            var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
            var envp: [UnsafeMutablePointer<CChar>?] = (inherited + added).map { strdup($0) } + [nil]
            defer { for pointer in argv + envp { free(pointer) } }
            var pid: pid_t = 0
            guard posix_spawn(&pid, executable, &actions, nil, &argv, &envp) == 0 else { return nil }
            self.pid = pid
        }

        /// Waits for the process to end: its exit status, or nil if a signal ended it.
        func wait() -> Int32? {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 {
                guard errno == EINTR else { return nil }
            }
            // (WIFEXITED and WEXITSTATUS, which Swift does not import.)
            return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
        }
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
