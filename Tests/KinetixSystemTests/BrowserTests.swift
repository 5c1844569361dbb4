import Foundation
import KinetixCore
import KinetixProfiles
import KinetixReport
import Testing
import _KinetixCLITestSupport

/// Headless Chromium, when installed (Debian's `chromium`; `.ci/setup` installs it).
let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

func runChromium(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: chromium!)
    process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=5000"] + arguments
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let out = folder.appendingPathComponent("out")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    let handle = try FileHandle(forWritingTo: out)
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    process.environment = ["HOME": folder.path]
    try process.run()
    process.waitUntilExit()
    try handle.close()
    return String(decoding: try Data(contentsOf: out), as: UTF8.self)
}

@Suite(
    "HTML report in a browser", .serialized,
    .enabled(if: chromium != nil, "Chromium is not installed (apt-get install chromium; .ci/setup does it)"))
struct BrowserTests {
    @Test("the page opened at #t=3.2 shows both figures at the matched frames, and a screenshot is not blank")
    func scrub() throws {
        let (report, html) = try compareReport()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent("compare.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let expected = report.comparison.moment(at: 3.2)!
        let dom = try runChromium(["--dump-dom", page.absoluteString + "#t=3.2"])
        #expect(dom.contains("data-frame=\"\(expected.frame)\""), "the slider went to frame \(expected.frame)")
        #expect(dom.contains("data-learner-source-frame=\"\(expected.learnerSourceFrame)\""))
        #expect(dom.contains("data-demonstrator-source-frame=\"\(expected.demonstratorSourceFrame!)\""))
        #expect(dom.contains("data-bones=\"14/14\""), "every bone of both figures is drawn")
        #expect(dom.contains("class=\"timeline\""))
        let cue = report.cues.cue(at: 3.2)!.text
        #expect(dom.contains("id=\"cue\">\(cue)<"))
        // Opened with no time, the page starts where form breaks.
        let start = try runChromium(["--dump-dom", page.absoluteString])
        let formBreak = report.comparison.moment(at: report.summary.formBreak!.start)!.frame
        #expect(start.contains("data-frame=\"\(formBreak)\""))
        // …and its cue panel shows that moment's cue (or says the screen is empty then).
        let opening = report.cues.cue(at: report.comparison.times[formBreak])?.text ?? CompareHTMLReport.noCueNow
        #expect(start.contains("id=\"cue\">\(opening)<"), "cue panel: \(opening)")

        let screenshot = (ProcessInfo.processInfo.environment["KINETIX_SCREENSHOT_DIR"].map { URL(fileURLWithPath: $0) } ?? folder)
            .appendingPathComponent("compare-report.png")
        _ = try runChromium(["--window-size=1280,900", "--screenshot=\(screenshot.path)", page.absoluteString + "#t=1.5"])
        let size = (try FileManager.default.attributesOfItem(atPath: screenshot.path)[.size] as? Int) ?? 0
        #expect(size > 30_000, "a blank 1280×900 page compresses to a few kB; this one has \(size) bytes")
    }

    @Test("a 10-minute 60 fps report stays small and opens at its time; its opening time is measured, not asserted")
    func longReport() throws {
        var options = SynthOptions()
        options.motion = .routine
        options.frameRate = 60
        options.durationSeconds = 600
        let demonstrator = Synth.sidecar(options)
        options.seed = 2
        options.delaySeconds = 0.4
        options.mirrorMotion = true
        let learner = Synth.sidecar(options)
        let report = try ComparisonReport(
            demonstrator: ClipInput(sidecar: demonstrator, provenance: .init(role: "demonstrator", path: "d", sha256: "", frames: 0)),
            learner: ClipInput(sidecar: learner, provenance: .init(role: "learner", path: "l", sha256: "", frames: 0)),
            options: ComparisonOptions())
        let html = CompareHTMLReport.html(report)
        // The figure data is capped at 20,000 samples, so an hour's page is no larger than this one's.
        #expect(html.utf8.count < 5_000_000, "\(html.utf8.count) bytes")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent("long.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let start = Date()
        let dom = try runChromium(["--dump-dom", page.absoluteString + "#t=300"])
        let seconds = Date().timeIntervalSince(start)
        let expected = report.comparison.nearestFrame(to: 300)
        #expect(dom.contains("data-frame=\"\(expected)\""), "opened at 300 s: grid frame \(expected)")
        #expect(dom.contains("data-bones=\"14/14\""))
        print(
            String(
                format: "long report: %.2f MB, opened and scrubbed by headless Chromium in %.2f s", Double(html.utf8.count) / 1e6, seconds))
    }

    @Test(
        "the face page opens where the face is analysed and draws its outlines; bars are signed; the verdict matches the text report",
        .enabled(
            if: FileManager.default.fileExists(
                atPath: Kinetix.realData.appendingPathComponent("mediapipe/hamilton_clip_face_pose_mediapipe.json").path),
            "../shared/realdata is absent"))
    func facePage() throws {
        let folder = try Kinetix.temporaryFolder()
        let clip = folder.appendingPathComponent("face.json").path
        let page = folder.appendingPathComponent("face.html")
        #expect(
            try Kinetix.run([
                "convert", Kinetix.realData.appendingPathComponent("mediapipe/hamilton_clip_face_pose_mediapipe.json").path, "-o", clip,
            ]).status == 0)
        let text = try Kinetix.run(["assess", clip, "--profile", "facial-symmetry", "--report", page.path])
        #expect(text.status == 0, "\(text.stderr)")
        let dom = try runChromium(["--dump-dom", page.absoluteString])
        // Shot cuts at frames 20, 82 and 211: the analysed close-up is 82–210.
        let frame = try #require(dom.firstMatch(of: /id="figure"[^>]*data-frame="(\d+)"/).map { Int($0.1)! })
        #expect((82...210).contains(frame), "opened on frame \(frame)")
        #expect(dom.contains("<polyline"), "brows, eyes, nose and mouth are outlined")
        let weaker = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("weaker side") }).dropFirst(14)
        #expect(dom.contains("Weaker side: <b>\(weaker)</b>"), "\(weaker)")
        #expect(dom.contains("class=\"signed\""))
    }

    @Test(
        "the progress page: a trend chart per measure with the MDC band and a point per session; #session=N marks that session and says what changed, as the library does"
    )
    func progressPage() throws {
        let squat = try ProfileLibrary().resolve("squat")
        let sessions = try [0.65, 0.65, 0.8].enumerated().map { k, depth in
            var options = SynthOptions()
            options.motion = .squat
            options.view = .side
            options.squatDepth = depth
            options.repVariation = 0.05
            options.durationSeconds = 15
            options.seed = UInt64(20 + k)
            let sidecar = Synth.sidecar(options)
            let clip = ClipInput(
                sidecar: sidecar,
                provenance: .init(role: "sidecar", path: "week\(k).json", sha256: SHA256.hex(sidecar.encoded()), frames: sidecar.frameCount)
            )
            let report = try AssessmentReport(
                clip: clip, profile: squat.profile, parameters: try squat.profile.parameterValues(overriding: ["view=side"]),
                source: squat.source)
            return ProgressSession(report, label: "week \(4 * k + 1)", date: "2026-0\(k + 1)-05")
        }
        let report = try ProgressReport(sessions: sessions, profile: squat.profile)
        let folder = try Kinetix.temporaryFolder()
        let page = folder.appendingPathComponent("progress.html")
        try ProgressHTMLReport.html(report).write(to: page, atomically: true, encoding: .utf8)
        for k in report.sessions.indices {
            let dom = try runChromium(["--dump-dom", page.absoluteString + "#session=\(k + 1)"])
            #expect(dom.contains("data-current-session=\"\(k)\""), "session \(k + 1)")
            let sentence = report.changedText(session: k)
            #expect(dom.contains("id=\"current\">\(sentence)<"), "the script's sentence is the library's: \(sentence)")
            let marked = dom.components(separatedBy: "class=\"session current\"").count - 1
            #expect(marked == report.measures.count, "one point marked per chart: \(marked)")
            #expect(dom.components(separatedBy: "<tr data-session=\"\(k)\" class=\"current\"").count - 1 == report.measures.count)
        }
        print("progress page: " + report.sessions.indices.map { report.changedText(session: $0) }.joined(separator: " | "))
        #expect(report.changedText(session: 0) == "week 1: the baseline, where changes are measured from")
        #expect(report.changedText(session: 2).contains("improved: depth, depthRatio, peakKneeFlexion, minKneeAngle"))
        let dom = try runChromium(["--dump-dom", page.absoluteString])
        #expect(dom.contains("data-current-session=\"2\""), "opens on the latest session")
        #expect(dom.components(separatedBy: "<svg class=\"timeline trend\"").count - 1 == report.measures.count)
        let bands = report.measures.map { $0.changes.compactMap { $0?.mdc95 }.count }.reduce(0, +)
        #expect(
            bands >= 2 * report.measures.count && dom.components(separatedBy: "class=\"mdc\"").count - 1 == bands,
            "an MDC band at each later session")

        let screenshot = (ProcessInfo.processInfo.environment["KINETIX_SCREENSHOT_DIR"].map { URL(fileURLWithPath: $0) } ?? folder)
            .appendingPathComponent("progress-report.png")
        _ = try runChromium(["--window-size=1000,1400", "--screenshot=\(screenshot.path)", page.absoluteString])
        let size = (try FileManager.default.attributesOfItem(atPath: screenshot.path)[.size] as? Int) ?? 0
        #expect(size > 30_000, "a blank page compresses to a few kB; this one has \(size) bytes")
    }
}
