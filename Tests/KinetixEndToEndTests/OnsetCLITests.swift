import Foundation
import KinetixCore
import Testing
import _KinetixCLITestSupport
import _KinetixTestSupport

@Suite("kinetix onset and compare --reaction", .serialized)
struct OnsetCLITests {
    @Test("onset --format json carries the method and every movement's documented fields")
    func onsetJSON() throws {
        let result = try Kinetix.run(["onset", "Sidecars/learner.json", "--format", "json", "--cues", "--detector", "extrapolation"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let method = try #require(object["method"] as? [String: Any])
        #expect(method["detector"] as? String == "extrapolation")
        #expect(method["flankLow"] as? Double == 0.25 && method["cutoffHertz"] as? Double == 6)
        #expect(method["speedNoiseDegreesPerSecond"] is Double)
        let movements = try #require(object["movements"] as? [[String: Any]])
        #expect(!movements.isEmpty)
        for m in movements {
            #expect(Set(m.keys) == ["onsetSeconds", "peakSeconds", "peakSpeedDegreesPerSecond", "endSeconds", "limb", "status"])
            #expect(Movement.Status(rawValue: m["status"] as? String ?? "") != nil)
        }
        let cues = try #require(object["cues"] as? [[String: Any]])
        #expect(cues.count == 5, "the bundled learner has five cue events")
        #expect(cues.allSatisfy { CueReaction.Status(rawValue: $0["status"] as? String ?? "") != nil })
        #expect((object["window"] as? [String: Any])?["cueDisplayOffsetCalibrated"] as? Bool == false)
    }

    @Test("compare --reaction finds the learner 0.4 s behind, as the lag search does")
    func reaction() throws {
        let result = try Kinetix.run(["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json", "--reaction", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let reaction = try #require(object["reaction"] as? [String: Any])
        let summary = try #require(reaction["summary"] as? [String: Any])
        let median = try #require(summary["medianLatencySeconds"] as? Double)
        #expect(abs(median - 0.4) <= 1.0 / 30, "the bundled learner is a 0.4 s delayed copy")
        let pairs = try #require(reaction["movements"] as? [[String: Any]])
        #expect(pairs.contains { $0["status"] as? String == "ok" && $0["trackingLagSeconds"] is Double })
        #expect((reaction["method"] as? [String: Any])?["detector"] as? String == "extrapolation")
        let text = try Kinetix.run(["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json", "--reaction"])
        #expect(
            text.stdout.contains("learner starts 0.39 s after the demonstrator")
                || text.stdout.contains("learner starts 0.40 s after the demonstrator"))
    }

    @Test("the bundled cue-response clip: every verdict right, reactions within two frames of the truth")
    func cueResponseClip() throws {
        let result = try Kinetix.run(["onset", "Sidecars/cue-response.json", "--cues", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let cues = try #require(object["cues"] as? [[String: Any]])
        #expect(cues.map { $0["status"] as? String } == ["ok", "ok", "ok", "falseStart", "noResponse", "ok"])
        // The synthesizer recorded the true onsets it drew (source.trueOnsets).
        let sidecar = try Sidecar.decode(Data(contentsOf: Kinetix.packageRoot.appendingPathComponent("Sidecars/cue-response.json")))
        let truth = try #require(sidecar.source["trueOnsets"]).split(separator: ",").map { Double($0) }
        #expect(truth.count == cues.count)
        for (cue, trueOnset) in zip(cues, truth) {
            guard let trueOnset, let onset = cue["onsetSeconds"] as? Double else {
                #expect(cue["status"] as? String == "noResponse")
                continue
            }
            #expect(abs(onset - trueOnset) <= 2.0 / 30, "found \(onset), true \(trueOnset)")
        }
    }

    @Test("bad onset settings are usage errors that name the flag")
    func badSettings() throws {
        let limb = try Kinetix.run(["onset", "Sidecars/learner.json", "--limbs", "leftElbw"])
        #expect(limb.status == 64)
        #expect(limb.stderr.contains("did you mean 'leftElbow'"))
        let window = try Kinetix.run(["onset", "Sidecars/learner.json", "--window", "2-1"])
        #expect(window.status == 64 && window.stderr.contains("--window"))
        let missing = try Kinetix.run(["onset", "Sidecars/nothing.json"])
        #expect(missing.status == 66)
    }
}

@Suite("kinetix assess with a challenge profile", .serialized)
struct ChallengeCLITests {
    @Test("the bundled Simon-says game: every cue judged, what was judged recorded, the score")
    func simonSays() throws {
        let text = try Kinetix.run(["assess", "Sidecars/simon-says.json", "--profile", "simon-says"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("score: 6 of 7 judged cues right"))
        #expect(text.stdout.contains("(no Simon says) leftArmOut: wrongly performed"))
        let json = try Kinetix.run(["assess", "Sidecars/simon-says.json", "--profile", "simon-says", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "challenge")
        let verdicts = try #require(object["verdicts"] as? [[String: Any]])
        #expect(
            verdicts.map { $0["outcome"] as? String } == [
                "performed", "performed", "correctlyWithheld", "performed",
                "wronglyPerformed", "correctlyWithheld", "performed",
            ])
        let judged = try #require(verdicts[0]["judged"] as? [String: Any])
        #expect(judged["actionVersion"] as? String == "1" && (judged["when"] as? String)?.contains("leftShoulder") == true)
        #expect((object["summary"] as? [String: Any])?["right"] as? Int == 6)
        let csv = try Kinetix.run(["assess", "Sidecars/simon-says.json", "--profile", "simon-says", "--format", "csv"])
        #expect(csv.status == 64)
    }
}
