import Foundation
import KinetixCore
import KinetixProfiles
import Testing
import _KinetixCLITestSupport

@testable import KinetixReport

/// Text from files (profile titles, paths) can never break out of the page's data.
@Suite("HTML escaping")
struct HTMLEscapingTests {
    static let hostile = "<!--<script> </script><b>x</b> & \"'"

    @Test("a hostile profile title and file name stay data: one data element, one script, the JSON intact")
    func hostileText() throws {
        let demo = try bundled("demonstrator.json")
        let learner = try bundled("learner.json")
        var provenance = Provenance(inputs: [
            .init(role: "demonstrator", path: Self.hostile + ".json", sha256: "ab", frames: demo.frameCount),
            .init(role: "learner", path: "l.json", sha256: "cd", frames: learner.frameCount),
        ])
        provenance.profile = .init(id: Self.hostile, version: "1", parameters: [], source: Self.hostile)
        let report = ComparisonReport(
            try Comparison(demonstrator: demo, learner: learner), demonstrator: demo, learner: learner, provenance: provenance)
        let html = CompareHTMLReport.html(report)
        #expect(html.components(separatedBy: "<script").count - 1 == 2, "only the data element and the page script")
        #expect(html.components(separatedBy: "</script>").count - 1 == 2)
        #expect(!html.contains("<!--"), "no comment opener anywhere, escaped or embedded")
        #expect(tagsBalance(html))
        let data = try embeddedData(html)
        let inputs = ((data["report"] as? [String: Any])?["provenance"] as? [String: Any])?["inputs"] as? [String: [String: Any]]
        #expect(inputs?["demonstrator"]?["path"] as? String == Self.hostile + ".json", "the text survives exactly")
    }

    @Test("embedded JSON escapes <, > and & as \\u escapes, which JSON reads back unchanged")
    func embed() throws {
        let embedded = HTMLPage.embed(json: #"{"a": "</script><!-- & >"}"#)
        #expect(!embedded.contains("<") && !embedded.contains(">") && !embedded.contains("&"))
        let object = try JSONSerialization.jsonObject(with: Data(embedded.utf8)) as? [String: String]
        #expect(object?["a"] == "</script><!-- & >")
    }

    /// Attribute names in `html`'s tags that start with `on` (event handlers): attributes
    /// are read as a browser would, `name="value"` after `name="value"`, so text inside a
    /// value is never taken for a name.
    static func eventHandlers(_ html: String) -> [String] {
        let tag = try! NSRegularExpression(
            pattern: #"<[a-zA-Z][a-zA-Z0-9]*((?:\s+[^\s=>/"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*/?>"#)
        let attribute = try! NSRegularExpression(pattern: #"\s+([^\s=>/"']+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?"#)
        var names: [String] = []
        for match in tag.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
            let attributes = String(html[Range(match.range(at: 1), in: html)!])
            for a in attribute.matches(in: attributes, range: NSRange(attributes.startIndex..., in: attributes)) {
                let name = String(attributes[Range(a.range(at: 1), in: attributes)!])
                if name.lowercased().hasPrefix("on") { names.append(name) }
            }
        }
        return names
    }

    @Test("a timeline's id, marks and labels are escaped attribute values: a name like m\" onload=\"… stays text")
    func timelineAttributes() {
        let hostile = #"m" onload="alert(1)"#
        let svg = SVGTimeline(start: 0, end: 1).rows(
            [(hostile, [1, 2], false)], times: [0, 1], maxValue: 2, band: nil, unit: hostile,
            marks: [(0.5, hostile, #"red" onclick="x"#)], id: "metric-" + hostile)
        #expect(Self.eventHandlers(svg).isEmpty, "\(svg)")
        #expect(Self.eventHandlers(#"<svg id="a" onload="x">"#) == ["onload"], "the check finds a handler written raw")
        #expect(svg.contains("id=\"metric-m&quot; onload=&quot;alert(1)\""))
        // A quote followed by a combining mark is one Swift Character, but a quote to the browser.
        let marked = "m\"\u{0301} onload=\"alert(1)"
        let markedSVG = SVGTimeline(start: 0, end: 1).rows(
            [(marked, [1, 2], false)], times: [0, 1], maxValue: 2, band: nil, unit: "",
            marks: [], id: "metric-" + marked)
        #expect(Self.eventHandlers(markedSVG).isEmpty, "\(markedSVG)")
        #expect(HTMLPage.escape("a\"\u{0301}b'\u{0301}<\u{0301}&\u{0301}") == "a&quot;\u{0301}b&#39;\u{0301}&lt;\u{0301}&amp;\u{0301}")
    }

    @Test("profile names outside [A-Za-z][A-Za-z0-9_]* are refused when a profile is read, so lint and assess both refuse them")
    func profileNames() throws {
        let profile = #"""
            {"format": "kinetix-profile", "formatVersion": 1, "id": "x", "version": "1", "title": "t", "kind": "body",
             "parameters": {"p-1": {"type": "number", "default": 1}},
             "metrics": {"m\" onload=\"alert(1)": "angle(leftKnee)", "ok": "angle(rightKnee)"},
             "rules": [{"id": "bad id", "when": "ok > 1", "cue": "c"}]}
            """#
        #expect(throws: KinetixError.self) { try Profile.decode(Data(profile.utf8), file: "p.json") }
        do {
            _ = try Profile.decode(Data(profile.utf8), file: "p.json")
        } catch {
            let text = (error as? KinetixError)?.description ?? "\(error)"
            #expect(text.contains(#"a metric name "m\" onload=\"alert(1)" is not a name"#), "\(text)")
            #expect(
                text.contains("a parameter name \"p-1\" is not a name") && text.contains("a rule name \"bad id\" is not a name"), "\(text)")
        }
        for name in ["a", "kneeAngle", "x_1", String(repeating: "a", count: 64)] { #expect(Profile.isName(name), "\(name)") }
        for name in ["", "1a", "_a", "a-b", "a b", "é", "a\u{202E}", String(repeating: "a", count: 65)] {
            #expect(!Profile.isName(name), "\(name)")
        }
    }
}
