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

/// The benchmark's clock, memory probe and statistics.
enum Measurement {
    /// Monotonic nanoseconds (`clock_gettime`, a vDSO call on Linux: about 20 ns).
    @inline(__always)
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Seconds since `start` (from `now()`).
    static func seconds(since start: UInt64) -> Double { Double(now() - start) / 1e9 }

    /// The cost of one `now()` call, the smallest of many: it is inside every timed sample.
    static func timerOverheadNanoseconds() -> Double {
        var best = UInt64.max
        for _ in 0..<10_000 {
            let a = now(), b = now()
            best = min(best, b - a)
        }
        return Double(best)
    }

    /// Fields of `/proc/PROCESS/status` ("VmRSS", "VmHWM") in bytes, each nil where there
    /// is none, read at once; `process` is this one ("self") or a process id.
    static func status(_ fields: String..., of process: String = "self") -> [Int?] {
        guard let text = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else {
            return fields.map { _ in nil }
        }
        let lines = text.split(separator: "\n")
        return fields.map { field in
            guard let line = lines.first(where: { $0.hasPrefix(field + ":") }) else { return nil }
            // ("VmRSS:   59864 kB")
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
    }

    /// Resident memory now, after returning freed heap pages to the system, so that what
    /// was freed does not count.
    static func residentBytes() -> Int? {
        LocationCompleter._releaseFreedMemory()
        return status("VmRSS")[0]
    }

    /// The `p`th percentile (nearest rank) of sorted `values`.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }

    static func median(_ values: [Double]) -> Double { percentile(values.sorted(), 50) }

    /// "12.3 MB" (10^6 bytes).
    static func megabytes(_ bytes: Int?) -> String {
        guard let bytes else { return "n/a" }
        return formatted("%.1f MB", Double(bytes) / 1e6)
    }

    /// Milliseconds or seconds, whichever reads better.
    static func duration(_ seconds: Double) -> String {
        seconds < 1 ? formatted("%.1f ms", seconds * 1e3) : formatted("%.2f s", seconds)
    }

    /// Microseconds with two decimals below 100, else none ("1.84", "2,317").
    static func micros(_ nanoseconds: Double) -> String {
        let us = nanoseconds / 1000
        if us < 100 { return formatted("%.2f", us) }
        return grouped(Int(us.rounded()))
    }

    /// 10000000 → "10,000,000".
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}

/// Latency samples in nanoseconds, summarised.
struct LatencySummary {
    var count: Int
    var p50: Double, p90: Double, p99: Double, max: Double, mean: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        p50 = Measurement.percentile(sorted, 50)
        p90 = Measurement.percentile(sorted, 90)
        p99 = Measurement.percentile(sorted, 99)
        max = sorted.last ?? .nan
        mean = sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(sorted.count)
    }
}

/// A deterministic generator (SplitMix64): the same seed gives the same data on every
/// platform and Swift version, which the standard library's generators do not promise.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0 ..< n (n > 0); the modulo bias is below 2^-40 for the sizes used here.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// Uniform in (0, 1].
    mutating func unit() -> Double { Double((next() >> 11) + 1) / Double(1 << 53) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() <= p }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
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
