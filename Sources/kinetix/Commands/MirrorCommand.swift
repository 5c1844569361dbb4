import Foundation
import KinetixCore

struct MirrorCommand: Subcommand {
    static let spec = ClipOperation.spec("mirror", "Mirror the clip: flip x and exchange left and right.", [])
    let operation: ClipOperation

    init(_ arguments: ParsedArguments) throws(CommandLineError) { operation = try ClipOperation(arguments, spec: Self.spec) }

    func run() throws(CommandLineError) -> Int32 { try operation.run { $0.mirrored() } }
}
