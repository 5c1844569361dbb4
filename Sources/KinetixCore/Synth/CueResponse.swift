/// The `cue-response` motion: trials of rest – cue – reaction – movement – rest, with
/// known onsets, for measuring reaction-time analysis against the truth.
///
/// Trial k's cue comes at k × period + 1 s (labels alternate "left arm out" / "right
/// arm out", actions `leftArmOut` / `rightArmOut` of the `simon-says` profile); the
/// named arm starts to rise `reactionSeconds` (± seeded jitter) after it, sideways to 90°
/// in 0.5 s (minimum jerk), holds 0.6 s and comes down in 0.5 s. Every
/// `falseStartEvery`-th trial starts 0.05 s after the cue (sooner than any real
/// reaction); every `noResponseEvery`-th trial has no movement. With `simonSays`, cues
/// carry the flag: a no-response trial is a cue without "Simon says" (rightly
/// withheld), and every `wrongEvery`-th trial is one the subject performs anyway.
/// `delaySeconds` delays the movements but not the cues.
struct CueResponseSchedule {
    struct Trial {
        var cue: Double
        var label: String
        var side: SynthOptions.Side
        /// When the arm starts to rise (the true onset), nil for no response.
        var onset: Double?
        /// Whether the cue said "Simon says" (nil outside the game).
        var simonSays: Bool?
    }

    static let riseSeconds = 0.5, holdSeconds = 0.6, firstCueSeconds = 1.0

    var trials: [Trial] = []
    /// Trials with a movement, by onset: a frame looks only at those under way.
    private var byOnset: [(onset: Double, trial: Int)] = []

    init(_ options: SynthOptions, until end: Double) {
        var rng = SplitMix64(seed: options.seed &* 0x9E37_79B9_7F4A_7C15 &+ 17)
        var k = 0
        while true {
            let cue = Self.firstCueSeconds + Double(k) * options.periodSeconds
            guard cue <= end else { break }
            let side: SynthOptions.Side = k % 2 == 0 ? .left : .right
            let jitter = rng.nextGaussian() * options.reactionJitterSeconds
            var onset: Double? = cue + max(0.12, options.reactionSeconds + jitter) + options.delaySeconds
            if options.falseStartEvery > 0, (k + 1) % options.falseStartEvery == 0 { onset = cue + 0.05 + options.delaySeconds }
            let silent = options.noResponseEvery > 0 && (k + 1) % options.noResponseEvery == 0
            let wrong = options.simonSays && options.wrongEvery > 0 && (k + 1) % options.wrongEvery == 0
            if silent { onset = nil }
            trials.append(
                Trial(
                    cue: (cue * 1e6).rounded() / 1e6, label: "\(side.rawValue) arm out", side: side, onset: onset,
                    simonSays: options.simonSays ? !(silent || wrong) : nil))
            k += 1
        }
        byOnset = trials.indices.compactMap { i in trials[i].onset.map { ($0, i) } }.sorted { $0.onset < $1.onset }
    }

    /// A movement lasts this long from its onset.
    static var movementSeconds: Double { 2 * riseSeconds + holdSeconds }

    /// The pose at time t: standing, one arm raised as the trial under way says.
    func pose(at t: Double) -> SkeletonPose {
        var pose = SkeletonPose()
        // The trials whose movement is under way at t: onsets in (t − movementSeconds, t).
        var low = 0
        var high = byOnset.count
        while low < high {
            let mid = (low + high) / 2
            if byOnset[mid].onset < t { low = mid + 1 } else { high = mid }
        }
        var first = low
        while first > 0, byOnset[first - 1].onset > t - Self.movementSeconds { first -= 1 }
        for entry in byOnset[first..<low] {
            let trial = trials[entry.trial]
            guard let onset = trial.onset, t > onset else { continue }
            let u = t - onset
            let rise = Self.riseSeconds
            let hold = Self.holdSeconds
            let height: Double
            if u < rise {
                height = minimumJerk(u / rise)
            } else if u < rise + hold {
                height = 1
            } else if u < 2 * rise + hold {
                height = 1 - minimumJerk((u - rise - hold) / rise)
            } else {
                continue
            }
            if trial.side == .left { pose.leftArm.abduction = 90 * height } else { pose.rightArm.abduction = 90 * height }
        }
        return pose
    }

    /// The cue events, and the true onsets as text for the sidecar's source record.
    var events: [Event] {
        trials.map { Event(t: $0.cue, label: $0.label, action: "\($0.side.rawValue)ArmOut", simonSays: $0.simonSays) }
    }
    var onsetsText: String {
        trials.map { $0.onset.map { String(($0 * 1e6).rounded() / 1e6) } ?? "none" }.joined(separator: ",")
    }
}

/// 0 → 1 with zero velocity and acceleration at both ends.
private func minimumJerk(_ tau: Double) -> Double {
    let x = max(0, min(1, tau))
    return x * x * x * (10 - 15 * x + 6 * x * x)
}
