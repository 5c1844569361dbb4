import Foundation
import KinetixCore
import KinetixProfiles

/// Reads a number as people type one in a sentence, whole: a sign (`-`, `+`, `−`), digits
/// with thousands separators (`1,000`, `12,345,678`), a decimal point or a decimal comma
/// (`1.5`, `1,5`: a comma followed by other than exactly three digits), and an exponent
/// (`1e-3`, `2.5E+2`). What follows it is not its business: "15deg" is 15, then "deg".
@_spi(Fuzzing) public enum NumberScanner {
    /// The number starting at `start`, as plain decimal text (`-55`, `1.5`, `1e-308`),
    /// and the index after it; nil when no number starts there. A sign counts only
    /// directly before a digit (or `.digit`), so "10-20" is read as 10 (the caller
    /// skips a sign after a digit: then it is a range's dash).
    public static func scan(_ characters: [Character], at start: Int) -> (text: String, value: Double, end: Int)? {
        func digit(_ k: Int) -> Bool { k < characters.count && characters[k].isASCII && characters[k].isNumber }
        var i = start
        var text = ""
        if i < characters.count, "-−+".contains(characters[i]) {
            guard digit(i + 1) || (i + 2 < characters.count && characters[i + 1] == "." && digit(i + 2)) else { return nil }
            if characters[i] != "+" { text = "-" }
            i += 1
        }
        guard digit(i) || (i + 1 < characters.count && characters[i] == "." && digit(i + 1)) else { return nil }
        var integer = ""
        while digit(i) {
            integer.append(characters[i])
            i += 1
        }
        // Thousands groups: "1,000", "12,345,678" (one to three digits first, then groups of exactly three).
        if (1...3).contains(integer.count) {
            var k = i
            var groups = ""
            while k + 3 < characters.count + 1, characters[k] == ",", digit(k + 1), digit(k + 2), digit(k + 3), !digit(k + 4) {
                groups += String(characters[(k + 1)...(k + 3)])
                k += 4
            }
            if !groups.isEmpty {
                integer += groups
                i = k
            }
        }
        text += integer.isEmpty ? "0" : integer
        // A decimal point, or a decimal comma (a comma not followed by exactly three digits, handled above).
        if i + 1 < characters.count, characters[i] == "." || characters[i] == ",", digit(i + 1) {
            text.append(".")
            i += 1
            while digit(i) {
                text.append(characters[i])
                i += 1
            }
        }
        // An exponent: e or E, an optional sign, digits, and no letter right after ("2em" is not 2e).
        if i < characters.count, characters[i] == "e" || characters[i] == "E" {
            var k = i + 1
            var exponent = "e"
            if k < characters.count, "-−+".contains(characters[k]) {
                exponent += characters[k] == "+" ? "+" : "-"
                k += 1
            }
            if digit(k) {
                while digit(k) {
                    exponent.append(characters[k])
                    k += 1
                }
                if !(k < characters.count && characters[k].isLetter) {
                    text += exponent
                    i = k
                }
            }
        }
        guard let value = Double(text) else { return nil }
        return (Self.plain(value), value, i)
    }

    /// `value` in the shortest plain form: an integer without a fraction, else as Swift
    /// prints it (`1.5`, `1e-308`, `1e+308`).
    public static func plain(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }
}
