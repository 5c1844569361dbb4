import Foundation
import KinetixCore
import KinetixProfiles

/// Where `kinetix` looks for profiles by id: the folders in `KINETIX_PROFILES`
/// (colon-separated), `./Profiles`, and the `Profiles` folder of the package the
/// executable was built in.
func profileLibrary() -> ProfileLibrary {
    var folders: [String] = []
    if let paths = ProcessInfo.processInfo.environment["KINETIX_PROFILES"] {
        folders += paths.split(separator: ":").map(String.init)
    }
    let local = FileManager.default.currentDirectoryPath + "/Profiles"
    folders.append(local)
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for _ in 0..<6 {
        let candidate = directory.appendingPathComponent("Profiles").path
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
           FileManager.default.fileExists(atPath: candidate) {
            folders.append(candidate)
            break
        }
        directory.deleteLastPathComponent()
    }
    var seen = Set<String>()
    let existing = folders.filter { FileManager.default.fileExists(atPath: $0) }
        .filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
    return ProfileLibrary(folders: existing)
}

/// Resolves `--profile` and `--param`, mapping failures to exit codes.
func loadProfile(_ reference: String, overrides: [String]) throws(CommandLineError) -> (Profile, ParameterValues) {
    let profile: Profile
    do {
        profile = try profileLibrary().resolve(reference).profile
    } catch {
        let missing = error.diagnostics.allSatisfy { $0.message.hasPrefix("no profile") || $0.message == "no such file" }
        throw .profile(error, exitCode: missing ? ExitCode.noInput : ExitCode.dataError)
    }
    do {
        return (profile, try profile.parameterValues(overriding: overrides))
    } catch {
        throw .profile(error, exitCode: ExitCode.usage)
    }
}

/// Reads a sidecar and its provenance entry.
func loadSidecar(_ path: String, role: String, limits: SidecarLimits) throws(CommandLineError) -> (Sidecar, Provenance.Input) {
    do {
        let data = try readInput(path, limits: limits)
        let sidecar = try Sidecar.decode(data, file: path, limits: limits)
        return (sidecar, Provenance.Input(role: role, path: path, sha256: SHA256.hex(data), frames: sidecar.frameCount))
    } catch {
        throw .sidecar(error)
    }
}

/// Estimator faults of a clip, and the clip with its left/right swaps undone when asked.
func checkFaults(_ sidecar: Sidecar, repair: Bool, minConfidence: Float) -> (Sidecar, [EstimatorFault]) {
    var detector = EstimatorFaultDetector()
    detector.minConfidence = minConfidence
    let (faults, swapped) = detector.detect(sidecar)
    return (repair ? sidecar.repairingSwaps(swapped) : sidecar, faults)
}
