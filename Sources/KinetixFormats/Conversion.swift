import Foundation
import KinetixCore

/// One person as an estimator reported them in one frame.
public struct DetectedPerson: Sendable {
    /// Joints in the source's coordinates; absent when not detected.
    public var joints: [Joint: (x: Float, y: Float, confidence: Float)] = [:]
    /// Face landmarks in the source's coordinates; absent when not detected.
    public var face: [FaceLandmark: (x: Float, y: Float, confidence: Float)] = [:]
    /// Each joint's third coordinate, for a 3D source (in the unit of its space's
    /// `depth`); a 3D clip keeps only joints that have one.
    public var depth: [Joint: Float] = [:]
    /// The estimator's own tracking id, when it gives one.
    public var id: Int?

    /// A person with these joints.
    public init(joints: [Joint: (x: Float, y: Float, confidence: Float)] = [:], id: Int? = nil) {
        self.joints = joints
        self.id = id
    }

    /// Adds neck and root as the midpoints of the shoulders and hips when they are
    /// missing, with the smaller of the two confidences (COCO-17, BODY_25B, MediaPipe).
    mutating func synthesizeNeckAndRoot() {
        func midpoint(_ a: Joint, _ b: Joint) -> (x: Float, y: Float, confidence: Float)? {
            guard let p = joints[a], let q = joints[b], p.confidence > 0, q.confidence > 0 else { return nil }
            return ((p.x + q.x) / 2, (p.y + q.y) / 2, min(p.confidence, q.confidence))
        }
        for (middle, a, b) in [(Joint.neck, Joint.leftShoulder, Joint.rightShoulder), (.root, .leftHip, .rightHip)]
        where joints[middle] == nil {
            joints[middle] = midpoint(a, b)
            if joints[middle] != nil, let za = depth[a], let zb = depth[b] { depth[middle] = (za + zb) / 2 }
        }
    }

    /// The diagonal of the box around the confident joints (or, for a face without a
    /// body, the face landmarks), in source units.
    var size: Float {
        var points = joints.values.filter { $0.confidence > 0 }
        if points.count < 2 { points = face.values.filter { $0.confidence > 0 } }
        guard points.count >= 2 else { return 0 }
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        return hypot(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    }
}

/// One frame of a source: its time and the people in it.
public struct DetectedFrame: Sendable {
    /// The frame's time, seconds.
    public var t: Double
    /// Everyone detected in it.
    public var people: [DetectedPerson]
    /// The source's frame number, for messages.
    public var number: Int

    /// A frame at `t` seconds, numbered `number` in the source.
    public init(t: Double, number: Int, people: [DetectedPerson]) {
        self.t = t
        self.number = number
        self.people = people
    }
}

/// Which person to keep when a frame has several.
public enum PersonSelection: Equatable, Sendable {
    /// The largest person where the clip starts, then followed.
    case largest
    /// The n-th person (0-based) in the first frame with anyone, then followed.
    case index(Int)
    /// The person with this tracking id in every frame (when the source has ids).
    case id(Int)
    /// Everyone followed by `PeopleTracker`, then the track furthest left in the image.
    case left
    /// The track furthest right in the image.
    case right
    /// Track n (0-based, left to right) of `PeopleTracker`.
    case track(Int)
    /// Every track: one sidecar each (`ConversionResult.people`).
    case everyone

    /// Parses `largest`, `3`, `id:7`, `left`, `right` or `track:1`.
    public init?(_ text: String) {
        if text == "largest" {
            self = .largest
        } else if text == "left" {
            self = .left
        } else if text == "right" {
            self = .right
        } else if let n = Int(text), n >= 0 {
            self = .index(n)
        } else if text.hasPrefix("id:"), let n = Int(text.dropFirst(3)) {
            self = .id(n)
        } else if text.hasPrefix("track:"), let n = Int(text.dropFirst(6)), n >= 0 {
            self = .track(n)
        } else {
            return nil
        }
    }

