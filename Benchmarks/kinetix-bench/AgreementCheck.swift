import KinetixCore
import _KinetixTestSupport

/// `kinetix-bench agreement`: the unit tests' bit-for-bit checks (`KernelAgreement`) run in
/// this build, which CI makes in release: every instruction set of the SIMD kernel and the
/// BLAS kernel against the scalar reference, live final updates against offline frames.
/// Returns the number of disagreements, each printed.
func agreementCheck() -> Int {
    var failures = 0
    let sets = LagSearch.InstructionSet.allCases.filter { $0 <= .best }.map(\.description).joined(separator: ", ")
    for c in KernelAgreement.searchCases {
        let differing = KernelAgreement.searchDisagreements(c)
        if !differing.isEmpty { print("agreement: \(differing.joined(separator: ", ")) differ from the scalar kernel on \(c)") }
        failures += differing.count
    }
    for (name, options) in KernelAgreement.liveCases {
        do {
            let differing = try KernelAgreement.liveDisagreements(options)
            if differing.frames > 0 || differing.countsDiffer {
                print(
                    "agreement: live \(name): \(differing.frames) final frames differ from offline\(differing.countsDiffer ? ", and their counts" : "")"
                )
                failures += 1
            }
        } catch {
            print("agreement: live \(name): \(error)")
            failures += 1
        }
    }
    #if DEBUG
        let build = "debug"
    #else
        let build = "release"
    #endif
    print(
        "agreement (\(build) build): \(KernelAgreement.searchCases.count) lag cases at \(sets) and BLAS against the scalar kernel, "
            + "\(KernelAgreement.liveCases.count) live settings against offline: \(failures == 0 ? "bit for bit equal" : "\(failures) disagreement(s)")"
    )
    return failures
}
