import Foundation
@_spi(Benchmarking) import LocationSearch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `location-search bench`: load time, memory, index size and per-keystroke latency, for the
/// bundled gazetteer and a synthetic one, beside a naive linear scan timed in the same run.
///
/// Method: the canonical names of a fixed sample of places (half drawn by population,
/// half uniformly) are typed one character at a time; every prefix is a query for
/// `completions(for:)` with the default options (top 10). After one untimed warm-up pass,
/// every query is timed on its own (`clock_gettime` before and after, the result released
/// after the second reading) in several passes, and the percentiles are taken over all of
/// those samples. The naive scan runs on a fixed subsample, interleaved with the completer,
/// so that both see the same machine.
struct BenchCommand {
    var quick = false
    var synthetic: Int?
    var seed: UInt64 = 42
    /// How many of the slowest exact keystrokes to list (0: none).
    var slowest = 0
    /// Where to keep the synthetic gazetteer's index (for `complete --index`); `nil`: a
    /// temporary file, removed after the run.
    var keepSyntheticIndex: String?
    /// Also sweep every country code's filter with its places' short prefixes.
    var everyCountry = false

    struct Settings {
        var typedNames: Int
        var passes: Int
        var naiveQueries: Int
        var naiveQueriesSynthetic: Int
        var coldStartRuns: Int
        var synthetic: Int
    }

    var settings: Settings {
        quick
            ? Settings(typedNames: 300, passes: 2, naiveQueries: 60, naiveQueriesSynthetic: 30, coldStartRuns: 5,
                       synthetic: synthetic ?? 200_000)
            : Settings(typedNames: 2_000, passes: 5, naiveQueries: 300, naiveQueriesSynthetic: 100, coldStartRuns: 11,
                       synthetic: synthetic ?? 10_000_000)
    }

    static let declaration = CommandDeclaration<BenchCommand>(
        name: "bench",
        abstract: """
            Measures load time, memory, index size and per-keystroke latency on the bundled \
            gazetteer and a synthetic one, beside a naive linear scan (use a release build).
            """,
        arguments: "",
        discussion: "",
        options: [
            OptionDeclaration("--quick", help: "A small run (synthetic 200,000 names, fewer queries).") { command in
                command.quick = true
            },
            OptionDeclaration("--every-country",
                              help: "Also time every country code's filter (and each kind's) on the first 1-3 letters of its places' names.") { command in
                command.everyCountry = true
            },
            OptionDeclaration("--synthetic", value: "N", help: "Names in the synthetic gazetteer (default 10,000,000; 0 skips it).") { command, text in
                guard let n = Int(text.replacingOccurrences(of: "_", with: "")), n >= 0 else {
                    throw UsageError(message: "--synthetic needs a number of names >= 0, not \"\(Sanitized.text(text))\"", command: "bench")
                }
                command.synthetic = n
            },
            OptionDeclaration("--seed", value: "S", help: "Random seed for the synthetic data and queries (default 42).") { command, text in
                guard let seed = UInt64(text) else {
                    throw UsageError(message: "--seed needs a whole number, not \"\(Sanitized.text(text))\"", command: "bench")
                }
                command.seed = seed
            },
            OptionDeclaration("--slowest", value: "N", help: "Also list the N slowest exact keystrokes of each gazetteer.") { command, text in
                guard let n = Int(text), n >= 0 else {
                    throw UsageError(message: "--slowest needs a number of queries >= 0, not \"\(Sanitized.text(text))\"", command: "bench")
                }
                command.slowest = n
            },
            OptionDeclaration("--keep-synthetic-index", value: "FILE", help: "Keep the synthetic index in FILE (for complete --index).") { command, text in
                command.keepSyntheticIndex = text
            },
        ],
        positional: { _, words in
            guard words.isEmpty else {
                throw UsageError(message: "bench takes no arguments, only options: \"\(Sanitized.text(words.joined(separator: " ")))\"", command: "bench")
            }
        })

    static func parse(_ arguments: [String]) throws -> BenchCommand? {
        try declaration.parse(arguments, into: BenchCommand())
    }

