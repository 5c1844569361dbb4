import Foundation
import KinetixCore
import Testing
import _KinetixCLITestSupport

@Suite("kinetix assess and profile", .serialized)
struct AssessCLITests {
    @Test("profile list shows id, version, kind, title and tags")
    func list() throws {
        let result = try Kinetix.run(["profile", "list"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines[0].hasPrefix("id") && lines[0].contains("version") && lines[0].contains("tags"))
        #expect(
            lines.contains {
                $0.hasPrefix("squat ") && $0.contains("3.0.0") && $0.contains("Squat form") && $0.hasSuffix("shipped:squat.json")
            })
        #expect(lines.contains { $0.hasPrefix("facial-symmetry ") && $0.contains("seated-friendly") })
        #expect(lines.contains { $0.hasPrefix("copy-demonstrator ") })
    }

    @Test("profile show and lint")
    func showAndLint() throws {
        let show = try Kinetix.run(["profile", "show", "squat"])
        #expect(show.status == 0)
        #expect(show.stdout.contains("PARAMETERS") && show.stdout.contains("valgusLimit = 10"))
        let lint = try Kinetix.run(["profile", "lint", "Profiles/squat.json", "Profiles/facial-symmetry.json"])
        #expect(lint.status == 0 && lint.stdout.contains("Profiles/squat.json: OK"))
        let folder = try Kinetix.temporaryFolder()
        let bad = folder.appendingPathComponent("squat.json").path
        var text = try String(contentsOf: Kinetix.packageRoot.appendingPathComponent("Profiles/squat.json"), encoding: .utf8)
        text = text.replacingOccurrences(
            of: "y(midpoint(leftHip, rightHip)) - min(y(leftKnee), y(rightKnee)))\"",
            with: "y(midpoint(leftHip, rightHip)) - min(y(leftKnees), y(rightKnee)))\"")
        try text.write(toFile: bad, atomically: true, encoding: .utf8)
        let failed = try Kinetix.run(["profile", "lint", bad])
        #expect(failed.status == 65)
        #expect(failed.stderr == "\(bad): metrics.depth: column 59: unknown joint 'leftKnees' (did you mean 'leftKnee'?)\n")
    }

