import Foundation
import KinetixCore

/// Which way a person faces, as one camera sees them.
public enum BodyFacing: String, Sendable, Equatable {
    /// Toward the camera: the subject's left shoulder on the image's right.
    case camera
    /// Away from the camera.
    case away
    /// In profile, toward the image's left or right.
    case left, right

    /// How a clip's person faces: from the median across-the-shoulders vector (image x,
    /// in torso lengths: over +0.3 toward the camera, under −0.3 away), else, in profile,
    /// which side of the neck the nose is on. Nil when neither is ever seen.
    public static func of(_ clip: Sidecar) -> BodyFacing? {
        var across: [Float] = [], ahead: [Float] = []
        for f in 0..<clip.frameCount {
            guard let l = clip.isotropicPosition(.leftShoulder, f, minConfidence: 0.3),
                  let r = clip.isotropicPosition(.rightShoulder, f, minConfidence: 0.3),
                  let hip = clip.hipMidpoint(f, minConfidence: 0.3) else { continue }
            let neck = ((l.x + r.x) / 2, (l.y + r.y) / 2)
            let torso = hypot(neck.0 - hip.x, neck.1 - hip.y)
            guard torso > 0 else { continue }
            across.append((l.x - r.x) / torso)
            if let nose = clip.isotropicPosition(.nose, f, minConfidence: 0.3) { ahead.append((nose.x - neck.0) / torso) }
        }
        func median(_ v: [Float]) -> Float? { v.isEmpty ? nil : v.sorted()[v.count / 2] }
        guard let width = median(across) else { return nil }
        if width > 0.3 { return .camera }
        if width < -0.3 { return .away }
        guard let nose = median(ahead) else { return nil }
        return nose < 0 ? .left : .right
    }
}

/// A demonstrator and a learner filmed by one camera, taken from its tracks.
public struct OneVideoPair: Sendable {
    /// The two people's sidecars (frames where identity was uncertain left empty).
    public var demonstrator: Sidecar
    /// The learner's sidecar.
    public var learner: Sidecar
    /// Their track numbers (0-based, left to right).
    public var demonstratorTrack: Int, learnerTrack: Int
    /// How each faces the camera.
    public var demonstratorFacing: BodyFacing?, learnerFacing: BodyFacing?
    /// True when they face each other (compare mirrored); false side by side, facing
    /// the same way (left with left).
    public var facingEachOther: Bool
    /// Frames left out of both because identity was uncertain there.
    public var uncertainFrames: Int

    /// The pair from everyone followed in a video (`ConversionResult` converted with
    /// `PersonSelection.everyone`): `demonstrator` picks the demonstrator's track (`left`,
    /// `right` or `track(n)`); the learner is the other one of the two largest tracks.
    /// They face each other when their facings are opposite (toward / away from the
    /// camera, or in profile toward each other).
    ///
    /// - Throws: `KinetixError` (`.invalidData`, `.invalidSetting` for a selection that is
    ///   not a track) when fewer than two people were followed.
    public init(_ result: ConversionResult, demonstrator selection: PersonSelection = .left, name: String? = nil) throws(KinetixError) {
        guard let tracking = result.tracking, result.people.count == tracking.tracks.count else {
            throw KinetixError(.invalidSetting, "convert with PersonSelection.everyone to take a pair from one video", setting: .person)
        }
        let file = name ?? result.inputFiles.first
        guard tracking.tracks.count >= 2 else {
            throw KinetixError(.invalidData, file: file, "\(tracking.tracks.count) \(tracking.tracks.count == 1 ? "person was" : "people were") followed: a pair from one video needs two"
                               + (tracking.leftOut.isEmpty ? "" : " (left out: \(tracking.leftOut.joined(separator: "; ")))"))
        }
        // The two largest people are the pair; a third (a passer-by) is not.
        let pair = tracking.tracks.sorted { $0.medianTorso > $1.medianTorso }.prefix(2).map(\.id).sorted()
        let chosen: Int
        switch selection {
        case .left: chosen = pair[0]
        case .right: chosen = pair[1]
        case .track(let k):
            guard pair.contains(k) else {
                throw KinetixError(.invalidSetting, file: file, "track \(k) is not one of the pair (tracks \(pair[0]) and \(pair[1]), the two largest people)", setting: .person)
            }
            chosen = k
        default:
            throw KinetixError(.invalidSetting, file: file, "the demonstrator is left, right or track:N", setting: .person)
        }
        let other = chosen == pair[0] ? pair[1] : pair[0]
        demonstratorTrack = chosen
        learnerTrack = other
        demonstrator = result.people[chosen]
        learner = result.people[other]
        demonstratorFacing = BodyFacing.of(demonstrator)
        learnerFacing = BodyFacing.of(learner)
        switch (demonstratorFacing, learnerFacing) {
        case (.camera, .away), (.away, .camera): facingEachOther = true
        case (.left, .right), (.right, .left):
            // In profile they face each other when each looks toward the other.
            let leftOne = tracking.tracks[min(chosen, other)]
            facingEachOther = (chosen == leftOne.id ? demonstratorFacing : learnerFacing) == .right
        default: facingEachOther = false
        }
        let unsure = Set(tracking.tracks[chosen].uncertain.flatMap { Array($0) }).union(tracking.tracks[other].uncertain.flatMap { Array($0) })
        uncertainFrames = unsure.count
    }
}
