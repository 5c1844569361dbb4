import Foundation
import PackagePlugin

/// Compiles the shipped profiles (`Profiles/*.json`, JSON Schemas excepted) into
/// `KinetixProfiles`, so every build of the library and of `kinetix` carries them:
/// an installed binary, an app embedding the library, a package depending on it.
@main
struct EmbedProfiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Profiles")
        let inputs = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" && !$0.lastPathComponent.hasSuffix(".schema.json") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "ShippedProfileFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) shipped profiles",
                executable: try context.tool(named: "EmbedProfilesTool").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
