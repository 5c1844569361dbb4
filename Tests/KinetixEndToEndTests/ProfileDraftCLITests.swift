import Foundation
import KinetixCore
import Testing
import _KinetixCLITestSupport

@Suite("kinetix profile draft and evaluate", .serialized)
struct ProfileDraftCLITests {
    static let description =
        "Front raise. Lift both arms forward until the hands are at shoulder height, then lower them. "
        + "Count one rep each time. Keep the kness straight. Warn if one arm is more than 15 degrees lower than the other."

    @Test("a sentence not understood: exit 65, located with a did-you-mean, nothing written; --partial writes the rest")
    func partial() throws {
        let folder = try Kinetix.temporaryFolder()
        let output = folder.appendingPathComponent("draft.json").path
        let refused = try Kinetix.run(["profile", "draft", "--describe", Self.description, "-o", output])
        #expect(refused.status == 65)
        #expect(
            refused.stderr.contains(
                "✗ 4. \"Keep the kness straight.\"\n     description:1:128: not understood: 'kness' is not a word the drafter knows (did you mean 'knees'?)"
            ))
        #expect(refused.stderr.contains("→ rule uneven: warn when left and right arm elevation differ by more than 15°"))
        #expect(refused.stderr.hasSuffix("Nothing written.\n") && !FileManager.default.fileExists(atPath: output))

