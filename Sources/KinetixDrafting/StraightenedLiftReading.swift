/// A limb straightened and then lifted: the lift is the movement, the straightening its set-up.
enum StraightenedLiftReading {
    /// `phrases` with a limb straightened before it is lifted read as kept straight: "Straighten
    /// your knee and lift your leg off the bed", "Legs straight — raise them six inches", "Straighten
    /// your arms and lift them away from your bottom". The lift is the movement; the straightening
    /// is its set-up. A "keep" with no text opens the straightening's clause. Only a limb
    /// (arm, elbow, leg, knee) lifted by a lift word ("lift", "raise") is read so: "straighten that
    /// leg and bring your foot up" steps up, and "straighten the knee, then lower" is the movement.
    static func rewritten(_ phrases: [DescriptionReader.Phrase]) -> [DescriptionReader.Phrase] {
        let limbs = liftedLimbs
        guard let first = phrases.firstIndex(where: { $0.movement != nil }), phrases[first].movement == .straighten,
            !phrases.contains(where: { $0.meaning == .keyword(.keep) || $0.meaning == .keyword(.negate) })
        else { return phrases }
        // The straightening's clause runs to the lift, parted from it by a comma, a dash or "and"
        // ("straighten the knee to lift the heel" straightens the knee).
        guard let lift = phrases[(first + 1)...].firstIndex(where: { $0.movement != nil }), phrases[lift].movement == .raise,
            liftWords.contains(phrases[lift].text),
            phrases[(first + 1)...lift].contains(where: { $0.afterComma || ($0.meaning == .filler && $0.text == "and") }),
            phrases[..<lift].contains(where: { phrase in
                if case .part(let part)? = phrase.meaning { limbs.contains(part) } else { false }
            }),
            phrases[lift...].allSatisfy({ phrase in
                if case .part(let part)? = phrase.meaning { limbs.contains(part) } else { true }
            }),
            // What is lifted is the limb ("lift your leg", "raise them", "raise six inches"), not a
            // thing ("lift the bar off the rack") nor a part the keypoints lack ("raise your toes").
            liftsTheLimb(phrases[(lift + 1)...])
        else { return phrases }
        let keep = DescriptionReader.Phrase(text: "", meaning: .keyword(.keep), line: phrases[0].line, column: phrases[0].column)
        // ("Legs straight, raise and hold": the lift with no part of its own lifts "them", the limbs kept straight.)
        var lifted = phrases
        if !phrases[lift...].contains(where: { $0.isPart || ["them", "it"].contains($0.text) }) {
            lifted.insert(
                DescriptionReader.Phrase(text: "them", meaning: .filler, line: phrases[lift].line, column: phrases[lift].column),
                at: lift + 1)
        }
        return [keep] + lifted
    }
    /// Whether the words after a lift word lift a limb: the first word that is not a little
    /// word is a limb, "them"/"it", a number, a height or a keyword, or there is none.
    static func liftsTheLimb(_ after: ArraySlice<DescriptionReader.Phrase>) -> Bool {
        guard let object = after.first(where: { $0.meaning != .filler || ["them", "it"].contains($0.text) }) else { return true }
        switch object.meaning {
        case .part(let part)?: return liftedLimbs.contains(part)
        case .filler?, .number?, .position?, .keyword?, .unit?, .plane?, .side?, .comparison?: return true
        default: return false
        }
    }
    /// The parts straightened and then lifted whole (`rewritten`).
    static let liftedLimbs: Set<DraftBodyPart> = [.arm, .elbow, .leg, .knee]
    /// Words that lift a limb.
    static let liftWords: Set<String> = ["lift", "lifts", "lifting", "raise", "raises", "raising"]
}
