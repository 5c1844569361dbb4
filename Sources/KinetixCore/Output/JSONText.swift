import Foundation

/// A number for JSON with at most `digits` decimals (0...9), trailing zeros trimmed;
/// `null` when it is not finite.
///
/// Integer arithmetic rather than `String(format:)`, which costs about a microsecond
/// per number on Linux and dominated writing a long comparison. Rounds half away
/// from zero on the value scaled by 10^digits; magnitudes of 1e15 and more fall back
/// to the shortest round-trip form.
package func jsonNumber(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "null" }
    precondition((0...9).contains(digits))
    var scale: Int64 = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * Double(scale)).rounded()
    guard scaled < 9e15 else { return String(value) }
    let units = Int64(scaled)
    let integer = units / scale
    var fraction = units % scale
    var text = (value < 0 && units != 0 ? "-" : "") + String(integer)
    guard fraction != 0 else { return text }
    var width = digits
    while fraction % 10 == 0 { fraction /= 10; width -= 1 }
    let fractionText = String(fraction)
    text += "." + String(repeating: "0", count: width - fractionText.count) + fractionText
    return text
}

package func jsonNumber(_ value: Float, digits: Int) -> String { jsonNumber(Double(value), digits: digits) }

/// `null` for nil, else the number.
package func jsonNumber(_ value: Double?, digits: Int) -> String { value.map { jsonNumber($0, digits: digits) } ?? "null" }
package func jsonNumber(_ value: Float?, digits: Int) -> String { value.map { jsonNumber(Double($0), digits: digits) } ?? "null" }

/// Seconds for people: "12.000 s".
package func formatSeconds(_ seconds: Double) -> String { String(format: "%.3f s", seconds) }
