import Foundation

/// A decoded sidecar with the provenance record of the bytes it came from: what
/// every scoring call takes, whether the bytes came from a file or from memory.
public struct ClipInput: Sendable {
    /// The decoded, validated clip.
    public var sidecar: Sidecar
    /// Its role, name, SHA-256 and frame count.
    public var provenance: Provenance.Input

    /// A clip you decoded yourself, with its record.
    public init(sidecar: Sidecar, provenance: Provenance.Input) {
        self.sidecar = sidecar
        self.provenance = provenance
    }

    /// Decodes and validates sidecar JSON held in memory.
    ///
    /// - Parameters:
    ///   - data: The sidecar's JSON bytes.
    ///   - name: How messages and the provenance record name it (a file name, a URL,
    ///     "camera 1"); it is not opened.
    ///   - role: The input's role in the result: `demonstrator`, `learner`, `sidecar`,
    ///     `baseline`, …
    /// - Throws: `KinetixError` of kind `.invalidData` or `.limitExceeded`, every
    ///   problem located by frame, time and field.
    public init(decoding data: Data, name: String, role: String, limits: SidecarLimits = .default) throws(KinetixError) {
        if data.count > limits.maxFileBytes {
            throw KinetixError(
                .limitExceeded, file: name, "\(formatBytes(data.count)) is over the input limit of \(formatBytes(limits.maxFileBytes))",
                setting: .maxInputBytes)
        }
        let (decoded, sha256) = data.withUnsafeBytes { Self.decodeWhileHashing($0, name: name, limits: limits, discard: nil) }
        sidecar = try decoded.get()
        provenance = Provenance.Input(role: role, path: name, sha256: sha256, frames: sidecar.frameCount)
    }

    /// Below this size hashing and decoding run one after the other: a thread hand-off
    /// would cost more than it saves.
    static let overlapBytes = 1 << 20

    /// Reads, decodes and validates the sidecar file at `path`.
    ///
    /// The file is hashed while it is decoded, and the memory of what both have read is
    /// given back as they go: the peak is about the decoded clip plus what the slower of
    /// the two has not yet passed, not the whole file beside the clip.
    ///
    /// The file is read, never mapped: no signal handler, nothing process-wide.
    ///
    /// - Throws: `KinetixError` of kind `.unreadable` when the file is missing, not a
    ///   regular file or unreadable; otherwise as `init(decoding:name:role:limits:)`.
    public init(contentsOf path: String, role: String, limits: SidecarLimits = .default) throws(KinetixError) {
        try self.init(contentsOf: path, role: role, limits: limits, discardStride: Self.discardStride)
    }

    /// `init(contentsOf:role:limits:)` where another file is being read on the other core
    /// (`kinetix compare` reading its pair): the file is hashed, then decoded, on this
    /// thread alone. Two threads for two files keep both cores busy to the end, where a
    /// hashing thread beside each decoder (four threads on two cores) left one core idle
    /// for as long as one decoder lagged behind the other.
    /// With `mapping`, a large file is mapped (`InputFile`): the fast path the CLI and
    /// batch runs opt into, which installs a SIGBUS guard for the process.
    package init(
        contentsOf path: String, role: String, limits: SidecarLimits = .default, besideAnother: Bool = false,
        mapping: Bool
    ) throws(KinetixError) {
        try self.init(
            contentsOf: path, role: role, limits: limits, discardStride: Self.discardStride, besideAnother: besideAnother,
            mapping: mapping)
    }

    /// `init(contentsOf:role:limits:)`, giving memory back every `discardStride` bytes.
    init(
        contentsOf path: String, role: String, limits: SidecarLimits, discardStride: Int, besideAnother: Bool = false,
        mapping: Bool = false
    ) throws(KinetixError) {
        let file = try openInput(path, limits: limits, mapping: mapping)
        let decoded: Result<Sidecar, KinetixError>
        let sha256: String
        if besideAnother {
            // Hashed first, so decoding can give each stretch back as soon as it passes it.
            sha256 = SHA256.hex(file.bytes)
            decoded = Result { () throws(KinetixError) in
                try Sidecar.decode(file.bytes, file: path, limits: limits, discard: (file.discard(before:), discardStride))
            }
        } else {
            (decoded, sha256) = Self.decodeWhileHashing(
                file.bytes, name: path, limits: limits,
                discard: (file.discard(before:), discardStride))
        }
        try checkUnchanged(file, path: path)
        sidecar = try decoded.get()
        provenance = Provenance.Input(role: role, path: path, sha256: sha256, frames: sidecar.frameCount)
    }

    /// Decodes `bytes` and computes their SHA-256, at once on two threads when they are
    /// large (hashing takes as long as decoding; on a second core it costs nothing).
    /// With `discard`, memory is given back every `stride` bytes up to what both the
    /// decoder and the hash have passed (the hash publishes how far it has read).
    private static func decodeWhileHashing(
        _ bytes: UnsafeRawBufferPointer, name: String, limits: SidecarLimits,
        discard: (body: (Int) -> Void, stride: Int)?
    ) -> (Result<Sidecar, KinetixError>, String) {
        if bytes.count < overlapBytes {
            return (
                Result { () throws(KinetixError) in try Sidecar.decode(bytes, file: name, limits: limits, discard: nil) }, SHA256.hex(bytes)
            )
        }
        let hashed = Watermark()
        let stride = discard?.stride ?? discardStride
        return bothAtOnce(
            {
                Result { () throws(KinetixError) in
                    try Sidecar.decode(
                        bytes, file: name, limits: limits,
                        discard: discard.map { discard in ({ discard.body(min($0, hashed.value)) }, discard.stride) })
                }
            },
            {
                var hasher = SHA256()
                var start = 0
                while start < bytes.count {
                    let end = min(start + max(stride / 2, 1 << 16), bytes.count)
                    hasher.update(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                    hashed.value = end
                    start = end
                }
                return hasher.finalizeHex()
            })
    }

    /// How often decoding gives back the memory of what it (and the hash) have read.
    static let discardStride = 8 << 20

    /// How far the hash has read, for the decoder on the other thread.
    private final class Watermark: @unchecked Sendable {
        private let lock = NSLock()
        private var offset = 0

        var value: Int {
            get { lock.withLock { offset } }
            set { lock.withLock { offset = newValue } }
        }
    }
}
