import Foundation

/// libFuzzer entry: the profile parser, its lint and the expression language.
/// The first byte chooses: a whole profile file, or one expression compiled in a
/// frame or rep scope and evaluated on a tiny synthesized clip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProfile(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let data = Data(bytes: start + 1, count: count - 1)
    if start[0] % 2 == 0 {
        if let profile = try? Profile.decode(data), profile.kind != .pair {
            let assessor = Assessor(profile: profile, parameters: (try? profile.parameterValues(overriding: [])) ?? [:])
            _ = assessor.assess(FuzzClip.body)
            _ = assessor.assess(FuzzClip.face)
        }
    } else {
        let text = String(decoding: data, as: UTF8.self)
        let environment = CompileEnvironment(metrics: ["m"], parameters: [:], scope: start[0] % 4 == 1 ? .frames : .reps)
        _ = try? environment.compile(text)
    }
    return 0
}

enum FuzzClip {
    static let body: Sidecar = {
        var o = SynthOptions()
        o.durationSeconds = 0.5
        o.dropout = 0.2
        return Synth.sidecar(o)
    }()
    static let face: Sidecar = {
        var o = SynthOptions()
        o.motion = .face
        o.durationSeconds = 0.5
        o.cameraDistanceMeters = 0.45
        return Synth.sidecar(o)
    }()
}
