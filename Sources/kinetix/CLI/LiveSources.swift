import Foundation
import KinetixCore

/// Where a live stream (`Sidecars/STREAM.md`) comes from: standard input, a FIFO, or a
/// socket on the loopback address. Anything else on the command line is a recorded file.
enum LiveSourceAddress: Equatable, CustomStringConvertible {
    case standardInput
    case fifo(String)
    /// Listens on 127.0.0.1 and reads the first connection (port 0: the system picks one).
    case tcp(port: UInt16)
    /// Binds 127.0.0.1; each datagram holds one line or more.
    case udp(port: UInt16)

    /// The address `text` names, or nil for a recorded file.
    static func parse(_ text: String, command: CommandSpec) throws(CommandLineError) -> LiveSourceAddress? {
        if text == "-" { return .standardInput }
        for prefix in ["tcp:", "udp:"] where text.hasPrefix(prefix) {
            guard let port = UInt16(text.dropFirst(prefix.count)) else {
                throw .usage(
                    "'\(text)': expected a port number in 0...65535 after '\(prefix)' (the socket listens on 127.0.0.1)", command: command)
            }
            return prefix == "tcp:" ? .tcp(port: port) : .udp(port: port)
        }
        var status = stat()
        if stat(text, &status) == 0, status.st_mode & S_IFMT == S_IFIFO { return .fifo(text) }
        return nil
    }

    var description: String {
        switch self {
        case .standardInput: "standard input"
        case .fifo(let path): path
        case .tcp(let port): "tcp:\(port)"
        case .udp(let port): "udp:\(port)"
        }
    }
}

/// The wall clock, Unix seconds: the clock of a frame's `captured` time.
func wallClock() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Lines from live sources, each read on its own thread and handed to the caller in
/// arrival order. The queue is bounded: a reader waits when the caller falls behind
/// (a pipe or TCP sender then waits too; UDP datagrams are dropped by the system).
final class LiveInbox: @unchecked Sendable {
    enum Event {
        /// A line (without its line feed) and the wall-clock time it was read.
        case line(source: Int, bytes: [UInt8], received: Double)
        /// Something to tell the user (the port listened on).
        case note(source: Int, String)
        /// The source could not be opened: nothing was read from it.
        case failed(source: Int, String)
        /// The source closed (end of file, or the connection closed).
        case closed(source: Int)
    }

    private let condition = NSCondition()
    private var events: [Event] = []
    private var head = 0
    private static let capacity = 4096

    /// Starts a reader thread for each address.
    init(_ addresses: [LiveSourceAddress]) {
        for (index, address) in addresses.enumerated() {
            let thread = Thread { [self] in self.read(address, source: index) }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// The next event, or nil when none came within `timeout` seconds (nil: wait as long as it takes).
    func next(timeout: Double?) -> Event? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        while head == events.count {
            if let deadline {
                guard condition.wait(until: deadline) else { return nil }
            } else {
                condition.wait()
            }
        }
        let event = events[head]
        head += 1
        if head > 1024, head * 2 > events.count {
            events.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return event
    }

    private func post(_ event: Event) {
        condition.lock()
        while events.count - head >= Self.capacity { condition.wait() }
        events.append(event)
        condition.broadcast()
        condition.unlock()
    }

    // MARK: - Readers

    private func read(_ address: LiveSourceAddress, source: Int) {
        switch address {
        case .standardInput: readLines(from: STDIN_FILENO, source: source, datagrams: false)
        case .fifo(let path):
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else {
                return post(.failed(source: source, "\(path): cannot open the FIFO: \(String(cString: strerror(errno)))"))
            }
            readLines(from: fd, source: source, datagrams: false)
            close(fd)
        case .tcp(let port), .udp(let port):
            let tcp = address == .tcp(port: port)
            let fd = socket(AF_INET, Int32(tcp ? SOCK_STREAM.rawValue : SOCK_DGRAM.rawValue), 0)
            guard fd >= 0 else {
                return post(.failed(source: source, "\(address): cannot make a socket: \(String(cString: strerror(errno)))"))
            }
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            if !tcp {
                var size: Int32 = 8 << 20  // room for a burst of datagrams
                setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            var address4 = sockaddr_in()
            address4.sin_family = sa_family_t(AF_INET)
            address4.sin_port = port.bigEndian
            address4.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0, !tcp || listen(fd, 1) == 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                return post(.failed(source: source, "\(address): cannot listen on 127.0.0.1:\(port): \(reason)"))
            }
            var actual = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &actual) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            post(.note(source: source, "listening on \(tcp ? "tcp" : "udp"):127.0.0.1:\(UInt16(bigEndian: actual.sin_port))"))
            if tcp {
                let connection = accept(fd, nil, nil)
                close(fd)
                guard connection >= 0 else {
                    return post(.failed(source: source, "\(address): accept failed: \(String(cString: strerror(errno)))"))
                }
                readLines(from: connection, source: source, datagrams: false)
                close(connection)
            } else {
                readLines(from: fd, source: source, datagrams: true)
                close(fd)
            }
        }
    }

    /// Splits what `fd` delivers into lines. A line longer than the format allows is
    /// passed on cut short after the limit (the decoder refuses it by its length) and
    /// the rest of it skipped, so memory stays bounded whatever arrives.
    private func readLines(from fd: Int32, source: Int, datagrams: Bool) {
        let limit = LiveStream.maxLineBytes + 1
        var buffer = [UInt8](repeating: 0, count: 65536)
        var pending: [UInt8] = []
        var skipping = false
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            let received = wallClock()
            var start = 0
            for i in 0..<count where buffer[i] == UInt8(ascii: "\n") {
                if !skipping {
                    pending.append(contentsOf: buffer[start..<i])
                    post(.line(source: source, bytes: pending, received: received))
                }
                pending.removeAll(keepingCapacity: true)
                skipping = false
                start = i + 1
            }
            if !skipping { pending.append(contentsOf: buffer[start..<count]) }
            if pending.count > limit {
                post(.line(source: source, bytes: Array(pending.prefix(limit)), received: received))
                pending.removeAll(keepingCapacity: true)
                skipping = true
            }
            if datagrams, !pending.isEmpty {
                post(.line(source: source, bytes: pending, received: received))
                pending.removeAll(keepingCapacity: true)
            }
        }
        if !pending.isEmpty, !skipping { post(.line(source: source, bytes: pending, received: wallClock())) }
        post(.closed(source: source))
    }
}
