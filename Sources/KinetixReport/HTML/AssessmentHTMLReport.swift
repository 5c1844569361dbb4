import Foundation
import KinetixCore
import KinetixProfiles

/// An assessment as one self-contained HTML page. Body profiles get metric timelines
/// with the reps shaded, the per-rep table, the stick figure at the bottom of each rep
/// and a scrubbable figure; face profiles get per-side movement bars, the weaker side
/// and the face drawn at its most asymmetric moment; a void result shows why and what
/// to do instead of empty charts. Numbers come from `AssessmentReport` (its JSON is
/// embedded) with the text report's formatting.
public enum AssessmentHTMLReport {
    /// The page for `report`, drawing the clip it assessed; `profile` is the one it ran.
    public static func html(_ report: AssessmentReport, profile: Profile) -> String {
        let a = report.assessment
        let sidecar = report.clip
        var body =
            "<header><h1>\(HTMLPage.escape(a.profileTitle))</h1><p>profile \(HTMLPage.escape(a.profileID)) \(HTMLPage.escape(a.profileVersion)) · "
        body += report.provenance.inputs.map {
            "\(HTMLPage.escape($0.role)): \(HTMLPage.escape($0.path)) (\($0.frames) frames, SHA-256 \($0.sha256.prefix(12))…)"
        }.joined(separator: " · ")
        body += " · Kinetix \(HTMLPage.escape(report.provenance.engineVersion))"
        if !a.parameters.isEmpty {
            body += "<br>parameters: " + HTMLPage.escape(a.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: ", "))
        }
        if !report.faults.isEmpty {
            body += "<br>estimator faults: " + HTMLPage.escape(report.faultCheck.sentence)
        }
        body += "</p></header>"
        guard a.status == .ok else {
            body += "<div class=\"void\" id=\"void\"><h2>No score: the clip does not meet this profile's requirements</h2>"
            body += "<p class=\"big\">\(HTMLPage.escape(a.voidReason ?? "requirements not met"))</p>"
            if !a.coverage.isEmpty {
                body += "<table><thead><tr><th>required</th><th class=\"num\">tracked in</th></tr></thead><tbody>"
                body += a.coverage.map {
                    "<tr><td>\(HTMLPage.escape($0.name))</td><td class=\"num\">\(String(format: "%.0f %%", $0.fraction * 100))</td></tr>"
                }.joined()
                body += "</tbody></table>"
            }
            body += "<p>Record the clip again with what the reason asks for, then run the assessment again.</p></div>"
            return HTMLPage.document(title: "Kinetix: \(a.profileTitle) (void)", body: body, data: report.json(), script: "")
        }
        let isFace = profile.kind == .face
        let times = a.times
        let frames = (0..<sidecar.frameCount)
        let poses: [String]
        if isFace {
            let face = FaceSeries(sidecar)
            poses = frames.map { CompareHTMLReport.pose(face.points, $0) }
        } else {
            let bodySeries = BodySeries(sidecar)
            poses = frames.map { CompareHTMLReport.pose(bodySeries, $0) }
        }
        // A face page opens where the face is analysed (its most asymmetric moment, else the
        // analysed stretch's first frame), never on a shot before a cut.
        let opening = isFace ? (mostAsymmetricFrame(a, sidecar: sidecar) ?? a.face?.analysed.lowerBound ?? 0) : 0
        let data =
            "{\"report\": \(report.json()), \"figure\": {\"kind\": \"\(isFace ? "face" : "body")\", \"openFrame\": \(opening), "
            + "\"outlines\": \(faceOutlinesJSON), \"poses\": [\(poses.joined(separator: ","))]}}"

