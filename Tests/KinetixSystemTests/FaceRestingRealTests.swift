import Foundation
import KinetixCore
import KinetixFormats
import KinetixProfiles
import Testing

/// Resting symmetry (Sunnybrook's and eFACE's resting items) on real faces: the seven
/// faces of the shared still photos (MediaPipe Face Mesh), healthy, and one of them with
/// a drooping mouth corner and a lower brow put on one side on purpose.
@Suite("Facial symmetry at rest on real still photos", .enabled(if: hasRealData, "../shared/realdata is not beside this checkout"))
struct FaceRestingRealTests {
    static let stills = realData.appendingPathComponent("mediapipe/face_images_mediapipe.json").path
    /// (image, face) of every face in the photos.
    static let faces = [(0, 0), (1, 0), (2, 0), (2, 1), (3, 0), (4, 0), (5, 0)]

    static func still(image: Int, face: Int) throws -> Sidecar {
        var o = ConversionOptions()
        o.stillImage = "\(image)"
        o.person = .index(face)
        return try FaceStillsConverter.convert(file: stills, options: o).sidecar
    }

    static func assess(_ clip: Sidecar) throws -> Assessment {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Profiles/facial-symmetry.json")
        let profile = try Profile.load(contentsOf: file.path)
        return Assessor(profile: profile, parameters: try profile.parameterValues(overriding: [])).assess(clip)
    }

    @Test("each still is a one-frame clip; a healthy face is symmetric at rest and no movement is claimed", arguments: faces)
    func healthy(_ image: Int, _ face: Int) throws {
        let clip = try Self.still(image: image, face: face)
        #expect(clip.frameCount == 1 && clip.face != nil)
        let a = try Self.assess(clip)
        #expect(a.status == .ok && a.isStill)
        #expect(a.resting.map(\.measure) == ["brow", "eyeClosure", "mouthElevation"])
        #expect(a.resting.allSatisfy { !$0.asymmetric }, "\(a.resting)")
        #expect(a.symmetry.isEmpty && a.weakerSide == nil, "a still has no movement")
    }

    @Test("a drooping left mouth corner and a lower left brow (0.08 IPD) are asymmetric at rest; the eye is not")
    func droop() throws {
        var clip = try Self.still(image: 0, face: 0)
        var face = try #require(clip.face)
        let l = try #require(face[.leftEyeInner, 0])
        let r = try #require(face[.rightEyeInner, 0])
        let ipd = hypot(l.x - r.x, l.y - r.y) * 1.9  // inner corners are about half the eye-centre distance apart
        for landmark in [FaceLandmark.mouthLeft, .leftBrowCenter] {
            guard var p = face[landmark, 0] else { continue }
            p.y += 0.08 * ipd  // image y is down: lower
            face[landmark, 0] = p
        }
        clip.face = face
        let a = try Self.assess(clip)
        let by = Dictionary(uniqueKeysWithValues: a.resting.map { ($0.measure, $0) })
        #expect(by["mouthElevation"]?.asymmetric == true && (by["mouthElevation"]?.difference ?? 0) < 0, "left lower: \(a.resting)")
        #expect(by["brow"]?.asymmetric == true && (by["brow"]?.difference ?? 0) < 0)
        #expect(by["eyeClosure"]?.asymmetric == false)
    }
}
