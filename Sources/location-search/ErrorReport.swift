import LocationSearch

/// How the tool reports an error that ends it, on standard error: a line for a person
/// (`location-search: …`, and for a usage error where the help is), or under `--json` one
/// JSON line for a program:
///
///     {"error": {"code": "usage", "message": "--limit needs a whole number >= 0, not \"x\""}}
///
/// The exit status is the same either way: 64 for a usage error, 2 for any other.
enum ErrorReport {
    /// Whether `arguments` ask for JSON: `complete` (named or not: no other subcommand or
    /// tool option first) with `--json` anywhere before a `--`. Read from the words rather
    /// than the parsed command, so that a usage error in the same command line is reported
    /// as JSON too; another subcommand takes no `--json`, so there it is the usage error.
    static func wantsJSON(_ arguments: [String]) -> Bool {
        if let first = arguments.first, first != "complete",
           Command.subcommands.contains(where: { $0.name == first })
            || Command.toolOptions.contains(where: { $0.names.contains(first) }) {
            return false
        }
        return arguments.prefix(while: { $0 != "--" }).contains("--json")
    }

    /// Writes `error`'s report and returns the exit status.
    static func report(_ error: any Error, json: Bool) -> Int32 {
        let status: Int32 = error is UsageError ? 64 : 2
        if json {
            let message = (error as? UsageError)?.message ?? String(describing: error)
            StandardError.write(line(code: code(of: error), message: message))
        } else if let usage = error as? UsageError {
            StandardError.write(usage.report)
        } else {
            StandardError.write("location-search: \(Sanitized.message(String(describing: error)))\n")
        }
        return status
    }

    /// `{"error": {"code": …, "message": …}}` and a newline; the message's characters that
    /// would act on a terminal escaped as in the plain report, then as JSON.
    static func line(code: String, message: String) -> String {
        let message = JSONLine.string(Sanitized.message(message))
        return "{\"error\": {\"code\": \(JSONLine.string(code)), \"message\": \(message)}}\n"
    }

    /// What kind of error it is, for programs: `usage` (exit 64); `index` (the places
    /// cannot be loaded: an index file or the bundled data missing, unreadable or
    /// damaged), `write` (a failed write), `error` (anything else), each exit 2.
    static func code(of error: any Error) -> String {
        switch error {
        case is UsageError: "usage"
        case is GazetteerError: "index"
        case is OutputError: "write"
        default: "error"
        }
    }
}
