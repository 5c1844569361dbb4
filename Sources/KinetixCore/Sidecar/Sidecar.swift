/// A pose sidecar: per-frame body joints (and optionally face landmarks) of one
/// person in one clip, as an estimator reported them.
///
/// Coordinates are kept as written, in `space`; `BodySeries` turns them into
/// isotropic body coordinates. Tables are structure-of-arrays, one contiguous
/// column per joint.
public struct Sidecar: Equatable, Sendable {
    /// The `format` field every sidecar carries.
    public static let formatName = "kinetix-sidecar"
    /// The newest sidecar format version this Kinetix reads and writes: 2 adds a third
    /// coordinate (`CoordinateSpace.depth`). A sidecar without depth is still written as
    /// version 1, so readers of version 1 keep reading it.
    public static let currentVersion = 2
    /// Every version this Kinetix reads.
    public static let readableVersions: ClosedRange<Int> = 1...2

    /// The version `encoded()` writes: 2 with depth, else 1.
    public var formatVersion: Int { space.depth == nil ? 1 : 2 }

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
    public init(
        source: [String: String] = [:], space: CoordinateSpace, times: [Double],
        joints: PointTable<Joint>, face: PointTable<FaceLandmark>? = nil, events: [Event] = []
    ) {
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

    /// 3D when the joints have depth (`space.depth`), else 2D: what every angle and
    /// result derived from this clip is measured in.
    public var dimensions: Dimensions { space.depth == nil ? .two : .three }

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
        /// Metres, y up (3D: `.trc` markers, Vision's 3D pose, MediaPipe's world
        /// landmarks, with a `depth` of `.world` or `.root`); no image size.
        case metres
    }

    /// Normalized, pixels or metres.
    public var kind: Kind
    /// The image size in pixels, needed in the image kinds to make coordinates
    /// isotropic; 0 in `metres` (there is no image).
    public var width: Double
    /// The image height in pixels; 0 in `metres`.
    public var height: Double
    /// What the third coordinate is; nil: the sidecar is 2D (in `metres` too: the x–y
    /// projection of a 3D clip).
    public var depth: Depth?

    /// What a joint's third coordinate (`PointTable.z`) measures.
    public enum Depth: String, Equatable, Sendable, CaseIterable {
        /// Relative depth in the unit of x (pixels, or fractions of the image width when
        /// normalized), larger farther from the camera, origin arbitrary per frame
        /// (MediaPipe's image-space z). An image kind's only depth.
        case relative
        /// Metres in a fixed frame of the room, y up, right-handed (OpenSim's and
        /// Pose2Sim's `.trc`: their ground frame).
        case world
        /// Metres relative to the body's root (the hip midpoint) per frame, y up,
        /// right-handed (Apple Vision's 3D body pose, MediaPipe's world landmarks).
        case root
    }

    /// A 2D space of `kind` for an image of `width` × `height` pixels, or with `depth`.
    public init(kind: Kind, width: Double, height: Double, depth: Depth? = nil) {
        self.kind = kind
        self.width = width
        self.height = height
        self.depth = depth
    }

    /// A 3D space in metres, in the room's frame (`.world`) or the body's (`.root`).
    public static func metres(_ depth: Depth) -> CoordinateSpace {
        precondition(depth != .relative, "metres are in a world or root frame")
        return CoordinateSpace(kind: .metres, width: 0, height: 0, depth: depth)
    }

    /// Converts a point to isotropic coordinates, y up: image pixels with the origin
    /// lower-left, or metres as they are.
    @inlinable
    public func isotropic(x: Float, y: Float) -> (x: Float, y: Float) {
        switch kind {
        case .normalized: (x * Float(width), y * Float(height))
        case .pixels: (x, Float(height) - y)
        case .metres: (x, y)
        }
    }

    /// The third coordinate in the unit `isotropic(x:y:)` gives x: `z` as it is, or
    /// scaled by the image width when normalized. The sign is kept (see `Depth`): an
    /// angle or a distance does not depend on which way z points.
    @inlinable
    public func isotropicDepth(_ z: Float) -> Float {
        kind == .normalized ? z * Float(width) : z
    }

