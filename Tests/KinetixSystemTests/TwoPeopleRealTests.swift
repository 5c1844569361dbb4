import Foundation
import KinetixCore
import KinetixFormats
import Testing
import _KinetixCLITestSupport

/// Two people in one camera, built from real keypoints: MediaPipe's lateral raises
/// (one real man) as the demonstrator and, 12 frames (0.40 s) later, as the learner beside
/// him, who walks across in front of him and back (hidden while behind him), leaves the
/// frame for 1.5 s and comes back; MediaPipe's walking woman passes small in the
/// background. Every frame lists the people in a shuffled order, as OpenPose BODY_25.
struct TwoPeopleScene {
    static let frames = 500
    static let lag = 12
    static let width = 1920.0, height = 1080.0

    /// Who each detection in a frame is: 0 demonstrator, 1 learner, 2 background.
    var truth: [[Int]] = []
    /// The scene as an OpenPose folder.
    var folder: String = ""
    /// The demonstrator and learner as placed in the scene, as separate clips (nil
    /// joints where the scene hides them).
    var demonstrator: Sidecar
    var learner: Sidecar

    /// The learner's centre x in frame f (the demonstrator stands at 600).
    static func learnerX(_ f: Int, staysAcross: Bool = false) -> Double {
        if staysAcross {
            // Walks across in front of the demonstrator and stays on the other side.
            switch f {
            case ..<100: return 1300
            case 100..<200: return 1300 - 1100 * Double(f - 100) / 100
            default: return 200
            }
        }
        switch f {
        case 150..<250: return 1300 - 900 * Double(f - 150) / 100
        case 250..<350: return 400 + 900 * Double(f - 250) / 100
        default: return 1300
        }
    }
    static func learnerHidden(_ f: Int, staysAcross: Bool = false) -> Bool {
        (400..<445).contains(f) || abs(learnerX(f, staysAcross: staysAcross) - 600) < 60
    }

    /// `facingEachOther`: the learner is seen from behind (the same points, left and right
    /// exchanged), facing the demonstrator across the frame.
    init(facingEachOther: Bool = false, staysAcross: Bool = false) throws {
        let raise = try MediaPipeConverter.convert(
            file: realData.appendingPathComponent("mediapipe/demo5_lateral_raise_mediapipe.json").path,
            options: ConversionOptions()
        ).sidecar
        let walk = try MediaPipeConverter.convert(
            file: realData.appendingPathComponent("mediapipe/demo4_walking_mediapipe.json").path,
            options: ConversionOptions()
        ).sidecar
        func hip(_ clip: Sidecar, _ f: Int) -> (x: Float, y: Float)? {
            guard let l = clip.joints[.leftHip, f], let r = clip.joints[.rightHip, f] else { return nil }
            return ((l.x + r.x) / 2, (l.y + r.y) / 2)
        }
        // Placing keeps the body's shape: a scale and a shift of its own hip centre.
        let anchor = hip(raise, 0)!
        func placed(_ clip: Sidecar, _ f: Int, scale: Float, x: Double, y: Double, anchor: (x: Float, y: Float)) -> [Joint: (
            Float, Float, Float
        )] {
            var joints: [Joint: (Float, Float, Float)] = [:]
            for joint in Joint.allCases {
                guard let p = clip.joints[joint, f] else { continue }
                joints[joint] = ((p.x - anchor.x) * scale + Float(x), (p.y - anchor.y) * scale + Float(y), p.confidence)
            }
            return joints
        }
        var rng = SplitMix64(seed: 7)
        let folderURL = FileManager.default.temporaryDirectory.appendingPathComponent("two-people-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folderURL, withIntermediateDirectories: true)
        var demoJoints: [[Joint: (Float, Float, Float)]] = []
        var learnerJoints: [[Joint: (Float, Float, Float)]] = []
        for f in 0..<Self.frames {
            var people: [(who: Int, joints: [Joint: (Float, Float, Float)])] = []
            let demo = placed(raise, f + Self.lag, scale: 0.9, x: 600, y: 700, anchor: anchor)
            people.append((0, demo))
            demoJoints.append(demo)
            var learner = placed(raise, f, scale: 0.9, x: Self.learnerX(f, staysAcross: staysAcross), y: 700, anchor: anchor)
            if facingEachOther { learner = Dictionary(uniqueKeysWithValues: learner.map { ($0.key.mirrored, $0.value) }) }
            let hidden = Self.learnerHidden(f, staysAcross: staysAcross)
            learnerJoints.append(hidden ? [:] : learner)
            if !hidden { people.append((1, learner)) }
            if f < walk.frameCount, walk.joints[.leftHip, f] != nil {
                people.append(
                    (2, placed(walk, f, scale: 0.3, x: Double(hip(walk, f)!.x) * 0.3 + 700, y: 300, anchor: (0, hip(walk, f)!.y))))
            }
            people.shuffle(using: &rng)
            truth.append(people.map(\.who))
            try Self.openPoseFrame(people.map(\.joints)).write(
                to: folderURL.appendingPathComponent(String(format: "scene_%012d_keypoints.json", f)), atomically: true, encoding: .utf8)
        }
        folder = folderURL.path
        func clip(_ rows: [[Joint: (Float, Float, Float)]], name: String) -> Sidecar {
            var joints = PointTable<Joint>(frameCount: rows.count)
            for (f, row) in rows.enumerated() { for (joint, p) in row { joints[joint, f] = p } }
            return Sidecar(
                source: ["clip": name], space: CoordinateSpace(kind: .pixels, width: Self.width, height: Self.height),
                times: (0..<rows.count).map { (Double($0) / 29.97 * 1e6).rounded() / 1e6 }, joints: joints)
        }
        demonstrator = clip(demoJoints, name: "demonstrator")
        learner = clip(learnerJoints, name: "learner")
    }

    /// One OpenPose BODY_25 frame file of these people.
    static func openPoseFrame(_ people: [[Joint: (Float, Float, Float)]]) -> String {
        let order: [Joint?] =
            [
                .nose, .neck, .rightShoulder, .rightElbow, .rightWrist, .leftShoulder, .leftElbow, .leftWrist, .root,
                .rightHip, .rightKnee, .rightAnkle, .leftHip, .leftKnee, .leftAnkle,
            ] + Array(repeating: nil, count: 10)
        let entries = people.map { joints in
            let values = order.flatMap { joint -> [String] in
                guard let joint, let p = joints[joint] else { return ["0", "0", "0"] }
                return [String(p.0), String(p.1), String(p.2)]
            }
            return "{\"person_id\": [-1], \"pose_keypoints_2d\": [\(values.joined(separator: ", "))]}"
        }
        return "{\"version\": 1.3, \"people\": [\(entries.joined(separator: ", "))]}"
    }
}

@Suite(
    "Two people in one video, from real keypoints (../shared/realdata)",
    .enabled(if: hasRealData, "../shared/realdata is not beside this checkout"))
struct TwoPeopleRealTests {
    static func options() -> ConversionOptions {
        var o = ConversionOptions()
        o.frameRate = 29.97
        o.imageSize = ImageSize(width: TwoPeopleScene.width, height: TwoPeopleScene.height)
        o.person = .everyone
        return o
    }

