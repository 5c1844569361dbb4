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
        var across: [Float] = []
        var ahead: [Float] = []
        for f in 0..<clip.frameCount {
            guard let l = clip.isotropicPosition(.leftShoulder, f, minConfidence: 0.3),
                let r = clip.isotropicPosition(.rightShoulder, f, minConfidence: 0.3),
                let hip = clip.hipMidpoint(f, minConfidence: 0.3)
            else { continue }
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
    /// How the demonstrator was chosen, in words ("on the left at the start; they change
    /// sides later"), for the report.
    public var choice: String

    /// Two people closer than this at the start (torso lengths, of the larger) cannot be
    /// told left from right: the demonstrator is asked for by track.
    public static let sideMarginTorsos: Float = 1

    /// The pair from everyone followed in a video (`ConversionResult` converted with
    /// `PersonSelection.everyone`): `demonstrator` picks the demonstrator's track (`left`
    /// or `right`: where each is at the start, refused when they stand too close to tell;
    /// or `track(n)`); the learner is the other one of the two largest tracks.
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
            throw KinetixError(
                .invalidData, file: file,
                "\(tracking.tracks.count) \(tracking.tracks.count == 1 ? "person was" : "people were") followed: a pair from one video needs two"
                    + (tracking.leftOut.isEmpty ? "" : " (left out: \(tracking.leftOut.joined(separator: "; ")))"))
        }
        // The two largest people are the pair; a third (a passer-by) is not.
        let pair = tracking.tracks.sorted { $0.medianTorso > $1.medianTorso }.prefix(2).map(\.id).sorted()
        let chosen: Int
        // Left and right are where each person is at the start: after a crossing the
        // person on the left for most of the clip may be the other one (a demonstrator
        // picked by mean position was the learner after one, lag 0.73 s, errors of 150°).
        let (a, b) = (tracking.tracks[pair[0]], tracking.tracks[pair[1]])
        let startOrder = a.startX <= b.startX ? [pair[0], pair[1]] : [pair[1], pair[0]]
        let crossed = (a.startX <= b.startX) != (a.medianX <= b.medianX)
        let sides = crossed ? "; they change sides during the clip" : ""
        switch selection {
        case .left, .right:
            let torso = max(a.medianTorso, b.medianTorso)
            guard a.startX.isFinite, b.startX.isFinite, abs(a.startX - b.startX) >= Self.sideMarginTorsos * torso else {
                throw KinetixError(
                    .invalidSetting, file: file,
                    String(
                        format:
                            "who is on the %@ cannot be told: at the start tracks %d and %d stand %.1f torso lengths apart (under %.1f); name the demonstrator by track (track:%d or track:%d)",
                        selection == .left ? "left" : "right", pair[0], pair[1], abs(a.startX - b.startX) / max(torso, 1e-6),
                        Self.sideMarginTorsos, pair[0], pair[1]),
                    setting: .person)
            }
            chosen = selection == .left ? startOrder[0] : startOrder[1]
            choice = "on the \(selection == .left ? "left" : "right") at the start\(sides)"
        case .track(let k):
            guard pair.contains(k) else {
                throw KinetixError(
                    .invalidSetting, file: file,
                    "track \(k) is not one of the pair (tracks \(pair[0]) and \(pair[1]), the two largest people)", setting: .person)
            }
            chosen = k
            choice = "track \(k), as asked\(sides)"
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
        let unsure = Set(tracking.tracks[chosen].uncertain.flatMap { Array($0) }).union(
            tracking.tracks[other].uncertain.flatMap { Array($0) })
        uncertainFrames = unsure.count
    }
}
