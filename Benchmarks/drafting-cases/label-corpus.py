#!/usr/bin/env python3
"""Writes corpus-labels-new.json: free-exercise-db entries outside corpus-labels.json,
each labelled with the measure its rep (or hold) should be read on, the view that sees
it and the mode, from the exercise's name and instructions, by the table below. The
table was written from exercise knowledge before the drafter was run on these entries
and without reading the drafting vocabulary; each entry's family and label can be
checked by hand against its text. Entries no row fits (cardio machines, carries,
foam rolling, wrist and ankle work the 15 joints cannot see, rotations) are not labelled.
Split: dev ≈ 40 %, test ≈ 60 %, by random.Random(54) over the sorted ids.

    python3 Benchmarks/drafting-cases/label-corpus.py ../shared/corpora/free-exercise-db/exercises.json
"""
import json, random, re, sys

E, U, A, T = "elbowFlexion", "upperArmElevation", "armElevation", "trunkLean"
K, H, TH, L, HT, SW = "kneeFlexion", "hipFlexion", "thighElevation", "legElevation", "headTilt", "stanceWidth"

# (family, name pattern, measures, view, mode, why): first row that matches wins.
# measures [] = nothing the 15 joints show is the movement (calf raises, shrugs): a right
# draft refuses or says so.
TABLE = [
    ("not measurable", r"calf|shrug|wrist (curl|roller|rotation)|finger curl|toe touchers?$|plate pinch|hand squeeze|ankle circles|supination|pronation", [], None, "none", "the movement is at the ankle, wrist, fingers or shoulder girdle, which the 15 joints do not show"),
    ("excluded", r"smr|treadmill|bike|bicycl|elliptical|stairmaster|step mill|rowing, stationary|skating|walk|carry|drag|sled|yoke|prowler|sprint|running|jogging|rope jumping|battling|vacuum|twist|wood ?chop|judo|russian|rotation|circles|figure 8|180|pass between|windmill|conan|tire flip|atlas|keg|sandbag|log lift|circus|wipers|iron cross|claw|linear|start technique|carioca|shuffle|jammer|pallof|isometric|bear crawl|spider crawl|rickshaw|crucifix", None, None, None, ""),
    ("push-up", r"push[- ]?ups?\b|pushups|body-up|clock push", [E], None, "reps", "a push-up bends and straightens the elbows"),
    ("dip", r"\bdips?\b", [E], None, "reps", "a dip bends and straightens the elbows"),
    ("plank", r"^plank$|side bridge|plank", [H, T], "side", "hold", "a plank holds the body straight"),
    ("sit-up / crunch", r"sit-?ups?|crunch|butt-ups|cocoons|jackknife|v-up|heel touch|elbow to knee|tuck|otis|gorilla", [H, T], "side", "reps", "a sit-up or crunch curls the trunk toward the thighs"),
    ("lying leg work", r"leg (lift|raise)|flutter|scissor kick|leg pull-in|pull-in|knee/hip raise|hip raise|hanging pike|bottoms up|dead bug|hip flexion", [TH, L, H], "side", "reps", "the leg (thigh) is raised from the hip"),
    ("bridge / hip thrust", r"bridge|hip thrust|hip lift|butt lift|hip extension|pull through", [H], "side", "reps", "a bridge or thrust straightens the hips"),
    ("leg curl", r"leg curl|hamstring curl|glute[- ]ham|hamstring slides", [K], "side", "reps", "a leg curl bends the knee"),
    ("leg extension / press", r"leg extension|leg press", [K, H], "side", "reps", "the knees (and hips) straighten against the load"),
    ("hinge", r"hyperextension|good morning|stiff leg|deadlift|rack pull|back extension|superman", [H, T], "side", "reps", "the movement hinges at the hips"),
    ("jump", r"jump|hop|bound|leap|skip|kick|push-off|frog", [K, H], "side", "reps", "a jump bends and straightens the knees"),
    ("olympic lift", r"clean|snatch|swing", [H, K, A], "side", "reps", "the hips and knees extend to move the bar"),
    ("row", r"\brows?\b|inverted row|face pull|bench pull|rear[- ]delt row|high pull", [E, U], "side", "reps", "a row pulls the elbow back, bending it"),
    ("stretch: neck", r"neck|chin to chest", [HT], None, "hold", "the head is held tilted"),
    ("pull-up / pulldown", r"pull-?ups?|pullups|\bchin-up|\bchins?\b(?! to)|pulldown|muscle up|rope climb|scapular", [E, U, A], None, "reps", "a pull-up or pulldown bends the elbows and brings the upper arms down"),
    ("triceps extension", r"triceps|tricep|skull|(?<!incline )pushdown|kickback|extension with", [E], None, "reps", "the elbow straightens"),
    ("bench press / floor press", r"bench press|floor press|chest press|board press|pin press|chain press|incline dumbbell press|incline bench press|^(?!.*(seated|standing|arnold|kettlebell)).*dumbbell press$|close-grip .*press|neck press|svend|leverage .*press|cable chest|jm press|tate press|guillotine", [E], None, "reps", "a bench press bends and straightens the elbows"),
    ("overhead press", r"press|jerk|push press|thruster", [A, U, E], None, "reps", "a press raises the arms overhead"),
    ("curl", r"curl", [E], None, "reps", "a curl bends the elbow"),
    ("flye", r"fly|flye|crossover|butterfly|pec deck|pull apart|around the worlds", [U, A], None, "reps", "a flye swings the arms with the elbows fixed"),
    ("pullover", r"pullover|straight-arm pulldown|straight-arm", [U, A], "side", "reps", "the straight arms swing over the head"),
    ("lateral raise", r"lateral|side lateral|deltoid raise|delt raise|scaption|reverse fly", [U, A], "front", "reps", "the arm is raised out to the side"),
    ("front raise", r"front .*raise|raise|upright", [A, U], None, "reps", "the arm is raised in front"),
    ("side bend", r"side bend", [T], "front", "reps", "the trunk leans sideways"),
    ("squat / lunge / step", r"squat|lunge|step|split", [K, TH, H], "side", "reps", "the knees bend"),
    ("abductor / adductor", r"abduct|adduct|monster", [L, SW], "front", "reps", "the leg moves out to the side"),
    ("throw / slam", r"throw|slam|chest pass|chest push|scoop|heavy bag", [A, E], None, "reps", "the arms throw"),
    ("stretch: hamstring", r"hamstring|toe touch|straddle|runner|inchworm|leg-up|90/90|stiff|upper back-leg|world's greatest", [H], "side", "hold", "a hamstring stretch holds the hips bent"),
    ("stretch: quadriceps", r"quad|locust|dancer|looking at ceiling|hip flexor", [K], "side", "hold", "a quad stretch holds the knee bent"),
    ("stretch: knee to chest", r"knee to chest|knees to chest|knee across|hug|ankle on the knee|lying glute|child|groin|cat stretch", [H, TH], "side", "hold", "the hip is held bent"),
    ("stretch: side", r"lateral stretch|(?<!tricep )side stretch|overhead stretch|side wrist", [T], "front", "hold", "the trunk is held leaning to the side"),
    ("stretch: arms", r"triceps stretch|tricep side stretch|overhead triceps|overhead lat|upward stretch|arm against wall|one handed hang|elbows back|behind head|chest|biceps|shoulder stretch|arm circles|car drivers", [A, U, E], None, "hold", "the arms are held in a stretched position"),
]

