#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
@_spi(Tools) import LocationSearch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `location-search build-index`: builds an index file from the bundled gazetteer or a
/// GeoNames download, so that later runs map it instead of building.
struct BuildIndexCommand {
    /// Where to write; `nil` refreshes the bundled gazetteer's cached index.
    var output: String?
    /// A folder of GeoNames dump files; `nil` means the bundled gazetteer.
    var geoNames: String?

    static let declaration = CommandDeclaration<BuildIndexCommand>(
        name: "build-index",
        abstract: """
            Builds an index file, with a progress bar when standard error is a terminal. Without \
            options, refreshes the bundled gazetteer's cached index (the one `complete` reads).
            """,
        arguments: "",
        discussion: "EXIT STATUS: 0 when written; 64 for a usage error; 2 for any other error.",
        options: [
            OptionDeclaration(
                "--output", "-o", value: "FILE", completion: .file,
                help: "Where to write it (a new file, or a regular file to replace); without it, refreshes the "
                    + "bundled gazetteer's cached index."
            ) { command, text in
                command.output = text
            },
            OptionDeclaration(
                "--geonames", value: "DIR", completion: .directory,
                help: "Build from GeoNames dump files in DIR (cities500.txt, or cities1000/5000/15000.txt or "
                    + "allCountries.txt, with admin1CodesASCII.txt and countryInfo.txt); needs --output."
            ) { command, text in
                command.geoNames = text
            },
        ],
        positional: { command, words in
            try UsageError.requireNoArguments(words, command: "build-index")
            if command.geoNames != nil && command.output == nil {
                throw UsageError(message: "--geonames needs --output FILE (only the bundled index has a default place)",
                                 command: "build-index")
            }
        })

    static func parse(_ arguments: [String]) throws -> BuildIndexCommand? {
        try declaration.parse(arguments, into: BuildIndexCommand())
    }

    func run() throws -> Int32 {
        let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1)
        let start = DispatchTime.now().uptimeNanoseconds
        let file: URL
        var report = GazetteerLoadReport()
        if let output {
            let gazetteer = if let geoNames {
                try Gazetteer(geoNamesDirectory: URL(fileURLWithPath: geoNames), progress: bar.update)
            } else {
                try Gazetteer.bundled(progress: bar.update)
            }
            report = gazetteer.loadReport
            let completer = LocationCompleter(gazetteer: gazetteer, progress: bar.update)
            bar.update("Writing index", 0)
            file = URL(fileURLWithPath: output)
            try completer.writeIndex(to: file)
        } else {
            guard let cache = LocationCompleter.defaultCacheDirectory else {
                throw UsageError(message: "no cache directory (HOME is not set): give --output FILE")
            }
            file = try LocationCompleter.buildBundledIndex(cacheDirectory: cache, progress: bar.update)
        }
        bar.finish()
        // Rows of the dump that are not places (mountains in allCountries.txt, say) are
        // skipped, never silently: say how many, why, and where.
        for line in report.description.split(separator: "\n") {
            StandardError.write("location-search: \(Sanitized.message(String(line)))\n")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // (From `stat`: FileManager's size attribute is not an `Int` everywhere, and read
        // as one it said 0.0 MB.)
        var status = stat()
        let size = stat(file.path, &status) == 0 ? " (\(formatted("%.1f", Double(status.st_size) / 1e6)) MB)" : ""
        let output = OutputStream()
        output.write("wrote \(Sanitized.message(file.path))\(size) in \(formatted("%.2f", seconds)) s\n")
        try output.flush()
        return 0
    }
}

/// A one-line progress bar on standard error, redrawn in place (`\r`), for terminals only.
final class ProgressBar {
    private let enabled: Bool
    private var step = ""
    private var shown = -1
    private var lastDraw: UInt64 = 0

    init(enabled: Bool) { self.enabled = enabled }

    /// Shows `fraction` (0...1) of `step`; redraws at most every 50 ms or on a new step.
    func update(_ step: String, _ fraction: Double) {
        guard enabled else { return }
        let percent = Int((min(1, max(0, fraction)) * 100).rounded(.down))
        let now = DispatchTime.now().uptimeNanoseconds
        guard step != self.step || (percent != shown && now - lastDraw > 50_000_000) else { return }
        if step != self.step && !self.step.isEmpty { draw(self.step, 100, newline: true) }
        self.step = step
        shown = percent
        lastDraw = now
        draw(step, percent, newline: false)
    }

    /// Completes the last step's bar and ends the line.
    func finish() {
        guard enabled, !step.isEmpty else { return }
        draw(step, 100, newline: true)
        step = ""
    }

    private func draw(_ step: String, _ percent: Int, newline: Bool) {
        let width = 30
        let filled = width * percent / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let label = step.padded(to: 28)
        StandardError.write("\r\(label) \(bar) \(formatted("%3d", percent))%\(newline ? "\n" : "")")
    }
}
