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

/// `--color`: whether to highlight matches with terminal escapes.
enum ColorChoice: String, CaseIterable {
    case auto, always, never

    /// `auto` means the output is a terminal, `TERM` is not `dumb` and `NO_COLOR` is unset
    /// or empty (no-color.org: "when present and not an empty string"); `FORCE_COLOR` (set
    /// and not "0") turns it on.
    func isEnabled(forFileDescriptor descriptor: Int32) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let force = environment["FORCE_COLOR"], force != "0" { return true }
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return isatty(descriptor) == 1
        }
    }
}