    @Test("assess squat: reps and findings in text and JSON")
    func squat() throws {
        let text = try Kinetix.run(["assess", "Sidecars/squat-front.json", "--profile", "squat"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("reps          4"))
        #expect(text.stdout.contains("Left knee caves in"))
        let json = try Kinetix.run(["assess", "Sidecars/squat-front.json", "--profile", "squat", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["profile"] as! [String: Any])["id"] as? String == "squat")
        #expect((object["profile"] as! [String: Any])["version"] as? String == "3.0.0")
        #expect(object["status"] as? String == "ok" && object["voidReason"] is NSNull)
        #expect((object["parameters"] as! [String: Any])["valgusLimit"] as? Double == 10)
        let reps = object["reps"] as! [[String: Any]]
        #expect(
            reps.count == 4 && reps[0]["start"] is Double && (reps[0]["values"] as? [String: Any])?["peakValgusLeft"] is Double
                && reps[0]["confidence"] is Double)
        let findings = object["findings"] as! [[String: Any]]
        #expect(
            findings.contains {
                $0["rule"] as? String == "kneeValgusLeft" && $0["cue"] as? String == "Push your knees out"
                    && $0["severity"] as? String == "warning"
            })
        let provenance = object["provenance"] as! [String: Any]
        let sha = ((provenance["inputs"] as! [String: Any])["sidecar"] as! [String: Any])["sha256"] as? String
        #expect(sha == SHA256.hex(try Data(contentsOf: Kinetix.packageRoot.appendingPathComponent("Sidecars/squat-front.json"))))
    }

    @Test("a copied profile with a changed threshold and cue changes the output, no Swift change")
    func authoring() throws {
        let folder = try Kinetix.temporaryFolder()
        let copy = folder.appendingPathComponent("my-squat.json").path
        var text = try String(contentsOf: Kinetix.packageRoot.appendingPathComponent("Profiles/squat.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"id\": \"squat\"", with: "\"id\": \"my-squat\"")
            .replacingOccurrences(of: "\"Push your knees out\"", with: "\"Knees over toes\"")
            .replacingOccurrences(
                of: "\"valgusLimit\": {\"type\": \"number\", \"default\": 10",
                with: "\"valgusLimit\": {\"type\": \"number\", \"default\": 15")
        try text.write(toFile: copy, atomically: true, encoding: .utf8)
        let result = try Kinetix.run(["assess", "Sidecars/squat-front.json", "--profile", copy, "--cues"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Knees over toes") && !result.stdout.contains("Push your knees out"))
        // One cue at a time: the left and right knee rules share a cue and merge.
        let lines = result.stdout.split(separator: "\n")
        let spans = lines.map { line -> (Double, Double) in
            let times = line.split(separator: "s")[0].split(separator: "–").map { Double($0.trimmingCharacters(in: .whitespaces))! }
            return (times[0], times[1])
        }
        for (a, b) in zip(spans, spans.dropFirst()) { #expect(a.1 <= b.0 + 1e-9, "\(lines)") }
        let strict = try Kinetix.run(["assess", "Sidecars/squat-front.json", "--profile", copy, "--param", "valgusLimit=40", "--cues"])
        #expect(!strict.stdout.contains("Knees over toes"))
    }

    @Test("assess facial symmetry on the bundled face names the left side")
    func face() throws {
        let json = try Kinetix.run(["assess", "Sidecars/face-weak-left.json", "--profile", "facial-symmetry", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["weakerSide"] as? String == "left")
        let deviation = object["deviationPercent"] as! [String: Double]
        #expect(Set(deviation.keys) == ["brow", "eyeClosure", "mouthCorner", "mouthElevation"])
        #expect(deviation["mouthCorner"]! > 40)
    }

    @Test("void results say why")
    func void() throws {
        let result = try Kinetix.run(["assess", "Sidecars/squat-side.json", "--profile", "squat", "--param", "view=front"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("VOID: the camera sees the subject from the side"))
        let json = try Kinetix.run([
            "assess", "Sidecars/squat-side.json", "--profile", "squat", "--param", "view=front", "--format", "json",
        ])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(object["status"] as? String == "void" && (object["voidReason"] as? String)?.contains("frontal view") == true)
    }

    @Test("compare --profile copy-demonstrator uses the profile's settings and parameters")
    func compareProfile() throws {
        let pair = ["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json", "--format", "json"]
        let json = try Kinetix.run(pair + ["--profile", "copy-demonstrator", "--param", "tolerance=12"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let parameters = object["parameters"] as! [String: Any]
        #expect(parameters["toleranceDegrees"] as? Double == 12)
        #expect((parameters["weights"] as! [String: Double])["neck"] == 0.5)
        let profile = (object["provenance"] as! [String: Any])["profile"] as! [String: Any]
        #expect(profile["id"] as? String == "copy-demonstrator")
        #expect(((object["summary"] as! [String: Any])["worstLimb"]) as? String == "rightShoulder")
        let sideBySide = try Kinetix.run(pair + ["--profile", "copy-demonstrator", "--param", "facing=false"])
        let unmirrored = try JSONSerialization.jsonObject(with: Data(sideBySide.stdout.utf8)) as! [String: Any]
        #expect((unmirrored["parameters"] as! [String: Any])["mirror"] as? Bool == false)
    }

    @Test(
        "profile errors: unknown profile 66, bad parameter 64, wrong kind 64",
        arguments: [
            (["assess", "Sidecars/squat-front.json", "--profile", "squats"], 66, "Error: no profile 'squats' (did you mean 'squat'?)"),
            (
                ["assess", "Sidecars/squat-front.json", "--profile", "squat", "--param", "valgusLimit=high"], 64,
                "Error: parameter 'valgusLimit': expected a number, got 'high' [--param valgusLimit=…]"
            ),
            (
                ["assess", "Sidecars/squat-front.json", "--profile", "squat", "--param", "depth=1"], 64,
                "Error: profile 'squat' has no parameter 'depth'"
            ),
            (
                ["assess", "Sidecars/squat-front.json", "--profile", "copy-demonstrator"], 64,
                "Error: profile 'copy-demonstrator' compares two people"
            ),
            (
                ["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json", "--profile", "squat"], 64,
                "Error: profile 'squat' is a body profile"
            ),
            (["assess", "Sidecars/squat-front.json"], 64, "Error: missing --profile"),
            (["profile", "lnt"], 64, "Error: unknown action 'lnt' (did you mean 'lint'?)"),
        ])
    func errors(_ arguments: [String], _ status: Int32, _ prefix: String) throws {
        let result = try Kinetix.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)")
    }
}
