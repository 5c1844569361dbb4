import Foundation
import KinetixCore

/// Reads an OpenSim / Pose2Sim marker file (`.trc`, `PathFileType 4`): 3D markers per
/// frame, tab-separated, as Pose2Sim's triangulation, OpenCap and motion-capture
/// systems write it:
///
///     PathFileType  4  (X/Y/Z)  trial.trc
///     DataRate  CameraRate  NumFrames  NumMarkers  Units  OrigDataRate  …
///     60        60          100        21          m      60            …
///     Frame#  Time  RHip        RKnee       …
///                   X1 Y1 Z1    X2 Y2 Z2    …
///     1       0.0167  -0.065 0.902 -1.401 …
///
/// Markers become joints by name (`TRCMarkers`); the rest (toes, heels, anything
/// unknown) are left out and listed in `source["ignoredMarkers"]`. Units `m`, `cm` or
/// `mm` become metres; the frame is the file's own (OpenSim's ground: y up), recorded as
/// `CoordinateSpace.metres(.world)`. A marker with empty or NaN fields in a row is not
/// tracked there; every other marker has confidence 1 (a `.trc` has no confidences).
/// Times come from the `Time` column, else from `DataRate`.
public enum TRCConverter {
    /// Converts the file at `file`.
    ///
    /// - Throws: `KinetixError`: `.unreadable` when it is missing, `.invalidData` with the
    ///   line and field of each problem (with `options.strict`, at the first bad row).
    public static func convert(file: String, options: ConversionOptions) throws(KinetixError) -> ConversionResult {
        let data = try readInput(file, limits: options.limits)
        return try convert(data: data, name: file, options: options)
    }

