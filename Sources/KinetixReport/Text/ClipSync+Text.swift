import Foundation
import KinetixCore

extension ClipSync.SetResult {
    /// The result for people: each clip's offset against the reference (`files[0]`) with
    /// its confidence and warnings, every pair when there are more than two clips, and
    /// `wrote`, the folder the shifted clips went to. `direct`: each clip's pair with the
    /// reference alone, as `json(files:direct:)` takes it.
    public func text(files: [String], direct: [Pair], wrote: String?) -> String {
        var out = "reference  \(files[0])\n"
        for c in 1..<files.count {
            let placed = clips[c]
            let pair = direct[c - 1]
            guard let r = pair.result else {
                out += "\(files[c])  not lined up with the reference: \(pair.failure ?? "")\n"
                continue
            }
            let offset = placed.offsetSeconds ?? r.offsetSeconds
            let confidence = placed.offsetSeconds == nil ? min(r.confidence, placed.confidence) : placed.confidence
            let precision = r.precisionSeconds.map { String(format: " ± %.1f", $0 * r.rate) } ?? ""
            out += String(
                format: "%@  offset %+.4f s (%+.2f%@ frames at %.0f fps), confidence %.2f, r = %.2f over %.1f s shared\n",
                files[c], offset, offset * r.rate, precision, r.rate, confidence, r.correlation, r.sharedSeconds)
            out += "    from \(r.signalText)\n"
            if placed.offsetSeconds != nil, abs(offset - r.offsetSeconds) * r.rate >= 0.05 {
                out += String(format: "    fitted to every pair (the pair with the reference alone: %+.4f s)\n", r.offsetSeconds)
            }
            if placed.isInconsistent {
                out +=
                    "    warning: \(ClipSync.Warning.inconsistent(misclosureSeconds: worstLoopSeconds ?? 0).text): check this camera by eye\n"
            }
            if placed.offsetSeconds == nil || confidence < ClipSync.trustedConfidence {
                out += "    warning: not trusted (confidence below \(ClipSync.trustedConfidence))\(r.warnings.isEmpty ? "" : ":")\n"
                for w in r.warnings { out += "    warning: \(w.text)\n" }
            } else {
                for w in r.warnings { out += "    warning: \(w.text)\n" }
            }
        }
        if files.count > 2 {
            out += "pairs (every clip against every other; around each loop the offsets must add up to 0)\n"
            for p in pairs {
                let name = "\(Self.shortName(files[p.first])) → \(Self.shortName(files[p.second]))"
                guard let r = p.result else {
                    out += "  \(name)  not lined up: \(p.failure ?? "")\n"
                    continue
                }
                var line = String(
                    format: "  %@  %+.4f s (%+.2f frames), confidence %.2f", name, r.offsetSeconds, r.offsetSeconds * r.rate, r.confidence)
                if let residual = p.residualSeconds { line += String(format: ", off the fit by %+.2f frames", residual * r.rate) }
                line += p.isUsed ? "" : (r.isTrusted ? "  (does not add up: left out)" : "  (not trusted: left out)")
                out += line + "\n"
            }
            let rate = pairs.compactMap { $0.result?.rate }.max() ?? Sidecar.fallbackFrameRate
            let named = clips.indices.filter { clips[$0].isInconsistent }.map { Self.shortName(files[$0]) }
            let loop = worstLoopSeconds.map { String(format: "; the worst loop of three misses by %.2f frames", $0 * rate) } ?? ""
            if !named.isEmpty {
                out +=
                    "consistency: INCONSISTENT: pairs with \(named.joined(separator: " or ")) miss the others' fit by more than \(String(format: "%.1f", toleranceSeconds * rate)) frames\(loop)\n"
            } else if pairs.filter(\.isUsed).count >= 3 {
                out +=
                    "consistency: every clear pair (a clear peak, however short the clips) within \(String(format: "%.1f", toleranceSeconds * rate)) frames of the fit of all\(loop)\n"
            } else {
                out += "consistency: too few clear pairs to check the offsets against each other\n"
            }
        }
        if let wrote { out += "wrote the trusted clips shifted onto the reference's clock into \(wrote)\n" }
        return out
    }

    /// A clip's name without its folder and extension.
    static func shortName(_ file: String) -> String { URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent }
}