        for rest in a.restLevels {
            // The person's own rest level the thresholds are relative to, or why there is none.
            body += "<p class=\"legend\" id=\"rest-\(HTMLPage.escape(rest.metric))\">rest level: \(HTMLPage.escape(rest.summary))</p>"
        }
        body += "<main><section>"
        body +=
            "<svg class=\"figure\" id=\"figure\" viewBox=\"\(isFace ? "-1.6 -0.9 3.2 3.2" : "-2.6 -2.9 5.2 6.5")\" role=\"img\" aria-label=\"figure\">"
        body +=
            "<g id=\"pose\" stroke=\"#1d2430\" stroke-width=\"\(isFace ? "0.025" : "0.08")\" stroke-linecap=\"round\" fill=\"#1d2430\"></g></svg>"
        body +=
            "<div class=\"controls\"><button id=\"prev\">◀</button><input type=\"range\" id=\"slider\" min=\"0\" value=\"0\" aria-label=\"time\"><button id=\"next\">▶</button></div>"
        body += "<div class=\"now\" id=\"now\"></div>"
        if !a.findings.isEmpty {
            body +=
                "<h2>Findings</h2><table><tbody>"
                + a.findings.map {
                    "<tr><td class=\"num\"><a href=\"#t=\(String(format: "%.2f", $0.start))\">\(String(format: "%.2f–%.2f s", $0.start, $0.end))</a></td><td>\(HTMLPage.escape($0.severity.rawValue))</td><td>\(HTMLPage.escape($0.detail))<br><small>\($0.caveat.map { "not a cue: " + HTMLPage.escape($0) } ?? "cue: " + HTMLPage.escape($0.cue))</small></td></tr>"
                }.joined() + "</tbody></table>"
        } else {
            body += "<h2>Findings</h2><p>none: no rule of the profile held at any time, so no cue was shown</p>"
        }
        body += "</section><section>"
        if profile.reps != nil { body += repsBlock(a, poses: poses, profile: profile, isFace: isFace) }
        if !a.resting.isEmpty { body += restingBlock(report) }
        if !a.symmetry.isEmpty { body += symmetryBlock(report, sidecar: sidecar, isFace: isFace) }
        body += "<h2>Metrics over time</h2>"
        let timeline = SVGTimeline(start: times.first ?? 0, end: times.last ?? 1)
        let shown = a.metrics.filter { m in m.values.contains { $0.isFinite } }.prefix(8)
        var rows = ""
        for m in shown {
            let finite = m.values.filter(\.isFinite)
            let low = min(0, finite.min() ?? 0)
            let high = max(finite.max() ?? 1, 1e-6)
            // Each metric on its own scale from its lowest to its highest value.
            let scaled = m.values.map { ($0 - low) }
            let bands = a.reps.isEmpty ? "" : timeline.bands(a.reps.map { ($0.start, $0.end) }, height: 80)
            let svg = timeline.rows(
                [("\(m.name)", scaled, false)], times: times, maxValue: high - low, band: nil,
                unit: "\(m.unit ?? "") \(String(format: "%.2f–%.2f", low, high))",
                marks: [], id: "metric-\(m.name)", underlay: bands)
            rows += svg
        }
        body += rows
        if !a.reps.isEmpty { body += "<p class=\"legend\">Shaded: the \(a.reps.count) reps.</p>" }
        body +=
            "</section></main><footer>Kinetix \(HTMLPage.escape(report.provenance.engineVersion)) · the same numbers as the assessment's text and JSON reports.</footer>"
        return HTMLPage.document(title: "Kinetix: \(a.profileTitle)", body: body, data: data, script: FigureScript.assessment)
    }

    static func repsBlock(_ a: Assessment, poses: [String], profile: Profile, isFace: Bool) -> String {
        var out = "<h2>Reps: \(a.reps.count)</h2>"
        guard let first = a.reps.first else { return out + "<p>No rep reached the counter's thresholds.</p>" }
        out += "<div class=\"scroll\"><table id=\"reps\"><thead><tr><th>rep</th><th class=\"num\">start</th><th class=\"num\">end</th>"
        out += first.values.map { "<th class=\"num\">\(HTMLPage.escape($0.name))</th>" }.joined() + "</tr></thead><tbody>"
        for (i, rep) in a.reps.enumerated() {
            out +=
                "<tr><td><a href=\"#t=\(String(format: "%.2f", rep.start))\">\(i + 1)</a></td><td class=\"num\">\(String(format: "%.2f", rep.start))</td><td class=\"num\">\(String(format: "%.2f", rep.end))</td>"
            out += rep.values.map { "<td class=\"num\">\($0.value.isNaN ? "—" : String(format: "%.2f", $0.value))</td>" }.joined() + "</tr>"
        }
        out += "</tbody></table></div>"
        // The figure at the far end of each rep: where the counted metric is furthest from rest.
        guard !isFace, profile.reps != nil else { return out }
        out += "<h2>Each rep at its deepest</h2><div>"
        for rep in a.reps {
            guard let extreme = rep.extreme, let bottom = a.times.firstIndex(where: { $0 >= extreme }) else { continue }
            out +=
                "<svg viewBox=\"-2.6 -2.9 5.2 6.5\" width=\"110\" height=\"138\" style=\"border:1px solid #d9dee6;border-radius:6px;margin:2px\" data-frame=\"\(bottom)\">"
            out += "<g stroke=\"#1d2430\" stroke-width=\"0.1\" stroke-linecap=\"round\">\(staticBones(poses[bottom]))</g>"
            out += "<text x=\"-2.4\" y=\"3.4\" style=\"font-size:0.5px\">\(String(format: "%.2f s", a.times[bottom]))</text></svg>"
        }
        return out + "</div>"
    }

    static func symmetryBlock(_ report: AssessmentReport, sidecar: Sidecar, isFace: Bool) -> String {
        let a = report.assessment
        var out = "<h2>Symmetry</h2><p class=\"big\" id=\"weaker\">Weaker side: <b>\(HTMLPage.escape(report.weakerSideText))</b></p>"
        out +=
            "<table id=\"symmetry\"><thead><tr><th>measure</th><th>left</th><th>right</th><th class=\"num\">noise</th><th>deviation</th></tr></thead><tbody>"
        for s in a.symmetry {
            let scale = max(abs(s.movementLeft ?? 0), abs(s.movementRight ?? 0), 1e-6)
            // Signed bars from a centre line: a movement down or in (negative) is drawn to the left.
            func bar(_ v: Float?, _ weaker: Bool) -> String {
                let v = v ?? 0
                let length = 55 * abs(v) / scale
                return "<svg width=\"120\" height=\"14\" class=\"signed\"><line x1=\"60\" x2=\"60\" y1=\"0\" y2=\"14\" stroke=\"#8a93a3\"/>"
                    + "<rect x=\"\(String(format: "%.1f", v < 0 ? 60 - length : 60))\" y=\"2\" width=\"\(String(format: "%.1f", length))\" height=\"10\" fill=\"\(weaker ? "#c43d3d" : "#2d6cdf")\"/></svg>"
            }
            let noise = max(s.noiseLeft ?? 0, s.noiseRight ?? 0)
            // Red only for the side named weaker overall, and only in measures where it is.
            out +=
                "<tr><td>\(HTMLPage.escape(s.measure))</td><td>\(bar(s.movementLeft, s.weakerSide == .left && a.weakerSide == .left)) \(s.movementLeft.map { String(format: "%+.3f", $0) } ?? "—")</td>"
            out +=
                "<td>\(bar(s.movementRight, s.weakerSide == .right && a.weakerSide == .right)) \(s.movementRight.map { String(format: "%+.3f", $0) } ?? "—")</td>"
            out += "<td class=\"num\">\(s.noiseLeft == nil && s.noiseRight == nil ? "—" : String(format: "±%.3f", noise))</td>"
            out += "<td>\(s.deviationPercent.map { String(format: "%.1f %% ", $0) } ?? "")\(HTMLPage.escape(report.verdict(s)))</td></tr>"
        }
        out +=
            "</tbody></table><p class=\"legend\">Movement of each side from its own baseline, \(HTMLPage.escape(report.symmetryUnitsText)); bars right of the line for a movement up or out, left for down or in"
            + (a.weakerSide == nil ? "; no side is named weaker.</p>" : "; red: the weaker side.</p>")
        // the face drawing is for face profiles only
        guard isFace, let worst = mostAsymmetricFrame(a, sidecar: sidecar) else { return out }
        let face = FaceSeries(sidecar)
        func point(_ landmark: FaceLandmark) -> (Float, Float)? {
            let i = face.points.index(landmark, worst)
            let x = face.points.x[i]
            let y = face.points.y[i]
            return x.isFinite && y.isFinite ? (x, -y) : nil
        }
        out += "<h2>Most asymmetric moment (\(String(format: "%.2f s", a.times[worst])))</h2>"
        out +=
            "<svg viewBox=\"-1.6 -0.9 3.2 3.2\" width=\"220\" height=\"220\" id=\"asymmetric\" data-frame=\"\(worst)\" style=\"border:1px solid #d9dee6;border-radius:6px\">"
        // Outlines (brows, eyes, nose, mouth), then the landmarks.
        out +=
            "<g stroke=\"#1d2430\" stroke-width=\"0.02\" fill=\"none\" class=\"outlines\">"
            + faceOutlines.compactMap { chain -> String? in
                let points = chain.compactMap(point)
                guard points.count == chain.count else { return nil }
                return "<polyline points=\"" + points.map { String(format: "%.3f,%.3f", $0.0, $0.1) }.joined(separator: " ") + "\"/>"
            }.joined() + "</g>"
        out +=
            "<g fill=\"#1d2430\">"
            + FaceLandmark.allCases.compactMap { landmark -> String? in
                guard let p = point(landmark) else { return nil }
                return "<circle cx=\"\(String(format: "%.3f", p.0))\" cy=\"\(String(format: "%.3f", p.1))\" r=\"0.03\"/>"
            }.joined() + "</g><text x=\"-1.5\" y=\"2.2\" style=\"font-size:0.12px\">subject's left →</text></svg>"
        return out
    }

    /// The face's outlines as chains of landmarks: each brow, each eye (closed), the
    /// nose and the mouth (closed).
    static let faceOutlines: [[FaceLandmark]] = [
        [.leftBrowInner, .leftBrowCenter, .leftBrowOuter], [.rightBrowInner, .rightBrowCenter, .rightBrowOuter],
        [.leftEyeInner, .leftUpperLid, .leftEyeOuter, .leftLowerLid, .leftEyeInner],
        [.rightEyeInner, .rightUpperLid, .rightEyeOuter, .rightLowerLid, .rightEyeInner],
        [.noseBridge, .noseTip], [.mouthLeft, .upperLip, .mouthRight, .lowerLip, .mouthLeft],
    ]

    /// `faceOutlines` as landmark indices, for the page's script.
    static var faceOutlinesJSON: String {
        "[" + faceOutlines.map { "[" + $0.map { "\($0.rawValue)" }.joined(separator: ",") + "]" }.joined(separator: ",") + "]"
    }

    /// The analysed frame where the sides' movements differ most (over the baseline-relative
    /// metrics, in left/right pairs), or nil when no frame has a value.
    static func mostAsymmetricFrame(_ a: Assessment, sidecar: Sidecar) -> Int? {
        let measures = a.metrics.filter { $0.relativeToBaseline }
        var worst: Int?
        var worstValue: Float = -1
        for k in 0..<sidecar.frameCount {
            var total: Float = 0
            var any = false
            for pair in stride(from: 0, to: measures.count - 1, by: 2) {
                let d = abs(measures[pair].values[k]) - abs(measures[pair + 1].values[k])
                if d.isFinite {
                    total += abs(d)
                    any = true
                }
            }
            if any, total > worstValue {
                worstValue = total
                worst = k
            }
        }
        return worst
    }

    /// Each resting measure's sides at rest, with the difference and the verdict.
    static func restingBlock(_ report: AssessmentReport) -> String {
        let a = report.assessment
        var out =
            "<h2>At rest (\(a.isStill ? "the still image" : "the baseline"))</h2><table id=\"resting\"><thead><tr><th>measure</th><th class=\"num\">left</th><th class=\"num\">right</th><th class=\"num\">left − right</th><th></th></tr></thead><tbody>"
        for r in a.resting {
            out +=
                "<tr><td>\(HTMLPage.escape(r.measure))</td>"
                + [r.left, r.right, r.difference].map { "<td class=\"num\">\(String(format: "%+.3f", $0))</td>" }.joined()
                + "<td>\(r.asymmetric ? "asymmetric at rest" : "")</td></tr>"
        }
        return out
            + "</tbody></table><p class=\"legend\">Positions, not movement, \(HTMLPage.escape(report.symmetryUnitsText)).\(a.isStill ? " A still image has no movement." : "")</p>"
    }

    /// Bones of a pose as SVG lines, for static figures.
    static func staticBones(_ pose: String) -> String {
        let values = pose.dropFirst().dropLast().split(separator: ",").map { Float($0) }
        func point(_ joint: Joint) -> (Float, Float)? {
            let i = joint.rawValue * 2
            guard i + 1 < values.count, let x = values[i], let y = values[i + 1] else { return nil }
            return (x, y)
        }
        let bones: [(Joint, Joint)] = [
            (.neck, .nose), (.neck, .leftShoulder), (.neck, .rightShoulder), (.leftShoulder, .leftElbow), (.leftElbow, .leftWrist),
            (.rightShoulder, .rightElbow), (.rightElbow, .rightWrist), (.neck, .root), (.root, .leftHip), (.root, .rightHip),
            (.leftHip, .leftKnee), (.leftKnee, .leftAnkle), (.rightHip, .rightKnee), (.rightKnee, .rightAnkle),
        ]
        return bones.compactMap { a, b -> String? in
            guard let p = point(a), let q = point(b) else { return nil }
            return String(format: "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\"/>", p.0, -p.1, q.0, -q.1)
        }.joined()
    }
}