    /// What one gazetteer's section measured, for the closing comparison.
    struct Section {
        var exact: LatencySummary
        var bytesPerName: Double
        var residentPerName: Double?
    }

    func run() throws -> Int32 {
        let settings = self.settings
        #if DEBUG
        say("warning: this is a debug build; figures mean nothing. Use: swift run -c release location-search bench\n")
        let mode = "debug build"
        #else
        let mode = "release build"
        #endif
        say("location-search bench: \(mode), \(ProcessInfo.processInfo.activeProcessorCount) cores (\(Self.cpuModel())), "
            + "seed \(seed)\(quick ? ", --quick" : "")")
        say(String(format: "timer: clock_gettime, %.0f ns per reading (included in every sample)\n",
                   Measurement.timerOverheadNanoseconds()))

        let bundled = try runBundled(settings)
        var synthetic: Section?
        if settings.synthetic > 0 {
            synthetic = try runSynthetic(settings)
        }
        if let synthetic {
            say("== Scale: synthetic (\(Measurement.grouped(settings.synthetic)) names) against bundled")
            say(String(format: "p99 %@ µs against %@ µs: ×%.2f (target ≤ 2×); p50 ×%.2f",
                       Measurement.micros(synthetic.exact.p99), Measurement.micros(bundled.exact.p99),
                       synthetic.exact.p99 / bundled.exact.p99, synthetic.exact.p50 / bundled.exact.p50))
            var line = String(format: "index bytes per name: %.1f against %.1f", synthetic.bytesPerName, bundled.bytesPerName)
            if let a = synthetic.residentPerName, let b = bundled.residentPerName {
                line += String(format: "; resident bytes per name: %.1f against %.1f", a, b)
            }
            say(line)
        }
        return 0
    }

    // MARK: Bundled

    func runBundled(_ settings: Settings) throws -> Section {
        let cacheFile = LocationCompleter._bundledCacheFile
        let wasCached = cacheFile.map { FileManager.default.fileExists(atPath: $0.path) } ?? false
        let before = Measurement.residentBytes()
        var start = Measurement.now()
        var completer = try LocationCompleter()
        var loadSeconds = Measurement.seconds(since: start)
        var loadNote = cacheFile.map { "reads \($0.path)" } ?? "no cache directory: built in memory"
        if !wasCached, cacheFile != nil {
            say("(the cached index was missing: the first load built and cached it in \(Measurement.duration(loadSeconds)))")
            start = Measurement.now()
            completer = try LocationCompleter()
            loadSeconds = Measurement.seconds(since: start)
            loadNote = "reads \(cacheFile!.path)"
        }
        let afterLoad = Measurement.residentBytes()
        var reloads: [Double] = []
        for _ in 0..<5 {
            let start = Measurement.now()
            _ = try LocationCompleter()
            reloads.append(Measurement.seconds(since: start))
        }
        say("== Bundled gazetteer: \(Measurement.grouped(completer.placeCount)) places, "
            + "\(Measurement.grouped(completer._nameCount)) names (\(Measurement.grouped(completer._indexedNameCount)) "
            + "distinct folded names indexed, \(Measurement.grouped(completer._wordKeyCount)) word-start keys)")
        say("load: \(Measurement.duration(loadSeconds)), median of 5 more \(Measurement.duration(Measurement.median(reloads))) "
            + "(\(loadNote), checking it)")
        let coldStart = coldStartMillis(runs: settings.coldStartRuns)
        if let coldStart {
            say(String(format: "cold start: `location-search complete \"san fr\"` in a new process, median of %d: %.1f ms wall",
                       settings.coldStartRuns, coldStart))
        }
        let indexBytes = Self.reportIndex(file: cacheFile, completer)
        let bytesPerName = Double(indexBytes) / Double(completer._nameCount)

        let section = measure(completer, settings: settings, naiveQueries: settings.naiveQueries,
                              residentBefore: before, residentAfterLoad: afterLoad)
        measureFilters(completer, settings: settings)
        if everyCountry { sweepFilters(completer, settings: settings, reference: section.exact.p99) }
        say("after the run: index file \(Measurement.megabytes(indexBytes)), resident memory "
            + Measurement.megabytes(Measurement.residentBytes()))

        start = Measurement.now()
        _ = try LocationCompleter(bundledCacheDirectory: nil)
        say("build from the GeoNames sources (parse, fold, sort; no cache): \(Measurement.duration(Measurement.seconds(since: start)))\n")
        return Section(exact: section.exact, bytesPerName: bytesPerName, residentPerName: section.residentPerName)
    }

