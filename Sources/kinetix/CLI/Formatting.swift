import Foundation

/// Seconds for people: "12.000 s".
func formatSeconds(_ seconds: Double) -> String { String(format: "%.3f s", seconds) }

/// A number with at most `digits` decimals, trailing zeros trimmed, for JSON.
func rounded(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "null" }
    var text = String(format: "%.\(digits)f", value)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}

