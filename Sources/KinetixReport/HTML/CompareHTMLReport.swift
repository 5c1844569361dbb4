import Foundation
import KinetixCore

/// The comparison as one self-contained HTML page: summary, per-limb error and lag
/// timelines, the learner's stick figure with the demonstrator ghosted over it
/// (mirrored and lag-matched, in body coordinates so different sizes line up), a
/// slider and step buttons that move both, and the learner's cue track.
///
/// Every number comes from `ComparisonReport`: the page embeds its JSON, and the
/// tables are rendered from the same values with the text report's formatting.
/// `#t=3.2` in the address opens the page at that learner time.
public enum CompareHTMLReport {
    /// The page for `report`, drawing the clips it compared.
    public static func html(_ report: ComparisonReport) -> String {
        let c = report.comparison
        let s = report.summary
        let demonstrator = report.demonstratorClip
        let learner = report.learnerClip
        let times = c.times
        let learnerBody = BodySeries(learner, minConfidence: c.options.minConfidence)
        var demoBody = BodySeries(demonstrator, minConfidence: c.options.minConfidence)
        if c.options.mirror { demoBody = demoBody.mirrored() }
        // The figure's data at most `maxSamples` grid frames (every `step`-th on longer
        // clips), packed as little-endian integers in base64: an hour at 60 fps stays a
        // few MB and opens at once. Timelines (SVG) are drawn from every frame.
        let step = max(1, (c.frameCount + maxSamples - 1) / maxSamples)
        let samples = Array(Swift.stride(from: 0, to: c.frameCount, by: step))
        var lag = Packed<Int16>()
        var learnerPoses = Packed<Int8>()
        var demoPoses = Packed<Int8>()
        var learnerAngles = Packed<UInt16>()
        var demoAngles = Packed<UInt16>()
        var learnerFrames = Packed<Int32>()
        var demoFrames = Packed<Int32>()
        var cueIndex = Packed<Int16>()
        for k in samples {
            let m = c.moment(at: times[k])!
            lag.append(Int16(clamping: c.lagFrames(k) ?? -1))
            learnerFrames.append(Int32(clamping: m.learnerSourceFrame))
            demoFrames.append(Int32(clamping: m.demonstratorSourceFrame ?? -1))
            packPose(learnerBody, m.learnerSourceFrame, into: &learnerPoses)
            packPose(demoBody, m.demonstratorSourceFrame, into: &demoPoses)
            for v in m.learnerAngles { learnerAngles.append(packAngle(v)) }
            for v in m.demonstratorAngles { demoAngles.append(packAngle(v)) }
            cueIndex.append(Int16(clamping: report.cues.cues.firstIndex { $0.start <= times[k] && times[k] < $0.end } ?? -1))
        }
        let data = """
            {"report": \(report.json(frames: false)), "figure": {"joints": [\(Joint.allCases.map { "\"\($0.name)\"" }.joined(separator: ","))],
            "limbs": [\(Limb.allCases.map { "\"\($0.name)\"" }.joined(separator: ","))],
            "t0": \(jsonNumber(times.first ?? 0, digits: 9)), "rate": \(jsonNumber(c.grid.rate, digits: 9)), "stride": \(step), "count": \(samples.count),
            "poseScale": \(poseScale), "lag": "\(lag.base64)", "learner": "\(learnerPoses.base64)", "demonstrator": "\(demoPoses.base64)",
            "learnerAngles": "\(learnerAngles.base64)", "demonstratorAngles": "\(demoAngles.base64)",
            "learnerSourceFrames": "\(learnerFrames.base64)", "demonstratorSourceFrames": "\(demoFrames.base64)",
            "cueIndex": "\(cueIndex.base64)", "noCueNow": \(jsonString(Self.noCueNow))}}
            """

        let timeline = SVGTimeline(start: times.first ?? 0, end: times.last ?? 1)
        let tolerance = c.options.toleranceDegrees
        var marks: [(t: Double, label: String, color: String)] = []
        if let formBreak = s.formBreak { marks.append((formBreak.start, "form breaks", "#c43d3d")) }
        if let maxError = s.maxError { marks.append((maxError.t, "max error", "#7a3db8")) }
        let errors = timeline.rows(
            Limb.allCases.map { limb in
                (limb.spokenName, (0..<c.frameCount).map { abs(c.errors[limb, $0]) }, limb == s.worstLimb)
            }, times: times, maxValue: max(tolerance * 3, 30), band: tolerance, unit: "error, degrees (shaded: within \(fmt0(tolerance))°)",
            marks: marks, id: "errors", valueFormat: "%.0f°")
        let lagRow = timeline.rows(
            [("lag", (0..<c.frameCount).map { Float(c.lagSeconds($0) ?? .nan) }, false)], times: times,
            maxValue: Float(max(c.options.maxLagSeconds, 0.1)), band: nil,
            unit: "lag, seconds (0 to \(String(format: "%.2f", c.options.maxLagSeconds)))", marks: [], id: "lag", valueFormat: "%.2f s")

        var body = "<header><h1>Copy the demonstrator</h1><p>"
        body += report.provenance.inputs.map {
            "\(HTMLPage.escape($0.role)): \(HTMLPage.escape($0.path)) (\($0.frames) frames, SHA-256 \($0.sha256.prefix(12))…)"
        }.joined(separator: " · ")
        body += " · Kinetix \(HTMLPage.escape(report.provenance.engineVersion))"
        body += "</p></header><main><section>"
        body += figureBlock(formBreak: s.formBreak?.start)
        // The cue of the moment the page opens on (where form breaks, else the start), before any script runs.
        let opening = s.formBreak?.start ?? times.first ?? 0
        body +=
            "<h2>Learner's screen</h2><div class=\"cue\" id=\"cue\">\(HTMLPage.escape(report.cues.cue(at: opening)?.text ?? Self.noCueNow))</div>"
        if report.cues.cues.isEmpty {
            body += "<p class=\"legend\" id=\"no-cue\">No cue was shown: \(HTMLPage.escape(report.noCueReason)).</p>"
        }
        body +=
            "<h2>This moment</h2><table id=\"moment\"><thead><tr><th>limb</th><th class=\"num\">learner</th><th class=\"num\">demonstrator</th><th class=\"num\">error</th></tr></thead><tbody>"
        body += Limb.allCases.map {
            "<tr data-limb=\"\($0.name)\"><td>\($0.spokenName)</td><td class=\"num\">—</td><td class=\"num\">—</td><td class=\"num\">—</td></tr>"
        }.joined()
        body += "</tbody></table></section><section>"
        body += summaryBlock(report)
        body += "<h2>Error per limb over time</h2>" + errors
        body += "<h2>Lag</h2>" + lagRow
        if let reaction = report.reaction {
            body += reactionBlock(reaction, timeline: timeline, times: times, offset: c.options.offsetSeconds)
        }
        body +=
            "<h2>Cue track</h2><table><tbody>"
            + report.cues.cues.map {
                "<tr><td class=\"num\">\(String(format: "%.2f–%.2f s", $0.start, $0.end))</td><td>\(HTMLPage.escape($0.text))</td></tr>"
            }.joined() + "</tbody></table>"
        body += "<h2>Settings</h2><p class=\"legend\">" + parametersLine(report) + "</p>"
        body +=
            "</section></main><footer>Errors are the learner's limb angle minus the demonstrator's\(c.options.mirror ? " mirrored" : "") limb at the tracked lag. The ghost is the demonstrator's matched pose\(c.options.mirror ? ", mirrored" : ""), in body coordinates (hip midpoint at the origin, one unit per torso length).</footer>"
        return HTMLPage.document(title: "Kinetix comparison", body: body, data: data, script: FigureScript.compare)
    }

