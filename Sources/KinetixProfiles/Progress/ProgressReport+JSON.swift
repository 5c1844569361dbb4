import Foundation
import KinetixCore

extension ProgressReport {
    /// How the noise was estimated, in words: the JSON's `noise`, and every renderer's.
    public var noiseText: String {
        var parts: [String] = []
        if measures.contains(where: { $0.kind == .rep || $0.kind == .leftRight }) {
            parts.append("rep measures: the session's mean over its reps, SEM = rep-to-rep SD / √reps (at least \(Self.minReps) reps)")
        }
        if measures.contains(where: { $0.kind == .block }) {
            parts.append(
                "comparison figures: the session's mean over its \(String(format: "%g", ProgressSession.blockSeconds)) s blocks of the demonstration, SEM from the blocks' successive differences (√(Σ(next − this)² / 2(n − 1)) / √n, at least \(Self.minReps) blocks), which leaves out most of how the movement itself changes from block to block"
            )
        }
        if measures.contains(where: { $0.kind == .deviation }) {
            parts.append(
                "deviation between the sides: SEM from each side's noise over the baseline segment (robust SD), carried through the deviation's formula"
            )
        }
        if measures.contains(where: { $0.kind == .block }) {
            parts.append(
                "a comparison's change from the baseline is judged on the two sessions' paired block differences (blocks matched on the demonstrator's time, one demonstration), MDC95 = 1.96 × their successive-difference SEM"
            )
        }
        let formula = "1.96·√(SEM_baseline² + SEM_session²) (1.96·√2·SEM for equal SEMs)"
        let paired = measures.contains(where: { $0.kind == .block })
        parts.append(
            "a change is beyond the noise when it reaches MDC95" + (paired ? " (for sessions not paired, \(formula))" : " = " + formula)
                + " and the measure's resolution (1° for angles, 1 point for percentages, one frame for times)")
        let between = measures.filter { $0.betweenSessionMDC != nil }.count
        parts.append(
            between == 0
                ? "noise between sessions (another day, the camera placed again) is not in it: record two sessions on one day, or give a test-retest MDC, to include it"
                : "for \(between) of \(measures.count) measures also the noise between sessions (sessions on one day, or a test-retest MDC given: each measure says which)"
        )
        return parts.joined(separator: "; ")
    }

    /// The measures whose change at `session` (0-based) has `verdict`, in report order.
    public func measureNames(_ verdict: Verdict, at session: Int) -> [String] {
        measures.filter { $0.changes[session]?.verdict == verdict }.map(\.name)
    }

    /// A value in the measure's unit, with a precision that suits it.
    public static func format(_ value: Float, unit: String?) -> String {
        let digits =
            switch unit {
            case "deg", "degrees", "%": 1
            case "s": 2
            default: 3
            }
        // A value that rounds to zero prints as 0, never "-0.0".
        let shown = abs(value) < 0.5 * pow(10, -Float(digits)) ? 0 : value
        return String(format: "%.\(digits)f", shown)
    }

    // MARK: JSON

    /// The top-level fields of `json()`, in its order.
    package enum Key: String, JSONKeys {
        case kind, engineVersion, profile, noise, minReps, baseline, sessions, flags, measures
    }
    /// The fields of `profile`.
    package enum ProfileKey: String, JSONKeys {
        case id, version, title
    }
    /// The fields of each of `sessions`.
    package enum SessionKey: String, JSONKeys {
        case label, date, clip, sha256, void, dimensions, shoulderWidthRatio, reps, weakerSide
    }
    /// The fields of each of `flags`.
    package enum FlagKey: String, JSONKeys {
        case session, problem
    }
    /// The fields of each of `measures`.
    package enum MeasureKey: String, JSONKeys {
        case name, kind, unit, better, betweenSessionMDC, noiseSource, sessions, trend
    }
    /// The fields of each of a measure's `sessions`: its value there and its change from the baseline.
    package enum ValueKey: String, JSONKeys {
        case value, sem, count, note, change, mdc95, verdict, weakerSide
    }
    /// The fields of a measure's `trend`.
    package enum TrendKey: String, JSONKeys {
        case slopePerSession, slopeSEM, beyondNoise, monotonic, verdict
    }

