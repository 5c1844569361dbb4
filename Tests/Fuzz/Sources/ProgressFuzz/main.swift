import CFuzzerDriver
import Foundation
import KinetixCore
import KinetixProfiles
import KinetixReport

/// libFuzzer entry: the result reader `progress` and batch merges use
/// (`ProgressSession(resultJSON:)`), then the report over what it read. The input is up to
/// three result documents separated by NUL bytes; each is read as a session (with a date
/// when its position is odd), and two or more sessions read make a progress report, written
/// as text, CSV, JSON and its HTML page. A refusal is a `KinetixError`; anything else (a
/// trap, an unbounded loop) is the finding.
func fuzzProgress(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    var sessions: [ProgressSession] = []
    for (k, document) in data.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).enumerated() {
        let date = k % 2 == 1 ? "2026-0\(k + 1)-05" : nil
        if let session = try? ProgressSession(resultJSON: Data(document), file: "fuzz\(k).json", label: "session \(k)", date: date) {
            sessions.append(session)
        }
    }
    guard sessions.count >= 2, let report = try? ProgressReport(sessions: sessions, profile: nil) else { return 0 }
    _ = report.text()
    _ = report.csv()
    _ = report.json()
    _ = ProgressHTMLReport.html(report)
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in data.map { fuzzProgress($0, count) } ?? 0 })
