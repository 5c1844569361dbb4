import Foundation
import KinetixCore

/// An assessment with its provenance; its JSON is written here, and every other format
/// (text, CSV, HTML in KinetixReport) renders this one value.
public struct AssessmentReport: Sendable {
    /// The result.
    public package(set) var assessment: Assessment
    /// What produced it.
    public package(set) var provenance: Provenance
    /// Estimator faults found in the clip, and whether its swaps were repaired.
    public package(set) var faults: [EstimatorFault] = []
    /// True when the clip's left/right swaps were repaired first.
    public package(set) var repairedSwaps = false
    /// Joint positions masked as teleports before assessing.
    public package(set) var maskedJointFrames = 0

    /// The faults and what was done about them, as one value.
    public var faultCheck: FaultCheck {
        FaultCheck(role: "clip", faults: faults, repairedSwaps: repairedSwaps, maskedJointFrames: maskedJointFrames)
    }
    /// The clip as assessed (swaps repaired when asked), for reports that draw it.
    public package(set) var clip: Sidecar

    /// Wraps an assessment already made of `clip`.
    public init(_ assessment: Assessment, clip: Sidecar, provenance: Provenance) {
        self.clip = clip
        self.assessment = assessment
        self.provenance = provenance
    }

    /// Set by the caller when the profile counts reps, so "0 reps" is shown, not omitted.
    public package(set) var hasRepCounter = false

    // MARK: JSON

    /// The `kind` an assessment's JSON opens with.
    package static let kind = "assessment"

    /// The top-level fields of `json()`, in the order it writes them; `ProgressSession`
    /// reads a saved assessment through these.
    package enum Key: String, JSONKeys {
        case kind, provenance, profile, parameters, dimensions, faults, repairedSwaps, maskedJointFrames, status, voidReason, baseline
        case shoulderWidthRatio, bodyProportions, coverage, hiddenSide, hiddenMetrics, measuredView, views, repCounting, restLevels
        case reps, findings, isStill, resting, weakerSide, deviationPercent, movement, face, metrics, frames
    }

    /// The fields of `profile`.
    package enum ProfileKey: String, JSONKeys {
        case id, version, title
    }

    /// The fields of each stretch in `views`.
    package enum ViewKey: String, JSONKeys {
        case view, start, end
    }

    /// The fields of each measure in `resting`.
    package enum RestingKey: String, JSONKeys {
        case left, right, difference, asymmetric
    }

    /// The fields of `face`.
    package enum FaceKey: String, JSONKeys {
        case eyeDistancePixels, minEyeDistancePixels, turnedFrames, cuts, analysedSeconds
    }

    /// The fields of each metric in `metrics`.
    package enum MetricKey: String, JSONKeys {
        case unit, relativeToBaseline, baseline, lowest, highest
    }

    /// The fields of each row of `frames` before the metrics' values (by metric name).
    package enum FrameKey: String, JSONKeys {
        case t
    }

    /// The fields of each measure in `movement`.
    package enum MovementKey: String, JSONKeys {
        case left, right, weakerSide, noiseLeft, noiseRight, measurable, framesLeftOut
    }

