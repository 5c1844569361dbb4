extension LiveComparison {
    /// Feeds two recorded clips through a live comparison in time order, as two
    /// cameras would deliver them (a demonstrator frame first on a tie), calling
    /// `onUpdate` with each provisional and final update as it becomes available.
    ///
    /// The learner's times are shifted by `options.offsetSeconds`, as in `Comparison`.
    /// - Throws: `KinetixError` of kind `.invalidSetting` for options out of range, or
    ///   `.invalidData` naming the frame the live comparison refused (a clip whose
    ///   shifted times collapse onto each other).
    public static func replay(
        demonstrator: Sidecar, learner: Sidecar, options: ComparisonOptions, rate: Double? = nil,
        onUpdate: (Update) -> Void
    ) throws(KinetixError) {
        var live = try LiveComparison(
            options: options, rate: rate ?? options.analysisRate(learner: learner),
            demonstratorSpace: demonstrator.space, learnerSpace: learner.space)
        var d = 0
        var l = 0
        while d < demonstrator.frameCount || l < learner.frameCount {
            let demonstratorNext = d < demonstrator.frameCount ? demonstrator.times[d] : .infinity
            let learnerNext = l < learner.frameCount ? learner.times[l] + options.offsetSeconds : .infinity
            if demonstratorNext <= learnerNext {
                do { try live.appendDemonstrator(demonstrator.poseFrame(d)) } catch {
                    throw refused(error, frame: d, of: demonstrator, "demonstrator")
                }
                d += 1
            } else {
                do { onUpdate(try live.appendLearner(learner.poseFrame(l))) } catch {
                    throw refused(error, frame: l, of: learner, "learner")
                }
                l += 1
            }
            for update in live.takeFinalUpdates() { onUpdate(update) }
        }
        live.finish()
        for update in live.takeFinalUpdates() { onUpdate(update) }
    }

    private static func refused(_ refusal: LiveFrameRefusal, frame: Int, of clip: Sidecar, _ role: String) -> KinetixError {
        KinetixError(
            .invalidData, field: "frames[\(frame)].t",
            "the \(role)'s frame \(frame) (t=\(clip.times[frame]) s) was refused: \(refusal.message)")
    }
}

extension LiveComparison.Update {
    /// One JSON object on one line: the `frames[]` members of an offline comparison,
    /// then `cue` and `final`.
    public var jsonLine: String {
        "{" + frame.jsonMembers + ", \"cue\": " + (cue.map(jsonString) ?? "null") + ", \"final\": \(isFinal)}\n"
    }
}
