import Foundation
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
///     location-search help                            usage
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
do {
    let command = try Command.parse(arguments)
    status = try await command.run()
} catch let error as UsageError {
    FileHandle.standardError.write(Data("location-search: \(error.message)\n\n\(Command.usage)\n".utf8))
    status = 64
} catch {
    FileHandle.standardError.write(Data("location-search: \(error)\n".utf8))
    status = 1
}
exit(status)
