import Foundation

/// One named benchmark: `run` does the work once and returns a checksum, so the
/// optimizer cannot drop it. `units` is how much work one run does, in `unit`s.
struct BenchmarkCase {
    var name: String
    var unit: String
    var units: Double
    var run: () -> Double
}

/// Warms each case up once, takes several samples and reports the median,
/// in the style of swift-nio's performance tester.
struct Harness {
    var samples = 5
    var filters: [String] = []
    private(set) var medians: [String: Double] = [:]
    private(set) var checksums: [String: Double] = [:]
    /// Cases whose kernels disagreed; the run exits non-zero when there are any.
    var mismatches = 0

    mutating func measure(_ benchmark: BenchmarkCase) {
        guard filters.isEmpty || filters.contains(where: { benchmark.name.contains($0) }) else { return }
        let checksum = benchmark.run()  // warm-up
        var times: [Double] = []
        for _ in 0..<samples {
            let start = DispatchTime.now().uptimeNanoseconds
            let sum = benchmark.run()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            precondition(sum == checksum || (sum.isNaN && checksum.isNaN), "\(benchmark.name): checksum changed between runs")
        }
        let median = times.sorted()[times.count / 2]
        medians[benchmark.name] = median
        checksums[benchmark.name] = checksum
        let rate = benchmark.units / median
        print(
            benchmark.name.padding(toLength: max(52, benchmark.name.count + 2), withPad: " ", startingAt: 0)
                + String(format: "%10.3f ms  ", median * 1000)
                + (scaled(rate) + benchmark.unit + "/s").padding(toLength: 18, withPad: " ", startingAt: 0)
                + String(format: "checksum %.6g", checksum))
    }

    /// Prints how many times faster `fast` is than `slow`, both measured in this run.
    func ratio(_ fast: String, over slow: String) {
        guard let a = medians[fast], let b = medians[slow] else { return }
        print(String(format: "  ratio: %@ is %.2f× %@", fast, b / a, slow))
    }

    private func scaled(_ value: Double) -> String {
        switch value {
        case 1e9...: String(format: "%.2f G", value / 1e9)
        case 1e6...: String(format: "%.2f M", value / 1e6)
        case 1e3...: String(format: "%.2f k", value / 1e3)
        default: String(format: "%.2f ", value)
        }
    }
}
