import Foundation
import Testing

@testable import KinetixCore

/// Reading input files: the checks on the opened file, and `Sidecar.load` giving back the
/// memory of what it has read while it decodes (which must change nothing it reports).
@Suite("Input files")
struct InputFileTests {
    /// A sidecar of many discard strides (`stride`), with a Windows line end before one
    /// frame and a BOM, so offsets and line counting are not trivially aligned.
    static let longClip: [UInt8] = {
        var options = SynthOptions()
        options.frameRate = 60
        options.durationSeconds = 60
        options.dropout = 0.05
        var bytes = [0xEF, 0xBB, 0xBF] + Array(Synth.sidecar(options).encoded())
        let marker = Array("\n    {\"t\": 1,".utf8)
        if let at = firstRange(of: marker, in: bytes) { bytes.insert(UInt8(ascii: "\r"), at: at) }
        return bytes
    }()

    /// Smaller than a page-aligned stretch of the clip, several times over.
    static let stride = 100_000

    static func firstRange(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    func write(_ bytes: [UInt8], name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-input-\(getpid())-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the public readers never map a file (no SIGBUS handler for an app); the CLI's opt-in path does")
    func mappingIsOptIn() throws {
        let bytes = Self.longClip
        #expect(bytes.count >= InputFile.mappedBytes, "large enough to be mapped when allowed")
        let path = try write(bytes, name: "opt-in.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = InputFile.mappingsOnThisThread
        _ = try Sidecar.load(contentsOf: path)
        _ = try ClipInput(contentsOf: path, role: "learner")
        #expect(InputFile.mappingsOnThisThread == before)
        _ = try Sidecar.load(contentsOf: path, mapping: true)
        #if os(Linux)
            #expect(InputFile.mappingsOnThisThread == before + 1)
        #endif
    }

    @Test("a long file loaded while its memory is given back equals the same bytes decoded in memory")
    func longFileSameAsInMemory() throws {
        let bytes = Self.longClip
        #expect(bytes.count > 10 * Self.stride)
        let path = try write(bytes, name: "long.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let inMemory = try Sidecar.decode(Data(bytes))
        for mapping in [false, true] {
            let loaded = try Sidecar.load(contentsOf: path, limits: .default, discardStride: Self.stride, mapping: mapping)
            #expect(loaded == inMemory, "mapping: \(mapping)")
            #expect(loaded.frameCount == 60 * 60 + 1)
        }
    }

    @Test("a clip hashed while it is decoded, both giving memory back, equals the clip and hash of the same bytes in memory")
    func clipInputWhileHashing() throws {
        let bytes = Self.longClip
        let path = try write(bytes, name: "clip.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let inMemory = try ClipInput(decoding: Data(bytes), name: path, role: "learner")
        #expect(inMemory.provenance.sha256 == SHA256.hex(bytes))
        for round in 0..<6 {  // the two threads meet differently each time; read, then mapped
            let loaded = try ClipInput(
                contentsOf: path, role: "learner", limits: .default, discardStride: Self.stride, mapping: round % 2 == 1)
            #expect(loaded.sidecar == inMemory.sidecar)
            #expect(loaded.provenance == inMemory.provenance)
        }
    }

    @Test("the decoder only discards what it has read: zeroing each discarded stretch changes nothing")
    func discardIsBehindTheReader() throws {
        var bytes = Self.longClip
        var offsets: [Int] = []
        let decoded = try bytes.withUnsafeMutableBytes { raw throws(KinetixError) in
            try Sidecar.decode(
                UnsafeRawBufferPointer(raw), file: nil, limits: .default,
                discard: (
                    { offset in
                        offsets.append(offset)
                        for i in 0..<offset { raw[i] = 0 }  // what giving the pages back does, byte for byte
                    }, Self.stride
                ))
        }
        #expect(decoded == (try Sidecar.decode(Data(Self.longClip))))
        #expect(offsets.count >= 10 && offsets == offsets.sorted(), "\(offsets)")
    }

    @Test(
        "a syntax error after discarded stretches is located at the same line and column",
        arguments: [0.5, 0.9, 0.999])
    func lateErrorLocated(at fraction: Double) throws {
        var bytes = Self.longClip
        // Break a number inside a frame: a letter where a digit was.
        var at = Int(Double(bytes.count) * fraction)
        while !(bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9")) { at += 1 }
        bytes[at] = UInt8(ascii: "x")
        let path = try write(bytes, name: "broken-\(fraction).json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        func diagnostics(_ load: () throws(KinetixError) -> Sidecar) -> [Diagnostic] {
            do {
                _ = try load()
                return []
            } catch { return error.diagnostics }
        }
        let fromFile = diagnostics { () throws(KinetixError) in
            try Sidecar.load(contentsOf: path, limits: .default, discardStride: Self.stride, mapping: true)
        }
        let fromMemory = diagnostics { () throws(KinetixError) in try Sidecar.decode(Data(bytes), file: path) }
        #expect(!fromFile.isEmpty)
        #expect(fromFile == fromMemory)
        // The line is the one the byte is on, counted independently.
        let line = bytes[..<at].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        #expect(fromFile.first?.line == line, "\(fromFile)")
    }

    @Test("line and column survive forgetting, with and without newlines in the forgotten stretch")
    func forgetKeepsLineAndColumn() {
        let text = Array("ab\ncd\n\nefgh ij\nk".utf8)
        text.withUnsafeBufferPointer { bytes in
            let plain = JSONReader(bytes: bytes)
            for cut in 0...bytes.count {
                var reader = JSONReader(bytes: bytes)
                reader.index = cut
                reader.forget(upTo: cut)
                for offset in cut...bytes.count {
                    let (a, b) = (reader.lineAndColumn(of: offset), plain.lineAndColumn(of: offset))
                    #expect(a == b, "cut \(cut), offset \(offset)")
                }
            }
        }
    }

    @Test("a file that is not regular is refused on the opened descriptor, a FIFO without blocking")
    func notRegular() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-input-fifo-\(getpid())").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        for (path, what) in [
            (fifo, "a FIFO (named pipe)"), ("/dev/null", "a device"), (FileManager.default.temporaryDirectory.path, "a directory"),
        ] {
            #expect(throws: InputFile.Failure.self) { try InputFile(path, maxBytes: 1 << 20) }
            do {
                _ = try Sidecar.load(contentsOf: path)
                Issue.record("\(path) was read")
            } catch {
                #expect(error.kind == .unreadable)
                #expect(
                    error.diagnostics.first?.message.contains(what == "a directory" ? "is a directory" : "is \(what)") == true, "\(error)")
            }
        }
    }

    @Test("an empty file and a small file read exactly; the Data keeps the bytes alive")
    func smallFiles() throws {
        let empty = try write([], name: "empty")
        let small = try write(Array("{\"a\": 1}".utf8), name: "small")
        defer { for path in [empty, small] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(try InputFile(empty, maxBytes: 10).bytes.isEmpty)
        let data = try readInput(small)
        #expect(String(decoding: data, as: UTF8.self) == "{\"a\": 1}")
        #expect(throws: InputFile.Failure.self) { try InputFile(small, maxBytes: 7) }
    }

    #if os(Linux)
        @Test("a large file is mapped and reads as the file; its Data is a copy that may be written")
        func mapped() throws {
            let path = try write(Self.longClip, name: "mapped")
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(Self.longClip.count >= InputFile.mappedBytes)
            let file = try InputFile(path, maxBytes: 1 << 30, mapping: true)
            #expect(Array(file.bytes) == Self.longClip)
            var data = file.data
            data[0] = 0
            #expect(file.bytes.first == Self.longClip.first && data[0] == 0)
            #expect(!file.shrank && !file.modified)
            #expect(try Sidecar.load(contentsOf: path) == (try Sidecar.decode(Data(Self.longClip))))
        }

        @Test("a mapped file written in place while read is reported")
        func modifiedInPlace() throws {
            let path = try write(Self.longClip, name: "modified")
            defer { try? FileManager.default.removeItem(atPath: path) }
            // An old modification time, so the write below changes it whatever the clock's grain.
            var times = [timeval(tv_sec: 1_600_000_000, tv_usec: 0), timeval(tv_sec: 1_600_000_000, tv_usec: 0)]
            #expect(utimes(path, &times) == 0)
            let file = try InputFile(path, maxBytes: 1 << 30, mapping: true)
            #expect(!file.modified)
            let writer = open(path, O_WRONLY)
            #expect(writer >= 0)
            var byte = UInt8(ascii: " ")
            #expect(pwrite(writer, &byte, 1, 100) == 1)
            close(writer)
            #expect(file.modified && !file.shrank)
            do {
                try checkUnchanged(file, path: path)
                Issue.record("a modified file passed")
            } catch {
                #expect(
                    error.kind == .unreadable && error.diagnostics.first?.message.contains("changed while it was being read") == true,
                    "\(error)")
            }
        }

        @Test("a mapped file that shrinks while read gives zeros, never SIGBUS, and is reported")
        func shrinks() throws {
            let path = try write(Self.longClip, name: "shrinks")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let file = try InputFile(path, maxBytes: 1 << 30, mapping: true)
            #expect(truncate(path, 4096) == 0)
            // Past the new end the pages are gone: without the guard this read ends the process.
            let tail = file.bytes[(file.bytes.count - 100_000)...]
            #expect(tail.allSatisfy { $0 == 0 })
            #expect(file.bytes.prefix(10).elementsEqual(Self.longClip.prefix(10)))
            #expect(file.shrank)
            do {
                try checkUnchanged(file, path: path)
                Issue.record("a shrunken file passed")
            } catch {
                #expect(
                    error.kind == .unreadable && error.diagnostics.first?.message.contains("shrank while it was being read") == true,
                    "\(error)")
            }
        }
    #endif
}
