import KinetixCore
import KinetixProfiles

/// A draft's content with every number settled, before it is written as a profile
/// (`DraftProfileWriter`). Each part remembers the sentence it came from (0: the demonstration).
struct DraftPlan: Sendable {
    /// The movement reps are counted on, and its goal.
    struct MainMovement: Sendable {
        var measure: BodyMeasure
        var sides: SideChoice
        /// The measure at rest and at the goal, and how far short of the goal still passes.
        var rest: Double
        var target: Double
        var tolerance: Double
        /// The movement word for the cue ("raise": "Lift higher").
        var movement: DraftMovement
        /// Which way a rep goes from rest: a rise (the measure grows as the movement is
        /// performed, as every measure does from its anatomical rest) or a dip (a
        /// demonstration that rests at the top: a press from the rack, a deadlift from the floor).
        var direction: Profile.RepCounter.Movement = .rise
        /// The least range a rep covers, in the measure's unit, as a fraction of |target − rest|.
        static let minRangeFraction = 0.4
    }

    /// Another movement's goal, checked once per rep.
    struct Reach: Sendable {
        var measure: BodyMeasure
        var sides: SideChoice
        var target: Double
        var tolerance: Double
    }

    /// A measure that must stay at or below `limit` (frame rule), per side.
    struct Constraint: Sendable {
        var measure: BodyMeasure
        var sides: SideChoice
        var limit: Double
        /// Measured as the change from the clip's first second.
        var relative: Bool
        var cue: String
        var sentence: Int
    }

    /// "More than X" (frame rule) or "less than X" (per rep) on a measure.
    struct Limit: Sendable {
        var measure: BodyMeasure
        var sides: SideChoice
        /// True: warn above `value` in any frame; false: warn when a rep's highest stays below it.
        var above: Bool
        var value: Double
        var cue: String
        var sentence: Int
    }

    var id = "drafted-exercise"
    var title = "Drafted exercise"
    var view: Profile.Requirements.View = .any
    /// True when `view` is only where the demonstration happened to be filmed (no word
    /// asked for it): a measure that reads alike from any view is then measured in whichever
    /// view a clip has.
    var viewFromDemonstration = false
    var main: MainMovement?
    var reaches: [Reach] = []
    /// Seconds to stay near the goal in each rep.
    var holdSeconds: Double?
    /// A position held (a plank, a wall sit, a stretch, "hold for 30 seconds"), not reps with
    /// a pause at the top: the profile is tagged "hold".
    var isHold = false
    /// Least seconds for the way into the movement and for the return.
    var intoSeconds: Double?
    var returnSeconds: Double?
    /// Left/right difference limit on the main measure (or another sided one), in its
    /// unit or (`percent`) as a percentage of the larger side.
    var symmetry: (measure: BodyMeasure, limit: Double, percent: Bool)?
    var constraints: [Constraint] = []
    var limits: [Limit] = []
}