    /// Both people's movement speeds with each start marked (D: demonstrator, L:
    /// learner, C: a learner's cue), and the table of latencies.
    static func reactionBlock(_ reaction: PairReaction, timeline: SVGTimeline, times: [Double], offset: Double) -> String {
        let demo = times.map { Float(reaction.demonstratorSpeed.speed(at: $0)) }
        let learner = times.map { Float(reaction.learnerSpeed.speed(at: $0 - offset)) }
        let peak = (demo + learner).filter(\.isFinite).max() ?? 1
        var marks: [(t: Double, label: String, color: String)] = []
        for m in reaction.demonstratorMovements { if let t = m.onsetSeconds { marks.append((t, "D", "#2d6cdf")) } }
        for m in reaction.learnerMovements { if let t = m.onsetSeconds { marks.append((t, "L", "#2f8a4c")) } }
        for cue in reaction.cues { marks.append((cue.t + offset, "C", "#8a93a3")) }
        marks.sort { $0.t < $1.t }
        var out =
            "<h2>Reaction</h2><p class=\"legend\">Movement onsets: \(HTMLPage.escape(reaction.options.methodText(rate: reaction.rate))).</p>"
        out += timeline.rows(
            [("demonstrator", demo, false), ("learner", learner, false)], times: times, maxValue: max(peak, 1), band: nil,
            unit: "movement speed, °/s (D, L: onsets; C: cues)", marks: marks, id: "reaction")
        out +=
            "<table><thead><tr><th class=\"num\">demonstrator starts</th><th>limb</th><th class=\"num\">learner starts</th><th class=\"num\">latency</th><th class=\"num\">lag search</th><th>status</th></tr></thead><tbody>"
        func seconds(_ value: Double?) -> String { value.map { String(format: "%.3f s", $0) } ?? "—" }
        for p in reaction.pairs {
            out +=
                "<tr><td class=\"num\">\(seconds(p.demonstratorOnsetSeconds))</td><td>\(p.limb?.spokenName ?? "")</td><td class=\"num\">\(seconds(p.learnerOnsetSeconds))</td>"
            out +=
                "<td class=\"num\">\(seconds(p.latencySeconds))</td><td class=\"num\">\(seconds(p.trackingLagSeconds))</td><td>\(p.status.rawValue)</td></tr>"
        }
        out += "</tbody></table>"
        if let s = reaction.latencySummary {
            out +=
                "<p>"
                + HTMLPage.escape(
                    String(
                        format: "Median latency %.3f s over %d starts (middle half %.3f–%.3f s).", s.median, reaction.latencies.count,
                        s.lower, s.upper)) + "</p>"
        }
        return out
    }

