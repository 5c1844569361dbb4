import Foundation
import KinetixCore
import KinetixProfiles

extension AssessmentReport {
    // MARK: Text

    /// For the coach or clinician: summary, reps, findings, symmetry.
    public func text() -> String {
        let a = assessment
        var out = "Kinetix \(provenance.engineVersion): \(a.profileTitle) (profile \(a.profileID) \(a.profileVersion))\n"
        for input in provenance.inputs { out += row(input.role, "\(input.path) (\(input.frames) frame\(input.frames == 1 ? "" : "s"))") }
        if let profile = provenance.profile { out += row("profile from", profile.source) }
        if !a.parameters.isEmpty {
            out += row(
                "parameters",
                a.parameters.map { "\($0.name)=\($0.value)" + ($0.foundInClip ? " (found in the clip)" : "") }.joined(separator: ", "))
        }
        if let baseline = a.baselineSource { out += row("baseline", baseline) }
        out += row("measured", dimensionsText)
        if a.views.count > 1 {
            let stretches = a.views.map { String(format: "%@ %.2f–%.2f s", $0.view?.rawValue ?? "untracked", $0.start, $0.end) }.joined(
                separator: ", ")
            out += row("views", stretches + (a.measuredView.map { "; measured from the \($0.rawValue), the other frames left out" } ?? ""))
        }
        if !faults.isEmpty { out += row("faults", faultCheck.sentence) }
        out += "\n"
        guard a.status == .ok else {
            out += row("result", "VOID: \(a.voidReason ?? "requirements not met")")
            out += "\nNo score is given: the clip does not meet the profile's requirements.\n"
            return out
        }
        if let hidden = a.hiddenSide {
            out += row("side view", hidden + (a.hiddenMetrics.isEmpty ? "" : "; not measured: " + a.hiddenMetrics.joined(separator: ", ")))
        }
        for rest in a.restLevels { out += row("rest level", rest.summary) }
        if hasRepCounter {
            let restless = a.reps.isEmpty && a.restLevels.contains { $0.level == nil }
            out += row("reps", "\(a.reps.count)" + (restless ? " (nothing measured from rest: no rest level, above)" : ""))
            if let counting = a.repCounting {
                out += row("counted on", countingText(counting))
                for stretch in counting.notCounted + counting.partial + counting.unread {
                    out += row("", String(format: "%.2f–%.2f s: ", stretch.start, stretch.end) + stretch.note)
                }
            }
            if !a.reps.isEmpty {
                let names = a.reps[0].values.map(\.name)
                out +=
                    "\n" + ["rep", "start", "end", "sure"].map { $0.padding(toLength: 7, withPad: " ", startingAt: 0) }.joined()
                    + names.map { pad($0, 15) }.joined() + "\n"
                for (i, rep) in a.reps.enumerated() {
                    out +=
                        pad("\(i + 1)", 7) + pad(String(format: "%.2f", rep.start), 7) + pad(String(format: "%.2f", rep.end), 7)
                        + pad(String(format: "%.2f", rep.confidence), 7)
                    out += rep.values.map { pad($0.value.isNaN ? "—" : String(format: "%.2f", $0.value), 15) }.joined() + "\n"
                }
                for (i, rep) in a.reps.enumerated() {
                    if let doubt = rep.doubt {
                        out += "  rep \(i + 1) is less sure (\(String(format: "%.2f", rep.confidence))): \(doubt)\n"
                    }
                }
                out += "\n"
            }
        }
        if let face = a.face {
            var text = face.eyeDistancePixels.map { String(format: "%.0f px between the eye centres", $0) } ?? "eye centres not found"
            if a.times.indices.contains(face.analysed.lowerBound), face.analysed.upperBound > face.analysed.lowerBound,
                face.analysed != a.times.indices
            {
                text += String(format: "; analysed %.2f–%.2f s", a.times[face.analysed.lowerBound], a.times[face.analysed.upperBound - 1])
            }
            if !face.cuts.isEmpty {
                text +=
                    "; shot cuts or tracking jumps at " + face.cuts.map { String(format: "%.2f s", $0) }.joined(separator: ", ")
                    + " (never averaged across)"
            }
            if face.turnedFrames > 0 { text += "; \(face.turnedFrames) frames not measured (head turned)" }
            out += row("face", text)
        }
        if !a.resting.isEmpty {
            out += "at rest (\(a.isStill ? "the still image" : "the baseline")): positions, not movement\n"
            out += pad("measure", 16) + pad("left", 10) + pad("right", 10) + "left − right\n"
            for r in a.resting {
                out +=
                    pad(r.measure, 16) + pad(String(format: "%+.3f", r.left), 10) + pad(String(format: "%+.3f", r.right), 10)
                    + String(format: "%+.3f", r.difference) + (r.asymmetric ? "  (asymmetric at rest)" : "") + "\n"
            }
            out += String(
                format: "Positions are %@; a difference of %.2f and more (and %.0f px) is called asymmetric at rest.\n\n",
                symmetryUnitsText, Symmetry.restingLimit, Symmetry.restingMinPixels)
        }
        if a.isStill, !a.resting.isEmpty {
            out += row("movement", "not measured: a still image has no movement (record a clip of the exercises)")
        }
        if !a.symmetry.isEmpty {
            out += row("weaker side", weakerSideText)
            out += "\n" + pad("measure", 16) + pad("left", 10) + pad("right", 10) + pad("noise", 10) + "deviation\n"
            for s in a.symmetry {
                func value(_ v: Float?) -> String { v.map { String(format: "%+.3f", $0) } ?? "—" }
                let noise = max(s.noiseLeft ?? 0, s.noiseRight ?? 0)
                out += pad(s.measure, 16) + pad(value(s.movementLeft), 10) + pad(value(s.movementRight), 10)
                out += pad(s.noiseLeft == nil && s.noiseRight == nil ? "—" : String(format: "±%.3f", noise), 10)
                out += (s.deviationPercent.map { String(format: "%5.1f %% ", $0) } ?? "") + verdict(s) + "\n"
            }
            out +=
                "Movements are from the baseline, \(symmetryUnitsText); noise is the larger side's landmark jitter (over the baseline or the stillest second).\n\n"
        }
        if a.findings.isEmpty {
            out += row("findings", "none")
        } else {
            out += "findings\n"
            for f in a.findings {
                out += String(format: "  %6.2f–%6.2f s  ", f.start, f.end) + pad(f.severity.rawValue, 9) + f.detail + "  [\(f.rule)]\n"
                if let note = f.caveat { out += "                     ↳ \(note)\n" }
            }
        }
        let unitWidth = max(8, (a.metrics.compactMap { $0.unit?.count }.max() ?? 0) + 2)
        out += "\n" + pad("metric", 18) + pad("unit", unitWidth) + pad("lowest", 10) + pad("highest", 10) + "average\n"
        for m in a.metrics {
            let finite = m.values.filter(\.isFinite)
            let stats =
                finite.isEmpty
                ? ["—", "—", "—"]
                : [finite.min()!, finite.max()!, finite.reduce(0, +) / Float(finite.count)].map { String(format: "%.2f", $0) }
            out += pad(m.name, 18) + pad(m.unit ?? "", unitWidth) + pad(stats[0], 10) + pad(stats[1], 10) + stats[2]
            out += m.relativeToBaseline ? "  (from baseline)\n" : "\n"
        }
        return out
    }

