/// Escaping done scalar by scalar, for every writer that escapes text for another
/// parser (shell, HTML, CSV, a terminal). Those parsers read code points, not Swift's
/// Characters: a quote followed by a combining mark is one Character that is not a
/// quote, yet a quote to bash or a browser (the Slurm fuzz harness found it).
extension String {
    /// `self` with each scalar for which `replacement` gives text replaced by that text.
    package func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if let text = replacement(scalar) { out.append(contentsOf: text.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }
}