    /// The learner's screen at a moment without a cue (before the first shows, or
    /// between cues): the same words server-side and in the page's script.
    public static let noCueNow = "— (nothing on the learner's screen at this moment)"

    static func figureBlock(formBreak: Double?) -> String {
        var out =
            "<svg class=\"figure\" id=\"figure\" viewBox=\"-2.6 -2.9 5.2 6.5\" role=\"img\" aria-label=\"learner with the demonstrator ghosted\">"
        out +=
            "<g id=\"ghost\" stroke=\"#8a93a3\" stroke-width=\"0.07\" stroke-dasharray=\"0.12 0.08\" stroke-linecap=\"round\" fill=\"none\"></g>"
        out += "<g id=\"learner\" stroke=\"#1d2430\" stroke-width=\"0.08\" stroke-linecap=\"round\" fill=\"none\"></g>"
        out += "<g id=\"worst\" stroke=\"#c43d3d\" stroke-width=\"0.11\" stroke-linecap=\"round\" fill=\"none\"></g></svg>"
        out +=
            "<div class=\"legend\"><span><i class=\"swatch\" style=\"background:#1d2430\"></i>learner</span><span><i class=\"swatch\" style=\"background:#8a93a3\"></i>demonstrator (ghost)</span><span><i class=\"swatch\" style=\"background:#c43d3d\"></i>limb out of tolerance</span></div>"
        out +=
            "<div class=\"controls\"><button id=\"prev\" title=\"previous frame\">◀</button><input type=\"range\" id=\"slider\" min=\"0\" value=\"0\" aria-label=\"time\"><button id=\"next\" title=\"next frame\">▶</button></div>"
        out += "<div class=\"controls\">"
        if formBreak != nil { out += "<button class=\"primary\" id=\"jump\">Form breaks here</button>" }
        out += "<span class=\"now\" id=\"now\"></span></div>"
        return out
    }