    /// A symmetry measure's verdict in words, the same in every report: which side is
    /// weaker, or why none is named (under the threshold, within the noise, not
    /// measurable), and the frames its condition left out.
    public func verdict(_ s: Assessment.SymmetryResult) -> String {
        var text: String
        if let deviation = s.deviationPercent {
            let threshold = assessment.symmetryThresholdPercent
            if let side = s.weakerSide {
                text =
                    threshold.map {
                        deviation >= $0 ? "(\(side) weaker)" : String(format: "(\(side) moves less, under the %.0f %% threshold)", $0)
                    } ?? "(\(side) weaker)"
            } else {
                text = deviation > 0 ? "(difference within the noise)" : "(the sides move alike)"
            }
        } else {
            text =
                s.measurable
                ? "no movement"
                : String(
                    format: "not measurable (moved less than %.0f× the noise, or under %.2f IPD)", Symmetry.noiseMultiple, minimumMovement)
        }
        if s.framesLeftOut > 0 { text += "; \(s.framesLeftOut) frames left out: \(s.condition ?? "its condition did not hold")" }
        return text
    }

    /// The overall verdict in words: the weaker side, or why none is named.
    public var weakerSideText: String {
        if let side = assessment.weakerSide { return side.rawValue }
        if assessment.symmetry.allSatisfy({ !$0.measurable || $0.deviationPercent == nil }) {
            return "none (no measure moved clearly beyond the landmarks' noise)"
        }
        return "none (no measure names a side beyond its noise and the threshold)"
    }

    /// The least movement a side must make to be measured, in IPD: `Symmetry.minMovement`,
    /// or a pixel (`Symmetry.minMovementPixels`) on this face if that is more.
    var minimumMovement: Float { Symmetry.minimumMovement(pixelsPerUnit: assessment.face?.eyeDistancePixels) }

