import Foundation
import KinetixCore

/// `kinetix stream <sidecar>`: sends a recorded clip as a live stream, at its real rate.
struct StreamCommand: Subcommand {
    static let spec = CommandSpec(
        name: "stream",
        abstract: "Send a sidecar as a live stream of frames, at its real rate (to try a live setup without a camera).",
        discussion: """
            Writes the clip in the streaming format (Sidecars/STREAM.md): a header line,
            one JSON frame per line, each sent when its time comes and stamped with the
            wall-clock time it was sent as its capture time, then the end line. The other
            end is 'kinetix assess --live' or 'kinetix compare --live':
              kinetix stream clip.json | kinetix assess --live - --profile squat
              kinetix stream clip.json --to tcp:5057 &   kinetix assess --live tcp:5057 --profile squat
            """,
        arguments: [.init(name: "sidecar", help: "The clip to send (2D).")],
        options: [
            .init(
                long: "to", valueName: "where", help: "- (standard output), a FIFO path, tcp:PORT or udp:PORT on 127.0.0.1.",
                defaultValue: "-"),
            .init(
                long: "speed", valueName: "x", help: "Times real time (0: as fast as the receiver reads).",
                defaultValue: defaultText(Self.defaultSpeed)),
            .init(
                long: "connect-timeout", valueName: "seconds", help: "How long to retry connecting to tcp:PORT.",
                defaultValue: defaultText(Self.defaultConnectTimeout)),
            .maxInput,
        ]
    )

    /// Times real time unless told otherwise, and the speeds taken (0: as fast as the receiver reads).
    static let defaultSpeed = 1.0, speedRange: ClosedRange<Double> = 0...1000
    /// Seconds spent retrying a TCP connection unless told otherwise, and the values taken.
    static let defaultConnectTimeout = 10.0, connectTimeoutRange: ClosedRange<Double> = 0...3600

    let sidecar: String
    let destination: LiveSourceAddress
    let speed: Double
    let connectTimeout: Double
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        sidecar = arguments.positional[0]
        let to = arguments.string("to") ?? "-"
        guard let destination = try LiveSourceAddress.parse(to, command: Self.spec) else {
            throw .usage("--to expects -, a FIFO (make it with mkfifo), tcp:PORT or udp:PORT; '\(to)' is none of them", command: Self.spec)
        }
        if case .tcp(0) = destination { throw .usage("--to tcp:PORT needs the receiver's port, not 0", command: Self.spec) }
        if case .udp(0) = destination { throw .usage("--to udp:PORT needs the receiver's port, not 0", command: Self.spec) }
        self.destination = destination
        speed = try arguments.double("speed", default: Self.defaultSpeed, in: Self.speedRange)
        connectTimeout = try arguments.double("connect-timeout", default: Self.defaultConnectTimeout, in: Self.connectTimeoutRange)
        limits = try arguments.limits()
    }

    func run() throws(CommandLineError) -> Int32 {
        let clip = try loadClip(sidecar, role: "sidecar", limits: limits).sidecar
        guard clip.space.depth == nil, clip.space.kind != .metres else {
            throw .failed(
                KinetixError(.unsupported, file: sidecar, field: "space", "a stream carries a camera's 2D joints; this clip has depth"))
        }
        signal(SIGPIPE, SIG_IGN)
        let fd = try open()
        defer { if fd != STDOUT_FILENO { close(fd) } }
        let datagrams: Bool = if case .udp = destination { true } else { false }
        func send(_ line: String) throws(CommandLineError) {
            var bytes = Array(line.utf8)
            if datagrams {
                let sent = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
                guard sent == bytes.count else { throw .output("\(destination): \(String(cString: strerror(errno)))") }
                return
            }
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeMutableBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    throw .output(
                        "\(destination == .standardInput ? "standard output" : destination.description): the receiver went away: \(String(cString: strerror(errno)))"
                    )
                }
                offset += n
            }
            bytes.removeAll()
        }
        let header = LiveStream.Header(
            space: clip.space, fps: clip.analysisFrameRate, source: ["clip": sidecar, "sender": "kinetix stream"])
        try send(LiveStream.line(header))
        let start = wallClock()
        let t0 = clip.frameCount > 0 ? clip.times[0] : 0
        for i in 0..<clip.frameCount {
            if speed > 0 {
                let wait = start + (clip.times[i] - t0) / speed - wallClock()
                if wait > 0 { usleep(useconds_t(wait * 1e6)) }
            }
            try send(LiveStream.line(clip.poseFrame(i), captured: wallClock()))
        }
        try send(LiveStream.endLine)
        return ExitCode.success
    }

    /// The destination, open for writing (a TCP connection retried for `connectTimeout`).
    private func open() throws(CommandLineError) -> Int32 {
        switch destination {
        case .standardInput: return STDOUT_FILENO
        case .fifo(let path):
            let fd = Foundation.open(path, O_WRONLY)
            guard fd >= 0 else { throw .output("\(path): cannot open the FIFO: \(String(cString: strerror(errno)))") }
            return fd
        case .tcp(let port), .udp(let port):
            let tcp = destination == .tcp(port: port)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let deadline = wallClock() + connectTimeout
            while true {
                let fd = socket(AF_INET, Int32(tcp ? SOCK_STREAM.rawValue : SOCK_DGRAM.rawValue), 0)
                guard fd >= 0 else { throw .output("\(destination): cannot make a socket: \(String(cString: strerror(errno)))") }
                let connected = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
                if connected == 0 { return fd }
                let reason = String(cString: strerror(errno))
                close(fd)
                guard wallClock() < deadline else { throw .output("\(destination): cannot connect to 127.0.0.1:\(port): \(reason)") }
                usleep(100_000)
            }
        }
    }
}