    /// Everything, for programs.
    public func json() -> String {
        let a = assessment
        var out = "{\n  \(Key.kind.quoted): \(jsonString(Self.kind)),\n  \(Key.provenance.quoted): \(provenance.json),\n"
        out +=
            "  \(Key.profile.quoted): {\(ProfileKey.id.quoted): \(jsonString(a.profileID)), \(ProfileKey.version.quoted): \(jsonString(a.profileVersion)), \(ProfileKey.title.quoted): \(jsonString(a.profileTitle))},\n"
        out +=
            "  \(Key.parameters.quoted): {" + a.parameters.map { "\(jsonString($0.name)): \($0.value.json)" }.joined(separator: ", ")
            + "},\n"
        out += "  \(Key.dimensions.quoted): \"\(clip.dimensions)\",\n"
        out +=
            "  \(Key.faults.quoted): [" + faults.map(\.json).joined(separator: ", ")
            + "],\n  \(Key.repairedSwaps.quoted): \(repairedSwaps), \(Key.maskedJointFrames.quoted): \(maskedJointFrames),\n"
        out += "  \(Key.status.quoted): \"\(a.status.rawValue)\",\n  \(Key.voidReason.quoted): \(a.voidReason.map(jsonString) ?? "null"),\n"
        out += "  \(Key.baseline.quoted): \(a.baselineSource.map(jsonString) ?? "null"),\n"
        out += "  \(Key.shoulderWidthRatio.quoted): \(jsonNumber(a.shoulderWidthRatio, digits: 3)),\n"
        if let body = bodyProportions {
            out +=
                "  \(Key.bodyProportions.quoted): {"
                + zip(BodyProportions.limbs, body.lengths).map {
                    "\(jsonString($0.name)): \(jsonNumber($1.isFinite ? $1 : nil, digits: 4))"
                }.joined(separator: ", ") + "},\n"
        }
        out +=
            "  \(Key.coverage.quoted): {"
            + a.coverage.map { "\(jsonString($0.name)): \(jsonNumber($0.fraction, digits: 4))" }.joined(separator: ", ") + "},\n"
        out +=
            "  \(Key.hiddenSide.quoted): \(a.hiddenSide.map(jsonString) ?? "null"), \(Key.hiddenMetrics.quoted): ["
            + a.hiddenMetrics.map(jsonString).joined(separator: ", ") + "],\n"
        out +=
            "  \(Key.measuredView.quoted): \(a.measuredView.map { jsonString($0.rawValue) } ?? "null"), \(Key.views.quoted): ["
            + a.views.map {
                "{\(ViewKey.view.quoted): \($0.view.map { jsonString($0.rawValue) } ?? "null"), \(ViewKey.start.quoted): \(jsonNumber($0.start, digits: 4)), \(ViewKey.end.quoted): \(jsonNumber($0.end, digits: 4))}"
            }.joined(separator: ", ") + "],\n"
        if let c = a.repCounting { out += "  \(Key.repCounting.quoted): \(c.json),\n" }
        out += "  \(Key.restLevels.quoted): [" + a.restLevels.map(\.json).joined(separator: ", ") + "],\n"
        out +=
            "  \(Key.reps.quoted): [" + a.reps.map { "\n    " + $0.json }.joined(separator: ",") + (a.reps.isEmpty ? "" : "\n  ") + "],\n"
        out +=
            "  \(Key.findings.quoted): [" + a.findings.map { "\n    " + $0.json }.joined(separator: ",")
            + (a.findings.isEmpty ? "" : "\n  ") + "],\n"
        if !a.resting.isEmpty {
            out +=
                "  \(Key.isStill.quoted): \(a.isStill),\n  \(Key.resting.quoted): {"
                + a.resting.map {
                    "\(jsonString($0.measure)): {\(RestingKey.left.quoted): \(jsonNumber($0.left, digits: 4)), \(RestingKey.right.quoted): \(jsonNumber($0.right, digits: 4)), "
                        + "\(RestingKey.difference.quoted): \(jsonNumber($0.difference, digits: 4)), \(RestingKey.asymmetric.quoted): \($0.asymmetric)}"
                }.joined(separator: ", ") + "},\n"
        }
        if !a.symmetry.isEmpty || a.weakerSide != nil {
            out += "  \(Key.weakerSide.quoted): \(a.weakerSide.map { jsonString($0.rawValue) } ?? "null"),\n"
            out +=
                "  \(Key.deviationPercent.quoted): {"
                + a.symmetry.map { "\(jsonString($0.measure)): \(jsonNumber($0.deviationPercent, digits: 2))" }.joined(separator: ", ")
                + "},\n"
            out +=
                "  \(Key.movement.quoted): {"
                + a.symmetry.map {
                    "\(jsonString($0.measure)): {\(MovementKey.left.quoted): \(jsonNumber($0.movementLeft, digits: 4)), \(MovementKey.right.quoted): \(jsonNumber($0.movementRight, digits: 4)), \(MovementKey.weakerSide.quoted): \($0.weakerSide.map { jsonString($0.rawValue) } ?? "null"), "
                        + "\(MovementKey.noiseLeft.quoted): \(jsonNumber($0.noiseLeft, digits: 4)), \(MovementKey.noiseRight.quoted): \(jsonNumber($0.noiseRight, digits: 4)), \(MovementKey.measurable.quoted): \($0.measurable), "
                        + "\(MovementKey.framesLeftOut.quoted): \($0.framesLeftOut)}"
                }.joined(separator: ", ") + "},\n"
        }
        if let face = a.face {
            let analysed =
                face.analysed.isEmpty || !a.times.indices.contains(face.analysed.lowerBound)
                ? "null"
                : "[\(jsonNumber(a.times[face.analysed.lowerBound], digits: 4)), \(jsonNumber(a.times[face.analysed.upperBound - 1], digits: 4))]"
            out +=
                "  \(Key.face.quoted): {\(FaceKey.eyeDistancePixels.quoted): \(jsonNumber(face.eyeDistancePixels, digits: 2)), \(FaceKey.minEyeDistancePixels.quoted): \(jsonNumber(FaceQuality.minEyeDistancePixels, digits: 2)), "
                + "\(FaceKey.turnedFrames.quoted): \(face.turnedFrames), \(FaceKey.cuts.quoted): ["
                + face.cuts.map { jsonNumber($0, digits: 4) }.joined(separator: ", ")
                + "], \(FaceKey.analysedSeconds.quoted): \(analysed)},\n"
        }
        out +=
            "  \(Key.metrics.quoted): {"
            + a.metrics.map { m in
                let finite = m.values.filter(\.isFinite)
                return
                    "\n    \(jsonString(m.name)): {\(MetricKey.unit.quoted): \(m.unit.map(jsonString) ?? "null"), \(MetricKey.relativeToBaseline.quoted): \(m.relativeToBaseline), "
                    + "\(MetricKey.baseline.quoted): \(jsonNumber(m.baseline, digits: 4)), \(MetricKey.lowest.quoted): \(jsonNumber(finite.min(), digits: 4)), \(MetricKey.highest.quoted): \(jsonNumber(finite.max(), digits: 4))}"
            }.joined(separator: ",") + (a.metrics.isEmpty ? "" : "\n  ") + "},\n"
        let timeKey = FrameKey.t.quoted  // once, not per frame
        out +=
            "  \(Key.frames.quoted): [\n"
            + a.times.indices.map { k in
                "    {\(timeKey): \(jsonNumber(a.times[k], digits: 6))"
                    + a.metrics.map { ", \(jsonString($0.name)): \(jsonNumber($0.values.isEmpty ? Float.nan : $0.values[k], digits: 4))" }
                    .joined() + "}"
            }.joined(separator: ",\n") + "\n  ]\n}\n"
        return out
    }
}

