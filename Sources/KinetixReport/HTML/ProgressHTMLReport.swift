import Foundation
import KinetixCore
import KinetixProfiles

/// A progress report as one self-contained HTML page: per measure, a trend chart (each
/// session's value with its 95 % band, ±1.96 SEM; at each session, its change's minimal
/// detectable change drawn as a band around the baseline value; points coloured by
/// verdict) and the table the
/// text report prints. `ProgressReport.json()` is embedded.
///
/// One session is current (the latest, `#session=N` for the N-th, or the one whose point
/// was clicked): its points and rows are marked, and a line above the charts says what
/// changed beyond the noise at it.
public enum ProgressHTMLReport {
    /// The page for `report`.
    public static func html(_ report: ProgressReport) -> String {
        var body =
            "<header><h1>Progress: \(HTMLPage.escape(report.profileTitle))</h1><p>\(HTMLPage.escape(ProgressSession.profileText(id: report.profileID, version: report.profileVersion))) · "
        body +=
            "\(report.sessions.count) sessions · baseline \(HTMLPage.escape(report.sessions[report.baseline].label)) · Kinetix \(HTMLPage.escape(KinetixVersion.current))"
        body += "<br>noise: \(HTMLPage.escape(report.noiseText))</p></header>"
        if !report.flags.isEmpty {
            body +=
                "<div class=\"legend\" id=\"flags\" style=\"padding: 8px 18px\">"
                + report.flags.map { "<p>note: \(HTMLPage.escape($0.problem))</p>" }.joined() + "</div>"
        }
        body += "<div style=\"padding: 0 18px\">"
        body += "<p class=\"big\" id=\"current\">\(HTMLPage.escape(report.changedText(session: report.sessions.count - 1)))</p>"
        body +=
            "<p class=\"legend\"><span><i class=\"swatch\" style=\"background: var(--accent)\"></i>value ± 1.96 SEM</span>"
            + "<span><i class=\"swatch\" style=\"background: #e6ebf3; height: 10px\"></i>baseline ± that session's MDC95 (inside: within the noise)</span>"
            + "<span style=\"color: var(--good)\">● improved</span><span style=\"color: var(--bad)\">● worse</span><span style=\"color: var(--ghost)\">● within the noise / cannot tell</span></p>"
        for (k, m) in report.measures.enumerated() {
            body += "<section class=\"measure\" id=\"measure-\(k)\"><h2>\(HTMLPage.escape(m.name))</h2>"
            body +=
                "<p class=\"legend\">\(HTMLPage.escape(report.headingText(m)))\(report.trendSentence(m).map { " · trend: " + HTMLPage.escape($0) } ?? "")</p>"
            body += chart(m, report: report)
            body += table(m, report: report)
            body += "</section>"
        }
        if report.measures.isEmpty { body += "<p>No measure to follow: \(HTMLPage.escape(report.emptyReason)).</p>" }
        body +=
            "</div><footer>Kinetix \(HTMLPage.escape(KinetixVersion.current)): a change is read as progress only beyond the measurement's noise: within a session, and between sessions where sessions on one day or a test-retest MDC give it (each measure says which).</footer>"
        return HTMLPage.document(title: "Kinetix progress: \(report.profileTitle)", body: body, data: report.json(), script: script)
    }