    // MARK: Synthetic

    func runSynthetic(_ settings: Settings) throws -> Section {
        let n = settings.synthetic
        say("== Synthetic gazetteer: \(Measurement.grouped(n)) GeoNames-like names (seed \(seed))")
        let file = keepSyntheticIndex.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("location-search-bench-\(getpid()).lsindex")
        defer { if keepSyntheticIndex == nil { try? FileManager.default.removeItem(at: file) } }
        do {
            var start = Measurement.now()
            let gazetteer = SyntheticGazetteer.make(names: n, seed: seed)
            let generate = Measurement.seconds(since: start)
            start = Measurement.now()
            let built = LocationCompleter(gazetteer: gazetteer)
            let build = Measurement.seconds(since: start)
            start = Measurement.now()
            try built.writeIndex(to: file)
            let write = Measurement.seconds(since: start)
            say("generate: \(Measurement.duration(generate)); build index: \(Measurement.duration(build)); "
                + "write index file: \(Measurement.duration(write)); peak resident so far: "
                + Measurement.megabytes(Measurement.status("VmHWM")))
        }
        let before = Measurement.residentBytes()
        let start = Measurement.now()
        let completer = try LocationCompleter(indexFile: file)
        let loadSeconds = Measurement.seconds(since: start)
        let afterLoad = Measurement.residentBytes()
        say("\(Measurement.grouped(completer.placeCount)) places, \(Measurement.grouped(completer._nameCount)) names "
            + "(\(Measurement.grouped(completer._indexedNameCount)) distinct folded names indexed, "
            + "\(Measurement.grouped(completer._wordKeyCount)) word-start keys)")
        say("load: \(Measurement.duration(loadSeconds)) (reads the index file written above, checking it)")
        let indexBytes = Self.reportIndex(file: file, completer)
        let bytesPerName = Double(indexBytes) / Double(completer._nameCount)
        let section = measure(completer, settings: settings, naiveQueries: settings.naiveQueriesSynthetic,
                              residentBefore: before, residentAfterLoad: afterLoad)
        say("")
        return Section(exact: section.exact, bytesPerName: bytesPerName, residentPerName: section.residentPerName)
    }

    // MARK: Shared

