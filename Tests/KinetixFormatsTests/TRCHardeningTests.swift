import Foundation
import KinetixCore
import KinetixFormats
import Testing
import _KinetixTestSupport

/// Issue 56: `.trc` files made to mislead or crash the reader.
@Suite(".trc reader hardening (issue 56)")
struct TRCHardeningTests {
    /// `trcText(knownPoseMetres())` with the cells of data row `row` (0-based) changed by `edit`.
    func editedRow(_ row: Int, _ edit: (inout [String]) -> Void) -> String {
        var lines = trcText(knownPoseMetres()).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var cells = lines[5 + row].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        edit(&cells)
        lines[5 + row] = cells.joined(separator: "\t")
        return lines.joined(separator: "\n")
    }

    @Test(
        "a row numbered Int.min (or past Int32) is named and left out, never a trap; strict refuses it",
        arguments: ["-9223372036854775808", "-1", "4294967296"])
    func frameNumberOutOfRange(_ number: String) throws {
        let text = editedRow(1) { $0[0] = number }
        let result = try TRCConverter.convert(data: Data(text.utf8), name: "n.trc", options: ConversionOptions())
        #expect(result.sidecar.frameCount == 2)
        #expect(
            result.warnings.map(\.description).contains {
                $0.contains("n.trc: line 7") && $0.contains("Frame#") && $0.contains("is not a frame number")
            },
            "\(result.warnings)")
        var strict = ConversionOptions()
        strict.strict = true
        #expect(throws: KinetixError.self) { try TRCConverter.convert(data: Data(text.utf8), name: "n.trc", options: strict) }
    }

    @Test("5,000 markers left out are listed within the string limit: the sidecar written is one Kinetix reads back")
    func manyIgnoredMarkers() throws {
        let extra = (0..<5000).map { "UnknownMarker\($0)" }
        let result = try TRCConverter.convert(
            data: Data(trcText(knownPoseMetres(), frames: 2, extra: extra).utf8), name: "many.trc", options: ConversionOptions())
        let listed = try #require(result.sidecar.source["ignoredMarkers"])
        #expect(listed.hasPrefix("UnknownMarker0,UnknownMarker1,") && listed.hasSuffix("more)"), "\(listed.suffix(40))")
        #expect(result.sidecar.validate().isEmpty)
        let back = try Sidecar.decode(result.sidecar.encoded(), file: "many.json")
        #expect(back.source["ignoredMarkers"] == listed)
    }

    @Test(
        "a name with a tab and a line break (export -o $'trial\\tUnits mm\\nb.trc') stays one header field: Kinetix reads its own export back"
    )
    func exportNameWithControls() throws {
        var o = SynthOptions()
        o.spaceKind = .metres
        o.durationSeconds = 0.3
        let clip = Synth.sidecar(o)
        let text = TRCFile.write(clip, name: "trial\tUnits mm\nb.trc")
        #expect(text.hasPrefix("PathFileType\t4\t(X/Y/Z)\ttrial_Units mm_b.trc\nDataRate\t"))
        let back = try TRCConverter.convert(data: Data(text.utf8), name: "b.trc", options: ConversionOptions()).sidecar
        #expect(back.frameCount == clip.frameCount && back.source["units"] == "m")
        #expect(MotionFile.write(AngleSeries(clip), name: "a\r\nversion=9").hasPrefix("a__version=9\nversion=1\n"))
    }

    @Test("a blank marker name leaves its three columns out and every later marker on its own columns (not shifted by one)")
    func blankMarkerName() throws {
        var lines = trcText(knownPoseMetres()).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var names = lines[3].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let blanked = Joint.allCases.first { TRCMarkers.name(of: $0) == names[2] }
        names[2] = ""
        lines[3] = names.joined(separator: "\t")
        let result = try TRCConverter.convert(
            data: Data(lines.joined(separator: "\n").utf8), name: "blank.trc", options: ConversionOptions())
        let angles = AngleSeries(result.sidecar)
        #expect(
            abs(angles[.leftElbow, 0] - 60) < 0.05 && abs(angles[.leftKnee, 0] - 30) < 0.05,
            "\(angles[.leftElbow, 0]) \(angles[.leftKnee, 0])")
        #expect(result.sidecar.source["ignoredMarkers"]?.contains("(unnamed, columns 3-5)") == true, "\(result.sidecar.source)")
        if let blanked, blanked != .neck, blanked != .root { #expect(result.sidecar.joints[blanked, 0] == nil) }
    }

    @Test("a DataRate that contradicts the Time column (12 Hz for rows 1/50 s apart) is named, and the times' rate is the clip's")
    func dataRateContradictsTimes() throws {
        var lines = trcText(knownPoseMetres(), frames: 20).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: "50\t50\t", with: "12\t12\t")
        let result = try TRCConverter.convert(
            data: Data(lines.joined(separator: "\n").utf8), name: "rate.trc", options: ConversionOptions())
        #expect(result.sidecar.frameRate.map { abs($0 - 50) < 0.01 } == true, "\(String(describing: result.sidecar.frameRate))")
        #expect(
            result.warnings.contains { $0.field == "DataRate" && $0.message.contains("contradicts the Time column") }, "\(result.warnings)")
        // An agreeing DataRate is kept, silently.
        let agreeing = try TRCConverter.convert(
            data: Data(trcText(knownPoseMetres(), frames: 20).utf8), name: "ok.trc", options: ConversionOptions())
        #expect(agreeing.sidecar.source["fps"] == "50" && agreeing.warnings.isEmpty)
    }
}
