/// Exercises known by name, and the movement each one counts: what a title ("Push-ups.",
/// "Glute bridge:") says before any sentence does. A description is read as a whole:
/// the exercise its name states decides the counted measure, its movement sentences give
/// the goal and the rules, and a set-up or posture sentence ("your legs should be bent at
/// the knees") never becomes the counted movement of an exercise whose name says another.
///
/// Names are matched on the title's words after `Lemmatizer` ("push-ups" → "push-up"),
/// longest name first; an exercise the 15 body keypoints cannot follow (calf raises,
/// shrugs, wrist curls, rotations) is known too, so its draft is refused, saying why,
/// rather than counting some other joint.
struct NamedExercise: Equatable, Sendable {
    /// The measures a rep of it may be counted on, the first preferred; empty: nothing
    /// the keypoints show (then `unmeasurable` says why).
    var kinds: [BodyMeasure.Kind]
    var movement: DraftMovement
    var plane: MovementPlane? = nil
    /// Which way a rep goes from the position it starts in (a bridge straightens the hips).
    var direction: Profile.RepCounter.Movement = .rise
    /// The resting value and goal when they are not the measure's defaults (a bridge rests with
    /// the hips bent and straightens them).
    var rest: Double? = nil
    var target: Double? = nil
    /// Done lying, kneeling or on the hands (push-ups, planks, bridges): "keep the body
    /// straight" is then the hips kept straight, not the trunk kept vertical.
    var notStanding = false
    /// A stretch: a position held, not a movement repeated (the draft times a hold).
    var stretch = false
    /// A position held that is not a stretch (a plank, a wall sit, a single-leg stance):
    /// the draft is a hold, timed, as a stretch's is.
    var hold = false
    /// A stance on one leg: the side a sentence names is the leg stood on ("on the left
    /// leg"), so the other leg is the one lifted and measured; none named, either leg.
    var standsOnNamedSide = false
    /// Why it cannot be counted from body keypoints (nil: it can).
    var unmeasurable: String? = nil
    /// The words it was known by.
    var name = ""