    /// Marks the current session and writes `ProgressReport.changedText` for it from the
    /// embedded JSON (the same sentence; the browser test holds them equal).
    static let script = """
        (function () {
          const DATA = JSON.parse(document.getElementById('kinetix-data').textContent);
          function sentence(k) {
            const label = DATA.sessions[k].label;
            if (k === DATA.baseline) return label + ': the baseline, where changes are measured from';
            if (DATA.sessions[k].void !== null) return label + ': void (' + DATA.sessions[k].void + '): nothing could be judged';
            const at = DATA.measures.map(function (m) { return [m.name, m.sessions[k].verdict]; });
            const named = function (v) { return at.filter(function (p) { return p[1] === v; }).map(function (p) { return p[0]; }); };
            const parts = [];
            if (named('improved').length) parts.push('improved: ' + named('improved').join(', '));
            if (named('worse').length) parts.push('worse: ' + named('worse').join(', '));
            const changed = at.filter(function (p) { return p[1] === 'higher' || p[1] === 'lower'; }).map(function (p) { return p[0] + ' ' + p[1]; });
            if (changed.length) parts.push(changed.join(', '));
            const within = named('within the noise').length, unsure = named('cannot tell').length, unmeasured = named(null).length;
            if (!parts.length && within > 0 && unsure === 0 && unmeasured === 0) return label + ': nothing changed beyond the noise';
            if (within > 0) parts.push(within + ' within the noise');
            if (unsure > 0) parts.push(unsure + ' cannot tell (too few reps to know the noise)');
            if (unmeasured > 0) parts.push(unmeasured + ' not measured');
            return label + ': ' + (parts.length ? parts.join('; ') : 'no measure to judge');
          }
          function show(k) {
            document.querySelectorAll('[data-session]').forEach(function (e) { e.classList.toggle('current', Number(e.getAttribute('data-session')) === k); });
            document.getElementById('current').textContent = sentence(k);
            document.body.setAttribute('data-current-session', String(k));
          }
          const asked = /session=(\\d+)/.exec(location.hash);
          const n = DATA.sessions.length;
          show(asked && Number(asked[1]) >= 1 && Number(asked[1]) <= n ? Number(asked[1]) - 1 : n - 1);
          document.querySelectorAll('[data-session]').forEach(function (e) {
            e.addEventListener('click', function () {
              const k = Number(e.getAttribute('data-session'));
              show(k);
              history.replaceState(null, '', '#session=' + (k + 1));
            });
          });
        })();
        """

    /// One measure's trend: sessions evenly spaced, values with their 95 % band.
    static func chart(_ m: ProgressReport.Measure, report: ProgressReport) -> String {
        let width = 640.0
        let height = 200.0
        let left = 56.0
        let right = 16.0
        let top = 12.0
        let bottom = 34.0
        let n = report.sessions.count
        func x(_ k: Int) -> Double { left + (n > 1 ? Double(k) / Double(n - 1) : 0.5) * (width - left - right) }
        let base = m.values[report.baseline]
        // Each session's MDC95 drawn around the baseline value at that session: a point
        // outside its band changed beyond the noise (the verdict's own threshold).
        let mdcs = m.changes.map { $0?.mdc95.map(Double.init) }
        var low = Double.infinity
        var high = -Double.infinity
        for e in m.values {
            guard let v = e.value.map(Double.init) else { continue }
            let band = e.standardError.map { 1.96 * Double($0) } ?? 0
            low = min(low, v - band)
            high = max(high, v + band)
        }
        if let b = base.value.map(Double.init), let widest = mdcs.compactMap({ $0 }).max() {
            low = min(low, b - widest)
            high = max(high, b + widest)
        }
        guard low.isFinite, high.isFinite else { return "<p class=\"legend\">no session measured it</p>" }
        if high - low < 1e-6 {
            low -= 1
            high += 1
        }
        let pad = 0.08 * (high - low)
        low -= pad
        high += pad
        func y(_ v: Double) -> Double { top + (high - v) / (high - low) * (height - top - bottom) }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        var svg =
            "<svg class=\"timeline trend\" viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\" aria-label=\"\(HTMLPage.escape(m.name)) over the sessions\">"
        if let b = base.value.map(Double.init) {
            for (k, mdc) in mdcs.enumerated() {
                guard let mdc else { continue }
                let x0 = max(left, x(k) - 14)
                let x1 = min(width - right, x(k) + 14)
                svg +=
                    "<rect class=\"mdc\" data-for-session=\"\(k)\" x=\"\(f(x0))\" y=\"\(f(y(b + mdc)))\" width=\"\(f(x1 - x0))\" height=\"\(f(y(b - mdc) - y(b + mdc)))\" fill=\"#e6ebf3\"></rect>"
            }
            svg +=
                "<line x1=\"\(f(left))\" x2=\"\(f(width - right))\" y1=\"\(f(y(b)))\" y2=\"\(f(y(b)))\" stroke=\"#8a93a3\" stroke-dasharray=\"4 3\"></line>"
        }
        // Axis: the range's ends and the sessions' labels.
        for v in [low + pad, high - pad] {
            svg +=
                "<text x=\"\(f(left - 6))\" y=\"\(f(y(v) + 4))\" text-anchor=\"end\">\(HTMLPage.escape(ProgressReport.format(Float(v), unit: m.unit)))</text>"
        }
        svg += "<line x1=\"\(f(left))\" x2=\"\(f(left))\" y1=\"\(f(top))\" y2=\"\(f(height - bottom))\" stroke=\"#d9dee6\"></line>"
        let points = m.values.enumerated().compactMap { k, e in e.value.map { (k, Double($0), e.standardError.map { 1.96 * Double($0) }) } }
        if points.count > 1 {
            svg +=
                "<polyline fill=\"none\" stroke=\"#2d6cdf\" stroke-width=\"1.5\" points=\""
                + points.map { "\(f(x($0.0))),\(f(y($0.1)))" }.joined(separator: " ") + "\"></polyline>"
        }
        for (k, v, band) in points {
            if let band {
                svg +=
                    "<line class=\"band\" x1=\"\(f(x(k)))\" x2=\"\(f(x(k)))\" y1=\"\(f(y(v + band)))\" y2=\"\(f(y(v - band)))\" stroke=\"#2d6cdf\" stroke-width=\"6\" stroke-opacity=\"0.3\" stroke-linecap=\"round\"></line>"
            }
            let colour =
                switch m.changes[k]?.verdict {
                case .improved: "#2f8a4c"
                case .worse: "#c43d3d"
                case .higher?, .lower?: "#2d6cdf"
                default: k == report.baseline ? "#1d2430" : "#8a93a3"
                }
            svg +=
                "<circle class=\"session\" data-session=\"\(k)\" cx=\"\(f(x(k)))\" cy=\"\(f(y(v)))\" r=\"4.5\" fill=\"\(colour)\"><title>\(HTMLPage.escape(report.sessions[k].label)): \(HTMLPage.escape(ProgressReport.format(Float(v), unit: m.unit)))</title></circle>"
        }
        for k in 0..<n {
            // The end labels are anchored inward, so they are not cut at the chart's edges.
            let anchor = n > 1 && k == 0 ? "start" : n > 1 && k == n - 1 ? "end" : "middle"
            svg +=
                "<text x=\"\(f(x(k)))\" y=\"\(f(height - bottom + 16))\" text-anchor=\"\(anchor)\">\(HTMLPage.escape(report.sessions[k].date ?? report.sessions[k].label))</text>"
        }
        return svg + "</svg>"
    }

