#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LocationSearch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// location-search: complete place names from the command line.
///
///     location-search [complete] [options] [QUERY]   completions for QUERY, or for each stdin line
///     location-search demo [options]                  an fzf-style picker on the terminal
///     location-search build-index | bench | cache | completions | help | --version | --generate-man
///
/// Exit status: 0 on success; 1 when no query had a completion (`complete`) or Enter found
/// no match (`demo`); 2 for an error; 64 for a usage error (one line, and where the help
/// is); 130 when `demo` was left without a pick; 128 + N for signal N (`demo`). Under `--json` an error is one JSON line on standard
/// error instead (`ErrorReport`), with the same status.

// A write to a pipe whose reader has gone fails with EPIPE, handled where it happens
// (see `OutputStream`, `StandardError`), the same whether or not the parent ignored SIGPIPE.
signal(SIGPIPE, SIG_IGN)
// Past a file-size limit (`ulimit -f`) a write fails with EFBIG, reported as any failed
// write is (an error on standard error, exit 2; a cache that cannot be written is
// skipped), instead of the process dying of SIGXFSZ without a word.
signal(SIGXFSZ, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
do {
    let command = try Command.parse(arguments)
    status = try await command.run()
} catch {
    status = ErrorReport.report(error, json: ErrorReport.wantsJSON(arguments))
}
exit(status)
