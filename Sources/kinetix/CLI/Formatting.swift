import Foundation

/// Seconds for people: "12.000 s".
func formatSeconds(_ seconds: Double) -> String { String(format: "%.3f s", seconds) }

