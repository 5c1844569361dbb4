/// Everything that defines a synthesized clip; the same options give the same bytes.
public struct SynthOptions: Equatable, Sendable {
    /// What the synthetic subject does.
    public enum Motion: String, CaseIterable, Sendable {
        /// Bodyweight squats, feet planted.
        case squat
        /// Both arms raised sideways and lowered, to 150° (a raise past shoulder height).
        case armRaise = "arm-raise"
        /// Both arms raised sideways to shoulder height (90°) and lowered.
        case lateralRaise = "lateral-raise"
        /// Both arms raised forward to shoulder height (90°) and lowered.
        case frontRaise = "front-raise"
        /// Biceps curl: both elbows bent to 130°, the upper arms hanging still.
        case curl
        /// Rising from a chair and sitting back down: seated (knees about 95°) half of each cycle.
        case sitToStand = "sit-to-stand"
        /// Forward lunges, legs alternating: both knees bend to about 90°.
        case lunge
        /// Jumping jacks: feet jump apart as the arms rise sideways overhead.
        case jumpingJack = "jumping-jack"
        /// Standing on the right leg, the left knee lifted (thigh 45°), with a slow sway.
        case singleLegStance = "single-leg-stance"
        /// Marching in place, opposite arm swinging.
        case march
        /// A copy-me routine: left arm raise, right arm front raise, march, squat, repeated.
        case routine
        /// A face filmed close up: neutral, raise brows, neutral, close eyes, neutral,
        /// smile, neutral (`FaceRoutine`), repeated.
        case face
        /// Reaction trials: a cue every period ("raise left arm" / "raise right arm"),
        /// then that arm raised sideways after the reaction time, with rest between
        /// (`CueResponseSchedule`); the true onsets go into `source.trueOnsets`.
        case cueResponse = "cue-response"
    }

    /// A side of the body.
    public typealias Side = BodySide

    /// Where the camera stands.
    public enum View: String, CaseIterable, Sendable {
        /// The camera faces the subject.
        case front
        /// The camera sees the subject's left side.
        case side
    }

    /// A deliberate error: `degrees` added to what drives `limb` (on the subject's own
    /// side) between `from` and `to` seconds, ramped in and out over 0.2 s.
    public struct Fault: Equatable, Sendable {
        /// The limb whose angle is changed.
        public var limb: Limb
        /// Added to its angle, degrees.
        public var degrees: Double
        /// Start, seconds.
        public var from: Double
        /// End, seconds.
        public var to: Double

        /// A fault of `degrees` on `limb` from `from` to `to` seconds.
        public init(limb: Limb, degrees: Double, from: Double, to: Double) {
            self.limb = limb
            self.degrees = degrees
            self.from = from
            self.to = to
        }
    }