    /// Memory, latency and the naive comparison for a loaded completer.
    func measure(
        _ completer: LocationCompleter, settings: Settings, naiveQueries: Int,
        residentBefore: Int?, residentAfterLoad: Int?
    ) -> (exact: LatencySummary, residentPerName: Double?) {
        var residentPerName: Double?
        if let before = residentBefore, let after = residentAfterLoad {
            residentPerName = Double(after - before) / Double(completer._nameCount)
            say(String(format: "resident memory: %@ after load (+%@ for the completer, %.1f bytes per name)",
                       Measurement.megabytes(after), Measurement.megabytes(after - before), residentPerName!))
        }

        let names = TypingWorkload.sample(completer, count: settings.typedNames, seed: seed)
        let workload = TypingWorkload(typing: names)
        let exact = timeKeystrokes(completer, workload, options: CompletionOptions(typoTolerance: false), passes: settings.passes)
        say("exact top-10 per keystroke (typo tolerance off), µs: \(Measurement.grouped(workload.names)) names typed, "
            + "\(Measurement.grouped(workload.queries.count)) keystrokes × \(settings.passes) passes after a warm-up")
        printTable(exact)
        listSlowest(exact, workload)
        say("resident memory after the queries: \(Measurement.megabytes(Measurement.residentBytes()))")
        // The heaviest query keys are answered from results stored in the index: the same
        // keystrokes with every one searched, for what the search itself costs.
        say("exact top-10 without the \(Measurement.grouped(completer._precomputedAnswerCount)) stored answers "
            + "(every keystroke searched), µs: the same keystrokes")
        printTable(timeKeystrokes(
            completer._withoutPrecomputedAnswers, workload, options: CompletionOptions(typoTolerance: false),
            passes: settings.passes))
        // Completions make their strings when read: the same queries, with every row's
        // strings and highlights made inside the timed region, as a list on screen needs.
        say("exact top-10, also reading every row (id, title, subtitle, highlights), µs: the same keystrokes")
        printTable(timeKeystrokes(
            completer, workload, options: CompletionOptions(typoTolerance: false), passes: settings.passes, readRows: true))

        // Typo tolerance on (the default): the same keystrokes, where a prefix with fewer
        // than `limit` exact matches also walks its edit neighbourhood...
        say("default top-10 per keystroke (typo tolerance on), µs: the same keystrokes")
        let typoTolerant = timeKeystrokes(completer, workload, options: CompletionOptions(), passes: settings.passes)
        printTable(typoTolerant)
        listSlowest(typoTolerant, workload)
        // ...and the same names typed with one typo each, where most keystrokes after the
        // typo match nothing exactly.
        let typos = TypingWorkload(typing: TypingWorkload.misspell(names, seed: seed))
        say("typo-tolerant top-10 per keystroke, µs: the same names with one typo each, "
            + "\(Measurement.grouped(typos.queries.count)) keystrokes × \(settings.passes) passes")
        let misspelt = timeKeystrokes(completer, typos, options: CompletionOptions(), passes: settings.passes)
        printTable(misspelt)
        listSlowest(misspelt, typos)

        compareWithNaive(completer, workload, count: naiveQueries)
        return (exact.all, residentPerName)
    }

    /// With `--slowest N`, lists the `N` slowest keystrokes of a table, each by its
    /// fastest pass (so that a noisy moment does not list it).
    func listSlowest(_ latencies: KeystrokeLatencies, _ workload: TypingWorkload) {
        guard slowest > 0 else { return }
        let n = workload.queries.count
        var fastest = [Double](repeating: .infinity, count: n)
        for (i, sample) in latencies.samples.enumerated() { fastest[i % n] = min(fastest[i % n], sample) }
        let listed = fastest.indices.sorted { fastest[$0] > fastest[$1] }.prefix(slowest)
        say("  slowest keystrokes (fastest of \(settings.passes) passes): "
            + listed.map { "\"\(workload.queries[$0].text)\" \(Measurement.micros(fastest[$0]))" }.joined(separator: ", "))
    }

