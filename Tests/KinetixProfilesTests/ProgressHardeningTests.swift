import Foundation
import KinetixCore
import KinetixReport
import Testing
import _KinetixTestSupport

@testable import KinetixProfiles

/// Issue 56: progress across sessions under attack.
@Suite("progress hardening (issue 56)")
struct ProgressHardeningTests {
    @Test(
        "a date is a day the month has: 2026-02-31 and 2026-02-29 are none, 2024-02-29 and 2000-02-29 are",
        arguments: [
            ("2026-02-31", false), ("2026-04-31", false), ("2026-02-29", false), ("1900-02-29", false), ("2026-13-01", false),
            ("2026-00-10", false),
            ("2024-02-29", true), ("2000-02-29", true), ("2026-01-31", true), ("2026-12-31", true),
        ])
    func calendarDates(_ text: String, _ valid: Bool) {
        #expect(ProgressSession.isDate(text) == valid, "\(text)")
    }

    @Test("labels that a spreadsheet would run (=HYPERLINK(…), +1+2, @SUM(1), -2+3) reach --format csv as text, never as formulas")
    func csvFormulaInjection() throws {
        let squat = try shipped("squat")
        let labels = ["=HYPERLINK(\"http://x\",\"a\")", "+1+2", "@SUM(1)", "-2+3"]
        let sessions = try labels.enumerated().map { k, label in
            try progressSession(variedSquats(depth: 0.6, seed: UInt64(40 + k)), squat, label: label, overrides: ["minDrop=0.15"])
        }
        let csv = try ProgressReport(sessions: sessions, profile: squat).csv()
        let cells = csv.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        // Column 5 is the label (the HYPERLINK one is quoted, having commas: its first cell starts with "'=).
        for row in cells {
            let label = row[4]
            #expect(!["=", "+", "-", "@"].contains(where: { label.hasPrefix($0) }) && !label.hasPrefix("\"="), "\(row)")
        }
        #expect(
            csv.contains(",'+1+2,") && csv.contains(",'@SUM(1),") && csv.contains(",'-2+3,")
                && csv.contains(",\"'=HYPERLINK(\"\"http://x\"\""), "\(csv.prefix(600))")
        #expect(csvTextCell("week 3") == "week 3" && csvTextCell("a,b") == "\"a,b\"")
    }

    @Test("a result whose profile.id is a path is refused naming the field: progress never opens the file it names")
    func profileIDIsNoPath() throws {
        let squat = try shipped("squat")
        let clip = variedSquats(depth: 0.6, seed: 5)
        let input = ClipInput(
            sidecar: clip, provenance: .init(role: "sidecar", path: "x.json", sha256: SHA256.hex(clip.encoded()), frames: clip.frameCount))
        let json = try AssessmentReport(clip: input, profile: squat, parameters: try squat.parameterValues(overriding: []), source: "test")
            .json()
        #expect(try ProgressSession(resultJSON: Data(json.utf8), file: "ok.json", label: "ok").profileID == "squat")
        for path in ["/etc/passwd", "../elsewhere/squat.json", "squat.json"] {
            let planted = json.replacingOccurrences(of: #""id": "squat""#, with: "\"id\": \"\(path)\"")
            #expect(planted != json)
            let error = #expect(throws: KinetixError.self) {
                try ProgressSession(resultJSON: Data(planted.utf8), file: "planted.json", label: "p")
            }
            #expect(
                error?.kind == .invalidData && error?.description.contains("planted.json") == true
                    && error?.description.contains("profile.id") == true
                    && error?.description.contains("is not a profile id") == true, "\(String(describing: error))")
        }
    }
}
