import Foundation
import KinetixCore
import Testing

@testable import KinetixProfiles

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let shippedProfiles: [String] =
    (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Profiles").path))?
    .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") && !$0.hasSuffix(".vocabulary.json") }.sorted() ?? []

func shipped(_ id: String) throws -> Profile {
    try Profile.load(contentsOf: packageRoot.appendingPathComponent("Profiles/\(id).json").path)
}

@Suite("Shipped profiles")
struct ProfileFilesTests {
    @Test("there are profiles to check")
    func present() { #expect(shippedProfiles.count >= 3) }

    @Test("every profile in Profiles/ loads and lints clean", arguments: shippedProfiles)
    func lints(_ name: String) throws {
        let profile = try Profile.load(contentsOf: packageRoot.appendingPathComponent("Profiles/\(name)").path)
        #expect(profile.id + ".json" == name, "the file is named after its id, so --profile <id> finds it")
        #expect(!profile.title.isEmpty && !profile.version.isEmpty)
        for rule in profile.rules { #expect(!rule.cue.contains { $0.isNumber }, "cues are words only") }
    }
}

/// A minimal valid profile with `extra` members spliced in.
func profileText(_ extra: String, kind: String = "body", metrics: String = #"{"knee": "leftKnee"}"#) -> String {
    #"{"format": "kinetix-profile", "formatVersion": 1, "id": "t", "version": "1", "title": "T", "kind": "\#(kind)", "metrics": \#(metrics)\#(extra)}"#
}

@Suite("Profile lint")
struct ProfileLintTests {
    static let broken: [(name: String, text: String, expected: String)] = [
        (
            "misspelt joint in an expression", profileText("", metrics: #"{"depth": "y(midpoint(leftKnees, rightKnee))"}"#),
            "p.json: metrics.depth: column 12: unknown joint 'leftKnees' (did you mean 'leftKnee'?)"
        ),
        (
            "unknown function", profileText("", metrics: #"{"a": "absolute(leftKnee)"}"#),
            "metrics.a: column 1: unknown function 'absolute' (did you mean 'abs'?)"
        ),
        ("syntax error", profileText("", metrics: #"{"a": "leftKnee + * 2"}"#), "metrics.a: column 12: expected a value, found '*'"),
        (
            "unbalanced parenthesis", profileText("", metrics: #"{"a": "abs(leftKnee"}"#),
            "metrics.a: column 13: expected ',' or ')' in the arguments of abs()"
        ),
        ("single '='", profileText("", metrics: #"{"a": "leftKnee = 3"}"#), "column 10: unexpected character '=' (use '==' to compare)"),
        (
            "type error", profileText("", metrics: #"{"a": "x(leftKnee) + leftAnkle"}"#),
            "metrics.a: column 15: '+' needs a number, found a body point"
        ),
        (
            "mixing body and face", profileText("", metrics: #"{"a": "distance(leftKnee, chin)"}"#),
            "metrics.a: column 20: distance() cannot mix body joints and face landmarks"
        ),
        ("metric cycle", profileText("", metrics: #"{"a": "b + 1", "b": "a * 2"}"#), "metrics.a: depends on itself: a → b → a"),
        (
            "unknown parameter",
            profileText("", metrics: #"{"a": "leftKnee - $limt"}"#).replacingOccurrences(
                of: #""kind""#, with: #""parameters": {"limit": {"default": 3}}, "kind""#),
            "metrics.a: column 12: unknown parameter '$limt' (did you mean '$limit'?)"
        ),
        (
            "unknown field", profileText(#", "rules": [{"id": "r", "when": "knee > 1", "minSecond": 1, "cue": "Go", "detail": "d"}]"#),
            "rules[0].minSecond: unknown field (did you mean 'minSeconds'?)"
        ),
        (
            "rule not a condition", profileText(#", "rules": [{"id": "r", "when": "knee + 1", "cue": "Go", "detail": "d"}]"#),
            "rules[0].when: column 1: expected a condition (true or false), but the expression is a number"
        ),
        (
            "numbers in a cue", profileText(#", "rules": [{"id": "r", "when": "knee > 1", "cue": "Bend 20 degrees", "detail": "d"}]"#),
            "rules[0].cue: a cue is words for the learner: no numbers or placeholders"
        ),
        (
            "unknown metric in a detail",
            profileText(#", "rules": [{"id": "r", "when": "knee > 1", "cue": "Go", "detail": "at {kne:.0f}"}]"#),
            "rules[0].detail: column 4: unknown metric 'kne' in a placeholder (did you mean 'knee'?)"
        ),
        ("aggregate outside a rep", profileText("", metrics: #"{"a": "lowest(leftKnee)"}"#), "lowest() summarizes a metric over a rep"),
        (
            "plain metric in a rep summary",
            profileText(#", "reps": {"metric": "knee", "enter": 60, "exit": 20, "summary": {"d": "knee"}}"#),
            "reps.summary.d: column 1: 'knee' changes during a rep: use lowest(knee), highest(knee) or average(knee)"
        ),
        (
            "unknown rep metric", profileText(#", "reps": {"metric": "knees", "enter": 60, "exit": 20}"#),
            "reps.metric: unknown metric 'knees' (did you mean 'knee'?)"
        ),
        (
            "bad choice literal",
            profileText(#", "rules": [{"id": "r", "when": "$side == \"lft\"", "cue": "Go", "detail": "d"}]"#)
                .replacingOccurrences(
                    of: #""kind""#,
                    with: #""parameters": {"side": {"type": "choice", "choices": ["left", "right"], "default": "left"}}, "kind""#),
            "column 10: \"lft\" is not a choice of '$side' (left, right) (did you mean 'left'?)"
        ),
        (
            "relative metric with no baseline", profileText("", metrics: #"{"a": {"expr": "leftKnee", "relativeToBaseline": true}}"#),
            "baseline: metrics are relative to a baseline"
        ),
        (
            "metric named like a joint", profileText("", metrics: #"{"leftKnee": "1"}"#),
            "metrics.leftKnee: a metric cannot be named like a limb, joint or face landmark"
        ),
        (
            "wrong format version", #"{"format": "kinetix-profile", "formatVersion": 2}"#,
            "p.json: formatVersion: format version 2 is not supported (this Kinetix reads 1)"
        ),
        (
            "not a profile", #"{"format": "kinetix-sidecar", "formatVersion": 1}"#,
            "format: expected \"kinetix-profile\", found \"kinetix-sidecar\""
        ),
        (
            "unknown view", profileText(#", "requirements": {"view": "frontal"}"#),
            "requirements.view: unknown value 'frontal' (did you mean 'front'?)"
        ),
        (
            "unknown required joint", profileText(#", "requirements": {"joints": ["leftAnkel"]}"#),
            "requirements.joints[0]: unknown joint 'leftAnkel' (did you mean 'leftAnkle'?)"
        ),
        ("JSON syntax", "{\"format\": \"kinetix-profile\",\n \"id\" \"x\"}", "p.json: line 2, column 7: expected ':' after key \"id\""),
    ]

    @Test("each broken profile gets its message", arguments: broken.indices)
    func brokenProfile(_ row: Int) {
        let (name, text, expected) = Self.broken[row]
        do {
            _ = try Profile.decode(Data(text.utf8), file: "p.json")
            Issue.record("\(name): loaded")
        } catch {
            #expect(error.diagnostics.contains { $0.description.contains(expected) }, "\(name): \(error.diagnostics.map(\.description))")
        }
    }
}