        let written = try Kinetix.run(["profile", "draft", "--describe", Self.description, "--partial", "-o", output])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("--partial: 1 sentence left out (listed above).") && written.stdout.contains("Wrote \(output)"))
        let lint = try Kinetix.run(["profile", "lint", output])
        #expect(lint.status == 0 && lint.stdout.contains("OK (front-raise 0.1.0"))
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("\"leftOut\": \"'kness' is not a word the drafter knows (did you mean 'knees'?)\""))
    }

    @Test("a description from a file is located by file, line and column; the vocabulary grows with --vocabulary")
    func textFileAndVocabulary() throws {
        let folder = try Kinetix.temporaryFolder()
        let text = folder.appendingPathComponent("raise.txt")
        let words = folder.appendingPathComponent("gym.vocabulary.json")
        try "Delt raise.\n\n- Raise the delts sideways to shoulder height.\n- Keep the elbows straight.\n".write(
            to: text, atomically: true, encoding: .utf8)
        try #"{"format": "kinetix-vocabulary", "formatVersion": 1, "parts": {"arm": ["delt", "delts"]}}"#.write(
            to: words, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("delt-raise.json").path
        let unknown = try Kinetix.run(["profile", "draft", "--text", text.path, "-o", output])
        #expect(unknown.status == 65 && unknown.stderr.contains("\(text.path):3:3: not understood"), "\(unknown.stderr)")
        let known = try Kinetix.run(["profile", "draft", "--text", text.path, "--vocabulary", words.path, "-o", output])
        #expect(known.status == 0, "\(known.stderr)")
        // The draft runs on a synthesized lateral raise: 4 reps.
        let clip = folder.appendingPathComponent("raise.json").path
        #expect(try Kinetix.run(["synth", "--motion", "arm-raise", "--duration", "12", "-o", clip]).status == 0)
        let assess = try Kinetix.run(["assess", clip, "--profile", output, "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(assess.stdout.utf8)) as? [String: Any])
        #expect((json["reps"] as? [Any])?.count == 4)
    }

    @Test(
        "usage errors and outputs that are inputs",
        arguments: [
            (["profile", "draft"], 64, "Error: 'profile draft' needs --describe"),
            (
                ["profile", "draft", "--describe", "Lift the arms.", "--reps", "1-2"], 64,
                "Error: --reps chooses reps of the demonstration: give --demo"
            ),
            (["profile", "draft", "--demo", "Sidecars/learner.json", "--reps", "3-1"], 64, "Error: --reps expects a-b"),
            (["profile", "draft", "--describe", "x", "--text", "y"], 64, "Error: give --describe or --text, not both"),
            (["profile", "draft", "--demo", "Sidecars/learner.json", "-o", "Sidecars/learner.json"], 73, ""),
            (["profile", "evaluate", "squat"], 64, "Error: 'profile evaluate' needs clips"),
            (["profile", "evaluate", "squat", "--sensitivity", "dance"], 64, "Error: --sensitivity expects squat, arm-raise or march"),
            (["profile", "draft", "--describe", "Hello there."], 65, "nothing measurable in the description"),
        ])
    func errors(_ arguments: [String], _ status: Int32, _ prefix: String) throws {
        let before = try Data(contentsOf: Kinetix.packageRoot.appendingPathComponent("Sidecars/learner.json"))
        let result = try Kinetix.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)")
        #expect(try Data(contentsOf: Kinetix.packageRoot.appendingPathComponent("Sidecars/learner.json")) == before)
    }

    @Test("the vocabulary is not listed as a profile")
    func listed() throws {
        let list = try Kinetix.run(["profile", "list"])
        #expect(list.status == 0 && !list.stdout.contains("vocabulary") && !list.stderr.contains("does not load"))
    }

    @Test(
        "the real lateral raise: a draft from its first two reps passes the held-out reps and fails walking, running, balancing, squats and marching",
        .enabled(if: Kinetix.hasRealData, "../shared/realdata is absent"))
    func realLateralRaise() throws {
        let folder = try Kinetix.temporaryFolder()
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let media = Kinetix.realData.appendingPathComponent("mediapipe")
        for name in ["demo5_lateral_raise", "demo4_walking", "demo3_running", "balancing_cam02"] {
            let converted = try Kinetix.run([
                "convert", media.appendingPathComponent("\(name)_mediapipe.json").path, "-o", path("\(name).json"),
            ])
            #expect(converted.status == 0, "\(converted.stderr)")
        }
        let drafted = try Kinetix.run([
            "profile", "draft", "--demo", path("demo5_lateral_raise.json"), "--reps", "1-2", "-o", path("draft.json"),
        ])
        #expect(
            drafted.status == 0 && drafted.stdout.contains("filmed from the front")
                && drafted.stdout.contains("4 reps found; learning from reps 1-2"), "\(drafted.stdout)")
        #expect(try Kinetix.run(["trim", path("demo5_lateral_raise.json"), "--from", "9", "-o", path("held-out.json")]).status == 0)
        #expect(try Kinetix.run(["synth", "--motion", "squat", "--duration", "12", "-o", path("squat.json")]).status == 0)
        #expect(try Kinetix.run(["synth", "--motion", "march", "--duration", "12", "-o", path("march.json")]).status == 0)
        let evaluated = try Kinetix.run([
            "profile", "evaluate", path("draft.json"), "--same", path("held-out.json"), "--same", path("demo5_lateral_raise.json"),
            "--different", path("demo4_walking.json"), "--different", path("demo3_running.json"),
            "--different", path("balancing_cam02.json"), "--different", path("squat.json"), "--different", path("march.json"),
            "--format", "json",
        ])
        #expect(evaluated.status == 0, "\(evaluated.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(evaluated.stdout.utf8)) as? [String: Any])
        let clips = try #require(json["clips"] as? [[String: Any]])
        #expect(clips.map { $0["reps"] as? Int } == [2, 4, 0, 0, 0, 0, 0])
        #expect(json["sameRepsPassing"] as? Double == 1 && json["differentFailing"] as? Double == 1)

        // Drafted from words alone, the profile counts the real clip's four reps.
        let worded = try Kinetix.run([
            "profile", "draft", "--describe",
            "Lateral raise. Raise both arms out to the side to shoulder height, then lower them. Keep both sides even.",
            "-o", path("words.json"),
        ])
        #expect(worded.status == 0, "\(worded.stderr)")
        let assessed = try Kinetix.run(["assess", path("demo5_lateral_raise.json"), "--profile", path("words.json"), "--format", "json"])
        let result = try #require(try JSONSerialization.jsonObject(with: Data(assessed.stdout.utf8)) as? [String: Any])
        #expect((result["reps"] as? [Any])?.count == 4 && (result["findings"] as? [Any])?.isEmpty == true)
    }
}