extension Assessment.Rep {
    /// The fields of a rep's JSON object (`json`).
    package enum Key: String, JSONKeys {
        case start, end, extreme, confidence, doubt, values
    }

    /// The rep as a JSON object: start, end, its far end, how sure, and its summary
    /// values (`values`, by name, so a summary's name never meets a field's).
    public var json: String {
        "{\(Key.start.quoted): \(jsonNumber(start, digits: 4)), \(Key.end.quoted): \(jsonNumber(end, digits: 4)), \(Key.extreme.quoted): \(jsonNumber(extreme, digits: 4)), "
            + "\(Key.confidence.quoted): \(jsonNumber(confidence, digits: 3)), \(Key.doubt.quoted): \(doubt.map(jsonString) ?? "null"), \(Key.values.quoted): {"
            + values.map { "\(jsonString($0.name)): \(jsonNumber($0.value, digits: 4))" }.joined(separator: ", ") + "}}"
    }
}

extension Assessment.RepCounting {
    /// The fields of the counter's JSON object (`json`).
    package enum Key: String, JSONKeys {
        case metric, unit, movement, learned, threshold, typicalRange, noise, notCounted, partial, unread
    }

    /// The fields of each stretch in `notCounted`, `partial` and `unread`.
    package enum StretchKey: String, JSONKeys {
        case start, end, note
    }

    /// The counter's figures and what it did not count, as a JSON object.
    public var json: String {
        func stretches(_ list: [Stretch]) -> String {
            "["
                + list.map {
                    "{\(StretchKey.start.quoted): \(jsonNumber($0.start, digits: 4)), \(StretchKey.end.quoted): \(jsonNumber($0.end, digits: 4)), \(StretchKey.note.quoted): \(jsonString($0.note))}"
                }
                .joined(separator: ", ") + "]"
        }
        return
            "{\(Key.metric.quoted): \(jsonString(metric)), \(Key.unit.quoted): \(unit.map(jsonString) ?? "null"), \(Key.movement.quoted): \"\(movement.rawValue)\", "
            + "\(Key.learned.quoted): \(learned), \(Key.threshold.quoted): \(jsonNumber(threshold, digits: 4)), \(Key.typicalRange.quoted): \(jsonNumber(typicalRange, digits: 4)), "
            + "\(Key.noise.quoted): \(jsonNumber(noise, digits: 4)), \(Key.notCounted.quoted): \(stretches(notCounted)), \(Key.partial.quoted): \(stretches(partial)), "
            + "\(Key.unread.quoted): \(stretches(unread))}"
    }
}

extension Assessment.RestLevel {
    /// The fields of a rest level's JSON object (`json`).
    package enum Key: String, JSONKeys {
        case metric, unit, percentile, found, level, frames, plausible, problem
    }

    /// The rest level as a JSON object: `level` is null when the clip never reached rest.
    public var json: String {
        "{\(Key.metric.quoted): \(jsonString(metric)), \(Key.unit.quoted): \(unit.map(jsonString) ?? "null"), \(Key.percentile.quoted): \(jsonNumber(percentile, digits: 3)), "
            + "\(Key.found.quoted): \(jsonNumber(found, digits: 4)), \(Key.level.quoted): \(jsonNumber(level, digits: 4)), \(Key.frames.quoted): \(frames), "
            + "\(Key.plausible.quoted): \(plausible.map { "[\(jsonNumber($0.lowerBound, digits: 4)), \(jsonNumber($0.upperBound, digits: 4))]" } ?? "null"), "
            + "\(Key.problem.quoted): \(problem.map(jsonString) ?? "null")}"
    }
}

extension Assessment.Finding {
    /// The fields of a finding's JSON object (`json`).
    package enum Key: String, JSONKeys {
        case rule, start, end, severity, cue, detail, caveat
    }

    /// The finding as a JSON object.
    public var json: String {
        "{\(Key.rule.quoted): \(jsonString(rule)), \(Key.start.quoted): \(jsonNumber(start, digits: 4)), \(Key.end.quoted): \(jsonNumber(end, digits: 4)), "
            + "\(Key.severity.quoted): \"\(severity.rawValue)\", \(Key.cue.quoted): \(jsonString(cue)), \(Key.detail.quoted): \(jsonString(detail)), "
            + "\(Key.caveat.quoted): \(caveat.map(jsonString) ?? "null")}"
    }
}