    /// The text report's table for one measure.
    static func table(_ m: ProgressReport.Measure, report: ProgressReport) -> String {
        var out =
            "<div class=\"scroll\"><table><thead><tr><th>session</th><th class=\"num\">value</th><th class=\"num\">SEM</th><th class=\"num\">\(m.countHeading)</th>"
            + "<th class=\"num\">change</th><th class=\"num\">MDC95</th><th>verdict</th></tr></thead><tbody>"
        for k in report.sessions.indices {
            let e = m.values[k]
            let c = m.changes[k]
            func num(_ v: Float?) -> String { v.map { HTMLPage.escape(ProgressReport.format($0, unit: m.unit)) } ?? "—" }
            let count = m.kind == .deviation ? (m.weakerSides[k]?.rawValue ?? "—") : "\(e.count)"
            let verdict = k == report.baseline ? "baseline" : c?.verdict.rawValue ?? "—"
            out +=
                "<tr data-session=\"\(k)\"><td>\(HTMLPage.escape(report.sessions[k].label))</td><td class=\"num\">\(num(e.value))</td><td class=\"num\">\(num(e.standardError))</td><td class=\"num\">\(count)</td>"
                + "<td class=\"num\">\(c.map { ($0.difference >= 0 ? "+" : "−") + num(abs($0.difference)) } ?? "—")</td><td class=\"num\">\(num(c?.mdc95))</td>"
                + "<td class=\"verdict\">\(HTMLPage.escape(verdict))\(e.note.map { " <small>(\(HTMLPage.escape($0)))</small>" } ?? "")</td></tr>"
        }
        return out + "</tbody></table></div>"
    }
}
