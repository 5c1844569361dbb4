import Foundation
import Testing
import _KinetixCLITestSupport

/// `kinetix progress` as a physiotherapist runs it: a patient's squat sessions over weeks.
@Suite("kinetix progress", .serialized)
struct ProgressCLITests {
    /// Side-view squats of the given depths (15 s, six reps each, 5 % rep-to-rep variation).
    static func squats(_ depths: [Double], in folder: URL) throws -> [String] {
        try depths.map { depth in
            let file = folder.appendingPathComponent("squat-\(depth).json").path
            let result = try Kinetix.run(["synth", "--motion", "squat", "--view", "side", "--depth", "\(depth)", "--rep-variation", "0.05",
                                          "--duration", "15", "--seed", "7", "--output", file])
            #expect(result.status == 0, "\(result.stderr)")
            return file
        }
    }

    @Test("deeper squats week by week: sessions in date order, each change improved beyond the MDC, assessment JSON beside sidecars, CSV and an HTML page")
    func deeperSquats() throws {
        let folder = try Kinetix.temporaryFolder()
        let files = try Self.squats([0.5, 0.65, 0.8], in: folder)
        // The last session as `assess --format json` output, the others as sidecars.
        let assessed = folder.appendingPathComponent("week9.assess.json").path
        #expect(try Kinetix.run(["assess", files[2], "--profile", "squat", "--param", "view=side", "--format", "json", "-o", assessed]).status == 0)
        // Given out of order: the dates put them in order.
        let html = folder.appendingPathComponent("progress.html").path
        let text = try Kinetix.run(["progress", assessed, files[0], files[1], "--profile", "squat", "--param", "view=side",
                                    "--dates", "2026-03-02,2026-01-05,2026-02-02", "--labels", "week 9,week 1,week 5", "--report", html])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("Progress: Squat form (profile squat 2.0.0), 3 sessions, baseline 'week 1'"), "\(text.stdout)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let flexion = try #require(lines.firstIndex { $0.hasPrefix("peakKneeFlexion (deg), higher is better") })
        #expect(lines[flexion + 2].contains("week 1 (2026-01-05)") && lines[flexion + 2].hasSuffix("baseline"))
        #expect(lines[flexion + 3].contains("week 5 (2026-02-02)") && lines[flexion + 3].hasSuffix("improved"))
        #expect(lines[flexion + 4].contains("week 9 (2026-03-02)") && lines[flexion + 4].hasSuffix("improved"))
        #expect(lines[flexion + 5].contains("trend: higher at every session") && lines[flexion + 5].hasSuffix("beyond the noise: improved"))
        #expect(text.stdout.contains("noise: rep measures: the session's mean over its reps, SEM = rep-to-rep SD / √reps"))
        // The page: one chart per measure, the baseline's MDC band, a point per session.
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("peakKneeFlexion") && page.contains("class=\"mdc\""))
        #expect(page.components(separatedBy: "class=\"session\"").count - 1 >= 3 * 5)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left.count == 5, "three sidecars, the assessment and the page; no temporary file: \(left)")

        let csv = try Kinetix.run(["progress", files[0], files[1], "--profile", "squat", "--param", "view=side", "--format", "csv"])
        let rows = csv.stdout.split(separator: "\n")
        #expect(rows[0] == "measure,kind,unit,session,label,date,value,sem,count,change,mdc95,verdict,weakerSide,note")
        #expect(rows.contains { $0.hasPrefix("peakKneeFlexion,rep,deg,2,squat-0.65,,") && $0.hasSuffix(",improved,,") })
        let json = try Kinetix.run(["progress", files[0], files[1], "--profile", "squat", "--param", "view=side", "--format", "json", "--baseline", "squat-0.65"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "progress" && object["baseline"] as? Int == 1)
        let measures = try #require(object["measures"] as? [[String: Any]])
        let peak = try #require(measures.first { $0["name"] as? String == "peakKneeFlexion" }?["sessions"] as? [[String: Any]])
        #expect(peak[0]["verdict"] as? String == "worse" && peak[1]["verdict"] as? String == "baseline", "measured from week 5, week 1 is worse")
    }

    @Test("refusals: one clip twice and another profile version (65); bad dates, a bad baseline, one session, a sidecar without a profile (64)")
    func refusals() throws {
        let folder = try Kinetix.temporaryFolder()
        let files = try Self.squats([0.5, 0.65], in: folder)
        let twice = try Kinetix.run(["progress", files[0], files[0], "--profile", "squat"])
        #expect(twice.status == 65 && twice.stderr.contains("are the same clip") && twice.stderr.contains("a session given twice"), "\(twice.stderr)")

        var text = try String(contentsOf: Kinetix.packageRoot.appendingPathComponent("Profiles/squat.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"version\": \"2.0.0\"", with: "\"version\": \"2.1.0\"")
        let newer = folder.appendingPathComponent("squat-2.1.json").path
        try text.write(toFile: newer, atomically: true, encoding: .utf8)
        let assessed = folder.appendingPathComponent("new.assess.json").path
        #expect(try Kinetix.run(["assess", files[1], "--profile", newer, "--format", "json", "-o", assessed]).status == 0)
        let versions = try Kinetix.run(["progress", files[0], assessed, "--profile", "squat"])
        #expect(versions.status == 65 && versions.stderr.hasPrefix(assessed + ": profile: ") && versions.stderr.contains("2.1.0") && versions.stderr.contains("2.0.0"), "\(versions.stderr)")

        for (arguments, message) in [
            (["--profile", "squat", "--dates", "2026-01-05,2026-13-01"], "--dates: '2026-13-01' is not a date (YYYY-MM-DD)"),
            (["--profile", "squat", "--dates", "2026-01-05"], "--dates needs one entry per session (2), comma-separated; found 1"),
            (["--profile", "squat", "--baseline", "3"], "--baseline: '3' is neither a session's label nor 1 to 2"),
            ([], "is a sidecar: give --profile"),
        ] {
            let result = try Kinetix.run(["progress"] + files + arguments)
            #expect(result.status == 64 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let one = try Kinetix.run(["progress", files[0], "--profile", "squat"])
        #expect(one.status == 64 && one.stderr.contains("give at least two sessions"))
        // An output path that is an input is refused, and the input is left as it was.
        let before = try Data(contentsOf: URL(fileURLWithPath: files[0]))
        let overwrite = try Kinetix.run(["progress"] + files + ["--profile", "squat", "-o", files[0]])
        let after = try Data(contentsOf: URL(fileURLWithPath: files[0]))
        #expect(overwrite.status != 0 && after == before, "\(overwrite.stderr)")
    }
}