def main():
    corpus = json.load(open(sys.argv[1]))
    labelled = {e["id"] for e in json.load(open("Benchmarks/corpus-labels.json"))["entries"]}
    out = []
    for entry in corpus:
        if entry["id"] in labelled: continue
        name = entry["name"].lower()
        for family, pattern, measures, view, mode, why in TABLE:
            # a stretch is labelled only by a stretch row (a "lateral stretch" is no lateral raise)
            if entry["category"] == "stretching" and not family.startswith(("stretch", "not measurable", "excluded")): continue
            if re.search(pattern, name):
                if measures is None: break
                if mode == "reps" and entry["category"] == "stretching" and family not in ("not measurable",):
                    mode = "hold"  # a stretch named like a movement is held, not repeated
                out.append({"id": entry["id"], "family": family, "category": entry["category"],
                            "measures": measures, "view": view, "mode": mode, "why": why})
                break
    ids = sorted(e["id"] for e in out)
    rng = random.Random(54); rng.shuffle(ids)
    dev = set(ids[: round(0.4 * len(ids))])
    for e in out: e["split"] = "dev" if e["id"] in dev else "test"
    out.sort(key=lambda e: e["id"])
    doc = {"format": "kinetix-corpus-labels",
           "corpus": "free-exercise-db (../shared/corpora/free-exercise-db/exercises.json), entries by id",
           "comment": "Entries outside corpus-labels.json, labelled by Benchmarks/drafting-cases/label-corpus.py (its table, from exercise knowledge, written before the drafter ran on them and without reading the drafting vocabulary): measures a rep or hold may be read on (any one is right; [] means no measure of the 15 joints is the movement, a right draft refuses or says so), the view (null: any), the mode (reps, hold, none), and the split: dev (tune on) or test (held out, report only). 2026-12-06, issue 54.",
           "entries": out}
    with open("Benchmarks/drafting-cases/corpus-labels-new.json", "w") as f:
        f.write(json.dumps(doc, indent=None, ensure_ascii=False).replace('{"id"', '\n  {"id"').replace("]}", "\n]}", 1) + "\n")
main()
