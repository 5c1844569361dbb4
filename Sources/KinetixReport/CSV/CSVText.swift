/// A text cell of a CSV file that people open in a spreadsheet.
///
/// Text from input files (labels, names, notes) that starts with `=`, `+`, `-`, `@`, a
/// tab or a carriage return is what a spreadsheet runs as a formula (`=HYPERLINK(…)`,
/// `+1+2`, `@SUM(1)`): such a cell is written with a leading `'`, which spreadsheets
/// show as text and do not run (OWASP's advice on CSV injection). A cell holding a
/// comma, quote, CR or LF is then quoted (RFC 4180). Numbers Kinetix writes are not
/// text cells and go out as they are.
public func csvTextCell(_ text: String) -> String {
    var cell = text
    if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { cell = "'" + text }
    guard cell.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
    // Scalar by scalar: a quote before a combining mark is one Character, and must still be doubled.
    return "\"" + cell.replacingScalars { $0 == "\"" ? "\"\"" : nil } + "\""
}
