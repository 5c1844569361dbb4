import Foundation
import KinetixCore
import KinetixReport

/// A bundled sidecar (`Sidecars/<name>`), decoded.
package func bundled(_ name: String) throws -> Sidecar {
    try Sidecar.load(contentsOf: Kinetix.packageRoot.appendingPathComponent("Sidecars/\(name)").path)
}

/// The bundled pair's comparison report and its HTML page.
package func compareReport() throws -> (ComparisonReport, String) {
    let demo = try bundled("demonstrator.json")
    let learner = try bundled("learner.json")
    let report = ComparisonReport(
        try Comparison(demonstrator: demo, learner: learner), demonstrator: demo, learner: learner,
        provenance: Provenance(inputs: [
            .init(role: "demonstrator", path: "d.json", sha256: "ab", frames: demo.frameCount),
            .init(role: "learner", path: "l.json", sha256: "cd", frames: learner.frameCount),
        ]))
    return (report, CompareHTMLReport.html(report))
}
