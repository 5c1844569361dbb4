/// A pose sidecar: per-frame body joints (and optionally face landmarks) of one
/// person in one clip, as an estimator reported them.
///
/// Coordinates are kept as written, in `space`; `BodySeries` turns them into
/// isotropic body coordinates. Tables are structure-of-arrays, one contiguous
/// column per joint.
public struct Sidecar: Equatable, Sendable {
    /// The `format` field every sidecar carries.
    public static let formatName = "kinetix-sidecar"
    /// The sidecar format version this Kinetix reads and writes.
    public static let currentVersion = 1

    /// Where the data came from: free-form strings (`clip`, `detector`, `converter`, …).
    public var source: [String: String]
    /// How the coordinates are expressed (normalized or pixels) and the image size.
    public var space: CoordinateSpace
    /// Frame times in seconds on the clip's clock, strictly increasing.
    public package(set) var times: [Double]
    /// The 15 body joints per frame, one frame per time (edit a point through
    /// `subscript(_:_:)`; the table itself is the sidecar's).
    public package(set) var joints: PointTable<Joint>
    /// Face landmarks, nil when no frame has any; one frame per time.
    public package(set) var face: PointTable<FaceLandmark>?
    /// Labelled moments (cue onsets), in time order.
    public var events: [Event]

    /// A sidecar from its tables; `joints` (and `face`) must have one frame per time.
    public init(source: [String: String] = [:], space: CoordinateSpace, times: [Double],
                joints: PointTable<Joint>, face: PointTable<FaceLandmark>? = nil, events: [Event] = []) {
        precondition(joints.frameCount == times.count, "joint table and times disagree")
        self.source = source
        self.space = space
        self.times = times
        self.joints = joints
        self.face = face
        self.events = events
    }

    /// Joint `joint` in frame `frame`: nil when not tracked; setting nil (or a
    /// confidence of 0) untracks it. The way to edit a sidecar's points: the tables stay
    /// one frame per time.
    public subscript(joint: Joint, frame: Int) -> (x: Float, y: Float, confidence: Float)? {
        get { joints[joint, frame] }
        set { joints[joint, frame] = newValue }
    }

    /// The number of frames.
    public var frameCount: Int { times.count }

    /// Seconds from the first to the last frame.
    public var duration: Double { times.count > 1 ? times[times.count - 1] - times[0] : 0 }
}

/// How a sidecar's coordinates are expressed.
public struct CoordinateSpace: Equatable, Sendable {
    /// The kind of coordinates.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// 0…1 of the image, origin lower-left, y up (Apple Vision).
        case normalized
        /// Pixels, origin top-left, y down (OpenPose, MMPose, most tools).
        case pixels
    }

    /// Normalized or pixels.
    public var kind: Kind
    /// The image size in pixels, needed in both kinds to make coordinates isotropic.
    public var width: Double
    /// The image height in pixels.
    public var height: Double

    /// A space of `kind` for an image of `width` × `height` pixels.
    public init(kind: Kind, width: Double, height: Double) {
        self.kind = kind
        self.width = width
        self.height = height
    }

    /// Converts a point to isotropic image coordinates: pixels, y up, origin lower-left.
    @inlinable
    public func isotropic(x: Float, y: Float) -> (x: Float, y: Float) {
        switch kind {
        case .normalized: (x * Float(width), y * Float(height))
        case .pixels: (x, Float(height) - y)
        }
    }
}

/// A labelled moment of the clip, such as a cue onset.
public struct Event: Equatable, Sendable {
    /// The event's time, seconds on the clip's clock.
    public var t: Double
    /// What happened (a cue's name).
    public var label: String
    /// For a cue that asks for an action: the action's id in a challenge profile's
    /// catalogue (`raiseLeftArm`); nil when the label alone names it.
    public var action: String?
    /// For a "Simon says" game: whether the instruction was prefixed "Simon says" (do it)
    /// or not (hold still); nil when the cue is a plain instruction (do it).
    public var simonSays: Bool?

    /// An event at `t` seconds.
    public init(t: Double, label: String, action: String? = nil, simonSays: Bool? = nil) {
        self.t = t
        self.label = label
        self.action = action
        self.simonSays = simonSays
    }
}

/// A name set whose members index the columns of a `PointTable`.
public protocol PointName: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == Int {
    static var count: Int { get }
    var name: String { get }
    init?(name: String)
}

extension Joint: PointName {}

/// Tracked 2D points per frame, structure-of-arrays.
///
/// Column `p` of `x` is `x[p.rawValue * frameCount ..< (p.rawValue + 1) * frameCount]`.
/// A point not tracked has confidence 0 and NaN coordinates.
public struct PointTable<Name: PointName>: Equatable, Sendable {
    /// Frames in the table.
    public let frameCount: Int
    /// Point-major x coordinates (NaN when not tracked).
    public package(set) var x: [Float]
    /// Point-major y coordinates (NaN when not tracked).
    public package(set) var y: [Float]
    /// Point-major confidences, 0...1 (0 when not tracked).
    public package(set) var confidence: [Float]

    /// A table of `frameCount` frames with nothing tracked.
    public init(frameCount: Int) {
        self.frameCount = frameCount
        let size = frameCount * Name.count
        x = Array(repeating: .nan, count: size)
        y = Array(repeating: .nan, count: size)
        confidence = Array(repeating: 0, count: size)
    }

    /// A table from its point-major columns (each `frameCount * Name.count` long).
    package init(frameCount: Int, x: [Float], y: [Float], confidence: [Float]) {
        precondition(x.count == frameCount * Name.count && y.count == x.count && confidence.count == x.count)
        self.frameCount = frameCount
        self.x = x
        self.y = y
        self.confidence = confidence
    }

    @inlinable
    /// The index of point `name` in `frame` in `x`, `y` and `confidence`.
    public func index(_ name: Name, _ frame: Int) -> Int { name.rawValue * frameCount + frame }

    /// The point in one frame, or nil when it is not tracked.
    public subscript(name: Name, frame: Int) -> (x: Float, y: Float, confidence: Float)? {
        get {
            let i = index(name, frame)
            return confidence[i] > 0 ? (x[i], y[i], confidence[i]) : nil
        }
        set {
            let i = index(name, frame)
            if let newValue, newValue.confidence > 0 {
                (x[i], y[i], confidence[i]) = newValue
            } else {
                (x[i], y[i], confidence[i]) = (.nan, .nan, 0)
            }
        }
    }

    /// True when `name` is tracked in `frame` with at least `minConfidence`.
    @inlinable
    public func isTracked(_ name: Name, _ frame: Int, minConfidence: Float) -> Bool {
        Self.isTracked(confidence: confidence[index(name, frame)], minConfidence: minConfidence)
    }

    /// True when a point of confidence `confidence` counts as tracked: detected (above
    /// 0) with at least `minConfidence`. The one rule, for loops over whole columns too.
    @inlinable
    public static func isTracked(confidence: Float, minConfidence: Float) -> Bool {
        confidence > 0 && confidence >= minConfidence
    }

    /// Equal when every value is equal, NaN counting as equal to NaN (a missing point).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.frameCount == rhs.frameCount && lhs.confidence == rhs.confidence
            && sameValues(lhs.x, rhs.x) && sameValues(lhs.y, rhs.y)
    }

    /// True when at least one point in the table is tracked.
    public var hasAnyPoint: Bool { confidence.contains { $0 > 0 } }
}

/// Element-wise equality in which NaN equals NaN: missing values match.
@inlinable
package func sameValues(_ a: [Float], _ b: [Float]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
}
