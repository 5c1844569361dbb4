import Foundation

/// A number for JSON with at most `digits` decimals, trailing zeros trimmed;
/// `null` when it is not finite.
public func jsonNumber(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "null" }
    var text = String(format: "%.\(digits)f", value)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}

public func jsonNumber(_ value: Float, digits: Int) -> String { jsonNumber(Double(value), digits: digits) }

/// `null` for nil, else the number.
public func jsonNumber(_ value: Double?, digits: Int) -> String { value.map { jsonNumber($0, digits: digits) } ?? "null" }
public func jsonNumber(_ value: Float?, digits: Int) -> String { value.map { jsonNumber(Double($0), digits: digits) } ?? "null" }
