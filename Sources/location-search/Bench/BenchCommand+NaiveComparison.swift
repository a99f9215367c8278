import LocationSearch

extension BenchCommand {
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
        say("naive linear scan over the folded names (top 10 by population; set up in "
            + "\(Measurement.duration(buildSeconds))), \(Measurement.grouped(a.count)) keystrokes interleaved with "
            + "the completer:")
        /// `p50 … µs, p99 … µs, mean … µs` of `s`.
        func figures(_ s: LatencySummary) -> String {
            "p50 \(Measurement.micros(s.p50)) µs, p99 \(Measurement.micros(s.p99)) µs, "
                + "mean \(Measurement.micros(s.mean)) µs"
        }
        say("  naive:     \(figures(b))")
        say("  completer: \(figures(a))")
        /// How many times slower the scan is, rounded and grouped.
        func ratio(_ naive: Double, _ completer: Double) -> String {
            Measurement.grouped(Int((naive / completer).rounded()))
        }
        say("  ratio naive/completer: ×\(ratio(b.p50, a.p50)) at p50, ×\(ratio(b.p99, a.p99)) at p99, "
            + "×\(ratio(b.mean, a.mean)) in the mean")
        if checksum == Int.min { say("") }  // keeps the results observable
    }
}