    /// Converts a `.trc` already in memory; `name` is used in messages.
    public static func convert(data: Data, name file: String, options: ConversionOptions) throws(KinetixError) -> ConversionResult {
        var options = options
        options.inputName = file
        let lines = String(decoding: data, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        func fail(_ line: Int, _ field: String? = nil, _ message: String) -> KinetixError {
            KinetixError(diagnostics: [Diagnostic(file: file, line: line, column: 1, field: field, message: message)])
        }
        guard lines.count >= 5, lines[0].hasPrefix("PathFileType") else {
            throw fail(1, nil, "not a .trc marker file: the first line should start with PathFileType")
        }
        // Lines 2 and 3: a row of header names and a row of their values.
        let keys = fields(lines[1])
        let values = fields(lines[2])
        var header: [String: String] = [:]
        for (key, value) in zip(keys, values) { header[key] = value }
        guard let unitName = header["Units"] else { throw fail(2, "Units", "missing: the header names the markers' units (m or mm)") }
        // `px`: image markers, as `kinetix export` writes a 2D clip (isotropic pixels, y
        // up; Z the negated relative depth, or 0): read back into an image space.
        let pixels = unitName.lowercased() == "px"
        guard let scale = pixels ? 1 : unitScale[unitName.lowercased()] else {
            throw fail(3, "Units", "'\(unitName)' is not a length unit Kinetix reads (m, cm, mm, or px for image markers)")
        }
        var rate = options.frameRate
        var headerRate: Double?
        if rate == nil, let text = header["DataRate"], let value = Double(text), value.isFinite, value > 0 {
            rate = value
            headerRate = value
        }

        // Line 4: Frame#, Time, then each marker's name over its three columns.
        let names = fields(lines[3])
        guard names.count >= 3, names[0].lowercased().hasPrefix("frame") else {
            throw fail(4, nil, "expected 'Frame#', 'Time' and the marker names")
        }
        let hasTime = names[1].lowercased() == "time"
        let firstColumn = hasTime ? 2 : 1
        // Each name heads its marker's three columns. When every name sits on such a
        // column (as Pose2Sim and OpenSim write the line), a blank name is a marker without
        // a name, and the markers after it keep their own columns; a line of names packed
        // together (spaces, or single tabs) is read in order.
        let named = names.indices.dropFirst(firstColumn).filter { !names[$0].isEmpty }
        let positional = lines[3].contains("\t") && named.allSatisfy { ($0 - firstColumn) % 3 == 0 }
        let markerColumns: [(column: Int, name: String)] =
            positional
            ? named.map { ($0, names[$0]) }
            : named.enumerated().map { (firstColumn + 3 * $0.offset, names[$0.element]) }
        let markers = markerColumns.map(\.name)
        var columns: [Joint: Int] = [:]
        var ignored: [String] = []
        if positional, let last = named.last {
            for column in stride(from: firstColumn, to: last, by: 3) where names[column].isEmpty {
                ignored.append("(unnamed, columns \(column + 1)-\(column + 3))")
            }
        }
        for (column, marker) in markerColumns {
            if let joint = TRCMarkers.joint(named: marker), columns[joint] == nil {
                columns[joint] = column
            } else if TRCMarkers.headName(marker) == nil {
                ignored.append(marker)
            }
        }
        // A head marker stands in for a missing nose (the neck angle aims at it).
        var source = ["detector": "markers (.trc)", "format": "trc", "units": unitName]
        if columns[.nose] == nil, let head = markerColumns.first(where: { TRCMarkers.headName($0.name) != nil }) {
            columns[.nose] = head.column
            source["nose"] = head.name
        }
        guard !columns.isEmpty else {
            throw fail(
                4, nil,
                "none of the markers (\(markers.prefix(8).joined(separator: ", "))) is a body joint Kinetix knows: see TRCMarkers for the names read"
            )
        }
        if !ignored.isEmpty { source["ignoredMarkers"] = Sidecar.listText(ignored) }

        var frames: [DetectedFrame] = []
        var warnings: [Diagnostic] = []
        // Line 5 names the X1 Y1 Z1 … columns; data follows (blank lines allowed).
        for lineIndex in 5..<lines.count {
            let row = lines[lineIndex].split(separator: "\t", omittingEmptySubsequences: false)
            guard row.contains(where: { !$0.allSatisfy(\.isWhitespace) }) else { continue }
            let lineNumber = lineIndex + 1
            func number(_ column: Int) -> Double? {
                guard column < row.count else { return nil }
                let text = row[column].trimmingCharacters(in: .whitespaces)
                guard let value = Double(text), value.isFinite else { return nil }
                return value
            }
            let frameNumber = number(0).flatMap { Int(exactly: $0) } ?? (frames.count + 1)
            // A .trc numbers its frames from 1 (some from 0); one far outside is not a frame
            // number, and Int.min would overflow the 0-based number below.
            guard (0...Self.largestFrameNumber).contains(frameNumber) else {
                let d = Diagnostic(
                    file: file, line: lineNumber, column: 1, field: "Frame#",
                    message: "\(frameNumber) is not a frame number (a whole number from 0 to \(Self.largestFrameNumber))")
                if options.strict { throw KinetixError(diagnostics: [d]) }
                warnings.append(d)
                continue
            }
            var t = hasTime ? number(1) : nil
            if t == nil, let rate { t = Double(frameNumber - 1) / rate }
            guard let t else {
                let d = Diagnostic(
                    file: file, line: lineNumber, column: 2, field: "Time", message: "not a number, and no DataRate to compute it",
                    setting: .frameRate)
                if options.strict { throw KinetixError(diagnostics: [d]) }
                warnings.append(d)
                continue
            }
            var person = DetectedPerson()
            for (joint, column) in columns {
                guard let x = number(column), let y = number(column + 1), let z = number(column + 2) else { continue }
                person.joints[joint] = (Float(x * scale), Float(y * scale), 1)
                person.depth[joint] = Float(z * scale)
            }
            frames.append(DetectedFrame(t: t, number: frameNumber - 1, people: person.joints.isEmpty ? [] : [person]))
        }
        // A Time column is what was measured: a DataRate that contradicts it (12 against
        // rows 1/120 s apart) is named and the times' own rate used, never the header's.
        if let declared = headerRate, hasTime, let measured = estimatedFrameRate(frames.map(\.t)),
            abs(measured - declared) > 0.02 * measured
        {
            warnings.append(
                Diagnostic(
                    file: file, line: 3, column: 1, field: "DataRate",
                    message:
                        "\(jsonNumber(declared, digits: 6)) Hz contradicts the Time column (\(jsonNumber(measured, digits: 6)) Hz): the times are used"
                ))
            rate = nil
        }
        if let rate { options.frameRate = rate }
        var space = CoordinateSpace.metres(.world)
        if pixels {
            // The image size is not in a .trc: the one given, or the markers' extent.
            let size = imageSize(options, frames: frames, file: file, warnings: &warnings, source: &source)
            let hasDepth = frames.contains { $0.people.contains { $0.depth.values.contains { $0 != 0 } } }
            for f in frames.indices {
                for k in frames[f].people.indices {
                    var person = frames[f].people[k]
                    for (joint, p) in person.joints { person.joints[joint] = (p.x, Float(size.height) - p.y, p.confidence) }
                    person.depth = hasDepth ? person.depth.mapValues { -$0 } : [:]
                    frames[f].people[k] = person
                }
            }
            space = CoordinateSpace(kind: .pixels, width: size.width, height: size.height, depth: hasDepth ? .relative : nil)
        }
        let assembled = try assemble(frames, space: space, source: source, options: options, warnings: &warnings)
        return ConversionResult(assembled, warnings: warnings, inputFiles: [file])
    }

    /// The largest frame number a row may carry (Int32's largest: no clip has more frames).
    static let largestFrameNumber = Int(Int32.max)

    /// Metres per unit.
    static let unitScale: [String: Double] = ["m": 1, "meters": 1, "metres": 1, "cm": 0.01, "mm": 0.001]

    /// A line's tab-separated fields, trimmed (a file written with spaces between the
    /// header words splits on runs of them).
    static func fields(_ line: Substring) -> [String] {
        let parts = line.contains("\t") ? line.split(separator: "\t", omittingEmptySubsequences: false) : line.split(separator: " ")
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
