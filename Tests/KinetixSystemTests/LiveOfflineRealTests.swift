import Foundation
import KinetixCore
import KinetixFormats
import Testing
import _KinetixCLITestSupport

/// `compare --live` says where live and offline differ on real data (issue 55).
@Suite(
    "Live against offline on real data (../shared/realdata)", .enabled(if: hasRealData, "../shared/realdata is not beside this checkout"))
struct LiveOfflineRealTests {
    @Test("MediaPipe's swapped cam02 against OpenPose's: --live no longer claims the offline figures, and names the repairs it cannot make")
    func swapsSaid() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var o = ConversionOptions()
        o.frameRate = 60
        o.imageSize = ImageSize(width: 1080, height: 1920)
        let openPose = try OpenPoseConverter.convert(
            folder: realData.appendingPathComponent("openpose_body25b/balancing_cam02").path, options: o
        ).sidecar
        let mediaPipe = try MediaPipeConverter.convert(
            file: realData.appendingPathComponent("mediapipe/balancing_cam02_mediapipe.json").path,
            options: ConversionOptions()
        ).sidecar
        let a = folder.appendingPathComponent("op02.json")
        let b = folder.appendingPathComponent("mp02.json")
        try openPose.encoded().write(to: a)
        try mediaPipe.encoded().write(to: b)
        let run = try Kinetix.run(["compare", a.path, b.path, "--live", "--no-mirror"])
        #expect(run.status == 0, "\(run.stderr)")
        let last = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        // Before: "100 frames final; 'kinetix compare' (without --live) gives the same figures".
        #expect(!last.contains("gives the same figures") && last.contains("exchanged left and right"), "\(last)")
        // A clean pair still says they agree.
        let same = try Kinetix.run(["compare", a.path, a.path, "--live", "--no-mirror"]).stdout
        #expect(same.contains("gives the same figures"), "\(same.suffix(200))")
    }
}
