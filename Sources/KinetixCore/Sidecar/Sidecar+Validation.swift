extension Sidecar {
    /// The range a normalized coordinate may take: estimators place occluded joints
    /// a little outside the image, but never whole images away.
    public static let normalizedCoordinateRange: ClosedRange<Float> = -1...2

    /// The shortest time between frames accepted, seconds (a million frames a second):
    /// anything shorter is a unit mistake, and would make analysis grids unbounded.
    public static let minimumFrameInterval = 1e-6

    /// The largest image side accepted, pixels: far beyond any camera, small enough
    /// that every size converts to an integer and multiplies safely.
    public static let maxImageDimension = 1_000_000.0

    /// The largest coordinate accepted in metres: a room, a track, a pitch, not a
    /// millimetre file read as metres.
    public static let maxMetres: Float = 1000

    /// The deepest relative depth accepted, in image widths (either way): MediaPipe's z
    /// is on the scale of x, a body's depth a fraction of the image; far beyond it is a
    /// unit mistake (1e20 px).
    public static let relativeDepthWidths = 10.0

    /// The largest absolute frame time accepted, seconds (about 31 years): times
    /// beyond it lose sub-millisecond precision in a `Double`.
    public static let maxAbsoluteTime = 1e9

    /// Checks what the values mean: image size, time order, confidence and
    /// coordinate ranges. Returns every problem, up to `limit`.
    ///
    /// Decoding has already checked the shape; a sidecar built in code (by a
    /// converter or `Synth`) is checked by this alone.
    public func validate(limit: Int = 51) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func report(_ frame: Int?, _ field: String?, _ message: String) {
            guard problems.count < limit else { return }
            problems.append(Diagnostic(frameIndex: frame, time: frame.map { times[$0] }, field: field, message: message))
        }
        if space.kind == .metres, space.depth == .relative {
            report(nil, "space.depth", "'relative' is an image depth; metres are in a 'world' or 'root' frame")
        }
        if space.kind != .metres, space.depth == .world || space.depth == .root {
            report(nil, "space.depth", "'\(space.depth!.rawValue)' depth is in metres, but space.kind is '\(space.kind.rawValue)'")
        }
        if (space.depth != nil) != joints.hasDepth {
            report(
                nil, "space.depth",
                space.depth == nil
                    ? "the joints have a third coordinate but the space has no depth"
                    : "the space has depth but the joints have no third coordinate")
        }
        for (name, value) in [("space.width", space.width), ("space.height", space.height)]
        where space.kind != .metres && !(value.isFinite && value > 0 && value <= Self.maxImageDimension) {
            report(
                nil, name,
                value > Self.maxImageDimension && value.isFinite
                    ? "\(jsonNumber(value, digits: 0)) pixels is over the limit of 1,000,000"
                    : "must be a positive number of pixels, found \(value)")
        }
        if times.isEmpty { report(nil, "frames", "the sidecar has no frames") }
        for frame in times.indices {
            let t = times[frame]
            if !t.isFinite {
                report(frame, "t", "the frame has no valid time")
            } else if abs(t) > Self.maxAbsoluteTime {
                report(frame, "t", "\(t) s is beyond ±1e9 s (about 31 years): are the times in seconds?")
            } else if frame > 0, times[frame - 1].isFinite, t <= times[frame - 1] {
                let previous = String(format: "%.3f", times[frame - 1])
                report(
                    frame, "t",
                    t == times[frame - 1]
                        ? "duplicate time: the previous frame has the same t=\(previous)s"
                        : "time goes backwards from the previous frame's t=\(previous)s (times must be strictly increasing)")
            } else if frame > 0, times[frame - 1].isFinite, t - times[frame - 1] < Self.minimumFrameInterval {
                report(frame, "t", "only \(t - times[frame - 1]) s after the previous frame, less than 1 µs (are the times in seconds?)")
            }
            if problems.count >= limit { break }
        }
        for (key, value) in source.sorted(by: { $0.key < $1.key }) {
            for text in [key, value] where Self.jsonStringBytes(text) > Self.maxStringBytes {
                report(
                    nil, "source.\(key.prefix(40))",
                    "\(Self.jsonStringBytes(text)) bytes is over the limit of \(Self.maxStringBytes) bytes a reader accepts")
            }
        }
        validatePoints(joints, what: "joint", report: report)
        if let face { validatePoints(face, what: "face landmark", report: report) }
        for (index, event) in events.enumerated() {
            if !event.t.isFinite {
                report(nil, "events[\(index)].t", "must be a finite time in seconds")
            } else if abs(event.t) > Self.maxAbsoluteTime {
                report(nil, "events[\(index)].t", "\(event.t) s is beyond ±1e9 s (about 31 years): are the times in seconds?")
            }
            if event.label.isEmpty { report(nil, "events[\(index)].label", "must not be empty") }
            if Self.jsonStringBytes(event.label) > Self.maxStringBytes {
                report(
                    nil, "events[\(index)].label",
                    "\(Self.jsonStringBytes(event.label)) bytes is over the limit of \(Self.maxStringBytes) bytes a reader accepts")
            }
        }
        return problems
    }

    private func validatePoints<Name: PointName>(
        _ table: PointTable<Name>, what: String, report: (Int?, String?, String) -> Void
    ) {
        let range = Self.normalizedCoordinateRange
        // A relative depth is in x's unit: pixels, or image widths when normalized.
        let relativeDepthLimit: Double? =
            space.depth == .relative
            ? Self.relativeDepthWidths * (space.kind == .pixels ? space.width : 1) : nil
        for name in Name.allCases {
            let column = name.rawValue * table.frameCount
            for frame in 0..<table.frameCount {
                let c = table.confidence[column + frame]
                guard c != 0 else { continue }
                if !(0...1).contains(c) {
                    report(frame, "\(what) '\(name.name)'", "confidence \(c) is outside 0...1")
                }
                let x = table.x[column + frame]
                let y = table.y[column + frame]
                if !(x.isFinite && y.isFinite) {
                    // A coordinate past Float's range (1e39 px) becomes infinite: no JSON number.
                    report(frame, "\(what) '\(name.name)'", "(\(x), \(y)) is not a finite position")
                    continue
                }
                if let z = table.z, !z[column + frame].isFinite {
                    report(frame, "\(what) '\(name.name)'", "z \(z[column + frame]) is not a number")
                } else if let z = table.z, let limit = relativeDepthLimit, abs(Double(z[column + frame])) > limit {
                    report(
                        frame, "\(what) '\(name.name)'",
                        "relative depth \(z[column + frame]) is over \(jsonNumber(limit, digits: 3)) (\(Int(Self.relativeDepthWidths)) image widths): a body is not that deep (is it in the unit of x?)"
                    )
                }
                if space.kind == .metres,
                    !(abs(x) <= Self.maxMetres && abs(y) <= Self.maxMetres && abs(table.z?[column + frame] ?? 0) <= Self.maxMetres)
                {
                    report(
                        frame, "\(what) '\(name.name)'",
                        "(\(x), \(y), \(table.z?[column + frame] ?? .nan)) is more than 1,000 m from the origin (are the units millimetres?)"
                    )
                }
                if space.kind == .normalized, !(range.contains(x) && range.contains(y)) {
                    report(
                        frame, "\(what) '\(name.name)'", "(\(x), \(y)) is far outside the normalized 0...1 image (is space.kind 'pixels'?)")
                }
            }
        }
    }
}
