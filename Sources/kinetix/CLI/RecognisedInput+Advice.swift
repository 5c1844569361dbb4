import KinetixFormats

extension RecognisedInput {
    /// What to do with an input, in this command line's words (the library describes
    /// what it is; which command to run is the front end's to say).
    var advice: String {
        switch self {
        case .estimator(let format): "convert it first: kinetix convert --from \(format.rawValue) <input> -o sidecar.json"
        case .sidecar: "it needs no conversion: use it as it is"
        case .openPoseFrameFile: "give the folder that holds all the frame files"
        case .openSimMotion: "it holds angles, not keypoints; Kinetix reads keypoint sidecars"
        case .unknown: "the formats are listed by 'kinetix convert --help'"
        }
    }
}