    /// Everything, for programs.
    public func json() -> String {
        func number(_ v: Float?) -> String { jsonNumber(v.flatMap { $0.isFinite ? $0 : nil }, digits: 4) }
        func string(_ v: String?) -> String { v.map(jsonString) ?? "null" }
        var out = "{\n  " + Key.kind.member("\"progress\"") + ",\n  " + Key.engineVersion.member(jsonString(KinetixVersion.current)) + ",\n"
        out +=
            "  "
            + Key.profile.member(
                "{"
                    + [
                        ProfileKey.id.member(jsonString(profileID)), ProfileKey.version.member(jsonString(profileVersion)),
                        ProfileKey.title.member(jsonString(profileTitle)),
                    ].joined(separator: ", ") + "}") + ",\n"
        out += "  " + Key.noise.member(jsonString(noiseText)) + ",\n  " + Key.minReps.member("\(Self.minReps)") + ",\n  "
        out += Key.baseline.member("\(baseline)") + ",\n"
        out +=
            "  " + Key.sessions.quoted + ": ["
            + sessions.map { s in
                "\n    {"
                    + [
                        SessionKey.label.member(jsonString(s.label)), SessionKey.date.member(string(s.date)),
                        SessionKey.clip.member(string(s.clipPath)), SessionKey.sha256.member(string(s.clipSHA256)),
                        SessionKey.void.member(string(s.voidReason)), SessionKey.dimensions.member("\"\(s.dimensions)\""),
                        SessionKey.shoulderWidthRatio.member(number(s.shoulderWidthRatio)), SessionKey.reps.member("\(s.reps.count)"),
                        SessionKey.weakerSide.member(string(s.weakerSide?.rawValue)),
                    ].joined(separator: ", ") + "}"
            }.joined(separator: ",") + "\n  ],\n"
        out +=
            "  " + Key.flags.quoted + ": ["
            + flags.map {
                "{" + FlagKey.session.member($0.session.map(String.init) ?? "null") + ", " + FlagKey.problem.member(jsonString($0.problem))
                    + "}"
            }.joined(separator: ", ") + "],\n"
        out +=
            "  " + Key.measures.quoted + ": ["
            + measures.map { m in
                var item =
                    "\n    {"
                    + [
                        MeasureKey.name.member(jsonString(m.name)), MeasureKey.kind.member("\"\(m.kind.rawValue)\""),
                        MeasureKey.unit.member(string(m.unit)), MeasureKey.better.member(string(m.better?.rawValue)),
                        MeasureKey.betweenSessionMDC.member(number(m.betweenSessionMDC)),
                        MeasureKey.noiseSource.member(jsonString(m.noiseSource)),
                    ].joined(separator: ", ")
                item +=
                    ",\n     " + MeasureKey.sessions.quoted + ": ["
                    + sessions.indices.map { k in
                        let e = m.values[k]
                        var fields = [
                            ValueKey.value.member(number(e.value)), ValueKey.sem.member(number(e.standardError)),
                            ValueKey.count.member("\(e.count)"), ValueKey.note.member(string(e.note)),
                        ]
                        if let c = m.changes[k] {
                            fields += [
                                ValueKey.change.member(number(c.difference)), ValueKey.mdc95.member(number(c.mdc95)),
                                ValueKey.verdict.member(jsonString(c.verdict.rawValue)),
                            ]
                        } else {
                            fields += [
                                ValueKey.change.member("null"), ValueKey.mdc95.member("null"),
                                ValueKey.verdict.member(k == baseline ? "\"baseline\"" : "null"),
                            ]
                        }
                        if m.kind == .deviation { fields.append(ValueKey.weakerSide.member(string(m.weakerSides[k]?.rawValue))) }
                        return "{" + fields.joined(separator: ", ") + "}"
                    }.joined(separator: ", ") + "],\n     "
                let trend = m.trend.map { t in
                    "{"
                        + [
                            TrendKey.slopePerSession.member(number(t.slopePerSession)),
                            TrendKey.slopeSEM.member(number(t.slopeStandardError)),
                            TrendKey.beyondNoise.member("\(t.beyondNoise)"), TrendKey.monotonic.member("\(t.monotonic)"),
                            TrendKey.verdict.member(jsonString(t.verdict.rawValue)),
                        ].joined(separator: ", ") + "}"
                }
                return item + MeasureKey.trend.member(trend ?? "null") + "}"
            }.joined(separator: ",") + (measures.isEmpty ? "" : "\n  ") + "]\n}\n"
        return out
    }

}
