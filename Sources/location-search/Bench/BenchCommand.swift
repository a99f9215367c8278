#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
    /// `--sweep-queries`: print the sweep's queries and stop.
    var sweepQueries = false

    struct Settings {
        var typedNames: Int
        var passes: Int
        var naiveQueries: Int
        var naiveQueriesSynthetic: Int
        var coldStartRuns: Int
        /// First runs (each builds the index in a new process, about 1.3 s).
        var firstRuns: Int
        var synthetic: Int
    }

    var settings: Settings {
        quick
            ? Settings(typedNames: 300, passes: 2, naiveQueries: 60, naiveQueriesSynthetic: 30, coldStartRuns: 5,
                       firstRuns: 1, synthetic: synthetic ?? 200_000)
            : Settings(typedNames: 2_000, passes: 5, naiveQueries: 300, naiveQueriesSynthetic: 100, coldStartRuns: 11,
                       firstRuns: 3, synthetic: synthetic ?? 10_000_000)
    }


    /// What one gazetteer's section measured, for the closing comparison.
    struct Section {
        var exact: LatencySummary
        var bytesPerName: Double
        var residentPerName: Double?
    }

    func run() throws -> Int32 {
        if sweepQueries {
            try printSweepQueries()
            return 0
        }
        let settings = self.settings
        #if DEBUG
        say("warning: this is a debug build; figures mean nothing. Use: swift run -c release location-search bench\n")
        let mode = "debug build"
        #else
        let mode = "release build"
        #endif
        say("location-search bench: \(mode), \(ProcessInfo.processInfo.activeProcessorCount) cores "
            + "(\(Self.cpuModel())), seed \(seed)\(quick ? ", --quick" : "")")
        say(formatted("timer: clock_gettime, %.0f ns per reading (included in every sample)\n",
                   Measurement.timerOverheadNanoseconds()))

        let bundled = try runBundled(settings)
        var synthetic: Section?
        if settings.synthetic > 0 {
            synthetic = try runSynthetic(settings)
        }
        if let synthetic {
            say("== Scale: synthetic (\(Measurement.grouped(settings.synthetic)) names) against bundled")
            say("p99 \(Measurement.micros(synthetic.exact.p99)) µs against \(Measurement.micros(bundled.exact.p99)) µs: "
                + formatted("×%.2f (target ≤ 2×); p50 ×%.2f",
                            synthetic.exact.p99 / bundled.exact.p99, synthetic.exact.p50 / bundled.exact.p50))
            var line = formatted("index bytes per name: %.1f against %.1f",
                              synthetic.bytesPerName, bundled.bytesPerName)
            if let a = synthetic.residentPerName, let b = bundled.residentPerName {
                line += formatted("; resident bytes per name: %.1f against %.1f", a, b)
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
            say("(the cached index was missing: the first load built and cached it in "
                + "\(Measurement.duration(loadSeconds)))")
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
        // The cached loader's file is sealed once written (`_IndexFile.Seal`): its loads check
        // everything but its sections' checksums; a load by path checks those too.
        let sealed = cacheFile.map(LocationCompleter._isSealed) ?? false
        say("load: \(Measurement.duration(loadSeconds)), "
            + "median of 5 more \(Measurement.duration(Measurement.median(reloads))) "
            + "(\(loadNote), \(sealed ? "sealed: checking all but its sections' checksums" : "checking it in full"))")
        if let cacheFile, sealed {
            var checked: [Double] = []
            for _ in 0..<5 {
                let start = Measurement.now()
                _ = try LocationCompleter(indexFile: cacheFile)
                checked.append(Measurement.seconds(since: start))
            }
            say("load by path, checking it in full: median of 5 \(Measurement.duration(Measurement.median(checked)))")
        }
        let coldStart = coldStartMillis(runs: settings.coldStartRuns)
        if let coldStart {
            say(formatted("cold start: `location-search complete \"san fr\"` in a new process, "
                       + "median of %d: %.1f ms wall",
                       settings.coldStartRuns, coldStart))
        }
        if let firstRun = firstRunSeconds(runs: settings.firstRuns) {
            say("first run: `location-search complete \"san fr\"` in a new process with an empty cache folder "
                + "(builds, writes and seals the index, then answers), median of \(settings.firstRuns): "
                + Measurement.duration(firstRun))
        }
        let indexBytes = Self.reportIndex(file: cacheFile, completer)
        let bytesPerName = Double(indexBytes) / Double(completer._nameCount)

        let section = measure(completer, settings: settings, naiveQueries: settings.naiveQueries,
                              residentBefore: before, residentAfterLoad: afterLoad)
        measureFilters(completer, settings: settings)
        if everyCountry { sweepFilters(completer, settings: settings, reference: section.exact.fastestPasses) }
        say("after the run: index file \(Measurement.megabytes(indexBytes)), resident memory "
            + Measurement.megabytes(Measurement.residentBytes()))

        start = Measurement.now()
        _ = try LocationCompleter(bundledCacheDirectory: nil)
        say("build from the GeoNames sources (parse, fold, sort; no cache): "
            + "\(Measurement.duration(Measurement.seconds(since: start)))\n")
        return Section(exact: section.exact.all, bytesPerName: bytesPerName, residentPerName: section.residentPerName)
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
                + Measurement.megabytes(Measurement.status("VmHWM")[0]))
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
        return Section(exact: section.exact.all, bytesPerName: bytesPerName, residentPerName: section.residentPerName)
    }

    // MARK: Shared

    /// Memory, latency and the naive comparison for a loaded completer.
    func measure(
        _ completer: LocationCompleter, settings: Settings, naiveQueries: Int,
        residentBefore: Int?, residentAfterLoad: Int?
    ) -> (exact: KeystrokeLatencies, residentPerName: Double?) {
        var residentPerName: Double?
        if let before = residentBefore, let after = residentAfterLoad {
            residentPerName = Double(after - before) / Double(completer._nameCount)
            say("resident memory: \(Measurement.megabytes(after)) after load "
                + "(+\(Measurement.megabytes(after - before)) for the completer, "
                + formatted("%.1f bytes per name)", residentPerName!))
        }

        let names = TypingWorkload.sample(completer, count: settings.typedNames, seed: seed)
        let workload = TypingWorkload(typing: names)
        let exact = timeKeystrokes(
            completer, workload, options: CompletionOptions(typoTolerance: false), passes: settings.passes)
        say("exact top-10 per keystroke (typo tolerance off), µs: \(Measurement.grouped(workload.names)) names typed, "
            + "\(Measurement.grouped(workload.queries.count)) keystrokes × \(settings.passes) passes after a warm-up")
        printTable(exact)
        listSlowest(exact, workload)
        say("resident memory after the queries: \(Measurement.megabytes(Measurement.residentBytes()))")
        // The same keystrokes in a process of their own: what an app holds after typing,
        // without this one's samples and workloads.
        if let memory = typingRunMemory(queries: workload.queries.map(\.text)) {
            say("a new `location-search complete --json` process after the same \(Measurement.grouped(workload.queries.count)) "
                + "keystrokes, one at a time: resident memory \(Measurement.megabytes(memory.resident)) "
                + "(peak \(Measurement.megabytes(memory.peak)))")
        }
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
            completer, workload, options: CompletionOptions(typoTolerance: false), passes: settings.passes,
            readRows: true))

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
        return (exact, residentPerName)
    }

    /// Prints the index's size and its largest sections, as `file`'s own table lists them
    /// (or, without a readable file, as writing `completer` would); returns the size.
    static func reportIndex(file: URL?, _ completer: LocationCompleter) -> Int {
        let layout = file.flatMap { try? LocationCompleter._indexFileLayout(at: $0) } ?? completer._indexLayout
        say("index: \(Measurement.megabytes(layout.bytes)) "
            + formatted("(%.1f bytes per name)", Double(layout.bytes) / Double(completer._nameCount)))
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
        return line[line.index(after: colon)...]._trimmingHorizontalSpace()
    }
}