    /// Words for the space: "pixels 1080 × 1920", "metres (world frame)".
    public var summary: String {
        switch kind {
        case .metres: return "metres (" + (depth.map { $0 == .root ? "root-relative" : "world frame" } ?? "x-y projection") + ")"
        case .normalized, .pixels:
            let size = "\(jsonNumber(width, digits: 1)) × \(jsonNumber(height, digits: 1)) px"
            return "\(kind.rawValue), \(size)\(depth == .relative ? ", relative depth" : "")"
        }
    }
}

/// Whether positions, angles and every result from them are planar or spatial.
public enum Dimensions: Int, Equatable, Sendable, CaseIterable, CustomStringConvertible {
    /// Image coordinates: angles of a projection.
    case two = 2
    /// Three coordinates per joint: angles of the body itself.
    case three = 3

    /// "2D" or "3D", as reports write it.
    public var description: String { "\(rawValue)D" }
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

/// Tracked points per frame, structure-of-arrays: 2D, or 3D with a `z` column.
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
    /// Point-major third coordinates (`CoordinateSpace.depth` says what they are); nil
    /// in a 2D table. NaN where a point is not tracked.
    public package(set) var z: [Float]?

    /// A table of `frameCount` frames with nothing tracked, with a `z` column when `depth`.
    public init(frameCount: Int, depth: Bool = false) {
        self.frameCount = frameCount
        let size = frameCount * Name.count
        x = Array(repeating: .nan, count: size)
        y = Array(repeating: .nan, count: size)
        confidence = Array(repeating: 0, count: size)
        z = depth ? Array(repeating: .nan, count: size) : nil
    }

    /// A table from its point-major columns (each `frameCount * Name.count` long).
    package init(frameCount: Int, x: [Float], y: [Float], confidence: [Float], z: [Float]? = nil) {
        precondition(x.count == frameCount * Name.count && y.count == x.count && confidence.count == x.count)
        precondition(z.map { $0.count == x.count } ?? true)
        self.frameCount = frameCount
        self.x = x
        self.y = y
        self.confidence = confidence
        self.z = z
    }

    /// True when the table has a third coordinate.
    public var hasDepth: Bool { z != nil }

    /// The third coordinate of a point: NaN when the table is 2D or the point is not tracked.
    @inlinable
    public func depth(_ name: Name, _ frame: Int) -> Float {
        z.map { $0[index(name, frame)] } ?? .nan
    }

    /// Sets a point's third coordinate (ignored in a 2D table, kept NaN while the
    /// point is not tracked).
    public mutating func setDepth(_ value: Float, _ name: Name, _ frame: Int) {
        let i = index(name, frame)
        guard z != nil, confidence[i] > 0 else { return }
        z![i] = value
    }

    /// Exchanges everything of two points in one frame (positions, depth, confidence):
    /// how left/right swaps are repaired.
    public mutating func exchange(_ a: Name, _ b: Name, frame: Int) {
        let i = index(a, frame)
        let j = index(b, frame)
        x.swapAt(i, j)
        y.swapAt(i, j)
        confidence.swapAt(i, j)
        z?.swapAt(i, j)
    }

    /// A table with the same points and no third coordinate: the projection onto x–y.
    public func droppingDepth() -> PointTable {
        var result = self
        result.z = nil
        return result
    }

    @inlinable
    /// The index of point `name` in `frame` in `x`, `y` and `confidence`.
    public func index(_ name: Name, _ frame: Int) -> Int { name.rawValue * frameCount + frame }

    /// The point in one frame, or nil when it is not tracked. Setting a point keeps its
    /// depth (`setDepth`) while it stays tracked; untracking it clears the depth too.
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
                z?[i] = .nan
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
            && (lhs.z == nil) == (rhs.z == nil) && sameValues(lhs.z ?? [], rhs.z ?? [])
    }

    /// True when at least one point in the table is tracked.
    public var hasAnyPoint: Bool { confidence.contains { $0 > 0 } }
}

/// Element-wise equality in which NaN equals NaN: missing values match.
@inlinable
package func sameValues(_ a: [Float], _ b: [Float]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
}
