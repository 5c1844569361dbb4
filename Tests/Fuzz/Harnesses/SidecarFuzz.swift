import Foundation

/// libFuzzer entry: the sidecar decoder and validator must never crash, trap or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSidecar(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var limits = SidecarLimits()
    limits.maxFrames = 10_000  // keep each run small; the limit path is exercised too
    if let sidecar = try? Sidecar.decode(Data(bytes: start, count: count), limits: limits) {
        _ = AngleSeries(sidecar)
        _ = BodySeries(sidecar).mirrored()
        _ = SidecarSummary(sidecar)
        _ = sidecar.encoded()
    }
    return 0
}
