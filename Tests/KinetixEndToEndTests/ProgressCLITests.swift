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
            let result = try Kinetix.run([
                "synth", "--motion", "squat", "--view", "side", "--depth", "\(depth)", "--rep-variation", "0.05",
                "--duration", "15", "--seed", "7", "--output", file,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            return file
        }
    }

    @Test(
        "deeper squats week by week: sessions in date order, each change improved beyond the MDC, assessment JSON beside sidecars, CSV and an HTML page"
    )
    func deeperSquats() throws {
        let folder = try Kinetix.temporaryFolder()
        let files = try Self.squats([0.5, 0.65, 0.8], in: folder)
        // The last session as `assess --format json` output, the others as sidecars.
        let assessed = folder.appendingPathComponent("week9.assess.json").path
        #expect(
            try Kinetix.run([
                "assess", files[2], "--profile", "squat", "--param", "view=side", "--param", "minDrop=0.15", "--format", "json", "-o",
                assessed,
            ]).status == 0)
        // Given out of order: the dates put them in order.
        let html = folder.appendingPathComponent("progress.html").path
        let text = try Kinetix.run([
            "progress", assessed, files[0], files[1], "--profile", "squat", "--param", "view=side", "--param", "minDrop=0.15",
            "--dates", "2026-03-02,2026-01-05,2026-02-02", "--labels", "week 9,week 1,week 5", "--report", html,
        ])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("Progress: Squat form (profile squat 3.0.0), 3 sessions, baseline 'week 1'"), "\(text.stdout)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let flexion = try #require(lines.firstIndex { $0.hasPrefix("peakKneeFlexion (deg), higher is better") })
        #expect(lines[flexion + 2].contains("week 1 (2026-01-05)") && lines[flexion + 2].hasSuffix("baseline"))
        #expect(lines[flexion + 3].contains("week 5 (2026-02-02)") && lines[flexion + 3].hasSuffix("improved"))
        #expect(lines[flexion + 4].contains("week 9 (2026-03-02)") && lines[flexion + 4].hasSuffix("improved"))
        #expect(lines[flexion + 5].contains("trend: higher at every session") && lines[flexion + 5].hasSuffix("beyond the noise: improved"))
        #expect(text.stdout.contains("noise: rep measures: the session's mean over its reps, SEM = rep-to-rep SD / √reps"))
        #expect(text.stdout.contains("\nlatest: week 9: improved: depth, depthRatio, peakKneeFlexion, minKneeAngle"), "what changed, first")
        // The page: one chart per measure, the baseline's MDC band, a point per session.
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("peakKneeFlexion") && page.contains("class=\"mdc\""))
        #expect(page.components(separatedBy: "class=\"session\"").count - 1 >= 3 * 5)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left.count == 5, "three sidecars, the assessment and the page; no temporary file: \(left)")

        let csv = try Kinetix.run([
            "progress", files[0], files[1], "--profile", "squat", "--param", "view=side", "--param", "minDrop=0.15", "--format", "csv",
        ])
        let rows = csv.stdout.split(separator: "\n")
        #expect(rows[0] == "measure,kind,unit,session,label,date,value,sem,count,change,mdc95,verdict,weakerSide,note")
        #expect(rows.contains { $0.hasPrefix("peakKneeFlexion,rep,deg,2,squat-0.65,,") && $0.hasSuffix(",improved,,") })
        let json = try Kinetix.run([
            "progress", files[0], files[1], "--profile", "squat", "--param", "view=side", "--param", "minDrop=0.15", "--format", "json",
            "--baseline", "squat-0.65",
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "progress" && object["baseline"] as? Int == 1)
        let measures = try #require(object["measures"] as? [[String: Any]])
        let peak = try #require(measures.first { $0["name"] as? String == "peakKneeFlexion" }?["sessions"] as? [[String: Any]])
        #expect(
            peak[0]["verdict"] as? String == "worse" && peak[1]["verdict"] as? String == "baseline", "measured from week 5, week 1 is worse"
        )
    }

    @Test(
        "issue 55: sessions assessed with other parameter values are flagged and judged 'cannot tell'; the headline counts what it could not judge, and a void session is called void"
    )
    func parametersAndHeadline() throws {
        let folder = try Kinetix.temporaryFolder()
        let files = try Self.squats([0.5, 0.65], in: folder)
        let a = folder.appendingPathComponent("a.assess.json").path
        let b = folder.appendingPathComponent("b.assess.json").path
        #expect(
            try Kinetix.run(["assess", files[0], "--profile", "squat", "--param", "view=side", "--format", "json", "-o", a]).status == 0)
        #expect(
            try Kinetix.run([
                "assess", files[1], "--profile", "squat", "--param", "view=side", "--param", "valgusLimit=15", "--format", "json", "-o", b,
            ]).status == 0)
        let flagged = try Kinetix.run(["progress", a, b, "--profile", "squat"])
        // Before: compared, and called "improved" with no word of the setting.
        #expect(
            flagged.status == 0 && flagged.stdout.contains("other parameter values") && flagged.stdout.contains("valgusLimit=15"),
            "\(flagged.stdout)\(flagged.stderr)")
        let latest = flagged.stdout.split(separator: "\n").first { $0.hasPrefix("latest: ") }.map(String.init) ?? ""
        #expect(!latest.contains("improved") && latest.contains("cannot tell"), "\(latest)")
        // A void session (a face clip among squats) is said to be void, not "nothing changed".
        let text = try Kinetix.run([
            "progress", files[0], files[1], "Sidecars/face-weak-left.json", "--profile", "squat", "--param", "view=side",
        ])
        let voidLine = text.stdout.split(separator: "\n").first { $0.hasPrefix("latest: ") }.map(String.init) ?? ""
        #expect(
            voidLine.contains("void") && voidLine.contains("nothing could be judged") && !voidLine.contains("nothing changed"),
            "\(voidLine)")
    }

    @Test(
        "refusals: one clip twice and another profile version (65); bad dates, a bad baseline, one session, a sidecar without a profile (64)"
    )
    func refusals() throws {
        let folder = try Kinetix.temporaryFolder()
        let files = try Self.squats([0.5, 0.65], in: folder)
        let twice = try Kinetix.run(["progress", files[0], files[0], "--profile", "squat"])
        #expect(
            twice.status == 65 && twice.stderr.contains("are the same clip") && twice.stderr.contains("a session given twice"),
            "\(twice.stderr)")

        var text = try String(contentsOf: Kinetix.packageRoot.appendingPathComponent("Profiles/squat.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"version\": \"3.0.0\"", with: "\"version\": \"3.1.0\"")
        let newer = folder.appendingPathComponent("squat-3.1.json").path
        try text.write(toFile: newer, atomically: true, encoding: .utf8)
        let assessed = folder.appendingPathComponent("new.assess.json").path
        #expect(try Kinetix.run(["assess", files[1], "--profile", newer, "--format", "json", "-o", assessed]).status == 0)
        let versions = try Kinetix.run(["progress", files[0], assessed, "--profile", "squat"])
        #expect(
            versions.status == 65 && versions.stderr.hasPrefix(assessed + ": profile: ") && versions.stderr.contains("3.1.0")
                && versions.stderr.contains("3.0.0"), "\(versions.stderr)")

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

    @Test(
        "a batch manifest with subject and date columns: the merge writes one progress table per subject, in date order, and says who could not be followed"
    )
    func batchSubjects() throws {
        let folder = try Kinetix.temporaryFolder()
        let files = try Self.squats([0.5, 0.65, 0.8], in: folder).map { URL(fileURLWithPath: $0).lastPathComponent }
        try Data("{\"broken\": ".utf8).write(to: folder.appendingPathComponent("broken.json"))
        let manifest = """
            id,clip,profile,view,minDrop,subject,date
            ann-w9,\(files[2]),squat,side,0.15,ann,2026-03-02
            ann-w1,\(files[0]),squat,side,0.15,ann,2026-01-05
            ann-w5,\(files[1]),squat,side,0.15,ann,2026-02-02
            cy-w1,\(files[0]),squat,side,0.15,cy,2026-01-06
            cy-w5,broken.json,squat,side,0.15,cy,2026-02-03
            other,\(files[1]),squat,side,0.15,,

            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("m.csv"))
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        #expect(try Kinetix.run(["batch", "plan", path("m.csv"), "-o", path("plan.json")]).status == 0)
        #expect(try Kinetix.run(["batch", "run", path("plan.json"), "--shard", "0", "--out", path("out")]).status == 0)
        let merge = try Kinetix.run(["batch", "merge", path("out"), "--plan", path("plan.json"), "-o", path("out/summary")])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(
            merge.stdout.contains("progress: 1 of 2 subjects followed → \(path("out/summary"))-progress/<subject>.txt"), "\(merge.stdout)")
        #expect(merge.stdout.contains("  cy: 1 session to follow (failed: cy-w5): progress needs two or more"), "\(merge.stdout)")
        let ann = try String(contentsOfFile: path("out/summary-progress/ann.txt"), encoding: .utf8)
        let lines = ann.split(separator: "\n")
        let flexion = try #require(lines.firstIndex { $0.hasPrefix("peakKneeFlexion (deg), higher is better") })
        #expect(
            lines[flexion + 2].contains("ann-w1 (2026-01-05)") && lines[flexion + 3].contains("ann-w5 (2026-02-02)")
                && lines[flexion + 4].contains("ann-w9 (2026-03-02)"))
        #expect(lines[flexion + 4].hasSuffix("improved"))
        // The same table as `kinetix progress` on the rows' results.
        let direct = try Kinetix.run([
            "progress", path("out/results/ann-w9.json"), path("out/results/ann-w1.json"), path("out/results/ann-w5.json"),
            "--dates", "2026-03-02,2026-01-05,2026-02-02", "--labels", "ann-w9,ann-w1,ann-w5",
        ])
        #expect(direct.status == 0 && direct.stdout == ann, "\(direct.stderr)")
        for name in ["ann.csv", "ann.json", "ann.html"] {
            #expect(FileManager.default.fileExists(atPath: path("out/summary-progress/" + name)))
        }
        #expect(!FileManager.default.fileExists(atPath: path("out/summary-progress/cy.txt")))
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("out/summary.json")))) as? [String: Any])
        let progress = try #require(summary["progress"] as? [[String: Any]])
        #expect(progress.map { $0["subject"] as? String } == ["ann", "cy"])
        #expect(progress[0]["sessions"] as? [String] == ["ann-w1", "ann-w5", "ann-w9"])
        #expect((progress[0]["improved"] as? [String])?.contains("peakKneeFlexion") == true)
        #expect((progress[0]["files"] as? [String])?.first == "summary-progress/ann.txt")
        let index = try String(contentsOfFile: path("out/summary.html"), encoding: .utf8)
        #expect(index.contains("<a href=\"summary-progress/ann.html\">ann</a>"))

        // Bad subjects and dates are refused with their line.
        try Data("id,clip,profile,subject,date\na,\(files[0]),squat,../ann,2026-01-05\nb,\(files[1]),squat,ann,2026-02-30x\n".utf8).write(
            to: folder.appendingPathComponent("bad.csv"))
        let bad = try Kinetix.run(["batch", "plan", path("bad.csv"), "-o", path("bad.json")])
        #expect(
            bad.status == 65 && bad.stderr.contains("bad.csv: line 2: subject '../ann' starts with '.'")
                && bad.stderr.contains("bad.csv: line 3: date '2026-02-30x' is not a date"), "\(bad.stderr)")
    }

    /// The bundled learner's clip made again with its right arm `fault`° low for 0.2–6 s.
    static func learner(fault: Int, seed: Int, in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("learner-\(fault).json").path
        var arguments = [
            "synth", "--motion", "routine", "--duration", "12", "--delay", "0.4", "--mirror-motion", "--body-height", "1.62",
            "--distance", "2.4", "--seed", "\(seed)", "-o", file,
        ]
        if fault > 0 { arguments += ["--fault", "rightShoulder:-\(fault)@0.2-6"] }
        #expect(try Kinetix.run(arguments).status == 0)
        return file
    }

    @Test(
        "a learner copying the bundled demonstrator over three weeks, from compare's JSON and from a pair manifest's subject: the right arm's error improves"
    )
    func comparisons() throws {
        let folder = try Kinetix.temporaryFolder()
        let demonstrator = Kinetix.packageRoot.appendingPathComponent("Sidecars/demonstrator.json").path
        var results: [String] = []
        for (k, fault) in [50, 30, 0].enumerated() {
            let learner = try Self.learner(fault: fault, seed: 2 + k, in: folder)
            let result = folder.appendingPathComponent("week\(k + 1).compare.json").path
            #expect(try Kinetix.run(["compare", demonstrator, learner, "--format", "json", "-o", result]).status == 0)
            results.append(result)
        }
        let text = try Kinetix.run(["progress"] + results + ["--labels", "week 1,week 2,week 3"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout.hasPrefix("Progress: Copy the demonstrator (no profile: compare's own settings), 3 sessions, baseline 'week 1'"),
            "\(text.stdout)")
        let lines = text.stdout.split(separator: "\n")
        let shoulder = try #require(lines.firstIndex { $0.hasPrefix("rightShoulder error (deg), lower is better") })
        #expect(
            lines[shoulder + 1].contains("blocks") && lines[shoulder + 3].hasSuffix("improved")
                && lines[shoulder + 4].hasSuffix("improved"), "\(lines[shoulder...(shoulder + 5)])")
        // A sidecar among comparisons is refused: a pair is not one clip.
        let mixed = try Kinetix.run(["progress", results[0], demonstrator, "--profile", "squat"])
        #expect(mixed.status != 0, "\(mixed.stdout)")

        // The same sessions as rows of a pair manifest with a subject.
        let names = ["learner-50.json", "learner-30.json", "learner-0.json"]
        let manifest =
            "id,demonstrator,learner,subject,date\n"
            + names.enumerated().map { k, name in "eve-w\(k + 1),\(demonstrator),\(name),eve,2026-0\(k + 1)-01" }.joined(separator: "\n")
            + "\n"
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("pairs.csv"))
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        #expect(try Kinetix.run(["batch", "plan", path("pairs.csv"), "-o", path("plan.json")]).status == 0)
        #expect(try Kinetix.run(["batch", "run", path("plan.json"), "--shard", "0", "--out", path("out")]).status == 0)
        let merge = try Kinetix.run(["batch", "merge", path("out"), "--plan", path("plan.json"), "-o", path("out/summary")])
        #expect(merge.status == 0 && merge.stdout.contains("progress: 1 of 1 subject followed"), "\(merge.stdout) \(merge.stderr)")
        let eve = try String(contentsOfFile: path("out/summary-progress/eve.txt"), encoding: .utf8)
        #expect(eve.contains("eve-w3 (2026-03-01)") && eve.contains("rightShoulder error (deg), lower is better"), "\(eve)")
    }

    @Test("results re-saved by another tool, keys sorted or a byte order mark in front, are still read as results, not refused as sidecars")
    func resavedResults() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Self.squats([0.5, 0.8], in: folder)
        var results: [String] = []
        for (k, file) in files.enumerated() {
            let assessed = folder.appendingPathComponent("week\(k).json").path
            #expect(
                try Kinetix.run([
                    "assess", file, "--profile", "squat", "--param", "view=side", "--param", "minDrop=0.15", "--format", "json", "-o",
                    assessed,
                ]).status == 0)
            results.append(assessed)
        }
        let sorted = try JSONSerialization.data(
            withJSONObject: try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results[0]))),
            options: [.sortedKeys])
        #expect(!String(decoding: sorted.prefix(20), as: UTF8.self).contains("\"kind\""), "kind is no longer first")
        try sorted.write(to: URL(fileURLWithPath: results[0]))
        try (Data([0xEF, 0xBB, 0xBF]) + Data(contentsOf: URL(fileURLWithPath: results[1]))).write(to: URL(fileURLWithPath: results[1]))
        let run = try Kinetix.run(["progress", results[0], results[1], "--labels", "before,after"])
        #expect(run.status == 0 && run.stdout.contains("2 sessions"), "\(run.status) \(run.stderr)")
    }
}
