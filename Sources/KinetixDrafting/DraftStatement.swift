import KinetixCore
import KinetixProfiles

/// What one sentence of a description asks for, before numbers are settled.
enum DraftStatement: Sendable {
    /// The exercise's name ("Front raise."), and its movement when it names one ("Squat.").
    case title(String, DraftTarget?)
    /// "The thighs must get parallel to the ground": where the main movement goes.
    case goal(DraftBodyPart, position: (text: String, elevation: Double)?, degrees: Double?)
    /// "Film from the side."
    case view(Profile.Requirements.View)
    /// A movement to perform: the measure that rises, and where to (a position or a number).
    case movement(DraftTarget)
    /// "Count a rep each time …": the rep is this target, or the main movement when nil.
    case reps(DraftTarget?)
    /// "Repeat on the other side", "do ten on each side": each side in turn.
    case eachSide
    /// "Hold for 2 seconds" (at the top of the movement).
    case hold(seconds: Double)
    /// "45 seconds.", "carry on for 1 minute": a time and nothing else. A held position's
    /// hold time; in an exercise of reps, how long the set lasts (a programme).
    case duration(seconds: Double)
    /// "Take at least 2 seconds to go down": `into` is the direction of the movement
    /// itself (true) or of the return (false), resolved against the main movement later.
    case tempo(seconds: Double?, direction: Keyword)
    /// "Keep both sides even", "one arm more than 15 degrees lower than the other";
    /// `percent`: the limit is a percentage of the larger side's value.
    case symmetry(BodyMeasure?, limit: Double?, percent: Bool)
    /// "Keep the elbows straight", "do not bend the knees", "keep the head still":
    /// the measure must stay below a limit (`relative`: as a change from the clip's start).
    case constraint(BodyMeasure, SideChoice, degrees: Double?, relative: Bool)
    /// "Warn if the knees cave in more than 10 degrees", "… bend less than 90 degrees".
    case limit(BodyMeasure, SideChoice, DraftComparison, Double)
}

extension DraftStatement {
    var isTitle: Bool { if case .title = self { true } else { false } }
    var isView: Bool { if case .view = self { true } else { false } }
    var isEachSide: Bool { if case .eachSide = self { true } else { false } }
    var isMovement: Bool { if case .movement = self { true } else { false } }
    /// A movement, or a count that names one ("lift your leg, 10 reps").
    var movesSomething: Bool {
        switch self {
        case .movement, .reps(_?): true
        default: false
        }
    }
}

/// A movement's measure, sides and goal.
struct DraftTarget: Equatable, Sendable {
    var measure: BodyMeasure
    var sides: SideChoice
    /// The goal, in the measure's unit, when the words give one.
    var target: Double?
    /// Where the goal came from, for the report ("position 'shoulder height'", "15 degrees").
    var targetSource: String?
    /// The movement word ("lift", "squat"), for the learner's cues.
    var movement: DraftMovement?
    /// Whether the words press the arms overhead ("press", "push up"): a press's rep starts
    /// at the top when its sentence lowers first ("bring them down to your ears, then press up").
    var pressed = false
    /// Whether no word moves the part: the movement is inferred from where the part goes
    /// ("bell to chest height", "one hand on your ribs").
    var inferredFromPlace = false
}

/// Which sides a measure is taken on.
enum SideChoice: String, Equatable, Sendable {
    /// Only one side.
    case left, right
    /// Both together: the rep is their average, rules check each.
    case both
    /// Either (or each in turn): the rep is the higher of the two, rules check each.
    case either
    /// The measure has no sides (trunk, head, stance).
    case none

    var sides: [BodySide?] {
        switch self {
        case .left: [.left]
        case .right: [.right]
        case .both, .either: [.left, .right]
        case .none: [nil]
        }
    }
}