    @Test("identities kept through a crossing, a 1.5 s absence and a background passer-by; close frames marked, never swapped")
    func identities() throws {
        let scene = try TwoPeopleScene()
        let result = try OpenPoseConverter.convert(folder: scene.folder, options: Self.options())
        let tracking = try #require(result.tracking)
        // The small background walker is left out; demonstrator left, learner right.
        #expect(tracking.tracks.count == 2, "\(tracking.tracks.map { ($0.medianX, $0.medianTorso) }) \(tracking.leftOut)")
        #expect(tracking.leftOut.contains { $0.contains("too small") })
        // The crossings: the learner within 1.5 torso lengths (200 px) of the demonstrator.
        func crossing(_ f: Int) -> Bool { abs(TwoPeopleScene.learnerX(f) - 600) < 200 }
        var kept = 0
        var visible = 0
        var swapped = 0
        var marked = 0
        var markedOutside = 0
        var keptOutside = 0
        var visibleOutside = 0
        for (who, track) in zip([0, 1], tracking.tracks) {
            for f in 0..<TwoPeopleScene.frames {
                let present = scene.truth[f].contains(who)
                if present {
                    visible += 1
                    if !crossing(f) { visibleOutside += 1 }
                }
                guard let k = track.people[f] else { continue }
                if track.isUncertain(f) {
                    marked += 1
                    if !crossing(f) { markedOutside += 1 }
                    continue
                }
                if scene.truth[f][k] == who {
                    kept += 1
                    if !crossing(f) { keptOutside += 1 }
                } else {
                    swapped += 1
                }
            }
        }
        print(
            "two people: \(kept) of \(visible) visible person-frames kept (\(keptOutside) of \(visibleOutside) away from the crossings), \(marked) marked uncertain (\(markedOutside) away from them), \(swapped) swapped; notes: \(tracking.tracks.flatMap(\.notes))"
        )
        // Measured: 876 of 929 kept (all 779 away from the crossings), 53 marked, all at the crossings, 0 swapped.
        #expect(swapped == 0)
        #expect(markedOutside == 0)
        #expect(Double(keptOutside) >= 0.99 * Double(visibleOutside), "\(keptOutside) of \(visibleOutside)")
        // The learner's return is recognised as the learner.
        #expect(tracking.tracks[1].notes.contains { $0.contains("re-identified") } || tracking.tracks[1].people[450] != nil)
    }