    /// True for the selections `PeopleTracker` makes (everyone followed, then one or all kept).
    var tracksEveryone: Bool {
        switch self {
        case .left, .right, .track, .everyone: true
        case .largest, .index, .id: false
        }
    }
}

/// An image's size in pixels.
public struct ImageSize: Sendable, Equatable {
    /// Pixels across.
    public var width: Double
    /// Pixels down.
    public var height: Double
    /// A `width` × `height` pixel image.
    public init(width: Double, height: Double) { (self.width, self.height) = (width, height) }
}

/// Settings shared by every converter.
public struct ConversionOptions: Sendable {
    /// Frames per second, for sources that number frames instead of timing them.
    public var frameRate: Double?
    /// The image size in pixels, for sources that do not record it.
    public var imageSize: ImageSize?
    /// Which person to follow.
    public var person: PersonSelection = .largest
    /// Stop at the first bad frame instead of reporting it and going on.
    public var strict = false
    /// OpenPose model, when forced (checked against the keypoints).
    public var model: OpenPoseConverter.Model?
    /// MediaPipe: read the world landmarks (`mp33_world`, metres) for a 3D clip instead
    /// of the image landmarks.
    public var worldLandmarks = false
    /// Carry face landmarks over when the source has them.
    public var includeFace = true
    /// For still images (`SourceFormat.faceStills`): the image, by index or file name;
    /// nil for the first.
    public var stillImage: String?
    /// The input's name, for messages and `source.clip`.
    public var inputName = "input"
    /// The most people accepted in one frame; a frame with more is a bad frame.
    public var maxPeople = 1_000
    /// Input size limits: a file (or an OpenPose folder, all files together) over
    /// `limits.maxFileBytes` is refused before it is read.
    public var limits = SidecarLimits.default

    public init() {}
}

/// A converted sidecar and what the user should know about it.
public struct ConversionResult: Sendable {
    /// The sidecar (with `PersonSelection.everyone`, the first track's).
    public var sidecar: Sidecar
    /// Bad frames skipped, people lost or switched, guesses made.
    public var warnings: [Diagnostic]
    /// Every file read, so a caller never writes its output over one of them.
    public var inputFiles: [String] = []
    /// With `PersonSelection.everyone`, one sidecar per track, left to right; else `[sidecar]`.
    public var people: [Sidecar] = []
    /// Everyone followed, when the selection tracks everyone (`left`, `right`, `track`, `everyone`).
    public var tracking: PeopleTracking?

    /// A result of one sidecar.
    public init(sidecar: Sidecar, warnings: [Diagnostic], inputFiles: [String] = []) {
        self.sidecar = sidecar
        self.warnings = warnings
        self.inputFiles = inputFiles
        people = [sidecar]
    }

