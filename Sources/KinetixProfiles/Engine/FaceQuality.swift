import Foundation
import KinetixCore

/// What a face clip allows one to measure: the face's size in pixels, the frames where
/// the head was turned too far, the shot cuts and tracking jumps, and the stretch of
/// frames analysed (the longest one without a cut), so that two shots are never
/// averaged together or compared with one baseline.
public struct FaceQuality: Equatable, Sendable {
    /// Below this distance between the eye centres, pixels, a face is not measured: a
    /// movement of 0.1 IPD would be under 2 pixels, within a face-mesh's own jitter.
    public static let minEyeDistancePixels: Float = 20
    /// A jump of the face's centre by more than this fraction of the eye distance in one
    /// frame is a shot cut or a tracking jump (a head moves a few percent per frame).
    public static let cutJumpFraction: Float = 0.4
    /// A change of the eye distance by more than this fraction in one frame, likewise.
    public static let cutScaleChange: Float = 0.15
    /// A face lost for longer than this, seconds, starts a new stretch when it returns.
    public static let maxGapSeconds = 0.5

    /// The median distance between the eye centres over the frames analysed, pixels.
    public var eyeDistancePixels: Float?
    /// Frames not measured because the head was turned (`FaceSeries.maxEyeWidthAsymmetry`).
    public var turnedFrames: Int
    /// Times where a shot cut or a tracking jump starts a new stretch, seconds.
    public var cuts: [Double]
    /// The frames analysed: the longest stretch of tracked face without a cut or a long gap.
    public var analysed: Range<Int>

    /// The quality of `face`'s frames.
    public init(_ face: FaceSeries) {
        let n = face.times.count
        turnedFrames = face.turnedFrames
        var stretches: [Range<Int>] = []
        var cuts: [Double] = []
        var start: Int?
        var last: Int?
        for i in 0..<n where face.pupilDistancePixels[i].isFinite {
            if let previous = last {
                let scale = face.pupilDistancePixels[previous]
                let jump = hypot(face.centreX[i] - face.centreX[previous], face.centreY[i] - face.centreY[previous])
                let resized = abs(face.pupilDistancePixels[i] - scale) / scale
                let gap = face.times[i] - face.times[previous]
                if jump > Self.cutJumpFraction * scale || resized > Self.cutScaleChange || gap > Self.maxGapSeconds {
                    if gap <= Self.maxGapSeconds { cuts.append(face.times[i]) }
                    stretches.append(start!..<(previous + 1))
                    start = i
                }
            } else {
                start = i
            }
            last = i
        }
        if let start, let last { stretches.append(start..<(last + 1)) }
        func seconds(_ r: Range<Int>) -> Double { face.times[r.upperBound - 1] - face.times[r.lowerBound] }
        analysed = stretches.max { seconds($0) < seconds($1) } ?? 0..<n
        self.cuts = cuts
        eyeDistancePixels = median(face.pupilDistancePixels[analysed])
    }
}
