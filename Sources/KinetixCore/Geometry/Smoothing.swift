import Foundation

/// Smoothing filters for metric columns. NaN marks gaps: each filter works on the
/// runs of finite values between them and never fills a gap.
package enum Smoothing {
    /// A centred moving median over `window` frames (made odd).
    package static func movingMedian(_ values: [Float], window: Int) -> [Float] {
        let half = max(0, window / 2)
        guard half > 0 else { return values }
        var result = values
        var buffer: [Float] = []
        buffer.reserveCapacity(2 * half + 1)
        for (start, end) in finiteRuns(values) {
            for i in start..<end {
                buffer.removeAll(keepingCapacity: true)
                buffer.append(contentsOf: values[max(start, i - half)..<min(end, i + half + 1)])
                buffer.sort()
                let m = buffer.count
                result[i] = m % 2 == 1 ? buffer[m / 2] : (buffer[m / 2 - 1] + buffer[m / 2]) / 2
            }
        }
        return result
    }

    /// A zero-phase 2nd-order Butterworth low-pass (run forward then backward, so the
    /// response is 4th-order with no lag), as Sports2D and Pose2Sim filter keypoints.
    /// Runs are extended by odd reflection at both ends to settle the filter; runs
    /// shorter than 10 frames are left as they are. With `clampToRange`, each run's
    /// output stays within that run's own lowest and highest value: the filter's ringing
    /// can otherwise overshoot a sharp turn (a knee flexion of −0.05°, an elevation of
    /// 180.27°), values no body and no angle can take.
    package static func lowPass(_ values: [Float], cutoffHertz: Double, sampleRate: Double, clampToRange: Bool = false) -> [Float] {
        guard cutoffHertz < sampleRate / 2 else { return values }
        let k = tan(Double.pi * cutoffHertz / sampleRate)
        let norm = 1 / (1 + 2.squareRoot() * k + k * k)
        let b0 = k * k * norm
        let b1 = 2 * b0
        let b2 = b0
        let a1 = 2 * (k * k - 1) * norm
        let a2 = (1 - 2.squareRoot() * k + k * k) * norm
        func filter(_ x: [Double]) -> [Double] {
            var y = [Double](repeating: 0, count: x.count)
            var x1 = x[0]
            var x2 = x[0]
            var y1 = x[0]
            var y2 = x[0]  // start at rest on the first value
            for i in x.indices {
                y[i] = b0 * x[i] + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
                (x2, x1, y2, y1) = (x1, x[i], y1, y[i])
            }
            return y
        }
        var result = values
        for (start, end) in finiteRuns(values) where end - start >= 10 {
            let run = values[start..<end].map(Double.init)
            let pad = min(run.count - 1, 3 * 3)
            let head = (1...pad).map { 2 * run[0] - run[$0] }.reversed()
            let tail = (1...pad).map { 2 * run[run.count - 1] - run[run.count - 1 - $0] }
            let extended = Array(head) + run + tail
            let forward = filter(extended)
            let backward = Array(filter(forward.reversed()).reversed())
            let low = clampToRange ? run.min()! : -.infinity
            let high = clampToRange ? run.max()! : .infinity
            for i in 0..<run.count { result[start + i] = Float(min(high, max(low, backward[pad + i]))) }
        }
        return result
    }

    /// Half-open index ranges of consecutive finite values.
    package static func finiteRuns(_ values: [Float]) -> [(Int, Int)] {
        var runs: [(Int, Int)] = []
        var start: Int?
        for i in 0...values.count {
            let finite = i < values.count && values[i].isFinite
            if finite, start == nil { start = i }
            if !finite, let s = start {
                runs.append((s, i))
                start = nil
            }
        }
        return runs
    }
}
