import Foundation
import Testing
import _KinetixCLITestSupport
import KinetixCore

/// `kinetix sync` as a user runs it.
@Suite("kinetix sync")
struct SyncCLITests {
    @Test("a clip 0.3 s late is found, written onto the reference's clock with its offset recorded; a clip against itself is 0; a lone clip is a usage error")
    func syncAndWrite() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("front.json").path, late = folder.appendingPathComponent("late.json").path
        #expect(try Kinetix.run(["synth", "--motion", "routine", "--duration", "8", "-o", reference]).status == 0)
        #expect(try Kinetix.run(["shift", reference, "--seconds", "0.3", "-o", late]).status == 0)
        let out = folder.appendingPathComponent("synced").path
        let run = try Kinetix.run(["sync", reference, late, "--format", "json", "--write", out])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        let row = (json["clips"] as! [[String: Any]])[0]
        #expect(abs((row["offsetSeconds"] as! Double) + 0.3) <= 0.1 / 30, "\(row)")
        let written = try Sidecar.load(contentsOf: out + "/late.json")
        let original = try Sidecar.load(contentsOf: reference)
        #expect(written.source["syncedTo"] == reference && written.source["syncOffsetSeconds"] != nil)
        #expect(abs(written.times[0] - original.times[0]) <= 0.1 / 30, "back on the reference's clock")

        let text = try Kinetix.run(["sync", reference, reference]).stdout
        #expect(text.contains("offset +0.0000 s") || text.contains("offset -0.0000 s"), "\(text)")
        #expect(try Kinetix.run(["sync", reference]).status == 64)
    }
}
