import Foundation

extension Sidecar {
    /// The sidecar as JSON (version `formatVersion`: 1 without depth, 2 with): fixed key
    /// order, one frame per line, numbers in their shortest round-trip form, so the same
    /// sidecar always gives the same bytes. Joints are `[x, y, confidence]`, or
    /// `[x, y, z, confidence]` when the space has depth.
    public func encoded() -> Data {
        var out = "{\n  \"format\": \"\(Sidecar.formatName)\",\n  \"version\": \(formatVersion),\n"
        let sourceFields = source.keys.sorted().map { "\(jsonString($0)): \(jsonString(source[$0]!))" }
        out += "  \"source\": {\(sourceFields.joined(separator: ", "))},\n"
        out += "  \"space\": {\"kind\": \"\(space.kind.rawValue)\""
        if space.kind != .metres { out += ", \"width\": \(number(space.width)), \"height\": \(number(space.height))" }
        if let depth = space.depth { out += ", \"depth\": \"\(depth.rawValue)\"" }
        out += "},\n"
        out += "  \"frames\": [\n"
        for frame in times.indices {
            out += "    {\"t\": \(number(times[frame])), \"joints\": {"
            out += points(joints, frame)
            out += "}"
            if let face, FaceLandmark.allCases.contains(where: { face.confidence[face.index($0, frame)] > 0 }) {
                out += ", \"face\": {" + points(face, frame) + "}"
            }
            out += frame == times.count - 1 ? "}\n" : "},\n"
        }
        out += "  ],\n  \"events\": ["
        out += events.map { event in
            "{\"t\": \(number(event.t)), \"label\": \(jsonString(event.label))"
                + (event.action.map { ", \"action\": \(jsonString($0))" } ?? "")
                + (event.simonSays.map { ", \"simonSays\": \($0)" } ?? "") + "}"
        }.joined(separator: ", ")
        out += "]\n}\n"
        return Data(out.utf8)
    }

    private func points<Name: PointName>(_ table: PointTable<Name>, _ frame: Int) -> String {
        var parts: [String] = []
        for name in Name.allCases {
            let i = table.index(name, frame)
            guard table.confidence[i] > 0 else { continue }
            let z = table.z.map { "\(number($0[i])), " } ?? ""
            parts.append("\"\(name.name)\": [\(number(table.x[i])), \(number(table.y[i])), \(z)\(number(table.confidence[i]))]")
        }
        return parts.joined(separator: ", ")
    }
}

/// A number as JSON: integers without a fraction, others in shortest round-trip form.
func number<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: T) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}

/// A string as a JSON string literal, quoted and escaped (`JSONWriter.string(_:)`).
package func jsonString(_ value: String) -> String {
    var writer = JSONWriter()
    writer.string(value)
    return writer.text
}
