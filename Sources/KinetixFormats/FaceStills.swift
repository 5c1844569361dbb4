import Foundation
import KinetixCore

/// Reads MediaPipe Face Mesh run on still photos (`keypoints-face-v1`): `{"images":
/// [{"image", "width", "height", "faces": [{"bbox": [x0, y0, x1, y1], "face468":
/// [[x, y, z] × 468]}]}]}`, pixels, x right, y down.
///
/// One face of one image becomes a **one-frame clip** (t = 0) with its face
/// landmarks: a face at rest, which `assess` measures for resting symmetry. The image is
/// `ConversionOptions.stillImage` (an index or the image's file name; the first by
/// default), the face `ConversionOptions.person` (`largest` by its box, or an index in
/// the image's left-to-right order).
public enum FaceStillsConverter {
    /// How many images a message about a missing `--image` lists by name.
    static let imagesListed = 10

    /// Converts the file at `file`.
    ///
    /// - Throws: `KinetixError` of kind `.invalidData` (the layout, naming the field) or
    ///   `.invalidSetting` (no such image or face, listing those there are).
    public static func convert(file: String, options: ConversionOptions) throws(KinetixError) -> ConversionResult {
        let data = try readInput(file, limits: options.limits)
        let root: JSONValue
        do { root = try JSONValue.parse(data, maxDepth: 16) } catch {
            throw KinetixError(.invalidData, file: file, "not valid JSON: \(error.message)")
        }
        guard case .array(let images)? = root["images"], !images.isEmpty else {
            throw KinetixError(
                .invalidData, file: file, field: "images", "expected a non-empty array of images (the keypoints-face-v1 layout)")
        }
        func name(_ i: Int) -> String {
            if case .string(let s)? = images[i]["image"] { return s }
            return "image \(i)"
        }
        var warnings: [Diagnostic] = []
        let index: Int
        if let wanted = options.stillImage {
            guard
                let found = Int(wanted).flatMap({ images.indices.contains($0) ? $0 : nil })
                    ?? images.indices.first(where: { name($0) == wanted })
            else {
                // The first few by index and name, then a count: 20,000 names are no answer.
                let shown = images.indices.prefix(Self.imagesListed).map { "\($0) \(name($0))" }.joined(separator: ", ")
                let more = images.count > Self.imagesListed ? " … and \(images.count - Self.imagesListed) more (0…\(images.count - 1))" : ""
                throw KinetixError(
                    .invalidSetting, file: file, "no image '\(wanted)': the file holds \(shown)\(more)",
                    setting: .stillImage)
            }
            index = found
        } else {
            index = 0
            if images.count > 1 {
                warnings.append(
                    Diagnostic(
                        file: file, message: "\(images.count) images: converted image 0 (\(name(0))); choose another by index or name",
                        setting: .stillImage))
            }
        }
        let image = images[index]
        guard case .number(let width)? = image["width"], case .number(let height)? = image["height"], width > 0, height > 0 else {
            throw KinetixError(.invalidData, file: file, field: "images[\(index)].width", "each image needs its width and height in pixels")
        }
        guard case .array(let faces)? = image["faces"], !faces.isEmpty else {
            throw KinetixError(.invalidData, file: file, field: "images[\(index)].faces", "no face was found in \(name(index))")
        }
        func area(_ face: JSONValue) -> Double {
            guard case .array(let box)? = face["bbox"], box.count == 4, case .number(let x0) = box[0], case .number(let y0) = box[1],
                case .number(let x1) = box[2], case .number(let y1) = box[3]
            else { return 0 }
            return abs(x1 - x0) * abs(y1 - y0)
        }
        /// The middle of a face's box across the image; a face without a box goes last.
        func centreX(_ face: JSONValue) -> Double {
            guard case .array(let box)? = face["bbox"], box.count == 4, case .number(let x0) = box[0], case .number(let x1) = box[2],
                x0.isFinite, x1.isFinite
            else { return .infinity }
            return (x0 + x1) / 2
        }
        let chosen: Int
        switch options.person {
        case .largest: chosen = faces.indices.max { area(faces[$0]) < area(faces[$1]) }!
        case .index(let i):
            guard faces.indices.contains(i) else {
                throw KinetixError(
                    .invalidSetting, file: file,
                    "\(name(index)) has \(faces.count) face\(faces.count == 1 ? "" : "s") (0…\(faces.count - 1), left to right), not \(i)",
                    setting: .person)
            }
            // Counted left to right across the image, as said, not in the file's order (ties keep it).
            let leftToRight = faces.indices.sorted { (centreX(faces[$0]), $0) < (centreX(faces[$1]), $1) }
            chosen = leftToRight[i]
        case .id, .left, .right, .track, .everyone:
            throw KinetixError(
                .invalidSetting, file: file, "still images are not tracked: choose a face by index or largest", setting: .person)
        }
        guard case .array(let mesh)? = faces[chosen]["face468"], mesh.count >= 468 else {
            throw KinetixError(
                .invalidData, file: file, field: "images[\(index)].faces[\(chosen)].face468", "expected the 468 Face Mesh landmarks")
        }
        var face = PointTable<FaceLandmark>(frameCount: 1)
        for (landmark, i) in MediaPipeConverter.faceIndices where i < mesh.count {
            guard case .array(let p) = mesh[i], p.count >= 2, case .number(let x) = p[0], case .number(let y) = p[1], x.isFinite, y.isFinite
            else { continue }
            face[landmark, 0] = (Float(x), Float(y), 1)
        }
        let source = [
            "detector": "MediaPipe Face Mesh", "format": "face-stills", "clip": (file as NSString).lastPathComponent,
            "stillImage": name(index), "face": "\(chosen) of \(faces.count)",
        ]
        let sidecar = Sidecar(
            source: source, space: CoordinateSpace(kind: .pixels, width: width, height: height), times: [0],
            joints: PointTable<Joint>(frameCount: 1), face: face)
        let problems = sidecar.validate()
        guard problems.isEmpty else { throw KinetixError(diagnostics: problems.map { $0.inFile(file) }) }
        return ConversionResult(sidecar: sidecar, warnings: warnings, inputFiles: [file])
    }
}