    struct KeystrokeLatencies {
        var all: LatencySummary, short: LatencySummary, long: LatencySummary
        var results: Int
        /// Every sample in nanoseconds, pass after pass in the workload's order.
        var samples: [Double]
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
                                  results: results / max(1, passes), samples: all)
    }

    func printTable(_ latencies: KeystrokeLatencies) {
        func row(_ label: String, _ s: LatencySummary) -> String {
            label.padding(toLength: 12, withPad: " ", startingAt: 0)
                + [Measurement.grouped(s.count), Measurement.micros(s.p50), Measurement.micros(s.p90),
                   Measurement.micros(s.p99), Measurement.micros(s.max), Measurement.micros(s.mean)]
                .map { $0.leftPadded(to: 10) }.joined()
        }
        say("  " + "prefix".padding(toLength: 12, withPad: " ", startingAt: 0)
            + ["samples", "p50", "p90", "p99", "max", "mean"].map { $0.leftPadded(to: 10) }.joined())
        say("  " + row("all", latencies.all))
        say("  " + row("1-2 chars", latencies.short))
        say("  " + row("3+ chars", latencies.long))
        say("  (\(Measurement.grouped(latencies.results)) completions returned per pass)")
    }

    /// The naive scan against the completer on every n-th keystroke, interleaved: the
    /// completer's time is the median of 5 runs of each query, the scan's one run.
    func compareWithNaive(_ completer: LocationCompleter, _ workload: TypingWorkload, count: Int) {
        guard count > 0, !workload.queries.isEmpty else { return }
        let build = Measurement.now()
        let naive = NaiveScan(completer)
        let buildSeconds = Measurement.seconds(since: build)
        let stride = max(1, workload.queries.count / count)
        var ours: [Double] = [], theirs: [Double] = []
        var checksum = 0
        for i in Swift.stride(from: 0, to: workload.queries.count, by: stride).prefix(count) {
            let text = workload.queries[i].text
            var runs: [Double] = []
            for _ in 0..<5 {
                let start = Measurement.now()
                let completions = completer.completions(for: text)
                let end = Measurement.now()
                checksum &+= completions.count
                runs.append(Double(end - start))
            }
            ours.append(Measurement.median(runs))
            let start = Measurement.now()
            let places = naive.top10(text)
            let end = Measurement.now()
            checksum &+= places.count
            theirs.append(Double(end - start))
        }
        let a = LatencySummary(ours), b = LatencySummary(theirs)
        say("naive linear scan over the folded names (top 10 by population; set up in \(Measurement.duration(buildSeconds))), "
            + "\(Measurement.grouped(a.count)) keystrokes interleaved with the completer:")
        say("  naive:     p50 \(Measurement.micros(b.p50)) µs, p99 \(Measurement.micros(b.p99)) µs, mean \(Measurement.micros(b.mean)) µs")
        say("  completer: p50 \(Measurement.micros(a.p50)) µs, p99 \(Measurement.micros(a.p99)) µs, mean \(Measurement.micros(a.mean)) µs")
        say(String(format: "  ratio naive/completer: ×%@ at p50, ×%@ at p99, ×%@ in the mean",
                   Measurement.grouped(Int((b.p50 / a.p50).rounded())), Measurement.grouped(Int((b.p99 / a.p99).rounded())),
                   Measurement.grouped(Int((b.mean / a.mean).rounded()))))
        if checksum == Int.min { say("") }  // keeps the results observable
    }

    /// Median wall time of `location-search complete "san fr"` in a new process, in ms:
    /// from `posix_spawn` to `waitpid` returning, output to /dev/null. (Foundation's
    /// `Process` adds tens of milliseconds of its own to a run this short.)
    func coldStartMillis(runs: Int) -> Double? {
        guard runs > 0, let executable = Self.executableURL() else { return nil }
        let arguments = [executable.path, "complete", "san fr"]
        var times: [Double] = []
        for _ in 0..<runs {
            var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid: pid_t = 0
            let start = Measurement.now()
            guard posix_spawn(&pid, executable.path, &actions, nil, &argv, environ) == 0 else { return nil }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            times.append(Measurement.seconds(since: start) * 1e3)
            guard status == 0 else { return nil }
        }
        return Measurement.median(times)
    }

    static func executableURL() -> URL? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        return Bundle.main.executableURL
    }

    /// Prints the index's size and its largest sections, as `file`'s own table lists them
    /// (or, without a readable file, as writing `completer` would); returns the size.
    static func reportIndex(file: URL?, _ completer: LocationCompleter) -> Int {
        let layout = file.flatMap { try? LocationCompleter._indexFileLayout(at: $0) } ?? completer._indexLayout
        say(String(format: "index: %@ (%.1f bytes per name)", Measurement.megabytes(layout.bytes),
                   Double(layout.bytes) / Double(completer._nameCount)))
        let largest = layout.sections.sorted { $0.bytes > $1.bytes }.prefix(8)
        let named = largest.map { "\($0.name) \(Measurement.megabytes($0.bytes))" }
        say("  largest sections: " + named.joined(separator: ", "))
        return layout.bytes
    }

    static func cpuModel() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
              let colon = line.firstIndex(of: ":")
        else { return "unknown CPU" }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
}

/// Prints a line and flushes, so a long run shows progress.
func say(_ line: String) {
    print(line)
    fflush(nil)
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
