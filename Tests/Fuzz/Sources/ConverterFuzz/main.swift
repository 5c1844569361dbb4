import CFuzzerDriver
import Foundation
import KinetixCore
@_spi(Fuzzing) import KinetixFormats

/// libFuzzer entry: every converter's input reader. The first byte chooses the format.
func fuzzConverters(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let data = Data(bytes: start + 1, count: count - 1)
    var options = ConversionOptions()
    options.frameRate = 30
    options.imageSize = ImageSize(width: 1920, height: 1080)
    options.includeFace = true
    options.worldLandmarks = start[0] >= 128  // MediaPipe's mp33_world
    if start[0] & 0x40 != 0 { options.person = .everyone }  // everyone followed
    switch start[0] % 6 {
    case 0: _ = try? COCO17Converter.convert(data: data, name: "fuzz.json", options: options)
    case 1: _ = try? MediaPipeConverter.convert(data: data, name: "fuzz.json", options: options)
    case 2: _ = try? MediaPipeConverter.convert(data: data, name: "fuzz.csv", options: options)
    case 3: _ = try? VisionConverter.convert(data: data, name: "fuzz.json", options: options)
    case 5: _ = try? TRCConverter.convert(data: data, name: "fuzz.trc", options: options)
    default:
        if let people = try? OpenPoseConverter.readPeople(data: data) {
            var warnings: [Diagnostic] = []
            _ = try? OpenPoseConverter.decideModel(
                keypointCount: (people.first?.keypoints.count ?? 75) / 3, people: people.map(\.keypoints),
                forced: nil, folder: "fuzz", warnings: &warnings)
        }
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in data.map { fuzzConverters($0, count) } ?? 0 })
