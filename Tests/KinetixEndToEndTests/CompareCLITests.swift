import Foundation
import KinetixCore
import Testing
import _KinetixCLITestSupport
import _KinetixTestSupport

@Suite("kinetix compare", .serialized)
struct CompareCLITests {
    let pair = ["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json"]

    @Test("the text report names the lag, the worst limb and where form breaks")
    func text() throws {
        let result = try Kinetix.run(pair)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("lag           learner 0.40 s (12 frames) behind"))
        #expect(result.stdout.contains("worst limb    right shoulder"))
        #expect(result.stdout.contains("form breaks   at "))
        #expect(
            result.stdout.contains("right shoulder") && result.stdout.contains("← worst") && !result.stdout.contains("rightShoulder"),
            "limbs in words people read")
    }

    @Test("a clip compared with itself names no worst limb: every error is 0° (issue 37)")
    func noWorstLimbWhenExact() throws {
        let result = try Kinetix.run(["compare", "Sidecars/demonstrator.json", "Sidecars/demonstrator.json", "--no-mirror"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("worst limb    none: every limb matches exactly"))
        #expect(!result.stdout.contains("← worst"))
        let json = try Kinetix.run([
            "compare", "Sidecars/demonstrator.json", "Sidecars/demonstrator.json", "--no-mirror", "--format", "json",
        ])
        #expect(json.stdout.contains("\"worstLimb\": null"))
    }

    @Test("--at past either end of the clip shows the nearest end and says so (issue 37)")
    func atClamps() throws {
        let after = try Kinetix.run(pair + ["--at", "99"])
        #expect(after.status == 0)
        #expect(
            after.stdout.hasPrefix(
                "asked for 99.000 s, after the learner's clip (0.000–12.000 s): its last frame is shown\nlearner     12.000 s"))
        let before = try Kinetix.run(pair + ["--at", "-3"])
        #expect(before.stdout.hasPrefix("asked for -3.000 s, before the learner's clip (0.000–12.000 s): its first frame is shown\n"))
        let inside = try Kinetix.run(pair + ["--at", "5"])
        #expect(inside.stdout.hasPrefix("learner     5.000 s"), "a time inside the clip has no note")
    }

    @Test("JSON carries the documented fields and provenance")
    func json() throws {
        let result = try Kinetix.run(pair + ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let summary = object["summary"] as! [String: Any]
        #expect(summary["medianLagSeconds"] as? Double == 0.4)
        #expect(summary["worstLimb"] as? String == "rightShoulder")
        #expect(summary["scoredFrames"] as? Int == 349 && summary["unscoredFrames"] as? Int == 12)
        let limbs = summary["limbs"] as! [String: [String: Any]]
        #expect(Set(limbs.keys) == Set(Limb.allCases.map(\.name)))
        #expect(limbs["rightShoulder"]!["meanErrorDegrees"] is Double)
        let frames = object["frames"] as! [[String: Any]]
        #expect(frames.count == 361)
        #expect(frames[0]["lagSeconds"] is NSNull, "the first frame has no demonstrator history: unscored")
        #expect(frames[100]["lagSeconds"] as? Double == 0.4)
        #expect((frames[100]["errors"] as! [String: Any]).count == 9)
        let provenance = object["provenance"] as! [String: Any]
        #expect(provenance["engineVersion"] as? String == KinetixVersion.current)
        let inputs = provenance["inputs"] as! [String: [String: Any]]
        let bytes = try Data(contentsOf: Kinetix.packageRoot.appendingPathComponent("Sidecars/learner.json"))
        #expect(inputs["learner"]!["sha256"] as? String == SHA256.hex(bytes))
        let parameters = object["parameters"] as! [String: Any]
        #expect(parameters["mirror"] as? Bool == true && parameters["maxLagSeconds"] as? Double == 1)
        #expect(parameters["lagWindowSeconds"] as? Double == 5 && parameters["kernel"] as? String == "simd")
        #expect(frames[100]["bestMatchLagSeconds"] is Double)
    }

    @Test("CSV: one row per learner frame, empty fields when unscored")
    func csv() throws {
        let lines = try Kinetix.run(pair + ["--format", "csv"]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines[0]
                == "frame,t,gridT,lagSeconds,distanceDegrees,worstLimb,ahead,leftElbow,rightElbow,leftShoulder,rightShoulder,leftHip,rightHip,leftKnee,rightKnee,neck"
        )
        #expect(lines.count == 361 + 2)
        #expect(lines[1] == "0,0,0,,,,0,,,,,,,,,")
        #expect(lines[101].hasPrefix("100,3.333333,3.333333,0.4,"), "row i is the learner's frame i at its own time")
    }

    @Test("learner cues are words only; --at shows both clips at one moment")
    func cuesAndScrub() throws {
        let cues = try Kinetix.run(pair + ["--learner-cues"]).stdout
        #expect(cues.contains("Raise your right arm higher"))
        let words = cues.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 3).last! }
        #expect(words.allSatisfy { !$0.contains { $0.isNumber } })
        let moment = try Kinetix.run(pair + ["--at", "1.5"]).stdout
        #expect(moment.contains("learner     1.500 s"))
        #expect(moment.contains("demonstrator 1.100 s"))
        #expect(moment.contains("cue on the learner's screen: Raise your right arm higher"))
    }

    @Test("--no-mirror on a facing pair gives large errors; the kernels agree")
    func options() throws {
        let mirrored = try Kinetix.run(pair + ["--format", "json"]).stdout
        let unmirrored = try Kinetix.run(pair + ["--format", "json", "--no-mirror"]).stdout
        func within(_ text: String) throws -> Double {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
            return (object["summary"] as! [String: Any])["withinTolerancePercent"] as! Double
        }
        let facing = try within(mirrored)
        let sideBySide = try within(unmirrored)
        #expect(sideBySide < facing - 20)
        let outputs = try ["scalar", "simd", "blas"].map { try Kinetix.run(pair + ["--format", "csv", "--kernel", $0]).stdout }
        #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
    }

    @Test(
        "bad usage and bad input",
        arguments: [
            (["compare", "Sidecars/demonstrator.json"], 64, "Error: missing <learner>"),
            (
                ["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json", "--kernel", "gpu"], 64,
                "Error: '--kernel' must be one of automatic, scalar, simd, blas, got 'gpu'"
            ),
            (
                ["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json", "--learner-cues", "--at", "2"], 64,
                "Error: --learner-cues and --at show different things"
            ),
            (["compare", "Sidecars/demonstrator.json", "nope.json"], 66, "nope.json: no such file"),
        ])
    func errors(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try Kinetix.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }
}