    /// The learner's words, one cue at a time: findings with the same cue that overlap
    /// merge; where different cues overlap, the more severe one wins (the earlier on a tie)
    /// and the other is shown only for what is left of it.
    public func cueText() -> String {
        let track = cueTrack()
        guard track.isEmpty else {
            return track.map { String(format: "%6.2f–%6.2f s  ", $0.start, $0.end) + $0.cue }.joined(separator: "\n") + "\n"
        }
        if assessment.status == .void { return "no cue: the result is void (\(assessment.voidReason ?? "requirements not met"))\n" }
        let doubtful = assessment.findings.filter { $0.caveat != nil }.count
        if doubtful > 0 {
            return
                "no cue: the \(doubtful == 1 ? "finding has a caveat" : "\(doubtful) findings have caveats") (a tracking fault, or a difference the symmetry measures do not confirm; the report says which)\n"
        }
        return "no cue: no rule of the profile held at any time (no findings)\n"
    }

    func cueTrack() -> [(start: Double, end: Double, cue: String)] {
        let rank: [Profile.Rule.Severity: Int] = [.info: 0, .warning: 1, .critical: 2]
        let ordered = assessment.findings.filter { $0.caveat == nil }.sorted {
            (rank[$0.severity]!, -$0.start) > (rank[$1.severity]!, -$1.start)
        }
        var track: [(start: Double, end: Double, cue: String)] = []
        for finding in ordered {
            // Place the finding in the gaps the more important cues leave.
            var pieces = [(finding.start, finding.end)]
            for shown in track {
                pieces = pieces.flatMap { piece -> [(Double, Double)] in
                    guard piece.0 < shown.end, shown.start < piece.1 else { return [piece] }
                    if shown.cue == finding.cue { return [] }
                    return [(piece.0, shown.start), (shown.end, piece.1)].filter { $0.1 - $0.0 >= 0.3 }
                }
            }
            for piece in pieces {
                if let i = track.firstIndex(where: { $0.cue == finding.cue && ($0.end >= piece.0 && $0.start <= piece.1) }) {
                    track[i] = (min(track[i].start, piece.0), max(track[i].end, piece.1), finding.cue)
                } else {
                    track.append((piece.0, piece.1, finding.cue))
                }
            }
        }
        return track.sorted { $0.start < $1.start }
    }

    private func row(_ name: String, _ value: String) -> String { pad(name, 14) + value + "\n" }
    private func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
    }

    /// The units of the symmetry measures in words, from their metrics' declared units:
    /// "in interpupillary distances (angles in degrees)" for a face, "in torso lengths" for a body.
    public var symmetryUnitsText: String {
        let units = Set((assessment.symmetry.map(\.unit) + assessment.resting.map(\.unit)).compactMap { $0?.lowercased() })
        let words: [String: String] = [
            "ipd": "interpupillary distances", "torso": "torso lengths", "deg": "degrees", "degrees": "degrees", "px": "pixels",
        ]
        let angles: Set<String> = ["deg", "degrees"]
        let lengths = units.subtracting(angles).sorted().map { words[$0] ?? $0 }
        var text = lengths.isEmpty ? "in degrees" : "in " + lengths.joined(separator: " and ")
        if !units.isDisjoint(with: angles), !lengths.isEmpty { text += " (angles in degrees)" }
        if units.isEmpty { text = "in the measures' own units" }
        return text
    }

    /// How the reps were told from rest, in words: the metric, its direction, the range a
    /// rep had to cover and where that came from.
    func countingText(_ c: Assessment.RepCounting) -> String {
        let unit = c.unit.map { " " + $0 } ?? ""
        // Two significant digits at least, never more than two decimals past them.
        func number(_ v: Float) -> String {
            let decimals = v == 0 ? 2 : max(0, min(4, 1 - Int(floor(log10(Double(v.magnitude))))))
            return String(format: "%.\(decimals)f", v)
        }
        var text = "\(c.metric), \(c.movement == .rise ? "rising" : "dipping") from rest"
        guard c.learned else { return text + " past the profile's fixed thresholds" }
        text += "; a rep covers at least \(number(c.threshold))\(unit)"
        if let typical = c.typicalRange { text += " (typical rep \(number(typical))\(unit), noise \(number(c.noise))\(unit))" }
        return text
    }

    /// Whether the measures came from 2D or 3D, in words.
    var dimensionsText: String {
        clip.dimensions == .three
            ? "3D: angles and distances from the 3D joints; positions seen square-on from the profile's view (front or side of the body), wherever the cameras stood"
            : "2D: angles and positions in the image plane"
    }
}
