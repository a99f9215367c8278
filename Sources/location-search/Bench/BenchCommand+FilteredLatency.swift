#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_spi(Benchmarking) import LocationSearch

/// Filtered latency: country and kind filters, typing the names of places they let
/// through; and (`--every-country`) a sweep of every country code in the data with the
/// short prefixes of its places' names, where a filter is slowest.
extension BenchCommand {
    /// A filter the benchmark times, and the places whose names it types.
    struct FilterCase {
        var label: String
        var options: CompletionOptions
        var places: [Int]
    }

    /// A small, a medium and a large country, and the kind filters.
    func filterCases(_ completer: LocationCompleter) -> [FilterCase] {
        var byCountry: [String: [Int]] = [:], byKind: [Place.Kind: [Int]] = [:]
        for i in 0..<completer.placeCount {
            byCountry[completer._countryCode(at: i), default: []].append(i)
            byKind[completer._kind(at: i), default: []].append(i)
        }
        var cases: [FilterCase] = []
        for code in ["LI", "IS", "NZ", "US"] {
            guard let places = byCountry[code] else { continue }
            cases.append(FilterCase(label: "country \(code) (\(Measurement.grouped(places.count)) places)",
                                    options: CompletionOptions(countries: [code]), places: places))
        }
        for kind in [Place.Kind.country, .region] {
            guard let places = byKind[kind] else { continue }
            cases.append(FilterCase(label: "kind \(kind.rawValue) (\(Measurement.grouped(places.count)) places)",
                                    options: CompletionOptions(kinds: [kind]), places: places))
        }
        return cases
    }

    /// Times each filter of `filterCases` on the names of places it lets through, with
    /// typo tolerance off and on.
    func measureFilters(_ completer: LocationCompleter, settings: Settings) {
        let count = max(20, settings.typedNames / 4)
        say("filtered top-10 per keystroke, µs: the names of up to \(Measurement.grouped(count)) places each filter "
            + "lets through (drawn as above), typed; typo tolerance off, then on")
        say("  " + "filter".padded(to: 36)
            + ["samples", "p50", "p90", "p99", "max"].map { $0.leftPadded(to: 9) }.joined()
            + ["p50", "p90", "p99", "max"].map { $0.leftPadded(to: 9) }.joined())
        for filter in filterCases(completer) {
            let workload = TypingWorkload(
                typing: TypingWorkload.sample(completer, count: count, seed: seed, among: filter.places))
            var exact = filter.options
            exact.typoTolerance = false
            let a = timeKeystrokes(completer, workload, options: exact, passes: settings.passes).all
            let b = timeKeystrokes(completer, workload, options: filter.options, passes: settings.passes).all
            say("  " + filter.label.padded(to: 36)
                + Measurement.grouped(a.count).leftPadded(to: 9)
                + [a.p50, a.p90, a.p99, a.max, b.p50, b.p90, b.p99, b.max]
                    .map { Measurement.micros($0).leftPadded(to: 9) }.joined())
        }
    }