    /// Names, lemmatized and lower case, to the exercise; first match of the longest name wins.
    static let table: [(names: [String], exercise: NamedExercise)] = [
        (["calf raise", "calf press", "heel raise", "toe raise", "heel rise", "calf"], .init(kinds: [], movement: .raise, unmeasurable: "the heels and toes are not among the 15 body keypoints")),
        (["shrug"], .init(kinds: [], movement: .raise, unmeasurable: "a shrug raises the shoulder girdle, which the shoulder keypoints barely show")),
        (["wrist curl", "finger curl", "wrist roller", "wrist rotation", "supination", "pronation", "hand squeeze", "plate pinch"],
         .init(kinds: [], movement: .bend, unmeasurable: "the wrist and fingers are not among the 15 body keypoints")),
        (["neck rotation", "russian twist", "wood chop", "woodchop", "trunk rotation", "torso rotation", "twist"],
         .init(kinds: [], movement: .turn, unmeasurable: "a rotation about the body's long axis barely changes the keypoints' angles in one camera view")),
        (["push-up", "push up", "pushup", "press-up", "press up", "pressup"], .init(kinds: [.elbowFlexion], movement: .bend, notStanding: true)),
        (["dip"], .init(kinds: [.elbowFlexion], movement: .bend)),
        (["rope climb", "pull-up", "pull up", "pullup", "chin-up", "chin up", "chinup", "pulldown", "pull-down", "muscle up", "muscle-up"], .init(kinds: [.elbowFlexion, .upperArmElevation], movement: .bend)),
        (["heel toucher", "heel touch", "sit-up", "sit up", "situp", "crunch", "curl-up", "curl up", "jackknife", "v-up"], .init(kinds: [.hipFlexion, .trunkLean], movement: .bend, notStanding: true)),
        (["glute bridge", "bridge", "bridging", "hip thrust", "butt lift", "pelvic raise", "hip lift"],
         .init(kinds: [.hipFlexion], movement: .straighten, direction: .dip, rest: 50, target: 10, notStanding: true)),
        (["leg curl", "hamstring curl", "prone knee bend", "knee bend", "knee flexion", "glute ham raise", "glute-ham raise"], .init(kinds: [.kneeFlexion], movement: .bend)),
        (["leg extension", "knee extension"], .init(kinds: [.kneeFlexion], movement: .straighten, direction: .dip, rest: 90, target: 10)),
        (["leg press"], .init(kinds: [.kneeFlexion, .hipFlexion], movement: .bend)),
        (["dead bug", "straight leg raise", "leg raise", "leg lift", "flutter kick", "scissor kick", "leg pull-in", "hanging pike"],
         .init(kinds: [.hipFlexion, .thighElevation, .legElevation], movement: .bend, notStanding: true)),
        (["knee raise", "knee tuck", "high knee", "march", "hip flexion", "knee to chest", "knee-to-chest"], .init(kinds: [.thighElevation, .hipFlexion], movement: .raise, plane: .sagittal)),
        // A plank is held with the body lowered toward horizontal (the trunk's lean from vertical,
        // 0 standing or kneeling); "keep the body straight" is then the hips kept straight.
        (["plank", "front plank", "forearm plank", "high plank", "elbow plank"], .init(kinds: [.trunkLean], movement: .lean, target: 75, notStanding: true, hold: true)),
        (["side plank", "side bridge"], .init(kinds: [.trunkLean], movement: .lean, target: 60, notStanding: true, hold: true)),
        (["wall sit", "wall-sit", "wall squat hold", "isometric squat", "squat hold"],
         .init(kinds: [.kneeFlexion, .hipDrop, .thighElevation, .hipFlexion], movement: .squat, target: 90, hold: true)),
        (["single-leg stance", "single leg stance", "one-leg stance", "one leg stance", "single-leg balance", "single leg balance",
          "one-leg balance", "one leg balance", "single-leg stand", "single leg stand", "stork stand", "stork balance"],
         .init(kinds: [.thighElevation], movement: .raise, target: 30, hold: true, standsOnNamedSide: true)),
        (["neck press", "bench press", "incline dumbbell press", "decline dumbbell press", "incline press", "decline press", "close-grip dumbbell press", "chest press", "floor press", "board press", "pin press", "jm press", "tate press"], .init(kinds: [.elbowFlexion], movement: .bend, notStanding: true)),
        (["shoulder press", "military press", "overhead press", "push press", "arnold press", "dumbbell press", "kettlebell press", "jerk", "thruster"],
         .init(kinds: [.armElevation, .upperArmElevation, .elbowFlexion], movement: .raise, target: 170)),
        (["box jump", "butt kick", "jump", "hop", "bound", "leap", "skip"], .init(kinds: [.kneeFlexion, .hipFlexion], movement: .bend)),
        (["rear delt raise", "lateral raise", "side raise", "side lateral", "lateral", "deltoid raise", "delt raise", "shoulder abduction", "scaption"],
         .init(kinds: [.armElevation, .upperArmElevation], movement: .raise, plane: .frontal)),
        (["front raise", "shoulder flexion", "forward raise"], .init(kinds: [.armElevation, .upperArmElevation], movement: .raise, plane: .sagittal)),
        (["jumping jack", "star jump"], .init(kinds: [.armElevation, .stanceWidth], movement: .raise, plane: .frontal, target: 170)),
        (["abductor", "adductor", "hip adduction", "hip abduction", "leg abduction", "side leg raise", "clam"], .init(kinds: [.legElevation, .thighElevation, .stanceWidth], movement: .raise, plane: .frontal)),
        (["triceps extension", "tricep extension", "skull crusher", "skullcrusher", "pushdown", "push-down", "kickback", "triceps press", "french press", "elbow extension"],
         .init(kinds: [.elbowFlexion], movement: .bend)),
        (["row", "face pull", "high pull"], .init(kinds: [.elbowFlexion, .upperArmElevation], movement: .bend)),
        (["curl", "elbow flexion", "elbow bend"], .init(kinds: [.elbowFlexion], movement: .bend)),
        (["pullover", "flye", "fly", "crossover", "pec deck", "butterfly"], .init(kinds: [.upperArmElevation, .armElevation], movement: .raise)),
        (["deadlift", "good morning", "romanian", "rdl", "hyperextension", "back extension", "hip hinge", "kettlebell swing", "swing", "rack pull", "clean", "snatch"],
         .init(kinds: [.hipFlexion, .trunkLean, .kneeFlexion], movement: .bend)),
        (["side bend", "lateral flexion", "side flexion", "side bends"], .init(kinds: [.trunkLean], movement: .lean)),
        (["neck side bend", "neck tilt", "head tilt", "neck side flexion", "neck"], .init(kinds: [.headTilt], movement: .lean)),
        (["hamstring stretch", "hamstring", "toe touch", "straddle", "runner's stretch"], .init(kinds: [.hipFlexion], movement: .bend, stretch: true)),
        (["quad stretch", "quadriceps stretch", "quadricep stretch", "quad", "quadriceps", "hip flexor stretch", "dancer's stretch"], .init(kinds: [.kneeFlexion], movement: .bend, stretch: true)),
        (["lateral stretch", "side stretch", "overhead stretch"], .init(kinds: [.trunkLean], movement: .lean, plane: .frontal, stretch: true)),
        (["knee to chest stretch", "hug knees", "child's pose", "glute stretch", "groin stretch"], .init(kinds: [.hipFlexion, .thighElevation], movement: .bend, stretch: true)),
        (["chest stretch", "shoulder stretch", "triceps stretch", "tricep stretch", "biceps stretch", "lat stretch"], .init(kinds: [.armElevation, .upperArmElevation, .elbowFlexion], movement: .raise, stretch: true)),
        (["slam", "throw", "chest pass"], .init(kinds: [.armElevation, .elbowFlexion], movement: .raise)),
        (["split squat", "lunge"], .init(kinds: [.kneeFlexion, .hipDrop, .thighElevation], movement: .lunge)),
        (["step-up", "step up"], .init(kinds: [.thighElevation, .kneeFlexion], movement: .stepUp)),
        (["squat", "sit to stand", "sit-to-stand", "chair stand"], .init(kinds: [.kneeFlexion, .hipDrop, .thighElevation, .hipFlexion], movement: .squat)),
    ]

