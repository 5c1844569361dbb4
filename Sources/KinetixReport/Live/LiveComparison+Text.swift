import Foundation
import KinetixCore

extension LiveComparison.Update {
    /// The update as one text line for the learner's screen, the same for a replayed clip
    /// and a stream: time, cue (or "—"), then the lag and the worst limb's error in
    /// degrees, or "not scored yet". `suffix` ends the line (a latency); no newline.
    public func textLine(suffix: String = "") -> String {
        var line = String(format: "%7.2f s  ", frame.t) + (cue ?? "—").padding(toLength: 30, withPad: " ", startingAt: 0)
        if let lag = frame.lagSeconds {
            line += String(format: "  lag %.2f s", lag)
            if let worst = frame.worstLimb {
                line += String(format: ", worst %@ %+.0f°", worst.spokenName, frame.errors[worst.rawValue])
            }
        } else {
            line += "  not scored yet"
        }
        return line + suffix
    }
}
