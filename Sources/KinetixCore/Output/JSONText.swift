import Foundation

/// A number for JSON with at most `digits` decimals (0...9), trailing zeros trimmed;
/// `null` when it is not finite (`JSONWriter.number(_:digits:)`, which has the rules).
package func jsonNumber(_ value: Double, digits: Int) -> String {
    var writer = JSONWriter()
    writer.number(value, digits: digits)
    return writer.text
}

package func jsonNumber(_ value: Float, digits: Int) -> String { jsonNumber(Double(value), digits: digits) }

/// `null` for nil, else the number.
package func jsonNumber(_ value: Double?, digits: Int) -> String { value.map { jsonNumber($0, digits: digits) } ?? "null" }
package func jsonNumber(_ value: Float?, digits: Int) -> String { value.map { jsonNumber(Double($0), digits: digits) } ?? "null" }

/// Seconds for people: "12.000 s".
package func formatSeconds(_ seconds: Double) -> String { String(format: "%.3f s", seconds) }