    /// A held exercise named by the first words of a sentence that is not a title
    /// ("Single-leg stance on the left leg for 10 seconds", "Plank for 30 seconds"), or nil.
    /// Only holds: a rep exercise's name opening an instruction ("curl your trunk up") is a verb.
    static func heldNamedAtStart(of words: [String]) -> NamedExercise? {
        let forms = words.map { Set([$0] + Lemmatizer.lemmas(of: $0)) }
        var best: (length: Int, exercise: NamedExercise)?
        for row in table where row.exercise.hold {
            for name in row.names {
                let nameWords = name.split(separator: " ").map(String.init)
                guard forms.count >= nameWords.count, best.map({ nameWords.count > $0.length }) ?? true,
                      nameWords.indices.allSatisfy({ forms[$0].contains(nameWords[$0]) }) else { continue }
                var exercise = row.exercise
                exercise.name = name
                best = (nameWords.count, exercise)
            }
        }
        return best?.exercise
    }

    /// The exercise a title names, or nil. `words`: the title's words as the reader split them.
    static func named(in words: [String]) -> NamedExercise? {
        // Each word as written and its dictionary forms ("push-ups": "push-up"; "raises": "raise").
        let forms = words.map { Set([$0] + Lemmatizer.lemmas(of: $0)) }
        var best: (length: Int, order: Int, exercise: NamedExercise)?
        for (order, row) in table.enumerated() {
            for name in row.names {
                let nameWords = name.split(separator: " ").map(String.init)
                guard forms.count >= nameWords.count, best.map({ nameWords.count > $0.length }) ?? true else { continue }
                for start in 0...(forms.count - nameWords.count)
                where nameWords.indices.allSatisfy({ forms[start + $0].contains(nameWords[$0]) }) {
                    var exercise = row.exercise
                    exercise.name = name
                    best = (nameWords.count, order, exercise)
                    break
                }
            }
        }
        return best?.exercise
    }
}
