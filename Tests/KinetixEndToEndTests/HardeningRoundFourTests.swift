import Foundation
import Testing
import _KinetixCLITestSupport
import KinetixCore

/// Issue 56: what an adversarial probe of sync, .trc, tracking, progress and batch
/// subjects found, each as the user met it.
@Suite("hardening, round four (the CLI)")
struct HardeningRoundFourTests {
    /// Runs `script` in bash with `$0` the built `kinetix`.
    func shell(_ script: String) throws -> Kinetix.Result {
        try Kinetix.run(["-c", script, Kinetix.executable.path], executable: URL(fileURLWithPath: "/bin/bash"))
    }

    @Test("a standard output that cannot be written (a full disk, a closed pipe with SIGPIPE ignored) exits 73 with a message, never a trap")
    func unwritableStandardOutput() throws {
        for script in [#""$0" --version > /dev/full"#, #""$0" validate Sidecars/learner.json > /dev/full"#] {
            let run = try shell(script)
            #expect(run.status == 73 && run.stderr.contains("Error: standard output: cannot write: the disk is full"), "\(script): \(run.status) \(run.stderr)")
        }
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = folder.appendingPathComponent("long.json").path
        #expect(try Kinetix.run(["synth", "--duration", "300", "-o", long]).status == 0)
        let piped = try shell(#"trap '' PIPE; "$0" angles "$1" | head -c 10 > /dev/null; echo "status ${PIPESTATUS[0]}" >&2"#.replacingOccurrences(of: "\"$1\"", with: "'\(long)'"))
        #expect(piped.stderr.contains("status 73") && piped.stderr.contains("standard output: cannot write"), "\(piped.stderr)")
    }
}
