import Foundation

/// Timelines drawn as inline SVG, server-side, so the page is readable even without
/// JavaScript; the page's script only moves a cursor over them.
struct SVGTimeline {
    var start: Double
    var end: Double
    var width: Double = 900
    var left: Double = 110
    var right: Double = 10

    func x(_ t: Double) -> Double { left + (t - start) / max(end - start, 1e-9) * (width - left - right) }

    /// One row per series, each scaled to `maxValue`, with an optional shaded band
    /// (tolerance) from 0 to `band`, markers at `marks`, `underlay` (SVG) under everything,
    /// and a cursor the script moves. Every text and attribute value is escaped.
    /// With a `valueFormat` the first row carries the value scale (0, the band and the
    /// maximum, formatted by it), and mark labels are placed where they overlap neither each other nor the
    /// plot's edges (`MarkLayout`).
    func rows(
        _ series: [(label: String, values: [Float], highlight: Bool)], times: [Double], maxValue: Float, band: Float?,
        unit: String, marks: [(t: Double, label: String, color: String)], id: String, underlay: String = "",
        valueFormat: String? = nil
    ) -> String {
        let rowHeight = 28.0
        let placed = MarkLayout.place(marks.map { (x: x($0.t), label: $0.label) }, from: left, to: width - right)
        let tiers = (placed.map(\.tier).max() ?? -1) + 1
        let top = 16.0 + 11 * Double(max(0, tiers - 1))
        let height = top + rowHeight * Double(series.count) + 22
        var svg =
            "<svg class=\"timeline\" id=\"\(HTMLPage.escape(id))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(HTMLPage.escape(id))\">"
        svg += underlay
        for (row, s) in series.enumerated() {
            let y0 = top + Double(row) * rowHeight
            let base = y0 + rowHeight - 4
            let scale = (rowHeight - 8) / Double(max(maxValue, 1e-6))
            svg +=
                "<text x=\"4\" y=\"\(fmt(base - 6))\"\(s.highlight ? " style=\"fill:var(--bad);font-weight:600\"" : "")>\(HTMLPage.escape(s.label))</text>"
            svg += "<line x1=\"\(fmt(left))\" x2=\"\(fmt(width - right))\" y1=\"\(fmt(base))\" y2=\"\(fmt(base))\" stroke=\"#d9dee6\"/>"
            if let band {
                let h = Double(min(band, maxValue)) * scale
                svg +=
                    "<rect x=\"\(fmt(left))\" y=\"\(fmt(base - h))\" width=\"\(fmt(width - left - right))\" height=\"\(fmt(h))\" fill=\"#2f8a4c\" opacity=\"0.10\"/>"
            }
            svg +=
                "<path d=\"\(path(times, s.values, base: base, scale: scale))\" fill=\"none\" stroke=\"\(s.highlight ? "#c43d3d" : "#2d6cdf")\" stroke-width=\"1.3\"/>"
            if row == 0, let valueFormat {
                // The value scale, once: every row shares it.
                var ticks: [(Float, Double)] = [(0, base), (maxValue, base - Double(maxValue) * scale)]
                if let band, band < maxValue * 0.8, band > maxValue * 0.2 { ticks.append((band, base - Double(band) * scale)) }
                for (value, y) in ticks {
                    svg +=
                        "<text class=\"scale\" x=\"\(fmt(left + 3))\" y=\"\(fmt(min(base - 1, y + 8)))\" style=\"fill:#8a93a3;font-size:9px\">"
                        + HTMLPage.escape(String(format: valueFormat, value)) + "</text>"
                }
            }
        }
        for (mark, place) in zip(marks, placed) {
            svg +=
                "<line x1=\"\(fmt(x(mark.t)))\" x2=\"\(fmt(x(mark.t)))\" y1=\"\(fmt(top - 6))\" y2=\"\(fmt(height - 20))\" stroke=\"\(HTMLPage.escape(mark.color))\" stroke-dasharray=\"4 3\"/>"
            guard place.tier >= 0 else { continue }
            svg +=
                "<text x=\"\(fmt(place.textX))\" y=\"\(fmt(12 + 11 * Double(place.tier)))\" text-anchor=\"\(place.anchor)\" style=\"fill:\(HTMLPage.escape(mark.color))\">\(HTMLPage.escape(mark.label))</text>"
        }
        svg += axis(y: height - 6)
        svg +=
            "<line class=\"cursor\" x1=\"\(fmt(left))\" x2=\"\(fmt(left))\" y1=\"\(fmt(top - 6))\" y2=\"\(fmt(height - 20))\" stroke=\"#1d2430\" stroke-width=\"1.5\"/>"
        svg += "<text x=\"\(fmt(width - right))\" y=\"12\" text-anchor=\"end\">\(HTMLPage.escape(unit))</text></svg>"
        return svg
    }

    /// Vertical bands for intervals (reps), under everything else.
    func bands(_ intervals: [(Double, Double)], height: Double) -> String {
        intervals.map {
            "<rect x=\"\(fmt(x($0.0)))\" y=\"0\" width=\"\(fmt(max(1, x($0.1) - x($0.0))))\" height=\"\(fmt(height))\" fill=\"#2d6cdf\" opacity=\"0.07\"/>"
        }.joined()
    }

    /// A polyline through the finite values, broken at gaps, at most ~1500 points
    /// (the largest value of each bucket is kept, so peaks survive).
    func path(_ times: [Double], _ values: [Float], base: Double, scale: Double) -> String {
        let n = min(times.count, values.count)
        guard n > 0 else { return "" }
        let bucket = max(1, n / 1500)
        var d = ""
        var penDown = false
        var i = 0
        while i < n {
            let range = i..<min(n, i + bucket)
            let finite = range.filter { values[$0].isFinite }
            if let k = finite.max(by: { values[$0] < values[$1] }) {
                d += "\(penDown ? "L" : "M")\(fmt(x(times[k]))) \(fmt(base - Double(values[k]) * scale))"
                penDown = true
            } else {
                penDown = false
            }
            i += bucket
        }
        return d
    }

    func axis(y: Double) -> String {
        let span = end - start
        let step = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600].first { span / $0 <= 12 } ?? 600
        var svg = ""
        var t = (start / step).rounded(.up) * step
        while t <= end + 1e-9 {
            svg +=
                "<text x=\"\(fmt(x(t)))\" y=\"\(fmt(y))\" text-anchor=\"middle\">\(step < 1 ? String(format: "%.1f", t) : String(format: "%.0f", t)) s</text>"
            t += step
        }
        return svg
    }

    func fmt(_ v: Double) -> String { String(format: "%.1f", v) }
}

