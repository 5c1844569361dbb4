import Foundation
import KinetixCore
import Testing

@Suite("Sidecar JSON Schema")
struct SchemaTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the schema names exactly the joints and face landmarks the decoder accepts")
    func namesInSync() throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("Sidecars/kinetix-sidecar.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let frame = ((schema["properties"] as! [String: Any])["frames"] as! [String: Any])["items"] as! [String: Any]
        let properties = frame["properties"] as! [String: Any]
        func names(_ key: String) -> Set<String> {
            Set(((properties[key] as! [String: Any])["propertyNames"] as! [String: Any])["enum"] as! [String])
        }
        let joints = Set(Joint.allCases.flatMap { [$0.name, $0.visionIdentifier] }).union(Joint.ignoredVisionNames)
        #expect(names("joints") == joints)
        #expect(names("face") == Set(FaceLandmark.allCases.map(\.name)))
    }

    @Test("the schema names exactly the versions, space kinds and depths the decoder reads")
    func versionsAndSpacesInSync() throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("Sidecars/kinetix-sidecar.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = schema["properties"] as! [String: Any]
        let versions = (properties["version"] as! [String: Any])["enum"] as! [Int]
        #expect(versions == Array(Sidecar.readableVersions))
        let space = (properties["space"] as! [String: Any])["properties"] as! [String: Any]
        func names(_ key: String) -> Set<String> { Set((space[key] as! [String: Any])["enum"] as! [String]) }
        #expect(names("kind") == Set(CoordinateSpace.Kind.allCases.map(\.rawValue)))
        #expect(names("depth") == Set(CoordinateSpace.Depth.allCases.map(\.rawValue)))
    }
}
