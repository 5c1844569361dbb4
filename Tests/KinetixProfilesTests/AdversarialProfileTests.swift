import Foundation
import KinetixCore
import Testing

@testable import KinetixProfiles

/// Profiles an adversary can write: nothing overflows the stack, grows quadratically
/// or silently changes meaning.
@Suite("Adversarial profiles")
struct AdversarialProfileTests {
    func profile(metrics: String, extra: String = "") -> Data {
        Data(
            #"{"format": "kinetix-profile", "formatVersion": 1, "id": "t", "version": "1", "title": "T", "kind": "body", "metrics": {\#(metrics)}\#(extra)}"#
                .utf8)
    }

    func lintError(_ data: Data) -> String {
        do {
            _ = try Profile.decode(data, file: "p.json")
            return ""
        } catch { return error.description }
    }

    @Test("deep nesting, long unary chains and huge sums are refused with a located message, never a stack overflow")
    func depth() {
        // 12,000 levels (26 KB) as in the report: refused before parsing, by size; 40 levels by depth.
        for (open, close) in [(12_000, 12_000), (40, 40)] {
            let parens = String(repeating: "(", count: open) + "leftKnee" + String(repeating: ")", count: close)
            let message = lintError(profile(metrics: #""m": "\#(parens)""#))
            #expect(
                message.contains("metrics.m: column ")
                    && (message.contains("nested more than 32 deep") || message.contains("the limit is 512")), "\(message.prefix(120))")
        }
        #expect(
            lintError(profile(metrics: #""m": "\#(String(repeating: "(", count: 40) + "1" + String(repeating: ")", count: 40))""#))
                .contains("nested more than 32 deep"))
        #expect(
            lintError(profile(metrics: #""m": "\#(String(repeating: "-", count: 40) + "leftKnee")""#)).contains("nested more than 32 deep"))
        #expect(
            lintError(profile(metrics: #""m": "if(\#(String(repeating: "!", count: 40))(leftKnee > 1), 1)""#)).contains(
                "nested more than 32 deep"))
        #expect(lintError(profile(metrics: #""m": "\#(String(repeating: "-", count: 20_000) + "leftKnee")""#)).contains("the limit is 512"))
        let sum = Array(repeating: "leftKnee", count: 600).joined(separator: "+")
        #expect(lintError(profile(metrics: #""m": "\#(sum)""#)).contains("the limit is 512"))
        let calls = String(repeating: "abs(", count: 40) + "leftKnee" + String(repeating: ")", count: 40)
        #expect(lintError(profile(metrics: #""m": "\#(calls)""#)).contains("metrics.m: column "))
    }

    @Test("a 20,000-metric dependency chain loads in linear time and assesses; a cycle is named")
    func chain() throws {
        let metrics = ([#""m0": "leftKnee""#] + (1..<20_000).map { #""m\#($0)": "m\#($0 - 1) + 1""# }).joined(separator: ", ")
        let loaded = try Profile.decode(profile(metrics: metrics))
        #expect(loaded.metricOrder.count == 20_000 && loaded.metricOrder.first == 0 && loaded.metricOrder.last == 19_999)
        var options = SynthOptions()
        options.durationSeconds = 0.5
        let clip = Synth.sidecar(options)
        let columns = Assessor(profile: loaded, parameters: [:]).metricColumns(clip, body: BodySeries(clip), rate: 30).columns
        let knee = AngleSeries(clip)[.leftKnee, 3]
        #expect(columns[19_999][3] == knee + 19_999, "each metric adds one to the one before")
        let cycle = lintError(profile(metrics: #""a": "b + 1", "b": "c + 1", "c": "a + 1""#))
        #expect(cycle.contains("depends on itself: a → b → c → a"), "\(cycle)")
    }

    @Test("duplicate metric names, parameters and rules are refused")
    func duplicates() {
        #expect(lintError(profile(metrics: #""m": "leftKnee", "m": "rightKnee""#)).contains("duplicate key \"m\""))
        let rules =
            #", "rules": [{"id": "r", "when": "m > 1", "cue": "C", "detail": "D"}], "parameters": {"x": {"type": "number", "default": 1}, "x": {"type": "number", "default": 2}}"#
        #expect(lintError(profile(metrics: #""m": "leftKnee""#, extra: rules)).contains("duplicate key \"x\""))
    }

    @Test("lint reports every problem in one pass, without cascades")
    func onePass() throws {
        var squat = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    contentsOf: URL(fileURLWithPath: #filePath)
                        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                            "Profiles/squat.json"))) as? [String: Any])
        var metrics = squat["metrics"] as! [String: Any]
        var rules = squat["rules"] as! [[String: Any]]
        var parameters = squat["parameters"] as! [String: Any]
        var depth = metrics["depth"] as! [String: Any]
        depth["expr"] = "y(midpoint(leftHip, rightHip) - "
        metrics["depth"] = depth
        rules[1]["cue"] = "Push your knees out 10 cm"
        rules[2]["severity"] = "severe"
        var limit = parameters["valgusLimit"] as! [String: Any]
        limit["default"] = "ten"
        parameters["valgusLimit"] = limit
        var reps = squat["reps"] as! [String: Any]
        reps["minSecs"] = 1
        squat["metrics"] = metrics
        squat["rules"] = rules
        squat["parameters"] = parameters
        squat["reps"] = reps
        let message = lintError(try JSONSerialization.data(withJSONObject: squat))
        for expected in [
            "parameters.valgusLimit.default", "metrics.depth: column", "rules[1].cue", "rules[2].severity",
            "reps.minSecs: unknown field (did you mean 'minSeconds'?)",
        ] {
            #expect(message.contains(expected), "\(expected) in:\n\(message)")
        }
        #expect(!message.contains("unknown parameter '$valgusLimit'"), "no cascade from the bad default")
    }

    @Test("an angle compared with a number no angle can be is refused: a goal of 10000°, a limit of -5°, a parameter ranging past 180")
    func physicalRanges() {
        let rule = { (when: String) in #", "rules": [{"id": "r", "when": "\#(when)", "cue": "c", "detail": "d"}]"# }
        let knee = #""knee": {"expr": "leftKnee", "unit": "deg"}"#
        #expect(
            lintError(profile(metrics: knee, extra: rule("knee < 10000"))).contains(
                "rules[0].when: column 8: 10000 is compared with knee, an angle of 0 to 180 degrees"))
        #expect(lintError(profile(metrics: knee, extra: rule("200 > leftKnee"))).contains("column 1: 200 is compared with leftKnee"))
        let parameter = #", "parameters": {"goal": {"type": "number", "default": 90, "max": 360}}"#
        #expect(
            lintError(profile(metrics: knee, extra: parameter + rule("knee >= $goal"))).contains("$goal's max 360 is compared with knee"))
        // In range, arithmetic, and measures that are not angles pass.
        #expect(lintError(profile(metrics: knee, extra: rule("knee < 170 && knee > 5"))) == "")
        #expect(
            lintError(profile(metrics: knee + #", "d": {"expr": "distance(leftHip, leftKnee)", "unit": "torso"}"#, extra: rule("d > 1000")))
                == "")
        #expect(lintError(profile(metrics: knee, extra: rule("knee * 100 > 5000"))) == "")
    }

    @Test(
        "rest() of a limb angle or joint says it takes a metric, never \"did you mean\" the same name; a misspelt metric still gets its suggestion"
    )
    func restOfANonMetric() {
        for (name, noun) in [("leftKnee", "limb angle"), ("leftWrist", "joint")] {
            let message = lintError(profile(metrics: #""m": "rest(\#(name))""#))
            #expect(
                message.contains("rest() takes a metric of this profile, and '\(name)' is a \(noun)") && !message.contains("did you mean"),
                "\(message)")
        }
        let misspelt = lintError(profile(metrics: #""depth": {"expr": "leftKnee", "rest": {"percentile": 90}}, "m": "rest(depht)""#))
        #expect(misspelt.contains("did you mean 'depth'"), "\(misspelt)")
    }
}