/// Where a timeline's mark labels go: beside their line, right or left, on the first
/// tier where the label overlaps no label already placed and stays inside the plot; a
/// further tier (a line lower) when neither side fits.
enum MarkLayout {
    /// A label's width in the timeline's units: 11 px type, about 6.2 px a character.
    static func width(_ label: String) -> Double { 6.2 * Double(label.count) + 4 }

    /// Label rows above a timeline at most; a label that fits on none is left out.
    static let maxTiers = 3

    /// For each mark (x of its line, its label), the label's anchor, text x and tier
    /// (-1: no room, left out).
    static func place(_ marks: [(x: Double, label: String)], from low: Double, to high: Double) -> [(
        anchor: String, textX: Double, tier: Int
    )] {
        var taken: [(from: Double, to: Double, tier: Int)] = []
        var result = [(anchor: String, textX: Double, tier: Int)](repeating: ("start", 0, 0), count: marks.count)
        for i in marks.indices.sorted(by: { marks[$0].x < marks[$1].x }) {
            let (x, label) = marks[i]
            let w = width(label)
            var chosen: (anchor: String, textX: Double, tier: Int, span: (Double, Double))?
            for tier in 0..<maxTiers {
                for (anchor, span) in [("start", (x + 3, x + 3 + w)), ("end", (x - 3 - w, x - 3))]
                where span.0 >= 2 && span.1 <= high + 8 {
                    if !taken.contains(where: { $0.tier == tier && $0.from < span.1 && span.0 < $0.to }) {
                        chosen = (anchor, anchor == "start" ? x + 3 : x - 3, tier, span)
                        break
                    }
                }
                if chosen != nil { break }
            }
            guard let c = chosen else {
                result[i] = ("start", x + 3, -1)  // no room: the line stays, the label is left out
                continue
            }
            taken.append((c.span.0, c.span.1, c.tier))
            result[i] = (c.anchor, c.textX, c.tier)
        }
        return result
    }
}
