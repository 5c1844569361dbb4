import KinetixCore

/// The result of running a profile on a clip: one value that every writer renders.
public struct Assessment: Equatable, Sendable {
    /// `ok` when the clip met the profile's requirements and was scored; `void` when
    /// it did not (then `voidReason` says why and nothing is scored).
    public enum Status: String, Sendable { case ok, void }

    /// A parameter and the value it had in this run (defaults included).
    public struct Parameter: Equatable, Sendable {
        /// The parameter's name.
        public package(set) var name: String
        /// Its value in this run.
        public package(set) var value: ParameterValue
        /// True when the value was found in the clip (a view parameter set to `auto`).
        public package(set) var foundInClip = false
    }

    /// One metric over the clip.
    public struct MetricSeries: Equatable, Sendable {
        /// The metric's name in the profile.
        public package(set) var name: String
        /// Its unit as the profile declares it (`deg`, `torso`, `ipd`, …).
        public package(set) var unit: String?
        /// Per frame; relative to the baseline when the metric says so; NaN where not measurable.
        public package(set) var values: [Float]
        /// The baseline's median, when there is a baseline.
        public package(set) var baseline: Float?
        /// True when `values` are differences from `baseline`.
        public package(set) var relativeToBaseline: Bool

        /// Equal when every field is, NaN values equal to NaN.
        public static func == (a: Self, b: Self) -> Bool {
            a.name == b.name && a.unit == b.unit && sameValues(a.values, b.values)
                && (a.baseline == b.baseline || (a.baseline?.isNaN == true && b.baseline?.isNaN == true))
                && a.relativeToBaseline == b.relativeToBaseline
        }
    }

    /// One repetition found by the profile's rep counter.
    public struct Rep: Equatable, Sendable {
        /// A summary expression's value over the rep.
        public struct Value: Equatable, Sendable {
            /// The summary's name in the profile.
            public package(set) var name: String
            /// In the unit of the expression (NaN when not measurable).
            public package(set) var value: Float

            /// A named summary value.
            public init(name: String, value: Float) {
                self.name = name
                self.value = value
            }
        }

        /// First and last frame's times, seconds.
        public package(set) var start: Double
        /// Last frame's time, seconds.
        public package(set) var end: Double
        /// Summary values in the profile's order.
        public package(set) var values: [Value]
        /// The time of the rep's far end (deepest, highest), seconds.
        public package(set) var extreme: Double? = nil
        /// 0...1: how sure the counter is that this is one rep (1: tracked throughout,
        /// a range and a length like the clip's other reps, seen whole).
        public package(set) var confidence: Float = 1
        /// Why it is less sure, in words (nil at full confidence).
        public package(set) var doubt: String? = nil

        /// A rep from `start` to `end` with its summary values.
        public init(start: Double, end: Double, values: [Value], extreme: Double? = nil, confidence: Float = 1, doubt: String? = nil) {
            self.start = start
            self.end = end
            self.values = values
            self.extreme = extreme
            self.confidence = confidence
            self.doubt = doubt
        }
    }

    /// How the reps were told from rest, and what the counter saw but did not count.
    public struct RepCounting: Equatable, Sendable {
        /// A stretch of the clip, seconds, with what it was.
        public struct Stretch: Equatable, Sendable {
            /// First frame's time, seconds.
            public package(set) var start: Double
            /// Last frame's time, seconds.
            public package(set) var end: Double
            /// In words: why it is not a rep, or why it could not be read.
            public package(set) var note: String
        }
        /// The metric counted.
        public package(set) var metric: String
        /// Its unit.
        public package(set) var unit: String?
        /// `rise` or `dip`: which way a rep goes from rest.
        public package(set) var movement: Profile.RepCounter.Movement
        /// True when the thresholds were learned from the clip, false when fixed by the profile.
        public package(set) var learned: Bool
        /// The range a movement had to cover to be a rep, in `unit` (the largest of the
        /// profile's least range, half the reps' typical range and 4× the noise).
        public package(set) var threshold: Float
        /// The reps' typical (median) range, in `unit`; nil without reps.
        public package(set) var typicalRange: Float?
        /// The counted metric's noise (robust SD), in `unit`.
        public package(set) var noise: Float
        /// Movements the counter saw and did not count, with the reason.
        public package(set) var notCounted: [Stretch]
        /// Reps cut by the clip's start or end (not counted).
        public package(set) var partial: [Stretch]
        /// Stretches where the metric could not be read (not tracked).
        public package(set) var unread: [Stretch]
    }

    /// A rule that held: over a stretch of frames, or for one rep.
    public struct Finding: Equatable, Sendable {
        /// The rule's id in the profile.
        public package(set) var rule: String
        /// First and last frame's times, seconds.
        public package(set) var start: Double
        /// Last frame's time, seconds.
        public package(set) var end: Double
        /// The rule's severity.
        public package(set) var severity: Profile.Rule.Severity
        /// Words for the person moving, no numbers.
        public package(set) var cue: String
        /// Words and numbers for the coach or clinician (the rule's detail template filled in).
        public package(set) var detail: String
        /// Set when an estimator fault inside the stretch could explain the finding
        /// (`Assessment.markTrackingDoubts`): then it is not the learner's cue.
        public package(set) var caveat: String? = nil
    }