    /// The movement.
    public var motion: Motion = .squat
    /// Clip length, seconds.
    public var durationSeconds: Double = 10
    /// Frames per second.
    public var frameRate: Double = 30
    /// One movement cycle (one squat, one raise, two steps), seconds.
    public var periodSeconds: Double = 2.5
    /// The subject's standing height, metres.
    public var heightMeters: Double = 1.75
    /// Camera distance from the subject, metres.
    public var cameraDistanceMeters: Double = 3
    /// Front, or side (the subject's left).
    public var view: View = .front
    /// The coordinates written.
    public var spaceKind: CoordinateSpace.Kind = .pixels
    /// Image width, pixels.
    public var imageWidth: Double = 1080
    /// Image height, pixels.
    public var imageHeight: Double = 1920
    /// Standard deviation of the detector's position noise, pixels.
    public var noisePixels: Double = 1
    /// Probability that a joint is missing in a frame.
    public var dropout: Double = 0
    /// The random seed: the same options give the same clip, byte for byte.
    public var seed: UInt64 = 1
    /// The subject performs the motion this many seconds late.
    public var delaySeconds: Double = 0
    /// The subject performs the motion with left and right exchanged, as a learner
    /// facing the demonstrator copies it.
    public var mirrorMotion: Bool = false
    /// Knee valgus: each knee moves toward the midline by this many centimetres at full squat depth.
    public var kneeValgusCentimeters: Double = 0
    /// Squat depth in 0...1 (1: thighs past parallel, about 120° knee flexion).
    public var squatDepth: Double = 0.8
    /// Rep-to-rep variation of the squat's depth: each rep's depth is `squatDepth` times
    /// (1 + this × a seeded standard normal), kept in 0...1, as real reps vary.
    public var repVariation: Double = 0
    /// Deliberate limb-angle errors (a learner's mistakes).
    public var faults: [Fault] = []
    /// `cue-response`: seconds from a cue to the start of the movement.
    public var reactionSeconds: Double = 0.35
    /// `cue-response`: the reaction time's seeded trial-to-trial standard deviation, seconds.
    public var reactionJitterSeconds: Double = 0.04
    /// `cue-response`: every n-th trial is a false start (0.05 s after the cue); 0: none.
    public var falseStartEvery: Int = 0
    /// `cue-response`: every n-th trial has no response; 0: none.
    public var noResponseEvery: Int = 0
    /// `cue-response`: cues carry "Simon says" flags (a no-response trial's cue lacks it).
    public var simonSays: Bool = false
    /// `cue-response` with `simonSays`: every n-th cue lacks "Simon says" but is performed anyway; 0: none.
    public var wrongEvery: Int = 0
    /// For the face: the side whose expressions are weak (facial palsy), if any.
    public var weakSide: Side? = nil
    /// For the face: the fraction of movement the weak side loses, 0...1; the weak
    /// side's brow and mouth corner also droop at rest by up to 3 mm.
    public var weakness: Double = 0
    /// The weakness a weak side gets when none is given: a moderate palsy.
    public static let defaultWeakness = 0.6
    /// The camera distance for the face motion when none is given: a phone at arm's length.
    public static let faceCameraDistanceMeters = 0.45

    public init() {}

    /// Every default in one place: front ends show these values in their help.
    public static let defaults = SynthOptions()

    /// The range each numeric option accepts, beside its default: a front end checks a
    /// value against these before setting it (the generator itself takes what it is given).
    public enum Ranges {
        /// `durationSeconds`: up to ten hours.
        public static let durationSeconds: ClosedRange<Double> = 0...36_000
        /// `frameRate`, frames per second.
        public static let frameRate: ClosedRange<Double> = 1...1000
        /// `periodSeconds`, one movement's length.
        public static let periodSeconds: ClosedRange<Double> = 0.2...60
        /// `heightMeters`, the body's height.
        public static let heightMeters: ClosedRange<Double> = 0.5...2.5
        /// `cameraDistanceMeters`.
        public static let cameraDistanceMeters: ClosedRange<Double> = 0.2...20
        /// `noisePixels`, the keypoints' standard deviation.
        public static let noisePixels: ClosedRange<Double> = 0...100
        /// `dropout`, the fraction of joints not tracked.
        public static let dropout: ClosedRange<Double> = 0...1
        /// `delaySeconds`, the motion's shift in time.
        public static let delaySeconds: ClosedRange<Double> = -60...60
        /// `squatDepth`.
        public static let squatDepth: ClosedRange<Double> = 0...1
        /// `repVariation`.
        public static let repVariation: ClosedRange<Double> = 0...1
        /// `kneeValgusCentimeters`.
        public static let kneeValgusCentimeters: ClosedRange<Double> = 0...30
        /// `reactionSeconds`: no faster than a human reaction.
        public static let reactionSeconds: ClosedRange<Double> = 0.12...5
        /// `reactionJitterSeconds`.
        public static let reactionJitterSeconds: ClosedRange<Double> = 0...1
        /// `falseStartEvery`, `noResponseEvery` and `wrongEvery`: every n-th cue (0: none).
        public static let everyNthCue: ClosedRange<Double> = 0...1000
        /// `weakness`.
        public static let weakness: ClosedRange<Double> = 0...1
    }
}