    @Test(
        "the comparison from one video equals the comparison of the two separate clips on the frames both are tracked",
        arguments: [false, true])
    func sameComparison(_ facingEachOther: Bool) throws {
        let scene = try TwoPeopleScene(facingEachOther: facingEachOther)
        let pair = try OneVideoPair(try OpenPoseConverter.convert(folder: scene.folder, options: Self.options()))
        #expect(
            pair.facingEachOther == facingEachOther,
            "\(String(describing: pair.demonstratorFacing)) / \(String(describing: pair.learnerFacing))")
        #expect(pair.demonstratorTrack == 0 && pair.learnerTrack == 1 && pair.uncertainFrames > 0)
        var options = ComparisonOptions()
        options.mirror = pair.facingEachOther
        let fromOne = try Comparison(demonstrator: pair.demonstrator, learner: pair.learner, options: options)
        // The separate clips, left empty where the video's tracks are (identity uncertain there).
        func masked(_ clip: Sidecar, like track: Sidecar) -> Sidecar {
            var clip = clip
            for f in 0..<clip.frameCount where track.joints[.neck, f] == nil { for joint in Joint.allCases { clip.joints[joint, f] = nil } }
            return clip
        }
        let separate = try Comparison(
            demonstrator: masked(scene.demonstrator, like: pair.demonstrator), learner: masked(scene.learner, like: pair.learner),
            options: options)
        #expect(fromOne.lags == separate.lags)
        #expect(sameValues(fromOne.errors.values, separate.errors.values))
        let lags = fromOne.lags.filter { $0 >= 0 }.map { Double($0) / fromOne.grid.rate }
        #expect(abs(lags.sorted()[lags.count / 2] - 12 / 29.97) < 0.02, "the learner is 12 frames late")
    }

    @Test("kinetix compare --from-one: one command, the facing said, the lag found")
    func commandLine() throws {
        let scene = try TwoPeopleScene()
        let result = try Kinetix.run(["compare", "--from-one", scene.folder, "--fps", "29.97", "--image-size", "1920x1080"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("lag           learner 0.40 s (12 frames) behind"), "\(result.stdout)")
        #expect(result.stdout.contains("not mirrored (side by side)"))
        #expect(result.stderr.contains("side by side: left with left (--mirror or --no-mirror to override)"), "\(result.stderr)")
        #expect(result.stderr.contains("frames where they came too close to tell apart are left out"))
        let folder = try Kinetix.temporaryFolder()
        let people = try Kinetix.run([
            "convert", scene.folder, "--fps", "29.97", "--image-size", "1920x1080", "--people", "-o", folder.path,
        ])
        #expect(people.status == 0 && people.stderr.contains("2 people followed, left to right"), "\(people.stderr)")
        let track1 = folder.appendingPathComponent("\((scene.folder as NSString).lastPathComponent).track1.json").path
        #expect(try Kinetix.run(["validate", track1]).status == 0)
        let onto = try Kinetix.run(["convert", scene.folder, "--fps", "29.97", "--people", "-o", track1])
        #expect(onto.status == 73 && onto.stderr.contains("this is a file"), "\(onto.stderr)")
        let inspect = try Kinetix.run(["inspect", "--people", scene.folder, "--fps", "29.97"])
        #expect(inspect.status == 0 && inspect.stdout.contains("2 people followed over 500 frames, left to right"), "\(inspect.stdout)")
        #expect(
            inspect.stdout.contains("re-identified at frame 445") && inspect.stdout.contains("left out: a person of torso"),
            "\(inspect.stdout)")
    }

    @Test(
        "issue 55: the learner crosses and stays on the demonstrator's left; the default demonstrator is the one on the left at the start, said, and the lag is found"
    )
    func leftAtTheStart() throws {
        let scene = try TwoPeopleScene(staysAcross: true)
        let result = try Kinetix.run(["compare", "--from-one", scene.folder, "--fps", "29.97", "--image-size", "1920x1080"])
        #expect(result.status == 0, "\(result.stderr)")
        // Before: the mean position made the learner "left": lag 0.73 s, errors of 150°.
        #expect(result.stdout.contains("lag           learner 0.40 s (12 frames) behind"), "\(result.stdout)")
        #expect(result.stderr.contains("on the left at the start; they change sides during the clip"), "\(result.stderr)")
        let right = try Kinetix.run([
            "compare", "--from-one", scene.folder, "--fps", "29.97", "--image-size", "1920x1080", "--demonstrator", "right",
        ])
        #expect(
            right.stderr.contains("on the right at the start") && right.stderr.contains("demonstrator track 0"),
            "the other person demonstrates: \(right.stderr)")
        #expect(result.stderr.contains("demonstrator track 1"), "\(result.stderr)")
    }

    @Test("the learner's track has the learner's angles, frame for frame, where it is tracked")
    func sameAngles() throws {
        let scene = try TwoPeopleScene()
        let result = try OpenPoseConverter.convert(folder: scene.folder, options: Self.options())
        #expect(result.people.count == 2)
        for (track, original) in zip(result.people, [scene.demonstrator, scene.learner]) {
            let a = AngleSeries(track)
            let b = AngleSeries(original)
            var compared = 0
            for f in 0..<a.frameCount where !a[.leftShoulder, f].isNaN {
                #expect(abs(a[.leftShoulder, f] - b[.leftShoulder, f]) < 0.01, "frame \(f)")
                compared += 1
            }
            #expect(compared > 400)
        }
    }
}