    /// One left/right measure of a symmetry profile.
    public struct SymmetryResult: Equatable, Sendable {
        /// The measure's name in the profile.
        public package(set) var measure: String
        /// Movement from the baseline at the moments of greatest movement, per side, in
        /// the measure's unit.
        public package(set) var movementLeft: Float?
        /// See `movementLeft`.
        public package(set) var movementRight: Float?
        /// 100 × (larger − smaller) / larger movement; nil when neither side moved.
        public package(set) var deviationPercent: Float?
        /// `left` or `right` when the deviation reaches the profile's threshold.
        public package(set) var weakerSide: BodySide?
        /// The movements' unit, as the profile declares its metrics' (`IPD`, `deg`, `torso`).
        public package(set) var unit: String?
        /// Each side's noise: the robust standard deviation (1.4826 × the median absolute
        /// deviation) of its metric over the baseline, or over the stillest second.
        public package(set) var noiseLeft: Float?
        /// See `noiseLeft`.
        public package(set) var noiseRight: Float?
        /// False when neither side moved `Symmetry.noiseMultiple` times its noise (or the
        /// minimum movement): then no deviation is given, only the movements.
        public var measurable = true
        /// Frames after the baseline left out by the measure's condition (`"when"`: the
        /// jaw open, for the mouth).
        public var framesLeftOut = 0
        /// Why frames were left out, in words (the measure's `leftOutBecause`, else its condition).
        public package(set) var condition: String? = nil
    }

    /// One left/right measure at rest (the baseline, or a still image): the positions
    /// themselves, not movement, as Sunnybrook's and eFACE's resting items grade them
    /// (brow height, eye opening, mouth corner).
    public struct RestingSymmetry: Equatable, Sendable {
        /// The measure's name in the profile.
        public package(set) var measure: String
        /// The left metric's value at rest (its baseline median), in `unit`.
        public package(set) var left: Float
        /// The right metric's value at rest.
        public package(set) var right: Float
        /// The measures' unit (`IPD`).
        public package(set) var unit: String?
        /// Left − right, in `unit`.
        public var difference: Float { left - right }
        /// True when |difference| reaches `Symmetry.restingLimit` (and the landmarks'
        /// pixel resolution): a resting asymmetry to look at, not a diagnosis.
        public package(set) var asymmetric: Bool
    }

    /// How much of the clip a required joint or landmark was tracked in.
    public struct Coverage: Equatable, Sendable {
        /// The joint or landmark.
        public package(set) var name: String
        /// Tracked frames over all frames, 0...1.
        public package(set) var fraction: Double
        /// The joint measured instead, when a side view hides this one (its mirror on the near side).
        public package(set) var measuredBy: String? = nil
    }

    /// The profile's id.
    public package(set) var profileID: String
    /// The profile's version.
    public package(set) var profileVersion: String
    /// The profile's title.
    public package(set) var profileTitle: String
    /// Every parameter with the value used.
    public package(set) var parameters: [Parameter]
    /// Scored, or void.
    public package(set) var status: Status
    /// Why the result is void, in words; nil when `status` is `ok`.
    public package(set) var voidReason: String?
    /// The clip's frame times, seconds.
    public package(set) var times: [Double]
    /// Every metric, in the profile's order.
    public package(set) var metrics: [MetricSeries]
    /// Reps counted, in time order.
    public package(set) var reps: [Rep]
    /// The camera's view through the clip (2D body clips; empty otherwise).
    public struct ViewStretch: Equatable, Sendable {
        /// `front`, `side` or `oblique`; nil where the shoulders were not tracked.
        public package(set) var view: CameraView?
        /// First frame's time, seconds.
        public package(set) var start: Double
        /// Last frame's time, seconds.
        public package(set) var end: Double
    }
    /// The camera's view through the clip, in stretches.
    public package(set) var views: [ViewStretch] = []
    /// The view measured when the profile needs one and the clip has it: frames seen
    /// otherwise were left out.
    public package(set) var measuredView: CameraView? = nil
    /// In a side view that hides one side: which joints are hidden and which side is
    /// measured, in words (`HiddenSide.summary`); nil when nothing is hidden.
    public package(set) var hiddenSide: String? = nil
    /// Metrics not measured because they need the hidden side.
    public package(set) var hiddenMetrics: [String] = []
    /// How the reps were counted, and what was seen but not counted; nil without a counter.
    public package(set) var repCounting: RepCounting? = nil
    /// In time order.
    public package(set) var findings: [Finding]
    /// Per symmetry measure, for face profiles.
    public package(set) var symmetry: [SymmetryResult]
    /// The side weaker in most measures whose deviation reaches the threshold; nil when none does.
    public package(set) var weakerSide: BodySide?
    /// Shoulder width over torso length: about 0.9 seen from the front, under 0.3 from the side.
    public package(set) var shoulderWidthRatio: Float?
    /// Coverage of each required joint or landmark.
    public package(set) var coverage: [Coverage]
    /// Where the baseline came from ("first 2 s", a file), when there is one.
    public package(set) var baselineSource: String?
    /// For face profiles: the face's size, turned frames, shot cuts and the stretch analysed.
    public package(set) var face: FaceQuality?
    /// The rest level found for each metric that has one, in the profile's order.
    public package(set) var restLevels: [RestLevel] = []
    /// For symmetry profiles: each measure's sides at rest (the baseline, or the still).
    public package(set) var resting: [RestingSymmetry] = []
    /// True when the clip is a still image (one frame): only resting symmetry is measured.
    public var isStill = false
    /// The deviation, percent, from which a measure names a weaker side (the profile's
    /// `symmetry.thresholdPercent` with this run's parameters); nil without symmetry.
    public package(set) var symmetryThresholdPercent: Float?
}