    static func summaryBlock(_ report: ComparisonReport) -> String {
        let s = report.summary
        let o = report.comparison.options
        var out = "<h2>Summary</h2><table class=\"big\"><tbody>"
        func row(_ name: String, _ value: String) -> String { "<tr><th>\(name)</th><td>\(HTMLPage.escape(value))</td></tr>" }
        if let median = s.medianLagSeconds, let quartiles = s.lagQuartilesSeconds {
            out += row(
                "lag",
                String(format: "learner %.2f s behind (middle half %.2f–%.2f s)", median, quartiles.lower, quartiles.upper)
                    + (s.lagConfidence.map { String(format: "; confidence %.2f", $0) } ?? ""))
        }
        out += row("scored", "\(s.scoredFrames) of \(s.frames) frames")
        if let warning = s.reliabilityWarning { out += row("warning", warning) }
        if let warning = report.facingWarning { out += row("warning", warning) }
        for check in report.faults where !check.faults.isEmpty {
            out += row("faults (\(check.role))", check.sentence)
        }
        if let within = s.withinTolerancePercent {
            out += row("within \(fmt0(o.toleranceDegrees))°", String(format: "%.1f %% of scored frames", within))
        }
        if let worst = s.worstLimb, let mean = s.limbs[worst.rawValue].meanErrorDegrees {
            out += row("worst limb", String(format: "%@, mean %.1f°", worst.spokenName, mean))
        }
        if let formBreak = s.formBreak {
            out += row(
                "form breaks",
                String(
                    format: "at %.2f s: %@ (%+.0f°; up to %+.0f° at %.2f s)", formBreak.start,
                    CueTrack.difference(for: formBreak.limb, error: formBreak.errorDegrees), formBreak.errorDegrees,
                    formBreak.peakErrorDegrees, formBreak.peakTime))
        } else {
            out += row("form breaks", "never")
        }
        if let maxError = s.maxError {
            out += row("max error", String(format: "%+.1f° at %.2f s (%@)", maxError.errorDegrees, maxError.t, maxError.limb.spokenName))
        }
        out +=
            "</tbody></table><table><thead><tr><th>limb</th><th class=\"num\">mean</th><th class=\"num\">RMS</th><th class=\"num\">within \(fmt0(o.toleranceDegrees))°</th></tr></thead><tbody>"
        for limb in Limb.allCases {
            let l = s.limbs[limb.rawValue]
            out += "<tr\(limb == s.worstLimb ? " class=\"worst\"" : "")><td>\(limb.spokenName)</td>"
            if let mean = l.meanErrorDegrees, let rms = l.rmsErrorDegrees, let within = l.withinTolerancePercent {
                out += String(
                    format: "<td class=\"num\">%.1f°</td><td class=\"num\">%.1f°</td><td class=\"num\">%.1f %%</td>", mean, rms, within)
            } else {
                out += "<td class=\"num\">—</td><td class=\"num\">—</td><td class=\"num\">—</td>"
            }
            out += "</tr>"
        }
        return out + "</tbody></table>"
    }

    static func parametersLine(_ report: ComparisonReport) -> String {
        let o = report.comparison.options
        var items = [
            "mirrored: \(o.mirror)", String(format: "max lag %.2f s", o.maxLagSeconds),
            String(format: "lag window %.1f s", o.lagWindowSeconds),
            String(format: "grid %.2f fps", report.comparison.grid.rate), "tolerance \(fmt0(o.toleranceDegrees))°",
            String(format: "form break %.1f s", o.formBreakMinSeconds), "min confidence \(o.minConfidence)",
        ]
        if let profile = report.provenance.profile { items.append("profile \(profile.id) \(profile.version)") }
        return HTMLPage.escape(items.joined(separator: " · "))
    }

    /// A pose as `[x0, y0, x1, y1, …]` in body coordinates, null where missing.
    static func pose(_ body: BodySeries, _ frame: Int) -> String { pose(body.points, frame) }

    /// The most grid frames whose figure data a page carries.
    static let maxSamples = 20_000
    /// Pose coordinates are stored as Int8 in 1/40 torso length (±3.2 torso lengths,
    /// a resolution of about 1 cm): enough to draw a figure.
    static let poseScale: Float = 40

    static func packPose(_ body: BodySeries, _ frame: Int?, into packed: inout Packed<Int8>) {
        for joint in Joint.allCases {
            guard let frame else {
                packed.append(.min)
                packed.append(.min)
                continue
            }
            let i = body.points.index(joint, frame)
            for v in [body.points.x[i], body.points.y[i]] {
                let q = (v * poseScale).rounded()
                packed.append(q.isFinite && abs(q) <= 127 ? Int8(q) : .min)  // .min: missing (or off the figure)
            }
        }
    }

    /// An angle in tenths of a degree; 65535 when missing.
    static func packAngle(_ v: Float) -> UInt16 { v.isFinite ? UInt16(clamping: Int((v * 10).rounded())) : .max }

    /// Points of one frame as `[x0, y0, x1, y1, …]`, null where missing.
    static func pose<Name: PointName>(_ table: PointTable<Name>, _ frame: Int) -> String {
        "["
            + Name.allCases.map { name -> String in
                let i = table.index(name, frame)
                let x = table.x[i]
                let y = table.y[i]
                return x.isFinite && y.isFinite ? "\(jsonNumber(x, digits: 3)),\(jsonNumber(y, digits: 3))" : "null,null"
            }.joined(separator: ",") + "]"
    }

    static func fmt0(_ v: Float) -> String { String(format: "%.0f", v) }
}

/// Fixed-width integers packed little-endian, for base64 in a page (JavaScript reads
/// them back with a typed array).
struct Packed<Value: FixedWidthInteger> {
    private(set) var bytes: [UInt8] = []

    mutating func append(_ value: Value) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    var base64: String { Data(bytes).base64EncodedString() }
}
