import Foundation

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

    /// The `location-search` binary next to the test bundle (SwiftPM builds products into
    /// one folder).
    static var executable: URL {
        var candidates: [URL] = []
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            candidates.append(directory.appendingPathComponent("location-search"))
            directory.deleteLastPathComponent()
        }
        for configuration in ["debug", "release"] {
            candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/\(configuration)/location-search"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// Runs the tool (or `program`) with `arguments`, feeding `input` on standard input
    /// (from a file, so large inputs cannot dead-lock on a pipe), with `environment` added;
    /// stdout and stderr go to files, or to pipes whose reading end is already closed
    /// (`brokenStdout`, `brokenStderr`: every write fails with EPIPE).
    static func run(
        _ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
        program: URL? = nil, brokenStdout: Bool = false, brokenStderr: Bool = false
    ) throws -> Result {
        let directory = FileManager.default.temporaryDirectory
        let inputFile = directory.appendingPathComponent("ls-in-\(UUID())")
        let outputFile = directory.appendingPathComponent("ls-out-\(UUID())")
        let errorFile = directory.appendingPathComponent("ls-err-\(UUID())")
        defer { for file in [inputFile, outputFile, errorFile] { try? FileManager.default.removeItem(at: file) } }
        try input.write(to: inputFile)
        FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = program ?? executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
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
        process.standardOutput = brokenStdout ? try broken() : try FileHandle(forWritingTo: outputFile)
        process.standardError = brokenStderr ? try broken() : try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: try Data(contentsOf: outputFile),
            stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self),
            exited: process.terminationReason == .exit)
    }
}
