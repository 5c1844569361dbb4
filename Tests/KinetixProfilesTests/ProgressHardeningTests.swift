import Foundation
import Testing
@testable import KinetixProfiles
import KinetixCore

/// Issue 56: progress across sessions under attack.
@Suite("progress hardening (issue 56)")
struct ProgressHardeningTests {
    @Test("a date is a day the month has: 2026-02-31 and 2026-02-29 are none, 2024-02-29 and 2000-02-29 are",
          arguments: [("2026-02-31", false), ("2026-04-31", false), ("2026-02-29", false), ("1900-02-29", false), ("2026-13-01", false), ("2026-00-10", false),
                      ("2024-02-29", true), ("2000-02-29", true), ("2026-01-31", true), ("2026-12-31", true)])
    func calendarDates(_ text: String, _ valid: Bool) {
        #expect(ProgressSession.isDate(text) == valid, "\(text)")
    }
}
