#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LocationSearch

extension BenchCommand {
    struct KeystrokeLatencies {
        var all: LatencySummary, short: LatencySummary, long: LatencySummary
        var results: Int
        /// Every sample in nanoseconds, pass after pass in the workload's order.
        var samples: [Double]
        /// How many queries a pass has.
        var queries: Int

        /// Each query's fastest pass, in the workload's order: a moment the machine was
        /// busy does not make a keystroke slow.
        var fastest: [Double] {
            var fastest = [Double](repeating: .infinity, count: queries)
            for (i, sample) in samples.enumerated() { fastest[i % queries] = min(fastest[i % queries], sample) }
            return fastest
        }

        /// The percentiles of `fastest`.
        var fastestPasses: LatencySummary { LatencySummary(fastest) }
    }

    /// Times every query of `workload`, `passes` times after one untimed pass.
    func timeKeystrokes(
        _ completer: LocationCompleter, _ workload: TypingWorkload, options: CompletionOptions, passes: Int,
        readRows: Bool = false
    ) -> KeystrokeLatencies {
        var results = 0
        for query in workload.queries { results &+= completer.completions(for: query.text, options: options).count }
        var all: [Double] = [], short: [Double] = [], long: [Double] = []
        all.reserveCapacity(workload.queries.count * passes)
        results = 0
        var read = 0  // what was read, so that the reads are not optimised away
        for _ in 0..<passes {
            for query in workload.queries {
                let start = Measurement.now()
                let completions = completer.completions(for: query.text, options: options)
                if readRows {
                    for row in completions {
                        read &+= row.id.utf8.count &+ row.title.utf8.count &+ row.subTitle.utf8.count
                            &+ row.titleHighlightRanges.count &+ row.subtitleHighlightRanges.count
                    }
                }
                let end = Measurement.now()
                results &+= completions.count
                let nanoseconds = Double(end - start)
                all.append(nanoseconds)
                if query.length <= 2 { short.append(nanoseconds) } else { long.append(nanoseconds) }
            }
        }
        if read == Int.min { say("(checksum \(read))") }
        return KeystrokeLatencies(all: LatencySummary(all), short: LatencySummary(short), long: LatencySummary(long),
                                  results: results / max(1, passes), samples: all, queries: workload.queries.count)
    }

    func printTable(_ latencies: KeystrokeLatencies) {
        func row(_ label: String, _ s: LatencySummary) -> String {
            label.padded(to: 12)
                + [Measurement.grouped(s.count), Measurement.micros(s.p50), Measurement.micros(s.p90),
                   Measurement.micros(s.p99), Measurement.micros(s.max), Measurement.micros(s.mean)]
                .map { $0.leftPadded(to: 10) }.joined()
        }
        say("  " + "prefix".padded(to: 12)
            + ["samples", "p50", "p90", "p99", "max", "mean"].map { $0.leftPadded(to: 10) }.joined())
        say("  " + row("all", latencies.all))
        say("  " + row("1-2 chars", latencies.short))
        say("  " + row("3+ chars", latencies.long))
        say("  (\(Measurement.grouped(latencies.results)) completions returned per pass)")
    }

    /// With `--slowest N`, lists the `N` slowest keystrokes of a table, each by its
    /// fastest pass (so that a noisy moment does not list it).
    func listSlowest(_ latencies: KeystrokeLatencies, _ workload: TypingWorkload) {
        guard slowest > 0 else { return }
        let fastest = latencies.fastest
        let listed = fastest.indices.sorted { fastest[$0] > fastest[$1] }.prefix(slowest)
        say("  slowest keystrokes (fastest of \(settings.passes) passes): "
            + listed.map { "\"\(workload.queries[$0].text)\" \(Measurement.micros(fastest[$0]))" }
                .joined(separator: ", "))
    }
}
