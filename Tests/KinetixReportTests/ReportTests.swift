import Foundation
import KinetixCore
import KinetixProfiles
import KinetixReport
import Testing
import _KinetixCLITestSupport
import _KinetixTestSupport

@testable import KinetixReport

/// The JSON the page embeds.
func embeddedData(_ html: String) throws -> [String: Any] {
    let start = try #require(html.range(of: "<script type=\"application/json\" id=\"kinetix-data\">"))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let json = html[start.upperBound..<end.lowerBound].replacingOccurrences(of: "<\\/", with: "</")
    return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
}

/// True when every non-void element is closed in order (a small well-formedness check).
func tagsBalance(_ html: String) -> Bool {
    let void: Set<String> = ["meta", "input", "br", "line", "rect", "circle", "path", "!doctype"]
    var stack: [String] = []
    var rest = html[...]
    while let open = rest.firstIndex(of: "<") {
        guard let close = rest[open...].firstIndex(of: ">") else { return false }
        let tag = rest[rest.index(after: open)..<close]
        rest = rest[rest.index(after: close)...]
        if tag.hasPrefix("script") && !tag.hasSuffix("/") {
            guard let end = rest.range(of: "</script>") else { return false }
            rest = rest[end.upperBound...]
            continue
        }
        let name = tag.split(whereSeparator: { $0 == " " || $0 == "/" }).first.map { String($0).lowercased() } ?? ""
        if tag.hasPrefix("/") {
            guard stack.popLast() == String(tag.dropFirst()).lowercased() else { return false }
        } else if !tag.hasSuffix("/") && !void.contains(name) {
            stack.append(name)
        }
    }
    return stack.isEmpty
}

@Suite("HTML report")
struct ReportTests {
    @Test("what is drawn at which time: each frame's learner pose and the matched, mirrored demonstrator pose")
    func model() throws {
        let (report, html) = try compareReport()
        let data = try embeddedData(html)
        let figure = data["figure"] as! [String: Any]
        func unpack<T: FixedWidthInteger>(_ key: String, _: T.Type) -> [T] {
            let bytes = Data(base64Encoded: figure[key] as! String)!
            return stride(from: 0, to: bytes.count, by: MemoryLayout<T>.size).map { offset in
                bytes[offset..<offset + MemoryLayout<T>.size].enumerated().reduce(T.zero) {
                    $0 | (T(truncatingIfNeeded: $1.element) << (8 * $1.offset))
                }
            }
        }
        let learnerFrames = unpack("learnerSourceFrames", Int32.self).map(Int.init)
        let demoFrames = unpack("demonstratorSourceFrames", Int32.self).map(Int.init)
        let comparison = report.comparison
        #expect(figure["count"] as? Int == comparison.frameCount && figure["stride"] as? Int == 1, "a short clip keeps every frame")
        #expect(learnerFrames.count == comparison.frameCount)
        for k in stride(from: 0, to: comparison.frameCount, by: 7) {
            let moment = comparison.moment(at: comparison.times[k])!
            #expect(learnerFrames[k] == moment.learnerSourceFrame)
            #expect(demoFrames[k] == (moment.demonstratorSourceFrame ?? -1))
        }
        // The ghost at 1.5 s is the demonstrator 0.4 s earlier, mirrored into the learner's frame.
        let demo = try bundled("demonstrator.json")
        let k = comparison.moment(at: 1.5)!.frame
        let ghost = unpack("demonstrator", Int8.self)
        let mirrored = BodySeries(demo).mirrored()
        let source = demoFrames[k]
        let x = Float(ghost[k * 2 * Joint.count + 2 * Joint.rightWrist.rawValue]) / 40
        #expect(abs(x - mirrored.points.x[mirrored.points.index(.rightWrist, source)]) <= 0.5 / 40 + 1e-6, "to the packing's resolution")
        #expect(abs(comparison.times[k] - demo.times[source] - 0.4) < 0.02)
    }

