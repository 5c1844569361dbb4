import Foundation
import KinetixCore
import KinetixFormats
import KinetixProfiles

/// Where `kinetix` looks for profiles by id: the folders in `KINETIX_PROFILES`
/// (colon-separated, in order), then the profiles shipped inside the binary. Never the
/// current directory: a file planted in an untrusted folder cannot replace a shipped
/// profile. A path (with `/` or ending in `.json`) is always used as named.
func profileLibrary() -> ProfileLibrary {
    let folders =
        ProcessInfo.processInfo.environment["KINETIX_PROFILES"]?
        .split(separator: ":").map(String.init).filter { !$0.isEmpty } ?? []
    return ProfileLibrary(folders: folders)
}

/// Resolves `--profile` and applies `--param` overrides.
func loadProfile(_ reference: String, overrides: [String]) throws(CommandLineError) -> (ProfileLibrary.Resolved, ParameterValues) {
    do {
        let resolved = try profileLibrary().resolve(reference)
        return (resolved, try resolved.profile.parameterValues(overriding: overrides))
    } catch {
        throw .failed(error)
    }
}

/// Reads a sidecar file for a command, with its provenance record.
/// With `besideAnother`, another file is being read on the other core (see `ClipInput`).
func loadClip(_ path: String, role: String, limits: SidecarLimits, besideAnother: Bool = false) throws(CommandLineError) -> ClipInput {
    do { return try ClipInput(contentsOf: path, role: role, limits: limits, besideAnother: besideAnother, mapping: true) } catch {
        throw .failed(explainingFormat(error, path: path, limits: limits))
    }
}

/// Reads a pair's two sidecar files at once (one per core); when both fail, the
/// demonstrator's error is the one reported, as when read in turn.
func loadPair(demonstrator: String, learner: String, limits: SidecarLimits) throws(CommandLineError) -> (ClipInput, ClipInput) {
    let (demonstratorClip, learnerClip) = bothAtOnce(
        { Result { () throws(CommandLineError) in try loadClip(demonstrator, role: "demonstrator", limits: limits, besideAnother: true) } },
        { Result { () throws(CommandLineError) in try loadClip(learner, role: "learner", limits: limits, besideAnother: true) } })
    return (try demonstratorClip.get(), try learnerClip.get())
}

/// Reads a sidecar file for a command.
func loadSidecar(_ path: String, limits: SidecarLimits) throws(CommandLineError) -> Sidecar {
    do { return try Sidecar.load(contentsOf: path, limits: limits, mapping: true) } catch {
        throw .failed(explainingFormat(error, path: path, limits: limits))
    }
}

/// When a file that failed to load as a sidecar is something else Kinetix recognises
/// (MediaPipe output, an OpenPose frame file, an OpenSim .mot, …), says so first,
/// with what to do, instead of leaving a syntax error at line 1 to explain it.
func explainingFormat(_ error: KinetixError, path: String, limits: SidecarLimits) -> KinetixError {
    guard error.kind == .invalidData else { return error }
    let recognised = RecognisedInput.recognise(path, limits: limits)
    guard recognised != .sidecar, recognised != .unknown else { return error }
    var explained = error
    explained.diagnostics = [Diagnostic(file: path, message: "this is \(recognised), not a sidecar: \(recognised.advice)")]
    explained.omitted = 0
    return explained
}