@Suite("Results per video frame")
struct VideoFrameTests {
    @Test("frames[i] is the learner's video frame i with its own t, on a clip whose frames are not on the grid")
    func irregular() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The learner at 29.97 fps with millisecond timestamps and two dropped frames: 85 frames.
        let learner = Synth.sidecar(
            {
                var o = BundledClips.learner
                o.durationSeconds = 3
                o.frameRate = 29.97
                return o
            }())
        var clip = learner.selecting(frames: (0..<learner.frameCount).filter { $0 != 20 && $0 != 50 })
        clip.times = clip.times.map { ($0 * 1000).rounded() / 1000 }
        let path = folder.appendingPathComponent("learner.json").path
        try clip.encoded().write(to: URL(fileURLWithPath: path))
        let result = try Kinetix.run(["compare", "Sidecars/demonstrator.json", path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let frames = object["frames"] as! [[String: Any]]
        #expect(frames.count == clip.frameCount)
        for (i, frame) in frames.enumerated() {
            #expect(frame["frame"] as? Int == i && abs((frame["t"] as! Double) - clip.times[i]) < 1e-6, "frame \(i)")
            #expect(abs((frame["gridT"] as! Double) - clip.times[i]) <= 0.5 / 29.97 + 1e-9, "the nearest grid frame")
        }
        let parameters = object["parameters"] as! [String: Any]
        #expect(parameters["rate"] as? Double == 29.97, "the rate from a fit over all frames, not 1 / median interval")
        #expect((parameters["frameAlignment"] as? String)?.contains("nearest analysis-grid frame") == true)
    }
}