    /// `--every-country`: for every country code, the distinct first one to three
    /// characters of its places' names (lowercased) as queries with that country's
    /// filter; the same for each kind over every place. Each query once untimed, then
    /// `passes` times; prints the percentiles of all samples, then the slowest filters by
    /// the p99 of each query's fastest pass (a filter has a few dozen queries, so one
    /// moment the machine was busy would be its p99) against the unfiltered exact p99 of
    /// `reference`'s fastest passes, the same statistic of the same number of passes.
    func sweepFilters(_ completer: LocationCompleter, settings: Settings, reference: LatencySummary) {
        let filters = sweepCases(completer)
        for typos in [false, true] {
            var rows: [(label: String, summary: LatencySummary, worst: String)] = []
            var all: [Double] = []
            for filter in filters {
                var options = filter.options
                options.typoTolerance = typos
                let workload = TypingWorkload(queries: filter.queries)
                let latencies = timeKeystrokes(completer, workload, options: options, passes: settings.passes)
                let fastest = latencies.fastest
                let worst = fastest.indices.max { fastest[$0] < fastest[$1] }.map { workload.queries[$0].text } ?? ""
                rows.append((filter.label, LatencySummary(fastest), worst))
                all += latencies.samples
            }
            let overall = LatencySummary(all)
            rows.sort { $0.summary.p99 > $1.summary.p99 }
            let kinds = Place.Kind.allCases.count
            say("every filter (\(filters.count - kinds) country codes, \(kinds) kinds), "
                + "typo tolerance \(typos ? "on" : "off"): \(Measurement.grouped(overall.count)) samples, "
                + "p50 \(Measurement.micros(overall.p50)), p99 \(Measurement.micros(overall.p99)), "
                + "max \(Measurement.micros(overall.max)) µs; the slowest filters by p99 "
                + "(fastest of \(settings.passes) passes; unfiltered, the same: "
                + "\(Measurement.micros(reference.p99)) µs):")
            for row in rows.prefix(8) {
                say("  " + row.label.padded(to: 16)
                    + "\(Measurement.grouped(row.summary.count)) queries, p50 \(Measurement.micros(row.summary.p50)), "
                    + "p99 \(Measurement.micros(row.summary.p99)) µs "
                    + "(×\(formatted("%.1f", row.summary.p99 / reference.p99)) the unfiltered exact p99), "
                    + "slowest \"\(row.worst)\"")
            }
        }
    }
}

extension BenchCommand {
    /// A filter of the `--every-country` sweep: its label ("country IS", "kind region"),
    /// its options and its queries.
    struct SweepCase {
        var label: String
        var options: CompletionOptions
        var queries: [String]
    }

    /// The sweep's filters: every country code in the data, then every kind, each with the
    /// distinct first one to three characters (lower-cased) of the names of its places.
    func sweepCases(_ completer: LocationCompleter) -> [SweepCase] {
        var prefixes: [String: Set<String>] = [:], kindPrefixes: [Place.Kind: Set<String>] = [:]
        for i in 0..<completer.placeCount {
            let name = Array(completer._placeName(at: i).lowercased())
            for n in 1...3 where name.count >= n {
                let prefix = String(name[..<n])
                prefixes[completer._countryCode(at: i), default: []].insert(prefix)
                kindPrefixes[completer._kind(at: i), default: []].insert(prefix)
            }
        }
        var filters: [SweepCase] = []
        for code in prefixes.keys.sorted() where !code.isEmpty {
            filters.append(SweepCase(label: "country \(code)", options: CompletionOptions(countries: [code]),
                                     queries: prefixes[code]!.sorted()))
        }
        for kind in Place.Kind.allCases {
            filters.append(SweepCase(label: "kind \(kind.rawValue)", options: CompletionOptions(kinds: [kind]),
                                     queries: (kindPrefixes[kind] ?? []).sorted()))
        }
        return filters
    }

    /// `--sweep-queries`: the keystrokes of the unfiltered reference ("unfiltered<tab>query"
    /// a line, as the exact section types them), then each filter's queries ("country
    /// IS<tab>query"), for a count of their instructions query by query
    /// (`docs/scripts/sweepcount.sh`), which repeats where times do not. A query with a tab
    /// or a line break (none in the bundled data, whose names are tab-separated rows) is
    /// left out and counted on standard error.
    func printSweepQueries() throws {
        let completer = try LocationCompleter()
        let typed = TypingWorkload(typing: TypingWorkload.sample(completer, count: settings.typedNames, seed: seed))
        var unprintable = 0
        for filter in [SweepCase(label: "unfiltered", options: CompletionOptions(), queries: typed.queries.map(\.text))]
            + sweepCases(completer)
        {
            for query in filter.queries {
                guard !query.contains(where: { $0 == "\t" || $0.isNewline }) else {
                    unprintable += 1
                    continue
                }
                say("\(filter.label)\t\(query)")
            }
        }
        if unprintable > 0 { StandardError.write("\(unprintable) queries left out: they hold a tab or a line break\n") }
    }
}

extension TypingWorkload {
    /// These queries as they are.
    init(queries texts: [String]) {
        names = texts.count
        queries = texts.map { Query(text: $0, length: $0.count) }
    }
}