    init(_ assembled: Assembled, warnings: [Diagnostic], inputFiles: [String]) {
        self.init(sidecar: assembled.sidecars[0], warnings: warnings, inputFiles: inputFiles)
        people = assembled.sidecars
        tracking = assembled.tracking
    }
}

/// What `assemble` made: the chosen person's sidecar, or every track's.
struct Assembled {
    var sidecars: [Sidecar]
    var tracking: PeopleTracking?
}

/// The formats `kinetix convert --from` reads.
public enum SourceFormat: String, CaseIterable, Sendable {
    case openpose, coco17, mediapipe, vision
    /// OpenSim / Pose2Sim markers (`.trc`): 3D, metres.
    case trc
    /// MediaPipe Face Mesh on still photos: one face becomes a one-frame clip.
    case faceStills = "face-stills"
}

/// The image size for pixel keypoints of a source that does not record it: the one
/// given, else the keypoints' extent (the largest x and y, rounded up), with a warning
/// and `source["imageSize"] = "inferred"`. Pixel coordinates are isotropic, so angles,
/// body coordinates and every score are the same whatever the size; only drawings
/// placed on the image would notice.
func imageSize(
    _ options: ConversionOptions, frames: [DetectedFrame], file: String,
    warnings: inout [Diagnostic], source: inout [String: String]
) -> ImageSize {
    if let size = options.imageSize { return size }
    var maxX: Float = 1
    var maxY: Float = 1
    for frame in frames {
        for person in frame.people {
            for p in person.joints.values where p.confidence > 0 && p.x.isFinite && p.y.isFinite {
                maxX = max(maxX, p.x)
                maxY = max(maxY, p.y)
            }
        }
    }
    let size = ImageSize(
        width: min(Sidecar.maxImageDimension, Double(maxX.rounded(.up)) + 1),
        height: min(Sidecar.maxImageDimension, Double(maxY.rounded(.up)) + 1))
    warnings.append(
        Diagnostic(
            file: file,
            message:
                "the source does not record the image size: inferred \(Int(size.width))×\(Int(size.height)) from the keypoints' extent (scores do not depend on it)",
            setting: .imageSize))
    source["imageSize"] = "inferred"
    return size
}

/// Builds the sidecar from frames of detected people: picks and follows one person, or
/// (`PersonSelection.tracksEveryone`) follows everyone and keeps the track(s) asked for.
func assemble(
    _ input: [DetectedFrame], space: CoordinateSpace, source: [String: String], options: ConversionOptions,
    warnings: inout [Diagnostic]
) throws(KinetixError) -> Assembled {
    // A frame without a usable time, or at the time of an earlier one, is reported and
    // skipped, like any other bad frame; the rest of the clip converts.
    var frames: [DetectedFrame] = []
    frames.reserveCapacity(input.count)
    for frame in input.sorted(by: { $0.t < $1.t || ($0.t == $1.t && $0.number < $1.number) }) {
        var problem: String?
        if !frame.t.isFinite {
            problem = "the frame has no valid time"
        } else if let previous = frames.last, frame.t == previous.t {
            problem = "duplicate time: source frame \(previous.number) has the same t=\(String(format: "%.6f", frame.t))s; skipped"
        }
        guard let problem else {
            frames.append(frame)
            continue
        }
        let diagnostic = Diagnostic(
            file: options.inputName, frameIndex: frame.number, time: frame.t.isFinite ? frame.t : nil, field: "t", message: problem)
        if options.strict { throw KinetixError(diagnostics: [diagnostic]) }
        warnings.append(diagnostic)
    }
    for i in frames.indices where frames[i].people.count > options.maxPeople {
        let diagnostic = Diagnostic(
            file: options.inputName, frameIndex: i, time: frames[i].t,
            message: "\(frames[i].people.count) people, more than the limit of \(options.maxPeople)")
        if options.strict { throw KinetixError(diagnostics: [diagnostic]) }
        warnings.append(diagnostic)
        frames[i].people = []
    }
    guard !frames.isEmpty else { throw KinetixError(.invalidData, file: options.inputName, "no frames could be read") }
    if options.person.tracksEveryone {
        return try assembleTracks(frames, space: space, source: source, options: options, warnings: &warnings)
    }
    let chosen = PersonTracker(selection: options.person).follow(frames, warnings: &warnings, file: options.inputName)
    if !chosen.contains(where: { $0 != nil }) {
        let most = frames.map(\.people.count).max() ?? 0
        let message =
            most == 0
            ? "nobody was detected in any frame"
            : "the person asked for never appears (frames have at most \(most) \(most == 1 ? "person" : "people"))"
        throw KinetixError(.invalidData, file: options.inputName, message, setting: most == 0 ? nil : .person)
    }
    return Assembled(sidecars: [try sidecar(of: chosen, frames: frames, space: space, source: source, options: options)], tracking: nil)
}

/// Follows everyone (`PeopleTracker`) and builds the sidecar of each track asked for,
/// with the track in its `source`; frames where identity is uncertain are left empty.
func assembleTracks(
    _ frames: [DetectedFrame], space: CoordinateSpace, source: [String: String], options: ConversionOptions,
    warnings: inout [Diagnostic]
) throws(KinetixError) -> Assembled {
    let scale = space.kind == .normalized ? SIMD2(Float(space.width), Float(space.height)) : SIMD2<Float>(1, 1)
    // The assignment costs n³ a frame: a crowd is not followed (and cannot stall a conversion).
    var frames = frames
    let crowded = frames.indices.filter { frames[$0].people.count > PeopleTracker.maxPeople }
    let crowdSizes = crowded.map { frames[$0].people.count }
    if let first = crowded.first {
        warnings.append(
            Diagnostic(
                file: options.inputName, frameIndex: first, time: frames[first].t,
                message:
                    "\(crowded.count) frame\(crowded.count == 1 ? "" : "s") with more than \(PeopleTracker.maxPeople) people skipped: a crowd is not followed"
            ))
        for i in crowded { frames[i].people = [] }
    }
    let tracking = PeopleTracker().track(frames, scale: scale)
    for note in tracking.leftOut { warnings.append(Diagnostic(file: options.inputName, message: "left out " + note)) }
    let tracks = tracking.tracks
    guard !tracks.isEmpty else {
        let most = frames.map(\.people.count).max() ?? 0
        // Frames emptied as a crowd are not frames where nobody was seen: say which.
        if most == 0, let first = crowded.first {
            let size = crowdSizes[0]
            throw KinetixError(
                .invalidData, file: options.inputName,
                "a crowd: \(crowded.count) of \(frames.count) frames list more than \(PeopleTracker.maxPeople) people (\(size) in frame \(first)), more than the tracker follows, and no other frame has anyone in it; take one person instead (the largest, or N-th from the left)",
                setting: .person)
        }
        throw KinetixError(
            .invalidData, file: options.inputName,
            most == 0
                ? "nobody was detected in any frame"
                : "nobody could be followed for long enough (\(tracking.leftOut.count) brief or small \(tracking.leftOut.count == 1 ? "person" : "people") left out)"
        )
    }
    let picked: [PersonTrack]
    let how: String
    switch options.person {
    case .left: (picked, how) = ([tracks[0]], "left")
    case .right: (picked, how) = ([tracks[tracks.count - 1]], "right")
    case .track(let k):
        guard k < tracks.count else {
            throw KinetixError(
                .invalidData, file: options.inputName,
                "there is no track \(k): \(tracks.count) \(tracks.count == 1 ? "person was" : "people were") followed (tracks 0–\(tracks.count - 1), left to right)",
                setting: .person)
        }
        (picked, how) = ([tracks[k]], "track:\(k)")
    default: (picked, how) = (tracks, "every track")
    }
    var sidecars: [Sidecar] = []
    for track in picked {
        var chosen = [DetectedPerson?](repeating: nil, count: frames.count)
        var unsure = 0
        for (f, k) in track.people.enumerated() {
            guard let k else { continue }
            if track.isUncertain(f) {
                unsure += 1
                continue
            }
            chosen[f] = frames[f].people[k]
        }
        var trackSource = source
        trackSource["track"] = "\(track.id)"
        trackSource["tracks"] = "\(tracks.count)"
        trackSource["trackChosenBy"] = how
        trackSource["trackFrames"] = "\(track.trackedFrames)"
        if !track.uncertain.isEmpty {
            let ranges = Sidecar.listText(track.uncertain.map { "\($0.lowerBound)-\($0.upperBound)" })
            trackSource["identityUncertainFrames"] = ranges
            warnings.append(
                Diagnostic(
                    file: options.inputName, frameIndex: track.uncertain[0].lowerBound, time: frames[track.uncertain[0].lowerBound].t,
                    message:
                        "track \(track.id): \(unsure) frame\(unsure == 1 ? "" : "s") left empty where this person came too close to another to be told apart (frames \(ranges))"
                ))
        }
        for note in track.notes { warnings.append(Diagnostic(file: options.inputName, message: "track \(track.id): \(note)")) }
        sidecars.append(try sidecar(of: chosen, frames: frames, space: space, source: trackSource, options: options))
    }
    return Assembled(sidecars: sidecars, tracking: tracking)
}

/// The sidecar of one person chosen per frame (nil: nobody that frame).
func sidecar(
    of chosen: [DetectedPerson?], frames: [DetectedFrame], space: CoordinateSpace, source: [String: String],
    options: ConversionOptions
) throws(KinetixError) -> Sidecar {
    let n = frames.count
    let is3D = space.depth != nil
    var joints = PointTable<Joint>(frameCount: n, depth: is3D)
    var face = PointTable<FaceLandmark>(frameCount: n)
    var hasFace = false
    for i in 0..<n {
        guard var person = chosen[i] else { continue }
        person.synthesizeNeckAndRoot()
        for (joint, p) in person.joints where p.confidence > 0 && p.x.isFinite && p.y.isFinite {
            let z = person.depth[joint]
            if is3D && !(z?.isFinite ?? false) { continue }  // a 3D clip has no half-known joint
            joints[joint, i] = (p.x, p.y, min(1, p.confidence))
            if let z { joints.setDepth(z, joint, i) }
        }
        if options.includeFace {
            for (landmark, p) in person.face where p.confidence > 0 && p.x.isFinite && p.y.isFinite {
                face[landmark, i] = (p.x, p.y, min(1, p.confidence))
                hasFace = true
            }
        }
    }
    var source = source
    source["clip"] = source["clip"] ?? (options.inputName as NSString).lastPathComponent
    source["converter"] = "kinetix \(KinetixVersion.current)"
    // A rate the source recorded (or the user gave) beats one estimated from rounded times.
    if let fps = options.frameRate, fps.isFinite, fps > 0 { source["fps"] = jsonNumber(fps, digits: 6) }
    let sidecar = Sidecar(source: source, space: space, times: frames.map(\.t), joints: joints, face: hasFace ? face : nil)
    let problems = sidecar.validate()
    guard problems.isEmpty else { throw KinetixError(diagnostics: problems.map { $0.inFile(options.inputName) }) }
    return sidecar
}

extension SourceFormat {
    /// Converts `input` (a folder for OpenPose, a file otherwise) to a sidecar.
    ///
    /// - Throws: `KinetixError`: `.unreadable` when the input is missing, `.invalidData`
    ///   when it cannot be read as this format, each problem located.
    public func convert(_ input: String, options: ConversionOptions) throws(KinetixError) -> ConversionResult {
        switch self {
        case .openpose: try OpenPoseConverter.convert(folder: input, options: options)
        case .coco17: try COCO17Converter.convert(file: input, options: options)
        case .mediapipe: try MediaPipeConverter.convert(file: input, options: options)
        case .vision: try VisionConverter.convert(file: input, options: options)
        case .trc: try TRCConverter.convert(file: input, options: options)
        case .faceStills: try FaceStillsConverter.convert(file: input, options: options)
        }
    }
}

extension ConversionResult {
    /// The result with its estimator faults found and, when `repairSwaps`, its
    /// left/right swaps undone and listed in the sidecar's `source["repairedSwaps"]`
    /// (`first-last` frame ranges). Every person's sidecar is checked (`people`); the
    /// check returned is the first's.
    public func checkedForFaults(repairSwaps: Bool, minConfidence: Float = BodySeries.defaultMinConfidence) -> (
        result: ConversionResult, check: FaultCheck
    ) {
        let checked = checkedPeople(repairSwaps: repairSwaps, minConfidence: minConfidence)
        var result = ConversionResult(sidecar: checked[0].sidecar, warnings: warnings, inputFiles: inputFiles)
        result.people = checked.map(\.sidecar)
        result.tracking = tracking
        return (result, checked[0].check)
    }

    /// Each person's sidecar with its faults found (and swaps repaired when asked).
    public func checkedPeople(repairSwaps: Bool, minConfidence: Float = BodySeries.defaultMinConfidence) -> [(
        sidecar: Sidecar, check: FaultCheck
    )] {
        (people.isEmpty ? [sidecar] : people).map { person in
            var (clip, check) = person.checkedForFaults(role: "sidecar", repairSwaps: repairSwaps, minConfidence: minConfidence)
            if check.repairedSwaps {
                clip.source["repairedSwaps"] = check.faults.filter { $0.kind == .leftRightSwap }
                    .map { "\($0.frames.lowerBound)-\($0.frames.upperBound)" }.joined(separator: ",")
            }
            return (clip, check)
        }
    }
}
