import Foundation
import KinetixCore

/// Building blocks of a self-contained report page: no network, no external
/// scripts, fonts or images; inline CSS, SVG and a little plain JavaScript.
package enum HTMLPage {
    /// Escapes text for HTML content and attribute values (also used by the batch index),
    /// scalar by scalar: a quote followed by a combining mark is one Swift Character
    /// that is not a quote, but to the browser's parser it is a quote.
    package static func escape(_ text: String) -> String {
        text.replacingScalars {
            switch $0 {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: nil
            }
        }
    }

    /// JSON placed inside `<script type="application/json">`. Every `<`, `>` and `&` (they
    /// occur only inside JSON strings) becomes its `\u` escape, so no text from a file
    /// (a profile title, a path with `</script>` or `<!--<script>`) can end the element
    /// or switch the parser into a state where `</script>` no longer ends it.
    static func embed(json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for c in json.unicodeScalars {
            switch c {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func document(title: String, body: String, data: String, script: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="Kinetix \(KinetixVersion.current)">
        <title>\(escape(title))</title>
        <style>\(css)</style>
        </head>
        <body>
        \(body)
        <script type="application/json" id="kinetix-data">\(embed(json: data))</script>
        <script>\(script)</script>
        </body>
        </html>

        """
    }

    static let css = """
        :root { --ink: #1d2430; --muted: #5b6575; --line: #d9dee6; --bad: #c43d3d; --good: #2f8a4c; --ghost: #8a93a3; --accent: #2d6cdf; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: #fff; }
        header { padding: 14px 18px; border-bottom: 1px solid var(--line); }
        header h1 { font-size: 20px; margin: 0 0 4px; }
        header p { margin: 0; color: var(--muted); font-size: 13px; }
        main { display: grid; grid-template-columns: minmax(260px, 360px) 1fr; gap: 18px; padding: 16px 18px; }
        @media (max-width: 760px) { main { grid-template-columns: 1fr; } }
        section { min-width: 0; }
        h2 { font-size: 15px; margin: 14px 0 6px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
        .figure { width: 100%; aspect-ratio: 3 / 4; border: 1px solid var(--line); border-radius: 8px; background: #fbfcfe; }
        .controls { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; margin: 8px 0; }
        .controls input[type=range] { flex: 1 1 160px; }
        button { font: inherit; padding: 4px 10px; border: 1px solid var(--line); border-radius: 6px; background: #fff; cursor: pointer; }
        button.primary { background: var(--bad); color: #fff; border-color: var(--bad); }
        .now { font-variant-numeric: tabular-nums; color: var(--muted); font-size: 13px; }
        .cue { font-size: 22px; font-weight: 600; margin: 6px 0; min-height: 1.4em; }
        table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; font-size: 13px; }
        .scroll { overflow-x: auto; }
        th, td { text-align: left; padding: 3px 6px; border-bottom: 1px solid var(--line); }
        td.num, th.num { text-align: right; }
        tr.worst td { color: var(--bad); font-weight: 600; }
        tr.current td { background: #eef3fc; }
        circle.current { stroke: var(--ink); stroke-width: 2.5; }
        .big { font-size: 17px; }
        .void { margin: 18px; padding: 16px; border: 2px solid var(--bad); border-radius: 8px; }
        .void h2 { color: var(--bad); }
        svg text { font: 11px -apple-system, "Segoe UI", Roboto, Arial, sans-serif; fill: var(--muted); }
        .timeline { width: 100%; height: auto; display: block; cursor: pointer; }
        .legend { font-size: 12px; color: var(--muted); }
        .legend span { display: inline-block; margin-right: 12px; }
        .swatch { display: inline-block; width: 18px; height: 3px; vertical-align: middle; margin-right: 4px; }
        footer { padding: 8px 18px 18px; color: var(--muted); font-size: 12px; }
        """
}
