import Foundation
import Testing
import _KinetixCLITestSupport
@testable import KinetixReport
import KinetixCore
import KinetixProfiles

/// Text from files (profile titles, paths) can never break out of the page's data.
@Suite("HTML escaping")
struct HTMLEscapingTests {
    static let hostile = "<!--<script> </script><b>x</b> & \"'"

    @Test("a hostile profile title and file name stay data: one data element, one script, the JSON intact")
    func hostileText() throws {
        let demo = try bundled("demonstrator.json"), learner = try bundled("learner.json")
        var provenance = Provenance(inputs: [.init(role: "demonstrator", path: Self.hostile + ".json", sha256: "ab", frames: demo.frameCount),
                                             .init(role: "learner", path: "l.json", sha256: "cd", frames: learner.frameCount)])
        provenance.profile = .init(id: Self.hostile, version: "1", parameters: [], source: Self.hostile)
        let report = ComparisonReport(try Comparison(demonstrator: demo, learner: learner), demonstrator: demo, learner: learner, provenance: provenance)
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
}