    @Test("well-formed, self-contained, and the same numbers as the JSON and text outputs")
    func writer() throws {
        let (report, html) = try compareReport()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(tagsBalance(html))
        for reference in ["src=", "href=\"http", "@import", "url(", "<link"] { #expect(!html.contains(reference), "\(reference)") }
        let withoutNamespace = html.replacingOccurrences(of: "'http://www.w3.org/2000/svg'", with: "")
        #expect(!withoutNamespace.contains("http://") && !withoutNamespace.contains("https://"), "no network references")
        let data = try embeddedData(html)
        let embedded = try JSONSerialization.jsonObject(with: Data(report.json(frames: false).utf8)) as! NSDictionary
        #expect((data["report"] as! NSDictionary) == embedded, "the page carries the JSON output itself (its per-frame rows packed)")
        #expect(html.contains("learner 0.40 s behind") && report.text().contains("learner 0.40 s (12 frames) behind"))
        #expect(html.contains("right shoulder, mean 8.6°") && report.text().contains("right shoulder: mean 8.6°"))
        for cue in report.cues.cues { #expect(html.contains(HTMLPage.escape(cue.text))) }
    }

    @Test("with reaction times, the page draws both speeds with the onsets marked and lists every latency")
    func reaction() throws {
        var (report, plain) = try compareReport()
        #expect(!plain.contains("<h2>Reaction</h2>"))
        report.reaction = try PairReaction(report)
        let html = CompareHTMLReport.html(report)
        #expect(tagsBalance(html))
        #expect(html.contains("<h2>Reaction</h2>") && html.contains("id=\"reaction\""))
        let reaction = try #require(report.reaction)
        #expect(!reaction.pairs.isEmpty)
        for pair in reaction.pairs { #expect(html.contains(pair.latencySeconds.map { String(format: "%.3f s", $0) } ?? "—")) }
        let data = try embeddedData(html)
        #expect((data["report"] as? [String: Any])?["reaction"] != nil, "the embedded JSON carries the reaction block too")
    }

    @Test("assessment pages: squat reps, face symmetry, void with its reason")
    func assessments() throws {
        let squatProfile = try Profile.load(contentsOf: Kinetix.packageRoot.appendingPathComponent("Profiles/squat.json").path)
        let squat = try bundled("squat-front.json")
        let assessment = Assessor(profile: squatProfile, parameters: try squatProfile.parameterValues(overriding: [])).assess(squat)
        let html = AssessmentHTMLReport.html(
            AssessmentReport(assessment, clip: squat, provenance: Provenance(inputs: [])), profile: squatProfile)
        #expect(
            html.contains("id=\"rest-depth\">rest level: depth 0.8"), "the squat page says the rest level its thresholds are relative to")
        #expect(tagsBalance(html))
        #expect(html.contains("<h2>Reps: 4</h2>"))
        #expect(html.components(separatedBy: "data-frame=").count - 1 == 4, "one figure at each rep's bottom")
        let faceProfile = try Profile.load(contentsOf: Kinetix.packageRoot.appendingPathComponent("Profiles/facial-symmetry.json").path)
        let face = try bundled("face-weak-left.json")
        let faceAssessment = Assessor(profile: faceProfile, parameters: try faceProfile.parameterValues(overriding: [])).assess(face)
        let faceHTML = AssessmentHTMLReport.html(
            AssessmentReport(faceAssessment, clip: face, provenance: Provenance(inputs: [])), profile: faceProfile)
        #expect(tagsBalance(faceHTML))
        #expect(faceHTML.contains("Weaker side: <b>left</b>"))
        #expect(faceHTML.contains("id=\"asymmetric\""))
        let side = try bundled("squat-side.json")
        let void = Assessor(profile: squatProfile, parameters: try squatProfile.parameterValues(overriding: ["view=front"])).assess(side)
        let voidHTML = AssessmentHTMLReport.html(
            AssessmentReport(void, clip: side, provenance: Provenance(inputs: [])), profile: squatProfile)
        #expect(voidHTML.contains("id=\"void\"") && voidHTML.contains("this profile needs a frontal view"))
        #expect(!voidHTML.contains("class=\"timeline\""), "no empty charts for a void result")
    }

    @Test("timeline mark labels never overlap, stay in the figure, and the error rows carry a degree scale")
    func markLabels() throws {
        // Three marks within 10 px: the old alternating sides overlapped the third.
        let marks: [(x: Double, label: String)] = [
            (500, "form breaks"), (504, "max error"), (509, "worst"), (895, "end label"), (112, "start"),
        ]
        let placed = MarkLayout.place(marks, from: 110, to: 890)
        var spans: [(Double, Double, Int)] = []
        for (mark, place) in zip(marks, placed) where place.tier >= 0 {
            let w = MarkLayout.width(mark.label)
            let span = place.anchor == "start" ? (place.textX, place.textX + w) : (place.textX - w, place.textX)
            #expect(span.0 >= 2 && span.1 <= 898, "\(mark.label) inside the figure")
            for other in spans where other.2 == place.tier { #expect(!(other.0 < span.1 && span.0 < other.1), "\(mark.label) overlaps") }
            spans.append((span.0, span.1, place.tier))
        }
        #expect(placed.allSatisfy { $0.tier >= 0 }, "five labels fit on three tiers")
        let (_, html) = try compareReport()
        #expect(
            html.contains(">45°</text>") && html.contains(">15°</text>") && html.contains(">0°</text>"),
            "the error scale: 0, the tolerance, the top")
        #expect(html.contains("id=\"cue\">"), "the cue panel is filled before any script runs")
    }
}
