import Foundation
import Testing

/// Runs the built `location-search` executable, as a person or a script would.
enum Subprocess {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        /// Whether the process exited (rather than being killed by a signal).
        var exited = true
        var output: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs the tool (`Products.locationSearch()`, or `program`) with `arguments`, feeding
    /// `input` on standard input (from a file, so large inputs cannot dead-lock on a pipe),
    /// with `environment` added; stdout and stderr go to files, or to pipes whose reading
    /// end is already closed (`brokenStdout`, `brokenStderr`: every write fails with EPIPE).
    /// With `stdoutFile` (`/dev/full`, say), stdout goes there and is not read back.
    static func run(
        _ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
        program: URL? = nil, brokenStdout: Bool = false, brokenStderr: Bool = false, stdoutFile: URL? = nil
    ) throws -> Result {
        let directory = FileManager.default.temporaryDirectory
        let inputFile = directory.appendingPathComponent("ls-in-\(UUID())")
        let outputFile = directory.appendingPathComponent("ls-out-\(UUID())")
        let errorFile = directory.appendingPathComponent("ls-err-\(UUID())")
        defer { for file in [inputFile, outputFile, errorFile] { try? FileManager.default.removeItem(at: file) } }
        try input.write(to: inputFile)
        for file in [outputFile, errorFile] where !FileManager.default.createFile(atPath: file.path, contents: nil) {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        let process = Process()
        process.executableURL = try program ?? Products.locationSearch()
        process.arguments = arguments
        var env = TestCache.environment(ProcessInfo.processInfo.environment)
        env["NO_COLOR"] = nil
        env["FORCE_COLOR"] = nil
        env.merge(environment) { $1 }
        process.environment = env
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        func broken() throws -> Pipe {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            return pipe
        }
        process.standardOutput = brokenStdout ? try broken() : try FileHandle(forWritingTo: stdoutFile ?? outputFile)
        process.standardError = brokenStderr ? try broken() : try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: stdoutFile == nil ? try Data(contentsOf: outputFile) : Data(),
            stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self),
            exited: process.terminationReason == .exit)
    }

    /// Checks the tool's report of a usage error: on standard error, one line
    /// `location-search: …`, then where the help is (`see `location-search demo --help``).
    static func expectUsageMessage(
        _ stderr: String, help: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let lines = stderr.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("location-search: "), "\(stderr)",
                sourceLocation: sourceLocation)
        #expect(lines.last.map(String.init) == "see `\(help)`", sourceLocation: sourceLocation)
    }
}
